import { describe, expect, it } from 'vitest';
import { expectedScores, type HostEvent, type OracleService, type RecordedResult } from '../../bench/rehearsal/oracle';
import { makePlan, modeAt, SIZES } from '../../bench/rehearsal/plan';

/** The rehearsal's oracle (bench/rehearsal/oracle.ts): what a result should earn, from what its host saw, under the rules. */
const T0 = Date.parse('2026-11-29T10:00:00Z');
const at = (s: number) => new Date(T0 + s * 1000).toISOString().replace('.000Z', 'Z');
const result = (scan: string, s: number, score: number, points = score, arrived = s + 1): RecordedResult => ({
  scan_id: scan,
  time: at(s),
  received_at: at(arrived),
  score,
  error: score > 0 ? null : 'connection refused',
  points,
});
const service = (results: RecordedResult[], sla = { threshold: 0, penalty: 0 }): OracleService => ({
  id: 7,
  url: 'web',
  team: 3,
  superTypeId: 1,
  maxScore: 10,
  sla,
  results,
});
const probe = (s: number, outcome: 'good' | 'bad' | 'silent'): HostEvent => ({ t: T0 + s * 1000 + 200, service: 'web', outcome });
const window = { start: T0, end: T0 + 100_000, graceMs: 30_000, timeoutMs: 2000 };

