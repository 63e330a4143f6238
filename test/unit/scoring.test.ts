import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { emptyTotals, type TeamTotals } from '#shared/domain/scoring/figures';
import { type Team, type TeamRecord } from '#shared/domain/model';
import { addDeltas, awardDelta, emptyDelta, slaDelta } from '#shared/domain/scoring/figures';
import { buildScoreboard, buildScorecard, rankRows, superTypeScores } from '#shared/domain/scoring/standings';
import { decideTeamFold, emptyServiceState, emptyTotalsState, foldServiceEvents } from '#shared/domain/scoring/fold';
import { ADJUSTMENTS_SOURCE, serviceSource, type CheckEvent } from '#shared/domain/scoring/events';
import { resultScoring, sameResult, type FoldedResult } from '#shared/domain/scoring/result';
import { serviceStatus, statusDeltas, type ServiceStatus } from '#shared/domain/scoring/status';
import { slaOfHistory, slaRulesFor } from '#shared/domain/scoring/sla';
import { DEFAULT_SETTINGS, scoringOpenAt } from '#shared/domain/settings';

const SUPER_TYPES = [
  { id: 2, name: 'Injects' },
  { id: 1, name: 'Services' },
];

function team(number: number, overrides: Partial<Team> = {}): Team {
  return { id: number + 100, number, name: `Team ${number}`, logo: '', team_url: `t${number}.example`, guest_division: false, ...overrides };
}

function record(number: number, points: Record<string, number>, overrides: { guest?: boolean; totals?: Partial<TeamTotals> } = {}): TeamRecord {
  return {
    team: team(number, { guest_division: overrides.guest ?? false }),
    hidden: false,
    services_total: 4,
    totals: { ...emptyTotals([1, 2], 4), points, ...overrides.totals },
  };
}

describe('ranks', () => {
  const rows = (totals: [number, number][]) => totals.map(([number, total_score]) => ({ team: team(number), total_score }));

  it('ranks ties alike and skips the places they take (100, 90, 90, 80 → 1, 2, 2, 4)', () => {
    const ranked = rankRows(
      rows([
        [1, 90],
        [2, 100],
        [3, 80],
        [4, 90],
      ]),
    );
    expect(ranked.map((r) => [r.team.number, r.rank])).toEqual([
      [2, 1],
      [1, 2],
      [4, 2],
      [3, 4],
    ]);
  });

  it('lists ties by team number, whatever order they come in', () => {
    const ranked = rankRows(
      rows([
        [30, 5],
        [10, 5],
        [20, 5],
      ]),
    );
    expect(ranked.map((r) => [r.team.number, r.rank])).toEqual([
      [10, 1],
      [20, 1],
      [30, 1],
    ]);
  });

  it('handles negative totals and an empty field', () => {
    expect(
      rankRows(
        rows([
          [1, -10],
          [2, 0],
        ]),
      ).map((r) => r.rank),
    ).toEqual([1, 2]);
    expect(rankRows([])).toEqual([]);
  });
});

