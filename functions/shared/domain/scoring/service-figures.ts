/**
 * One service's figures from its stored results: the checks that count (a
 * voided one does not, as the team's totals leave it out), passes, uptime,
 * points, the SLA, the longest outage, its failures by category and reason,
 * and what voids removed. The results export's services.csv and a team's
 * debrief both read them here, so the two agree by construction. Pure.
 */
import * as v from 'valibot';
import { Count, Points, Time, named } from '#shared/domain/shapes';
import { FAILURE_CATEGORIES, type FailureCategory } from '#shared/domain/scoring/failure';
import { byCheckOrder, passed, type FoldedResult } from '#shared/domain/scoring/result';
import { slaOfHistory } from '#shared/domain/scoring/sla';

/** The longest run of failed checks: from its first failure to the next pass (null: still failing at the last check). */
export const OutageSchema = named(
  'Outage',
  "A service's longest run of failed checks.",
  v.strictObject({
    checks: v.pipe(Count, v.description('Failed checks in a row.')),
    started_at: v.pipe(Time, v.description('The first failed check of the run.')),
    ended_at: v.pipe(v.nullable(Time), v.description('The check that passed after it; null if none did.')),
    seconds: v.pipe(Count, v.description('From the first failure to the next pass (or to the run’s last failure, when none passed).')),
  }),
);
export type Outage = v.InferOutput<typeof OutageSchema>;

/** How many of a service's failed checks fell into one category. */
export const CategoryCountSchema = v.strictObject({ category: v.picklist(FAILURE_CATEGORIES), checks: Count });
/** How many of a service's failed checks gave one full reason, and the last time it did. */
export const ReasonCountSchema = v.strictObject({ reason: v.string(), checks: Count, last_at: Time });

export const ServiceFiguresSchema = v.strictObject({
  checks: v.pipe(Count, v.description('Checks that count: every stored result but the voided ones, as the team’s totals count them.')),
  passed: Count,
  failed: Count,
  uptime: v.pipe(v.nullable(v.number()), v.description('passed / checks (0 to 1); null before any check.')),
  points: v.pipe(Points, v.description('What the checks earned.')),
  sla_violations: Count,
  sla_penalty: v.pipe(Count, v.description('Points the SLA took off.')),
  longest_outage: v.nullable(OutageSchema),
  failures: v.pipe(v.array(CategoryCountSchema), v.description('Failed checks by category, most first.')),
  voided: v.strictObject({
    checks: v.pipe(Count, v.description('Results an organiser voided.')),
    points: v.pipe(Count, v.description('What they had earned.')),
  }),
});
export type ServiceFigures = v.InferOutput<typeof ServiceFiguresSchema>;

/** What of a stored result the figures read. */
export type FiguredResult = Pick<
  FoldedResult,
  'scan_id' | 'time' | 'score' | 'max_score' | 'points' | 'scored' | 'voided' | 'category' | 'error' | 'sla_threshold' | 'sla_penalty'
>;

/** A service's figures from its results (any order), those checked before `before` only when given (a freeze). */
export function serviceFigures(results: readonly FiguredResult[], before?: string): ServiceFigures {
  const shown = before === undefined ? results : results.filter((r) => r.time < before);
  const counted = shown.filter((r) => r.voided !== true).sort(byCheckOrder);
  const voided = shown.filter((r) => r.voided === true);
  const passes = counted.filter(passed).length;
  const sla = slaOfHistory(counted);
  return {
    checks: counted.length,
    passed: passes,
    failed: counted.length - passes,
    uptime: counted.length === 0 ? null : passes / counted.length,
    points: counted.reduce((sum, r) => sum + r.points, 0),
    sla_violations: sla.violations,
    sla_penalty: sla.penalty,
    longest_outage: longestOutage(counted),
    failures: failureCategories(counted),
    voided: { checks: voided.length, points: voided.reduce((sum, r) => sum + r.points, 0) },
  };
}

/** The longest run of failures in results sorted by check time: by its length in time, then in checks; the earliest of equals. */
export function longestOutage(sorted: readonly FiguredResult[]): Outage | null {
  let longest: Outage | null = null;
  let run: { first: FiguredResult; last: FiguredResult; checks: number } | undefined;
  const close = (ended: FiguredResult | undefined) => {
    if (!run) return;
    const end = ended?.time ?? run.last.time;
    const outage = {
      checks: run.checks,
      started_at: run.first.time,
      ended_at: ended?.time ?? null,
      seconds: Math.round((Date.parse(end) - Date.parse(run.first.time)) / 1000),
    };
    if (!longest || outage.seconds > longest.seconds || (outage.seconds === longest.seconds && outage.checks > longest.checks)) longest = outage;
    run = undefined;
  };
  for (const result of sorted) {
    if (passed(result)) close(result);
    else run = run ? { ...run, last: result, checks: run.checks + 1 } : { first: result, last: result, checks: 1 };
  }
  close(undefined);
  return longest;
}

/** Failed checks by category, most first (ties in the categories' own order); a failure without one is not counted here. */
function failureCategories(counted: readonly FiguredResult[]): ServiceFigures['failures'] {
  const tally = new Map<FailureCategory, number>();
  for (const r of counted) if (!passed(r) && r.category) tally.set(r.category, (tally.get(r.category) ?? 0) + 1);
  return FAILURE_CATEGORIES.filter((c) => tally.has(c))
    .map((category) => ({ category, checks: tally.get(category)! }))
    .sort((a, b) => b.checks - a.checks);
}

/** The most frequent full reasons a service failed with (its team's own), at most `limit`, most first, then the latest. */
export function commonReasons(results: readonly FiguredResult[], limit: number, before?: string): v.InferOutput<typeof ReasonCountSchema>[] {
  const tally = new Map<string, { checks: number; last_at: string }>();
  for (const r of results) {
    if (r.voided === true || passed(r) || r.error === null || (before !== undefined && r.time >= before)) continue;
    const seen = tally.get(r.error);
    tally.set(r.error, { checks: (seen?.checks ?? 0) + 1, last_at: seen && seen.last_at > r.time ? seen.last_at : r.time });
  }
  return [...tally]
    .map(([reason, { checks, last_at }]) => ({ reason, checks, last_at }))
    .sort((a, b) => b.checks - a.checks || (a.last_at < b.last_at ? 1 : a.last_at > b.last_at ? -1 : 0))
    .slice(0, limit);
}