describe("the rehearsal's oracle", () => {
  it('takes each result to the probe its host answered in its window, and a probe-less failure to a host that was down', () => {
    const log: HostEvent[] = [
      probe(0, 'good'),
      { t: T0 + 9_500, service: 'web', event: 'down' },
      { t: T0 + 21_000, service: 'web', event: 'up' },
      probe(30, 'bad'),
      probe(40, 'silent'),
    ];
    const expected = expectedScores(
      [service([result('a', 0, 10), result('b', 10, 0), result('c', 20, 0), result('d', 30, 0), result('e', 40, 0)])],
      log,
      window,
    );
    expect(expected.mismatches).toEqual([]);
    expect(expected.totals.get(3)!.get(1)).toEqual({ score: 10, max: 50 });
  });

  it('names what no host explains: a pass without a probe, a failure while up, a pass the host answered badly, points the rules do not give', () => {
    const log: HostEvent[] = [probe(10, 'bad'), probe(30, 'good')];
    const expected = expectedScores([service([result('a', 0, 10), result('b', 20, 0), result('c', 10, 10), result('d', 30, 10, 5)])], log, window);
    expect(expected.mismatches.map((m) => [m.scan_id, m.why])).toEqual([
      ['a', 'passed, but its host served no probe for it'],
      ['c', 'passed, but its host answered bad'],
      ['b', 'failed (connection refused), but its host served no probe for it and was up'],
      ['d', 'earned 5 points, the rules give 10'],
    ]);
  });

  it("ends a late check's window where the next check's begins", () => {
    // Round 1's check ran 9 s late, while its host was down; round 2's, a second later, found it up again.
    const log: HostEvent[] = [{ t: T0 - 1000, service: 'web', event: 'down' }, { t: T0 + 9_500, service: 'web', event: 'up' }, probe(10, 'good')];
    expect(expectedScores([service([result('r1', 9, 0), result('r2', 10, 10)])], log, window).mismatches).toEqual([]);
    // Two checks in one second (a late one and the next round's): one refused just before its host came back, one
    // passed just after. Each is right: the failure by the host down in its window, the pass by the probe.
    const same: HostEvent[] = [
      { t: T0, service: 'web', event: 'down' },
      { t: T0 + 40_650, service: 'web', event: 'up' },
      { t: T0 + 40_917, service: 'web', outcome: 'good' },
    ];
    expect(expectedScores([service([result('late', 40, 0), result('next', 40, 10)])], same, window).mismatches).toEqual([]);
    // A late check begun at 50.9 s (time 50) was served at 51.0 s; the next round's, begun at 51.7 s (time 51), at 51.8 s.
    // Times are whole seconds: the late one's window runs to a second after the next one's time.
    const straddling: HostEvent[] = [
      { t: T0 + 51_007, service: 'web', outcome: 'good' },
      { t: T0 + 51_800, service: 'web', outcome: 'good' },
    ];
    expect(expectedScores([service([result('late', 50, 10), result('next', 51, 10)])], straddling, window).mismatches).toEqual([]);
    // But not further: a probe at 52.1 s served the next check alone.
    const after: HostEvent[] = [{ t: T0 + 52_100, service: 'web', outcome: 'good' }];
    expect(expectedScores([service([result('late', 50, 10), result('next', 51, 10)])], after, window).mismatches).toEqual([
      expect.objectContaining({ scan_id: 'late', why: 'passed, but its host served no probe for it' }),
    ]);
  });

  it("reaches back a check's length for a time kept at its arrival (the agent's clock ahead), not past the check before", () => {
    // Checked at 20.2 by a clock 3 s ahead, it said 23, and the API kept 21 (its arrival); the check before was at 10.
    const log: HostEvent[] = [probe(10, 'good'), probe(20, 'bad')];
    const capped = { ...result('r2', 21, 0), received_at: at(21) };
    expect(expectedScores([service([result('r1', 10, 10), capped])], log, window).mismatches).toEqual([]);
    // Not kept at its arrival: its window starts at its time, where no probe is.
    expect(expectedScores([service([result('r1', 10, 10), result('r2', 21, 0, 0, 22)])], log, window).mismatches.map((m) => m.why)).toEqual([
      'failed (connection refused), but its host served no probe for it and was up',
    ]);
  });

  it('reaches back as far as the clock of the agent that reported it ran ahead', () => {
    // Checked at 20.2 by a clock 3 s ahead that said 23, and reported after it (the API was slow): kept as 23.
    const log: HostEvent[] = [probe(10, 'good'), probe(20, 'good')];
    const late = { ...result('r2', 23, 10, 10, 25), aheadMs: 3000 };
    expect(expectedScores([service([result('r1', 10, 10), late])], log, window).mismatches).toEqual([]);
    expect(expectedScores([service([result('r1', 10, 10), { ...late, aheadMs: undefined }])], log, window).mismatches.map((m) => m.why)).toEqual([
      'passed, but its host served no probe for it',
    ]);
  });

  it('gives nothing outside the window or past its grace, and an SLA penalty at each threshold-th failure of a run', () => {
    const log: HostEvent[] = [-10, 0, 10, 20, 30, 40, 50, 60, 120].map((s) => probe(s, s === 0 || s === 120 ? 'good' : 'bad'));
    const results = [
      result('before', -10, 0),
      result('r0', 0, 10),
      ...[10, 20, 30, 40, 50, 60].map((s) => result(`r${s}`, s, 0)),
      // Checked in the window, arrived after its end and the grace: counted as a check, earning nothing.
      { ...result('late', 120, 10, 0), time: at(99), received_at: at(131) },
    ];
    const expected = expectedScores([service(results, { threshold: 3, penalty: 5 })], [...log, probe(99, 'good')], window);
    expect(expected.mismatches).toEqual([]);
    // r0 earns 10; six failures in a row cost two penalties; max: the seven checks in the window.
    expect(expected.totals.get(3)!.get(1)).toEqual({ score: 0, max: 70 });
  });

  it('plans the same event from the same seed, every host up before its script and between spells', () => {
    const a = makePlan(SIZES.short, 42, T0, 10_000);
    expect(makePlan(SIZES.short, 42, T0, 10_000)).toEqual(a);
    expect(a.startsAt % (SIZES.short.roundSeconds * 1000)).toBe(0);
    expect(a.hosts).toHaveLength(SIZES.short.teams * SIZES.short.servicesPerTeam);
    for (const host of a.hosts) {
      expect(modeAt(host, -1)).toBe('up');
      if (host.kind === 'tcp') expect(host.script.every((s) => s.mode === 'up' || s.mode === 'down')).toBe(true);
    }
    expect(a.faults.map((f) => f.kind).sort()).toEqual([...new Set(a.faults.map((f) => f.kind))].sort());
  });
});