describe('the scoreboard', () => {
  const records = [
    record(11, { '1': 50, '2': 10 }),
    record(12, { '1': 80 }),
    record(21, { '1': 100 }, { guest: true }),
    record(13, { '1': 40, '2': 20 }),
    record(22, { '1': 5 }, { guest: true }),
  ];

  it('ranks everyone together when not segregated, division still shown', () => {
    const board = buildScoreboard(records, SUPER_TYPES, false);
    expect(board.map((r) => [r.team.number, r.rank, r.division, r.total_score])).toEqual([
      [21, 1, 'guest', 100],
      [12, 2, 'main', 80],
      [11, 3, 'main', 60],
      [13, 3, 'main', 60],
      [22, 5, 'guest', 5],
    ]);
  });

  it('ranks each division on its own when segregated, main first', () => {
    const board = buildScoreboard(records, SUPER_TYPES, true);
    expect(board.map((r) => [r.team.number, r.rank, r.division])).toEqual([
      [12, 1, 'main'],
      [11, 2, 'main'],
      [13, 2, 'main'],
      [21, 1, 'guest'],
      [22, 2, 'guest'],
    ]);
  });

  it('gives each row its super type scores in id order, and services up of total', () => {
    const [row] = buildScoreboard([record(11, { '1': 7, '2': 3 }, { totals: { max_points: { '1': 10 }, services_up: 3 } })], SUPER_TYPES, false);
    expect(row).toEqual({
      rank: 1,
      division: 'main',
      team: team(11),
      total_score: 10,
      scores: [
        { super_type_id: 1, super_type: 'Services', score: 7, max_score: 10 },
        { super_type_id: 2, super_type: 'Injects', score: 3, max_score: 0 },
      ],
      services_up: 3,
      services_total: 4,
    });
    expect(Object.keys(row!)).toEqual(['rank', 'division', 'team', 'total_score', 'scores', 'services_up', 'services_total']);
  });

  it('scores a super type the team has no entry for (added later) as 0', () => {
    expect(superTypeScores(emptyTotals([1], 0), [...SUPER_TYPES, { id: 3, name: 'Red Team' }]).map((s) => s.score)).toEqual([0, 0, 0]);
  });
});

describe('the scorecard', () => {
  it('derives failed checks, uptime and the total from the totals', () => {
    const card = buildScorecard(
      record(
        11,
        { '1': 30, '2': -5 },
        {
          totals: {
            checks_total: 8,
            checks_passed: 6,
            services_up: 3,
            services_down: 1,
            services_unscanned: 0,
            adjustments_total: -5,
            last_scan_time: '2026-11-22T10:15:00Z',
          },
        },
      ),
      SUPER_TYPES,
      2,
    );
    expect(card).toEqual({
      total_score: 25,
      stats: {
        rank: 2,
        checks_total: 8,
        checks_passed: 6,
        checks_failed: 2,
        uptime: 0.75,
        services_total: 4,
        services_up: 3,
        services_down: 1,
        services_unscanned: 0,
        adjustments_total: -5,
        last_scan_time: '2026-11-22T10:15:00Z',
        sla_violations: 0,
      },
      scores: [
        { super_type_id: 1, super_type: 'Services', score: 30, max_score: 0, sla_penalty: 0 },
        { super_type_id: 2, super_type: 'Injects', score: -5, max_score: 0, sla_penalty: 0 },
      ],
    });
  });

  it('has a null uptime before any check', () => {
    expect(buildScorecard(record(11, {}), SUPER_TYPES, 1).stats.uptime).toBeNull();
  });
});

describe('scoring windows', () => {
  const at = (iso: string) => new Date(iso);
  const settings = { ...DEFAULT_SETTINGS, start_time: '2026-11-22T09:00:00Z', end_time: '2026-11-22T17:00:00Z' };

  it('is open inside [start, end), closed before start and from end on', () => {
    expect(scoringOpenAt(settings, at('2026-11-22T08:59:59Z'))).toBe(false);
    expect(scoringOpenAt(settings, at('2026-11-22T09:00:00Z'))).toBe(true);
    expect(scoringOpenAt(settings, at('2026-11-22T16:59:59Z'))).toBe(true);
    expect(scoringOpenAt(settings, at('2026-11-22T17:00:00Z'))).toBe(false);
  });

  it('is closed whenever scoring is disabled, and always open with no window', () => {
    expect(scoringOpenAt({ ...settings, scoring_enabled: false }, at('2026-11-22T12:00:00Z'))).toBe(false);
    expect(scoringOpenAt(DEFAULT_SETTINGS, at('1999-01-01T00:00:00Z'))).toBe(true);
    expect(scoringOpenAt({ ...DEFAULT_SETTINGS, end_time: '2026-01-01T00:00:00Z' }, at('2025-12-31T23:59:59Z'))).toBe(true);
  });
});

