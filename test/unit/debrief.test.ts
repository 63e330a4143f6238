import { describe, expect, it } from 'vitest';
import { buildDebrief, debriefShownNow, median, memberRelease, standingOf, type DebriefInputs } from '#shared/domain/debrief';
import type { Finding, FindingRuling } from '#shared/domain/findings';
import type { Grade, Inject, Submission } from '#shared/domain/injects';
import type { TeamRecord } from '#shared/domain/model';
import { emptyTotals } from '#shared/domain/scoring/figures';
import { commonReasons, longestOutage, serviceFigures, type FiguredResult } from '#shared/domain/scoring/service-figures';

const t = (minute: number, second = 0) => `2026-11-22T10:${String(minute).padStart(2, '0')}:${String(second).padStart(2, '0')}Z`;
const result = (minute: number, score: number, extra: Partial<FiguredResult> = {}): FiguredResult => ({
  scan_id: `s${minute}`,
  time: t(minute),
  score,
  max_score: 10,
  points: score,
  scored: true,
  voided: false,
  category: score < 10 ? 'timeout' : null,
  error: score < 10 ? `no answer at minute ${minute}` : null,
  sla_threshold: 2,
  sla_penalty: 5,
  ...extra,
});

describe("a service's figures", () => {
  // Minutes 0..9: up, down, down, down (refused), up, down, up, up, voided down, down. Worked by hand below.
  const results = [
    result(0, 10),
    result(1, 0),
    result(2, 0, { error: 'same reason' }),
    result(3, 0, { category: 'connection refused', error: 'same reason' }),
    result(4, 10),
    result(5, 0),
    result(6, 10),
    result(7, 10),
    result(8, 0, { voided: true, points: 0 }),
    result(9, 0, { error: 'same reason' }),
  ].reverse();

  it('counts the checks that are not voided, passes, uptime and points; the SLA at every second failure in a row; what voids removed', () => {
    const figures = serviceFigures(results);
    // 9 counted: passes at 0, 4, 6, 7 → 4; failures 1, 2, 3, 5, 9 → 5.
    expect(figures).toMatchObject({ checks: 9, passed: 4, failed: 5, uptime: 4 / 9, points: 40 });
    // Runs of failures: 1-2-3 (a violation at the 2nd), 5 (none), 9 (none: 8 is voided and takes no part).
    expect([figures.sla_violations, figures.sla_penalty]).toEqual([1, 5]);
    expect(figures.voided).toEqual({ checks: 1, points: 0 });
    expect(figures.failures).toEqual([
      { category: 'timeout', checks: 4 },
      { category: 'connection refused', checks: 1 },
    ]);
  });

  it('finds the longest outage from its first failure to the next pass, and an open one at the end', () => {
    // 1→4 is 3 minutes over 3 checks; 5→6 one minute; 9 never recovered (0 s).
    expect(serviceFigures(results).longest_outage).toEqual({ checks: 3, started_at: t(1), ended_at: t(4), seconds: 180 });
    const stillDown = [result(0, 10), result(1, 0), result(2, 0), result(3, 0), result(4, 0)];
    expect(longestOutage(stillDown)).toEqual({ checks: 4, started_at: t(1), ended_at: null, seconds: 180 });
    expect(longestOutage([result(0, 10)])).toBeNull();
  });

  it('stops at a cutoff: nothing checked at or after it counts', () => {
    const figures = serviceFigures(results, t(4));
    expect(figures).toMatchObject({ checks: 4, passed: 1, failed: 3, sla_violations: 1, points: 10 });
    expect(figures.longest_outage).toEqual({ checks: 3, started_at: t(1), ended_at: null, seconds: 120 });
  });

  it('lists the most frequent reasons first, then the latest, within its limit and cutoff', () => {
    expect(commonReasons(results, 2)).toEqual([
      { reason: 'same reason', checks: 3, last_at: t(9) },
      { reason: 'no answer at minute 5', checks: 1, last_at: t(5) },
    ]);
    // One each: the latest first.
    expect(commonReasons(results, 5, t(3))).toEqual([
      { reason: 'same reason', checks: 1, last_at: t(2) },
      { reason: 'no answer at minute 1', checks: 1, last_at: t(1) },
    ]);
  });
});

