/**
 * The figures points make, and how changes to them add up: a team's totals
 * (its TOTALS item) hold them, each score event moves them by a delta, and
 * verification recomputes them from the history. Keyed by super type id.
 * Pure.
 */
import type { AwardOrigin } from '#shared/domain/scoring/events';
import { passed, type FoldedResult } from '#shared/domain/scoring/result';
import type { SlaFigures } from '#shared/domain/scoring/sla';
import type { StatusCounts } from '#shared/domain/scoring/status';

/** The figures points make: a team's totals hold them, and so does their share from after a scoreboard freeze. */
export interface ScoringFigures {
  points: Record<string, number>;
  max_points: Record<string, number>;
  checks_total: number;
  checks_passed: number;
  adjustments_total: number;
  /** Points lost to SLA violations, per super type id (already taken off `points`). */
  sla_penalty: Record<string, number>;
  sla_violations: number;
}

/**
 * A team's running totals, folded from the stream of score events so that
 * the scoreboard never sums history.
 */
export interface TeamTotals extends ScoringFigures, StatusCounts {
  last_scan_time: string | null;
  /** What of the scoring figures came from at or after a scoreboard freeze, by the freeze time's stamp (see freeze.ts). */
  after_freeze: Record<string, ScoringFigures>;
}

/**
 * What one change adds to a team's totals. Every field is an increment
 * (possibly 0 or negative); one shape for every score event, so the data
 * layer has one way to apply it.
 */
export interface TotalsDelta extends ScoringFigures, StatusCounts {
  /** The newest check time among the results folded, if any (the one field that is not an increment). */
  last_scan_time: string | null;
}

/** No points, no checks: where a team's totals, and a share of them, start. */
export const emptyFigures = (): ScoringFigures => ({
  points: {},
  max_points: {},
  checks_total: 0,
  checks_passed: 0,
  adjustments_total: 0,
  sla_penalty: {},
  sla_violations: 0,
});

export function emptyTotals(superTypeIds: number[], servicesTotal: number): TeamTotals {
  const zeroes = Object.fromEntries(superTypeIds.map((id) => [String(id), 0]));
  return {
    ...emptyFigures(),
    points: { ...zeroes },
    max_points: { ...zeroes },
    services_up: 0,
    services_down: 0,
    services_unscanned: servicesTotal,
    last_scan_time: null,
    after_freeze: {},
  };
}

export function emptyDelta(): TotalsDelta {
  return { ...emptyFigures(), services_up: 0, services_down: 0, services_unscanned: 0, last_scan_time: null };
}

const sumOf = (x: Record<string, number>, y: Record<string, number>) => {
  const out = { ...x };
  for (const [k, n] of Object.entries(y)) out[k] = (out[k] ?? 0) + n;
  return out;
};

/** Two deltas as one. */
export function addDeltas(a: TotalsDelta, b: TotalsDelta): TotalsDelta {
  const latest =
    [a.last_scan_time, b.last_scan_time]
      .filter((t): t is string => t !== null)
      .sort()
      .at(-1) ?? null;
  return {
    points: sumOf(a.points, b.points),
    max_points: sumOf(a.max_points, b.max_points),
    checks_total: a.checks_total + b.checks_total,
    checks_passed: a.checks_passed + b.checks_passed,
    adjustments_total: a.adjustments_total + b.adjustments_total,
    services_up: a.services_up + b.services_up,
    services_down: a.services_down + b.services_down,
    services_unscanned: a.services_unscanned + b.services_unscanned,
    last_scan_time: latest,
    sla_penalty: sumOf(a.sla_penalty, b.sla_penalty),
    sla_violations: a.sla_violations + b.sla_violations,
  };
}

/** Whether a delta changes nothing (a batch of events already folded). */
export const isEmptyDelta = (d: TotalsDelta) => JSON.stringify(d) === JSON.stringify(emptyDelta());

/** What one result counts for in its team's totals: its points, what it could have earned, one check (sign -1 takes it back). */
export function resultDelta(result: FoldedResult, sign: 1 | -1 = 1): TotalsDelta {
  const key = String(result.super_type_id);
  return {
    ...emptyDelta(),
    points: { [key]: sign * result.points },
    max_points: { [key]: sign * (result.scored ? result.max_score : 0) },
    checks_total: sign,
    checks_passed: sign * (passed(result) ? 1 : 0),
  };
}

/**
 * Points given or taken in one super type; an organiser's adjustment also
 * moves `adjustments_total`; `max` moves the super type's maximum (an
 * incident report's first grade: what any report could earn).
 */
export function awardDelta(superTypeId: number, points: number, origin: AwardOrigin, max = 0): TotalsDelta {
  const key = String(superTypeId);
  return { ...emptyDelta(), points: { [key]: points }, max_points: max !== 0 ? { [key]: max } : {}, adjustments_total: origin === 'adjustment' ? points : 0 };
}

/**
 * What moves the team's totals when a service's SLA standing goes from what
 * the team's totals hold for it to what the service now has: the penalty
 * comes off the super type's points. Absolute on both ends, so a replay or a
 * repair converges instead of counting twice.
 */
export function slaDelta(superTypeId: number, counted: SlaFigures, now: SlaFigures): TotalsDelta {
  const delta = emptyDelta();
  const key = String(superTypeId);
  const penalty = now.penalty - counted.penalty;
  if (penalty !== 0) {
    delta.points[key] = -penalty;
    delta.sla_penalty[key] = penalty;
  }
  delta.sla_violations = now.violations - counted.violations;
  return delta;
}

/** Figures plus a delta (the share's delta into its stamp's share): what a team's totals become when a fold's update lands. */
export function applyDelta(totals: TeamTotals, delta: TotalsDelta, share?: { stamp: string; delta: TotalsDelta }): TeamTotals {
  const plus = <F extends ScoringFigures>(figures: F, d: TotalsDelta): F => ({
    ...figures,
    points: sumOf(figures.points, d.points),
    max_points: sumOf(figures.max_points, d.max_points),
    checks_total: figures.checks_total + d.checks_total,
    checks_passed: figures.checks_passed + d.checks_passed,
    adjustments_total: figures.adjustments_total + d.adjustments_total,
    sla_penalty: sumOf(figures.sla_penalty, d.sla_penalty),
    sla_violations: figures.sla_violations + d.sla_violations,
  });
  const latest =
    [totals.last_scan_time, delta.last_scan_time]
      .filter((t): t is string => t !== null)
      .sort()
      .at(-1) ?? null;
  const next: TeamTotals = {
    ...plus(totals, delta),
    services_up: totals.services_up + delta.services_up,
    services_down: totals.services_down + delta.services_down,
    services_unscanned: totals.services_unscanned + delta.services_unscanned,
    last_scan_time: latest,
    after_freeze: { ...totals.after_freeze },
  };
  if (share) next.after_freeze[share.stamp] = plus(totals.after_freeze[share.stamp] ?? emptyFigures(), share.delta);
  return next;
}