describe('what a scan changes', () => {
  const service = (last_scan: number, last_scan_time: string | null) => ({ last_scan, last_scan_time, max_score: 10 });

  it('classifies services: up at max_score, down below, unscanned before any scan', () => {
    expect(serviceStatus(service(0, null))).toBe('unscanned');
    expect(serviceStatus(service(10, '2026-11-22T10:00:00Z'))).toBe('up');
    expect(serviceStatus(service(9, '2026-11-22T10:00:00Z'))).toBe('down');
    expect(serviceStatus(service(0, '2026-11-22T10:00:00Z'))).toBe('down');
  });

  it('moves one service between states, keeping the team counts summing to the same total', () => {
    const states: ServiceStatus[] = ['up', 'down', 'unscanned'];
    for (const from of states) {
      for (const to of states) {
        const d = statusDeltas(from, to);
        expect(d.services_up + d.services_down + d.services_unscanned, `${from}→${to}`).toBe(0);
        if (from === to) expect(d).toEqual({ services_up: 0, services_down: 0, services_unscanned: 0 });
      }
    }
    expect(statusDeltas('unscanned', 'up')).toEqual({ services_up: 1, services_down: 0, services_unscanned: -1 });
    expect(statusDeltas('up', 'down')).toEqual({ services_up: -1, services_down: 1, services_unscanned: 0 });
  });

  const rules = { scoring_enabled: true, start_time: '2026-11-22T09:00:00Z', end_time: '2026-11-22T17:00:00Z', late_result_grace_seconds: 300 };
  const at = (iso: string) => new Date(iso);

  it('earns the score inside the window, judged by the check time', () => {
    expect(resultScoring(rules, 7, at('2026-11-22T09:00:00Z'), at('2026-11-22T09:00:01Z'))).toEqual({ points: 7, scored: true });
    expect(resultScoring(rules, 7, at('2026-11-22T08:59:59Z'), at('2026-11-22T09:00:01Z'))).toEqual({ points: 0, scored: false });
    expect(resultScoring(rules, 7, at('2026-11-22T17:00:00Z'), at('2026-11-22T17:00:00Z'))).toEqual({ points: 0, scored: false });
    // Checked before the end, arriving within the grace period: counts; after it: nothing, whatever the time.
    expect(resultScoring(rules, 7, at('2026-11-22T16:59:00Z'), at('2026-11-22T17:05:00Z')).points).toBe(7);
    expect(resultScoring(rules, 7, at('2026-11-22T16:59:00Z'), at('2026-11-22T17:05:01Z')).points).toBe(0);
    expect(resultScoring({ ...rules, scoring_enabled: false }, 7, at('2026-11-22T12:00:00Z'), at('2026-11-22T12:00:00Z')).scored).toBe(false);
    expect(resultScoring({ ...rules, start_time: null, end_time: null }, 7, at('1999-01-01T00:00:00Z'), at('2026-11-22T12:00:00Z')).points).toBe(7);
  });

  it('treats a repeated report as the same result only when score and error both match', () => {
    expect(sameResult({ score: 5, error: null }, { score: 5, error: null })).toBe(true);
    expect(sameResult({ score: 5, error: 'timeout' }, { score: 5, error: 'timeout' })).toBe(true);
    expect(sameResult({ score: 5, error: null }, { score: 4, error: null })).toBe(false);
    expect(sameResult({ score: 5, error: null }, { score: 5, error: '' })).toBe(false);
  });
});

describe('adjustments arithmetic', () => {
  it('moves points in one super type and the net adjustments, nothing else', () => {
    expect(awardDelta(2, -50, 'adjustment')).toEqual({
      points: { '2': -50 },
      max_points: {},
      checks_total: 0,
      checks_passed: 0,
      adjustments_total: -50,
      services_up: 0,
      services_down: 0,
      services_unscanned: 0,
      last_scan_time: null,
      sla_penalty: {},
      sla_violations: 0,
    });
  });

  it('counts in the super type score and the total, which may go negative', () => {
    const totals = emptyTotals([1, 2], 4);
    for (const points of [40, -15, -50]) {
      const delta = awardDelta(2, points, 'adjustment');
      totals.points['2']! += delta.points['2']!;
      totals.adjustments_total += delta.adjustments_total;
    }
    totals.points['1'] = 20;
    const card = buildScorecard({ team: team(11), hidden: false, services_total: 4, totals }, SUPER_TYPES, 1);
    expect(card.scores.map((s) => s.score)).toEqual([20, -25]);
    expect(card.total_score).toBe(-5);
    expect(card.stats.adjustments_total).toBe(-25);
  });
});

