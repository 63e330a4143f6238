/**
 * The scoring model, as pure functions: what a scan or an adjustment changes
 * in a team's running totals, and how totals become scoreboard rows, ranks
 * and a scorecard. No I/O: the data layer turns these deltas into one
 * DynamoDB update, and the read handlers feed stored totals in.
 */
import type { Service, SuperType, Team, TeamRecord, TeamTotals } from '#shared/domain/model';

// ---------------------------------------------------------------------------
// Service states and what one scan changes

/** `up`: the last scan earned max_score; `down`: it earned less; `unscanned`: never scanned. */
export type ServiceState = 'up' | 'down' | 'unscanned';

export function serviceState(service: Pick<Service, 'last_scan' | 'last_scan_time' | 'max_score'>): ServiceState {
  if (service.last_scan_time === null) return 'unscanned';
  return stateForScore(service.last_scan, service.max_score);
}

export function stateForScore(score: number, maxScore: number): 'up' | 'down' {
  return score >= maxScore ? 'up' : 'down';
}

export interface StateCounts {
  services_up: number;
  services_down: number;
  services_unscanned: number;
}

const STATE_FIELD: Record<ServiceState, keyof StateCounts> = {
  up: 'services_up',
  down: 'services_down',
  unscanned: 'services_unscanned',
};

/** How a team's up/down/unscanned counts move when one service goes from `from` to `to`. */
export function stateDeltas(from: ServiceState, to: ServiceState): StateCounts {
  const deltas: StateCounts = { services_up: 0, services_down: 0, services_unscanned: 0 };
  if (from === to) return deltas;
  deltas[STATE_FIELD[from]] -= 1;
  deltas[STATE_FIELD[to]] += 1;
  return deltas;
}

/**
 * What one change adds to a team's totals. Every field is an increment
 * (possibly 0 or negative); `points` and `max_points` are per super type id.
 * One shape for scans and adjustments, so the data layer has one way to apply it.
 */
export interface TotalsDelta extends StateCounts {
  points: Record<string, number>;
  max_points: Record<string, number>;
  checks_total: number;
  checks_passed: number;
  adjustments_total: number;
}

/** What a scan result records: `points` is what it earned, 0 while scoring is closed. */
export interface ScanOutcome {
  points: number;
  delta: TotalsDelta;
}

/**
 * The effect of a scan scoring `score` on a service that was in `service`'s
 * state. While scoring is closed (disabled, or outside the start/end window)
 * the scan still counts as a check and moves the service's state, but earns
 * nothing and adds nothing to what could have been earned.
 */
export function scanOutcome(
  service: Pick<Service, 'last_scan' | 'last_scan_time' | 'max_score'>,
  superTypeId: number,
  score: number,
  scoringOpen: boolean,
): ScanOutcome {
  const next = stateForScore(score, service.max_score);
  const points = scoringOpen ? score : 0;
  const key = String(superTypeId);
  return {
    points,
    delta: {
      points: { [key]: points },
      max_points: { [key]: scoringOpen ? service.max_score : 0 },
      checks_total: 1,
      checks_passed: next === 'up' ? 1 : 0,
      adjustments_total: 0,
      ...stateDeltas(serviceState(service), next),
    },
  };
}

/** Points given or taken by hand in one super type (an inject's grade, a red-team penalty). */
export interface Adjustment {
  id: number;
  /** The team's id (as DNS records name their team). */
  team: number;
  super_type_id: number;
  points: number;
  reason: string;
  created_by: string;
  created_at: string;
}

/** An adjustment moves the team's points in one super type; `adjustments_total` is the net of all adjustments. */
export function adjustmentDelta(superTypeId: number, points: number): TotalsDelta {
  return {
    points: { [String(superTypeId)]: points },
    max_points: {},
    checks_total: 0,
    checks_passed: 0,
    adjustments_total: points,
    services_up: 0,
    services_down: 0,
    services_unscanned: 0,
  };
}

/** Scan results are equal when the agent reported the same score and error (for idempotent repeats). */
export function sameResult(a: { score: number; error: string | null }, b: { score: number; error: string | null }): boolean {
  return a.score === b.score && (a.error ?? null) === (b.error ?? null);
}

// ---------------------------------------------------------------------------
// Scores, ranks, scoreboard and scorecard

export interface SuperTypeScore {
  super_type_id: number;
  super_type: string;
  score: number;
  /** What the team could have earned so far from checks in this super type. */
  max_score: number;
}

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
}

export interface Scorecard {
  total_score: number;
  stats: ScorecardStats;
  scores: SuperTypeScore[];
}

export const uptime = (totals: Pick<TeamTotals, 'checks_total' | 'checks_passed'>): number | null =>
  totals.checks_total === 0 ? null : totals.checks_passed / totals.checks_total;

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
    },
    scores,
  };
}