const team = (id: number, points: Record<string, number>, options: { hidden?: boolean; guest?: boolean } = {}): TeamRecord => ({
  team: { id, number: 10 + id, name: `Team ${id}`, logo: '', team_url: `team${id}.example`, guest_division: options.guest ?? false },
  hidden: options.hidden ?? false,
  services_total: 1,
  totals: { ...emptyTotals([1, 2], 1), points, max_points: { '1': 100, '2': 50 } },
});
const SUPER_TYPES = [
  { id: 1, name: 'Services' },
  { id: 2, name: 'Injects' },
];

describe('a standing', () => {
  // Totals: 1 → 70, 2 → 50, 3 → 70, 4 (guest) → 90, 5 (hidden) → 200.
  const field = [
    team(1, { '1': 40, '2': 30 }),
    team(2, { '1': 50, '2': 0 }),
    team(3, { '1': 60, '2': 10 }),
    team(4, { '1': 80, '2': 10 }, { guest: true }),
    team(5, { '1': 200 }, { hidden: true }),
  ];

  it('ranks among the visible teams ("1224"), with their median and best, overall and in each super type', () => {
    const standing = standingOf(field[0]!, field, SUPER_TYPES, false);
    expect(standing).toEqual({
      division: 'main',
      teams_ranked: 4,
      // Totals 70, 50, 70, 90: two above 70? only 90 → rank 2; median (70 + 70) / 2.
      overall: { score: 70, rank: 2, median: 70, best: 90 },
      super_types: [
        // Services 40, 50, 60, 80 → rank 4, median 55.
        { super_type_id: 1, super_type: 'Services', max_score: 100, score: 40, rank: 4, median: 55, best: 80 },
        // Injects 30, 0, 10, 10 → rank 1, median 10.
        { super_type_id: 2, super_type: 'Injects', max_score: 50, score: 30, rank: 1, median: 10, best: 30 },
      ],
    });
  });

  it('ranks within its division when the scoreboard is segregated, and a hidden team with nobody', () => {
    expect(standingOf(field[0]!, field, SUPER_TYPES, true).overall).toEqual({ score: 70, rank: 1, median: 70, best: 70 });
    expect(standingOf(field[3]!, field, SUPER_TYPES, true)).toMatchObject({
      division: 'guest',
      teams_ranked: 1,
      overall: { score: 90, rank: 1, median: 90, best: 90 },
    });
    expect(standingOf(field[4]!, field, SUPER_TYPES, false).overall).toEqual({ score: 200, rank: null, median: 70, best: 90 });
  });

  it('takes the median of an odd count as its middle one, and of none as null', () => {
    expect([median([3, 1, 2]), median([4, 1, 3, 2]), median([])]).toEqual([2, 2.5, null]);
  });
});

describe('a release', () => {
  const now = Date.parse(t(30));
  it('after finalise: not before it, nor while a freeze stands; at once: as of a freeze that stands', () => {
    expect(memberRelease('after_finalise', false, null, now)).toMatchObject({ released: false });
    expect(memberRelease('after_finalise', true, null, now)).toEqual({ released: true, cutoff: undefined });
    expect(memberRelease('after_finalise', true, t(20), now)).toMatchObject({ released: false, why: expect.stringContaining('freeze') });
    // A freeze still to come stands not yet.
    expect(memberRelease('after_finalise', true, t(40), now)).toEqual({ released: true, cutoff: undefined });
    expect(memberRelease('now', false, null, now)).toEqual({ released: true, cutoff: undefined });
    expect(memberRelease('now', false, t(20), now)).toEqual({ released: true, cutoff: t(20) });
  });
});

