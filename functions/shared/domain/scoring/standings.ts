/**
 * Standings: a team's super-type scores and total, ranks (tie-aware, per
 * division when segregated), the scoreboard's rows and a team's scorecard,
 * from the teams' running totals. Pure.
 */
import * as v from 'valibot';
import type { SuperType, Team, TeamRecord } from '#shared/domain/model';
import { Count, Id, Points, named } from '#shared/domain/shapes';
import type { TeamTotals } from '#shared/domain/scoring/figures';

/** `max_score`: what the team could have earned so far in this super type, from its checks and the injects past their due time. */
export const SuperTypeScoreSchema = named(
  'SuperTypeScore',
  "A team's points in one super type, and what it could have earned there so far.",
  v.strictObject({ super_type_id: Id, super_type: v.string(), score: Points, max_score: Count }),
);

export type SuperTypeScore = v.InferOutput<typeof SuperTypeScoreSchema>;

export type Division = 'main' | 'guest';

export interface ScoreboardRow {
  rank: number;
  division: Division;
  team: Team;
  total_score: number;
  scores: SuperTypeScore[];
  services_up: number;
  services_total: number;
}

/** One entry per super type, in super type id order. */
export function superTypeScores(totals: TeamTotals, superTypes: SuperType[]): SuperTypeScore[] {
  return [...superTypes]
    .sort((a, b) => a.id - b.id)
    .map((s) => ({
      super_type_id: s.id,
      super_type: s.name,
      score: totals.points[String(s.id)] ?? 0,
      max_score: totals.max_points[String(s.id)] ?? 0,
    }));
}

export const totalScore = (scores: SuperTypeScore[]) => scores.reduce((sum, s) => sum + s.score, 0);

export const divisionOf = (team: Team): Division => (team.guest_division ? 'guest' : 'main');

/**
 * Standard competition ranking ("1224"): a row's rank is one more than the
 * number of rows with a strictly higher total. Returns rows ordered by total,
 * highest first, ties by team number.
 */
export function rankRows<R extends { total_score: number; team: Team }>(rows: R[]): (R & { rank: number })[] {
  const sorted = [...rows].sort((a, b) => b.total_score - a.total_score || a.team.number - b.team.number);
  let rank = 0;
  return sorted.map((row, index) => {
    if (index === 0 || row.total_score !== sorted[index - 1]!.total_score) rank = index + 1;
    return { ...row, rank };
  });
}

/**
 * The scoreboard over the given (already visible) teams. Segregated: each
 * division ranked on its own, main division first. Otherwise one ranking.
 */
export function buildScoreboard(records: TeamRecord[], superTypes: SuperType[], segregate: boolean): ScoreboardRow[] {
  const unranked = records.map((record) => {
    const scores = superTypeScores(record.totals, superTypes);
    return {
      division: divisionOf(record.team),
      team: record.team,
      total_score: totalScore(scores),
      scores,
      services_up: record.totals.services_up,
      services_total: record.services_total,
    };
  });
  const ranked = segregate
    ? [...rankRows(unranked.filter((r) => r.division === 'main')), ...rankRows(unranked.filter((r) => r.division === 'guest'))]
    : rankRows(unranked);
  // Fixed key order for stable JSON (and ETags).
  return ranked.map((r) => ({
    rank: r.rank,
    division: r.division,
    team: r.team,
    total_score: r.total_score,
    scores: r.scores,
    services_up: r.services_up,
    services_total: r.services_total,
  }));
}

export interface ScorecardStats {
  rank: number;
  checks_total: number;
  checks_passed: number;
  checks_failed: number;
  /** checks_passed / checks_total, or null before any check. */
  uptime: number | null;
  services_total: number;
  services_up: number;
  services_down: number;
  services_unscanned: number;
  adjustments_total: number;
  last_scan_time: string | null;
  /** How many times a service of the team reached a multiple of its SLA threshold. */
  sla_violations: number;
}

/** A scorecard's super type entry: the score (penalties already taken off) and the SLA penalty points in it. */
export interface ScorecardSuperTypeScore extends SuperTypeScore {
  sla_penalty: number;
}

export interface Scorecard {
  total_score: number;
  stats: ScorecardStats;
  scores: ScorecardSuperTypeScore[];
}

export const uptime = (totals: Pick<TeamTotals, 'checks_total' | 'checks_passed'>): number | null =>
  totals.checks_total === 0 ? null : totals.checks_passed / totals.checks_total;

/**
 * A scoreboard row as the page draws it (issue #49): `[rank, division, team id,
 * team number, team name, logo, total, services up, services, ...each super
 * type's score]`, the super types' names once beside the rows. The seed's
 * route keeps the full row, with the whole team object.
 */
export type CompactScoreboardRow = [number, Division, number, number, string, string, number, number, number, ...number[]];

export function compactScoreboard(rows: ScoreboardRow[]): { super_types: string[]; rows: CompactScoreboardRow[] } {
  return {
    super_types: rows[0]?.scores.map((s) => s.super_type) ?? [],
    rows: rows.map((r) => [
      r.rank,
      r.division,
      r.team.id,
      r.team.number,
      r.team.name,
      r.team.logo,
      r.total_score,
      r.services_up,
      r.services_total,
      ...r.scores.map((s) => s.score),
    ]),
  };
}

/** A team's scorecard, given its rank on the scoreboard the caller sees. */
export function buildScorecard(record: TeamRecord, superTypes: SuperType[], rank: number): Scorecard {
  const t = record.totals;
  const scores = superTypeScores(t, superTypes);
  return {
    total_score: totalScore(scores),
    stats: {
      rank,
      checks_total: t.checks_total,
      checks_passed: t.checks_passed,
      checks_failed: t.checks_total - t.checks_passed,
      uptime: uptime(t),
      services_total: record.services_total,
      services_up: t.services_up,
      services_down: t.services_down,
      services_unscanned: t.services_unscanned,
      adjustments_total: t.adjustments_total,
      last_scan_time: t.last_scan_time,
      sla_violations: t.sla_violations,
    },
    scores: scores.map((s) => ({ ...s, sla_penalty: t.sla_penalty[String(s.super_type_id)] ?? 0 })),
  };
}