/** A result with the SLA rules that were in force when it arrived. */
const sla = (record: CheckEvent, threshold: number, penalty: number): CheckEvent => ({
  ...record,
  result: { ...record.result, sla_threshold: threshold, sla_penalty: penalty },
});

describe('the fold', () => {
  const seq = (n: number) => String(n).padStart(40, '0');
  const result = (n: number, score: number, time: string, scanId = `s${n}`): CheckEvent => ({
    kind: 'check',
    seq: seq(n),
    source: serviceSource(1),
    team_id: 1,
    service_id: 1,
    result: {
      scan_id: scanId,
      score,
      error: score === 10 ? null : 'e',
      category: score === 10 ? null : 'timeout',
      time,
      points: score,
      scored: true,
      max_score: 10,
      super_type_id: 1,
    },
  });

  it('keeps the newest check by time (then scan_id) in the last fields, whatever the arrival order', () => {
    const records = [result(1, 10, '2026-11-22T10:02:00Z'), result(2, 0, '2026-11-22T10:01:00Z'), result(3, 4, '2026-11-22T10:02:00Z', 's0')];
    const { state, delta } = foldServiceEvents(emptyServiceState(), records, null);
    expect(state).toMatchObject({
      last_scan: 10,
      last_scan_time: '2026-11-22T10:02:00Z',
      last_scan_id: 's1',
      checks: 3,
      points_earned: 14,
      folded_seq: seq(3),
    });
    expect(delta).toMatchObject({ points: { '1': 14 }, max_points: { '1': 30 }, checks_total: 3, checks_passed: 1, services_up: 1, services_unscanned: -1 });
    expect(delta.last_scan_time).toBe('2026-11-22T10:02:00Z');
  });

  it('clears started when it folds that scan, and only then', () => {
    const started = { ...emptyServiceState(), started: { scan_id: 's2', at: '2026-11-22T10:00:00Z' } };
    expect(foldServiceEvents(started, [result(1, 10, '2026-11-22T10:00:00Z')], null).state.started).not.toBeNull();
    expect(foldServiceEvents(started, [result(2, 10, '2026-11-22T10:00:00Z')], null).state.started).toBeNull();
  });

  /** What the data layer does when a batch holds a late result: the run is recomputed from the history folded so far. */
  const foldWithHistory = (state: ReturnType<typeof emptyServiceState>, records: CheckEvent[], teamWatermark: string | null, history: CheckEvent[]) => {
    const folded = foldServiceEvents(state, records, teamWatermark);
    if (folded.slaNeedsHistory) folded.state.sla = slaOfHistory(history.map((r) => r.result));
    return folded;
  };

  it('is idempotent under replay and under a crash between the team write and the service write', () => {
    const arbitraryRecords = fc.array(fc.record({ score: fc.integer({ min: 0, max: 10 }), minute: fc.integer({ min: 0, max: 59 }) }), {
      minLength: 1,
      maxLength: 12,
    });
    fc.assert(
      fc.property(arbitraryRecords, fc.nat(), fc.nat(), (raw, cutA, cutB) => {
        const records = raw.map((r, i) => sla(result(i + 1, r.score, `2026-11-22T10:${String(r.minute).padStart(2, '0')}:00Z`), 2, 3));
        const once = foldWithHistory(emptyServiceState(), records, null, records);
        // A first batch of a prefix, the team written up to a later point (crash before the service), then everything replayed.
        const a = cutA % (records.length + 1);
        const b = a + (cutB % (records.length - a + 1));
        const first = foldWithHistory(emptyServiceState(), records.slice(0, a), null, records.slice(0, a));
        const teamOnly = foldWithHistory(first.state, records.slice(a, b), null, records.slice(0, b)); // its team delta landed, its state did not
        const teamWatermark = b > 0 ? seq(b) : null;
        const replay = foldWithHistory(first.state, records, teamWatermark, records);
        const total = addDeltas(addDeltas(first.delta, teamOnly.delta), replay.delta);
        expect(replay.state).toEqual(once.state);
        expect({ ...total, last_scan_time: null }).toEqual({ ...once.delta, last_scan_time: null });
        // Replaying again changes nothing.
        const again = foldWithHistory(replay.state, records, seq(records.length), records);
        expect(again.state).toEqual(replay.state);
        expect(again.delta).toEqual(emptyDelta());
      }),
    );
  });
});

