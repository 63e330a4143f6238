/**
 * The organisers' table of ranks (issue #62): every team × every super type,
 * with score and rank, beside its total, uptime and inject points, ranked as
 * the scoreboard ranks (the visible teams, by division when segregated; a
 * hidden team is listed, ranked with nobody). Pure; its text forms (CSV, and
 * the tab-separated text the console copies) are in debrief-table.ts.
 */
import * as v from 'valibot';
import { standingOf } from '#shared/domain/debrief';
import type { SuperType, TeamRecord } from '#shared/domain/model';
import { latestPer, type Grade } from '#shared/domain/injects';
import { Count, Id, Points, named } from '#shared/domain/shapes';
import { uptime } from '#shared/domain/scoring/standings';

const Rank = v.pipe(v.nullable(Id), v.description('"1224" among the teams it is ranked with; null for a hidden team.'));

export const DebriefSummarySchema = named(
  'DebriefSummary',
  "The organisers' table of ranks: every team's score and rank overall and in each super type, its uptime and inject points.",
  v.strictObject({
    super_types: v.array(v.strictObject({ id: Id, name: v.string() })),
    rows: v.pipe(
      v.array(
        v.strictObject({
          team: v.strictObject({ id: Id, number: Id, name: v.string() }),
          division: v.picklist(['main', 'guest']),
          hidden: v.boolean(),
          rank: Rank,
          total_score: Points,
          scores: v.pipe(
            v.array(v.strictObject({ super_type_id: Id, score: Points, rank: Rank })),
            v.description('One per super type, in `super_types` order.'),
          ),
          uptime: v.pipe(v.nullable(v.number()), v.description('Checks passed / checks that count (0 to 1); null before any.')),
          inject_points: v.pipe(Count, v.description('What its latest grade of each inject is worth on the board.')),
        }),
      ),
      v.description('By rank (hidden teams after the ranked), then by team number; when the scoreboard is segregated, the main division first.'),
    ),
  }),
);
export type DebriefSummary = v.InferOutput<typeof DebriefSummarySchema>;

/** The table, from every team's figures and each team's inject points (by team id). */
export function debriefSummary(
  field: readonly TeamRecord[],
  superTypes: SuperType[],
  segregate: boolean,
  injectPoints: ReadonlyMap<number, number>,
): DebriefSummary {
  const sorted = [...superTypes].sort((a, b) => a.id - b.id);
  const rows = field.map((record) => {
    const standing = standingOf(record, field, sorted, segregate);
    return {
      team: { id: record.team.id, number: record.team.number, name: record.team.name },
      division: standing.division,
      hidden: record.hidden,
      rank: standing.overall.rank,
      total_score: standing.overall.score,
      scores: standing.super_types.map((s) => ({ super_type_id: s.super_type_id, score: s.score, rank: s.rank })),
      uptime: uptime(record.totals),
      inject_points: injectPoints.get(record.team.id) ?? 0,
    };
  });
  const order = (row: (typeof rows)[number]) => [segregate && row.division === 'guest' ? 1 : 0, row.rank ?? Number.MAX_SAFE_INTEGER, row.team.number];
  rows.sort((a, b) => {
    const [x, y] = [order(a), order(b)];
    return x[0]! - y[0]! || x[1]! - y[1]! || x[2]! - y[2]!;
  });
  return { super_types: sorted.map((s) => ({ id: s.id, name: s.name })), rows };
}

/** What a team's injects are worth on the board: its latest grade of each (grades read newest first within each inject). */
export const injectPoints = (grades: readonly Pick<Grade, 'inject_id' | 'awarded'>[]): number =>
  [...latestPer(grades, (g) => g.inject_id).values()].reduce((sum, g) => sum + g.awarded, 0);
