import { describe, expect, it } from 'vitest';
import { debriefSummary, injectPoints } from '#shared/domain/debrief-summary';
import { summaryCsv, summaryTsv } from '#shared/domain/debrief-table';
import type { TeamRecord } from '#shared/domain/model';
import { emptyTotals } from '#shared/domain/scoring/figures';

const team = (
  id: number,
  points: Record<string, number>,
  checks: [number, number],
  options: { hidden?: boolean; guest?: boolean; name?: string } = {},
): TeamRecord => ({
  team: { id, number: 10 + id, name: options.name ?? `Team ${id}`, logo: '', team_url: `team${id}.example`, guest_division: options.guest ?? false },
  hidden: options.hidden ?? false,
  services_total: 1,
  totals: { ...emptyTotals([1, 2], 1), points, checks_total: checks[0], checks_passed: checks[1] },
});
const SUPER_TYPES = [
  { id: 2, name: 'Injects' },
  { id: 1, name: 'Services' },
];

describe("the organisers' table of ranks", () => {
  // Totals: 1 → 70, 2 → 90 (guest), 3 → 70, 4 → 200 (hidden). One ranking unless segregated.
  const field = [
    team(1, { '1': 40, '2': 30 }, [10, 8], { name: '=HYPERLINK("x")\tevil' }),
    team(2, { '1': 80, '2': 10 }, [10, 10], { guest: true }),
    team(3, { '1': 60, '2': 10 }, [0, 0]),
    team(4, { '1': 200 }, [4, 1], { hidden: true }),
  ];
  const points = new Map([
    [1, 30],
    [3, 10],
  ]);

  it('ranks every team overall and in each super type as the scoreboard does, hidden teams listed with no rank, last', () => {
    const summary = debriefSummary(field, SUPER_TYPES, false, points);
    expect(summary.super_types).toEqual([
      { id: 1, name: 'Services' },
      { id: 2, name: 'Injects' },
    ]);
    // 90 → 1; 70, 70 → 2, 2 (then by number); the hidden one after.
    expect(summary.rows.map((r) => [r.team.id, r.rank, r.total_score, r.scores.map((s) => [s.score, s.rank]), r.uptime, r.inject_points])).toEqual([
      [
        2,
        1,
        90,
        [
          [80, 1],
          [10, 2],
        ],
        1,
        0,
      ],
      [
        1,
        2,
        70,
        [
          [40, 3],
          [30, 1],
        ],
        0.8,
        30,
      ],
      [
        3,
        2,
        70,
        [
          [60, 2],
          [10, 2],
        ],
        null,
        10,
      ],
      [
        4,
        null,
        200,
        [
          [200, null],
          [0, null],
        ],
        0.25,
        0,
      ],
    ]);
  });

  it('ranks each division on its own when segregated, the main division first', () => {
    const summary = debriefSummary(field, SUPER_TYPES, true, points);
    expect(summary.rows.map((r) => [r.team.id, r.division, r.rank])).toEqual([
      [1, 'main', 1],
      [3, 'main', 1],
      [4, 'main', null],
      [2, 'guest', 1],
    ]);
  });

  it('writes CSV and tab-separated text a spreadsheet takes as a table, with no formula run and no cell split', () => {
    const summary = debriefSummary(field.slice(0, 1), SUPER_TYPES, false, points);
    const header = 'rank,division,team_number,team_name,hidden,total_score,Services score,Services rank,Injects score,Injects rank,uptime,inject_points';
    expect(summaryCsv(summary)).toBe(`${header}\r\n1,main,11,"'=HYPERLINK(""x"")\tevil",false,70,40,1,30,1,0.8,30\r\n`);
    expect(summaryTsv(summary)).toBe(`${header.replaceAll(',', '\t')}\n1\tmain\t11\t'=HYPERLINK("x") evil\tfalse\t70\t40\t1\t30\t1\t0.8\t30`);
    // A tab first (a formula behind it), a quote first: neither runs nor opens a quoted cell.
    const named = (name: string) =>
      summaryTsv(debriefSummary([team(1, { '1': 1 }, [0, 0], { name })], SUPER_TYPES, false, points))
        .split('\n')[1]!
        .split('\t')[3];
    expect([named('\t=1+1'), named('"quoted" team')]).toEqual(["' =1+1", '\'"quoted" team']);
  });

  it("counts a team's inject points from its latest grade of each inject", () => {
    // Newest first within each inject: inject 1's regrade (45) counts, not its first grade.
    expect(
      injectPoints([
        { inject_id: 1, awarded: 45 },
        { inject_id: 1, awarded: 20 },
        { inject_id: 2, awarded: 7 },
      ]),
    ).toBe(52);
  });
});