describe('SLA penalties', () => {
  const seq = (n: number) => String(n).padStart(40, '0');
  const check = (n: number, passed: boolean, minute: number, threshold = 3, penalty = 5, extra: Partial<FoldedResult> = {}): CheckEvent => ({
    kind: 'check',
    seq: seq(n),
    source: serviceSource(1),
    team_id: 1,
    service_id: 1,
    result: {
      scan_id: `s${n}`,
      score: passed ? 10 : 0,
      category: passed ? null : 'timeout',
      error: passed ? null : 'down',
      time: `2026-11-22T10:${String(minute).padStart(2, '0')}:00Z`,
      points: passed ? 10 : 0,
      scored: true,
      max_score: 10,
      super_type_id: 1,
      sla_threshold: threshold,
      sla_penalty: penalty,
      ...extra,
    },
  });
  const items = (records: CheckEvent[]) => records.map((r) => r.result);

  it('costs the penalty when a run reaches the threshold and at every multiple, and a pass ends the run', () => {
    const fails = (from: number, n: number) => Array.from({ length: n }, (_, i) => check(from + i, false, from + i));
    expect(slaOfHistory(items(fails(1, 2)))).toMatchObject({ run: 2, violations: 0, penalty: 0 });
    expect(slaOfHistory(items(fails(1, 3)))).toMatchObject({ run: 3, violations: 1, penalty: 5 });
    expect(slaOfHistory(items(fails(1, 7)))).toMatchObject({ run: 7, violations: 2, penalty: 10 });
    // Two runs of two, broken by a pass: no violation.
    expect(slaOfHistory(items([...fails(1, 2), check(3, true, 3), ...fails(4, 2)]))).toMatchObject({ run: 2, violations: 0 });
  });

  it('is off at threshold 0, and applies a change of the rules from the change on', () => {
    expect(slaOfHistory(items([check(1, false, 1, 0), check(2, false, 2, 0), check(3, false, 3, 0)])).violations).toBe(0);
    // Three failures under the old rule (no violation at 0), the fourth under threshold 2 (a multiple of 2): one violation at its penalty.
    expect(slaOfHistory(items([check(1, false, 1, 0), check(2, false, 2, 0), check(3, false, 3, 0), check(4, false, 4, 2, 7)]))).toMatchObject({
      violations: 1,
      penalty: 7,
    });
  });

  it('leaves out checks that are not scored or are voided: they neither count nor break a run', () => {
    const history = [
      check(1, false, 1),
      check(2, true, 2, 3, 5, { scored: false }),
      check(3, false, 3),
      check(4, true, 4, 3, 5, { voided: true }),
      check(5, false, 5),
    ];
    expect(slaOfHistory(items(history))).toMatchObject({ run: 3, violations: 1, penalty: 5 });
  });

  it("takes the subtype's own rules over the settings', field by field", () => {
    expect(slaRulesFor({ sla_threshold: 3, sla_penalty: 5 }, { sla_penalty: 20 })).toEqual({ sla_threshold: 3, sla_penalty: 20 });
    expect(slaRulesFor({ sla_threshold: 3, sla_penalty: 5 }, undefined)).toEqual({ sla_threshold: 3, sla_penalty: 5 });
  });

  it('reaches the same standing whatever order the results arrive in, one at a time or in batches', () => {
    const arbitraryChecks = fc.array(fc.record({ passed: fc.boolean(), minute: fc.integer({ min: 0, max: 59 }), scored: fc.boolean() }), {
      minLength: 1,
      maxLength: 14,
    });
    fc.assert(
      fc.property(arbitraryChecks, fc.array(fc.nat()), fc.nat({ max: 4 }), (raw, order, batch) => {
        const all = raw.map((r, i) => check(i + 1, r.passed, r.minute, 2, 3, { scored: r.scored || i % 3 !== 0 }));
        // Arrival order: a permutation; stream sequence numbers follow arrival.
        const shuffled = [...all].sort((a, b) => (order[Number(a.result.scan_id.slice(1))] ?? 0) - (order[Number(b.result.scan_id.slice(1))] ?? 0));
        const arrived = shuffled.map((r, i) => ({ ...r, seq: seq(i + 1) }));
        let state = emptyServiceState();
        const size = batch + 1;
        for (let i = 0; i < arrived.length; i += size) {
          const folded = foldServiceEvents(state, arrived.slice(i, i + size), null);
          if (folded.slaNeedsHistory) folded.state.sla = slaOfHistory(items(arrived.slice(0, i + size)));
          state = folded.state;
        }
        const truth = slaOfHistory(items(all));
        expect({ run: state.sla.run, violations: state.sla.violations, penalty: state.sla.penalty }).toEqual({
          run: truth.run,
          violations: truth.violations,
          penalty: truth.penalty,
        });
      }),
    );
  });

  it("moves the team by the difference from what it counted: the penalty comes off the super type's points", () => {
    expect(slaDelta(1, { violations: 1, penalty: 5 }, { violations: 2, penalty: 10 })).toMatchObject({
      points: { '1': -5 },
      sla_penalty: { '1': 5 },
      sla_violations: 1,
    });
    expect(slaDelta(1, { violations: 2, penalty: 10 }, { violations: 0, penalty: 0 })).toMatchObject({
      points: { '1': 10 },
      sla_penalty: { '1': -10 },
      sla_violations: -2,
    });
  });
});