describe('a debrief', () => {
  const inject = (id: number, openMinute: number, state: Inject['state'] = 'published') =>
    ({ id, title: `Inject ${id}`, state, open_at: t(openMinute), due_at: t(openMinute + 10), points: 50 }) as Inject;
  const submission = (injectId: number, version: number, minute: number, asked: boolean): Submission => ({
    inject_id: injectId,
    team_id: 1,
    version,
    text: 'Our answer.',
    files: [],
    submitted_at: t(minute),
    submitted_by: 'tess',
    late_share: 1,
    revision_request: asked ? { comment: 'More.', until: t(50), requested_by: 'olga', requested_at: t(minute + 1) } : null,
  });
  const grade = (injectId: number, n: number, minute: number, points: number): Grade => ({
    inject_id: injectId,
    team_id: 1,
    n,
    submission_version: n,
    scores: [{ name: 'All of it', points, comment: `Worth ${points}.` }],
    comment: 'Graded.',
    points,
    late_share: 1,
    awarded: points,
    award: points,
    super_type_id: 2,
    graded_by: 'olga the grader',
    graded_at: t(minute),
  });
  const finding = (id: number, state: Finding['state'], reviewedMinute: number): Finding => ({
    id,
    team_id: 1,
    service_id: 7,
    beacon_id: null,
    kind: 'root',
    kind_name: 'Root access',
    kind_points: 40,
    done_at: t(reviewedMinute - 5),
    description: 'Rooted it.',
    files: [{ key: 'red-team/evidence-key', name: 'shot.png', content_type: 'image/png', size: 3 }] as Finding['files'],
    additions: [],
    filed_by: 'rita the red',
    filed_at: t(reviewedMinute - 4),
    state,
    reviews: 1,
    deducted: state === 'approved' ? 40 : 0,
    review: {
      n: 1,
      decision: state === 'approved' ? 'approve' : 'reject',
      points: 40,
      reason: '',
      counted: true,
      repeat_of: null,
      reviewed_at: t(reviewedMinute),
    },
  });
  const ruling = (findingId: number, n: number, decision: FindingRuling['decision'], minute: number, deducted: number): FindingRuling => ({
    finding_id: findingId,
    team_id: 1,
    n,
    decision,
    points: 40,
    reason: '',
    counted: decision === 'approve',
    repeat_of: null,
    deducted,
    award: -deducted,
    super_type_id: 3,
    reviewed_by: 'olga the grader',
    reviewed_at: t(minute),
  });
  const inputs = (cutoff?: string): DebriefInputs => ({
    competitionName: 'Practice',
    team: team(1, { '1': 40, '2': 30 }),
    field: [team(1, { '1': 40, '2': 30 }), team(2, { '1': 50 }), team(3, { '1': 10 })],
    superTypes: SUPER_TYPES,
    segregate: false,
    services: [{ id: 7, subtype: 'SSH', url: 'ssh.team1', port: 22, max_score: 10, results: [result(0, 10), result(1, 0), result(25, 10)] }],
    // 4 is retired (its grades stay), 5 opens after the debrief was built.
    injects: [inject(1, 0), inject(2, 15), inject(3, 0, 'draft'), inject(4, 1, 'retired'), inject(5, 45)],
    submissions: [submission(1, 1, 2, true), submission(1, 2, 5, false), submission(2, 1, 24, false)],
    grades: [grade(1, 1, 6, 20), grade(1, 2, 22, 35)],
    incidents: [],
    incidentGrades: [],
    findings: [finding(1, 'approved', 10), finding(2, 'rejected', 11), finding(3, 'approved', 21), finding(4, 'rejected', 12)],
    // Finding 4 was approved at minute 12 (30 points), then rejected on a second look at minute 26.
    findingRulings: [
      ruling(1, 1, 'approve', 10, 40),
      ruling(2, 1, 'reject', 11, 0),
      ruling(3, 1, 'approve', 21, 40),
      ruling(4, 2, 'reject', 26, 0),
      ruling(4, 1, 'approve', 12, 30),
    ],
    findingsShown: true,
    findingsDescribed: false,
    history: {
      interval_seconds: 60,
      samples: [
        { time: t(1), totals: { '1': 10, '2': 20, '3': 0 } },
        { time: t(21), totals: { '1': 30, '2': 40, '3': 5, '9': 500 } },
      ],
    },
    cutoff,
    builtAt: t(30),
  });

  it("tells the team's injects with their versions, revisions and latest grade; approved findings without description, filer or evidence; its line beside the median", () => {
    const debrief = buildDebrief(inputs());
    expect(debrief.as_of).toBe(t(30));
    // The retired inject 4 too (its grades stay on the board); not the draft, nor inject 5, which opens after minute 30.
    expect(debrief.injects.map((i) => [i.inject_id, i.versions, i.revisions_asked, i.revisions_made, i.grade?.points ?? null])).toEqual([
      [1, 2, 1, 1, 35],
      [4, 0, 0, 0, null],
      [2, 1, 0, 0, null],
    ]);
    expect(debrief.injects[0]!.grade).toEqual({
      inject_id: 1,
      n: 2,
      submission_version: 2,
      scores: [{ name: 'All of it', points: 35, comment: 'Worth 35.' }],
      comment: 'Graded.',
      points: 35,
      late_share: 1,
      awarded: 35,
      graded_at: t(22),
    });
    expect(debrief.red_team.findings.map((f) => [f.id, f.points, f.description])).toEqual([
      [1, 40, null],
      [3, 40, null],
    ]);
    expect(debrief.score_over_time).toEqual({ interval_seconds: 60, times: [t(1), t(21)], team: [10, 30], median: [10, 30] });
    const text = JSON.stringify(debrief);
    for (const never of ['rita the red', 'olga the grader', 'evidence-key', 'Our answer.']) expect(text).not.toContain(never);
    expect(buildDebrief({ ...inputs(), findingsDescribed: true }).red_team.findings[0]!.description).toBe('Rooted it.');
  });

  it('as of a cutoff, leaves out every check, version, grade, inject, finding and sample at or after it', () => {
    // Inject 2 opens at minute 15: not yet.
    const debrief = buildDebrief(inputs(t(14)));
    expect(debrief.as_of).toBe(t(14));
    expect(debrief.services[0]).toMatchObject({ checks: 2, passed: 1 });
    expect(debrief.injects.map((i) => [i.inject_id, i.versions, i.grade?.points ?? null])).toEqual([
      [1, 2, 20],
      [4, 0, null],
    ]);
    // Finding 4 as it stood at the cutoff: approved for 30 (its second look, a rejection, came after).
    expect(debrief.red_team.findings.map((f) => [f.id, f.points])).toEqual([
      [1, 40],
      [4, 30],
    ]);
    // A revision asked at minute 3 is not yet asked at a cutoff of minute 3.
    expect(buildDebrief(inputs(t(3))).injects[0]).toMatchObject({ inject_id: 1, versions: 1, revisions_asked: 0 });
    expect(debrief.score_over_time.times).toEqual([t(1)]);
  });

  it('shows findings only once the settings show them to the team, and a member the reasons only while the setting allows', () => {
    const debrief = buildDebrief(inputs());
    const settings = { red_team_findings_shown: 'after_event' as const, end_time: t(40), teams_see_check_details: false };
    expect(debriefShownNow(debrief, settings, Date.parse(t(39)), 'organiser').red_team).toEqual({ shown: false, findings: [] });
    expect(debriefShownNow(debrief, settings, Date.parse(t(40)), 'organiser').red_team.findings).toHaveLength(2);
    expect(debrief.services[0]!.reasons).toHaveLength(1);
    expect(debriefShownNow(debrief, settings, Date.parse(t(40)), 'member').services[0]!.reasons).toEqual([]);
    expect(debriefShownNow(debrief, settings, Date.parse(t(40)), 'organiser').services[0]!.reasons).toHaveLength(1);
  });
});