describe("the fold's decisions for a team", () => {
  const seq = (n: number) => String(n).padStart(40, '0');
  const check = (n: number, serviceId: number, score: number, minute: number): CheckEvent => ({
    kind: 'check',
    seq: seq(n),
    source: serviceSource(serviceId),
    team_id: 7,
    service_id: serviceId,
    result: {
      scan_id: `s${n}`,
      score,
      category: null,
      error: score === 10 ? null : 'down',
      time: `2026-11-22T10:${String(minute).padStart(2, '0')}:00Z`,
      points: score,
      scored: true,
      max_score: 10,
      super_type_id: 1,
      sla_threshold: 2,
      sla_penalty: 4,
    },
  });
  const award = (n: number, points: number, at = '2026-11-22T10:30:00Z') => ({
    kind: 'award' as const,
    origin: 'adjustment' as const,
    seq: seq(n),
    source: ADJUSTMENTS_SOURCE,
    team_id: 7,
    super_type_id: 2,
    points,
    max: 0,
    at,
  });
  const fresh = () => ({ totals: emptyTotalsState(), figures: emptyTotals([], 0), projected: 0, states: new Map() });

  it("writes one update of the totals (every source's watermark moved) and each service's new state", () => {
    const decision = decideTeamFold([check(1, 11, 10, 1), check(2, 12, 0, 1), award(3, -5), check(4, 12, 0, 2)], fresh(), null);
    expect(decision.kind).toBe('write');
    if (decision.kind !== 'write') return;
    expect(decision.totals!.delta).toMatchObject({
      points: { '1': 6, '2': -5 },
      checks_total: 3,
      checks_passed: 1,
      adjustments_total: -5,
      services_up: 1,
      services_down: 1,
      sla_violations: 1,
    });
    expect(decision.totals!.watermarks).toEqual([
      { source: serviceSource(11), read: null, next: seq(1) },
      { source: serviceSource(12), read: null, next: seq(4) },
      { source: ADJUSTMENTS_SOURCE, read: null, next: seq(3) },
    ]);
    expect(decision.totals!.sla).toEqual([{ serviceId: 12, read: { violations: 0, penalty: 0 }, next: { violations: 1, penalty: 4 } }]);
    expect(decision.services.map((w) => [w.serviceId, w.next.checks, w.next.folded_seq])).toEqual([
      [11, 1, seq(1)],
      [12, 2, seq(4)],
    ]);
  });

  it('asks for the history of a service whose result came late, then recomputes its run from it', () => {
    const first = [check(1, 11, 0, 5), check(2, 11, 0, 6)];
    const applied = decideTeamFold(first, fresh(), null);
    if (applied.kind !== 'write') throw new Error('expected a write');
    const state = applied.services[0]!.next;
    expect(state.sla).toMatchObject({ run: 2, violations: 1 });
    // A check made before both arrives: the incremental run cannot place it.
    const read = {
      totals: { ...emptyTotalsState(), watermarks: { [serviceSource(11)]: seq(2) }, sla: { '11': { violations: 1, penalty: 4 } } },
      figures: emptyTotals([], 0),
      projected: 0,
      states: new Map([[11, state]]),
    };
    const late = [check(3, 11, 10, 4)];
    expect(decideTeamFold(late, read, null)).toEqual({ kind: 'read-histories', services: [11] });
    const history = [...first, ...late].map((e) => e.result);
    const decision = decideTeamFold(late, { ...read, histories: new Map([[11, history]]) }, null);
    if (decision.kind !== 'write') throw new Error('expected a write');
    // Passed at :04, failed at :05 and :06: still one violation; the newest check (:06) stays the last scan.
    expect(decision.services[0]!.next.sla).toMatchObject({ run: 2, violations: 1, penalty: 4 });
    expect(decision.services[0]!.next.last_scan_time).toBe('2026-11-22T10:06:00Z');
    expect(decision.totals!.delta).toMatchObject({ points: { '1': 10 }, checks_total: 1, checks_passed: 1, services_up: 0, services_down: 0 });
  });

  it('changes nothing when the same events come again, and counts an award made at or after a freeze apart', () => {
    const events = [check(1, 11, 10, 1), award(2, 3)];
    const first = decideTeamFold(events, fresh(), null);
    if (first.kind !== 'write') throw new Error('expected a write');
    const watermarks = Object.fromEntries(first.totals!.watermarks.map((w) => [w.source, w.next!]));
    const again = decideTeamFold(
      events,
      {
        totals: { ...emptyTotalsState(), watermarks, version: 1 },
        figures: emptyTotals([], 0),
        projected: 1,
        states: new Map([[11, first.services[0]!.next]]),
      },
      null,
    );
    expect(again).toEqual({ kind: 'write', services: [] });

    const frozen = decideTeamFold([award(1, 3, '2026-11-22T10:30:00Z'), award(2, 4, '2026-11-22T09:00:00Z')], fresh(), '2026-11-22T10:00:00Z');
    if (frozen.kind !== 'write') throw new Error('expected a write');
    expect(frozen.totals!.delta.points).toEqual({ '2': 7 });
    expect(frozen.totals!.share!.delta.points).toEqual({ '2': 3 });
  });

  it('writes the standings projection as of the totals version the update makes, or catches it up when it is behind', () => {
    const read = {
      ...fresh(),
      totals: { ...emptyTotalsState(), version: 4 },
      figures: { ...emptyTotals([], 0), points: { '1': 50 }, checks_total: 5 },
      projected: 4,
    };
    const decision = decideTeamFold([check(1, 11, 10, 1)], read, null);
    if (decision.kind !== 'write') throw new Error('expected a write');
    expect(decision.totals!.readVersion).toBe(4);
    expect(decision.standings).toMatchObject({ version: 5, figures: { points: { '1': 60 }, checks_total: 6, services_up: 1 } });
    // Nothing new, but the projection shows an older version than the totals (a crash between the writes): rewritten from the totals.
    const behind = decideTeamFold([], { ...read, projected: 3 }, null);
    expect(behind).toEqual({ kind: 'write', services: [], standings: { version: 4, figures: read.figures } });
    expect(decideTeamFold([], read, null)).toEqual({ kind: 'write', services: [] });
  });
});
