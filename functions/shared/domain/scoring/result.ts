/**
 * What a result earns, decided once, when it arrives: the fold never reads
 * the settings or the service, so what was decided here is what counts.
 * Pure.
 */
import type { FailureCategory } from '#shared/domain/scoring/failure';

/** Where the scoring window and the grace period come from (the settings). */
export interface ScoringRules {
  scoring_enabled: boolean;
  start_time: string | null;
  end_time: string | null;
  late_result_grace_seconds: number;
}

/**
 * What a result earns, decided at arrival. `scoring_enabled` (which has no
 * history) is judged at arrival; the window `[start_time, end_time)` by the
 * check's own time; and a result arriving later than `end_time` plus the
 * grace period earns nothing whatever its time, so nobody can backdate points
 * into a finished event. `scored`: whether it counts toward max_score.
 */
export function resultScoring(rules: ScoringRules, score: number, checkTime: Date, arrival: Date): { points: number; scored: boolean } {
  const end = rules.end_time ? Date.parse(rules.end_time) : undefined;
  const scored =
    rules.scoring_enabled &&
    inScoringWindow(rules, checkTime.getTime()) &&
    (end === undefined || arrival.getTime() <= end + rules.late_result_grace_seconds * 1000);
  return { points: scored ? score : 0, scored };
}

/** Whether a check at `at` (epoch ms) falls in the event's window `[start_time, end_time)`: what earns points, and when the agent checks at all. */
export function inScoringWindow(rules: Pick<ScoringRules, 'start_time' | 'end_time'>, at: number): boolean {
  return (rules.start_time === null || at >= Date.parse(rules.start_time)) && (rules.end_time === null || at < Date.parse(rules.end_time));
}

/** Scan results are equal when the agent reported the same score and error (for idempotent repeats; the category only names the error's kind). */
export function sameResult(a: { score: number; error: string | null }, b: { score: number; error: string | null }): boolean {
  return a.score === b.score && (a.error ?? null) === (b.error ?? null);
}

/** Whether a check passed: it scored all it could. */
export const passed = (result: Pick<FoldedResult, 'score' | 'max_score'>) => result.score >= result.max_score;

/** Checks in the order they were made: by check time, equal times by scan_id (the order SLA runs and outages follow). */
export const byCheckOrder = (a: Pick<FoldedResult, 'time' | 'scan_id'>, b: Pick<FoldedResult, 'time' | 'scan_id'>) =>
  a.time < b.time ? -1 : a.time > b.time ? 1 : a.scan_id < b.scan_id ? -1 : a.scan_id > b.scan_id ? 1 : 0;

/** Whether check (time, scan_id) a is newer than b: by check time, equal times by scan_id. */
export function newerCheck(a: { time: string; scan_id: string }, b: { time: string | null; scan_id: string | null }): boolean {
  if (b.time === null) return true;
  return a.time > b.time || (a.time === b.time && a.scan_id > (b.scan_id ?? ''));
}

/** The fields of a stored result the fold reads: everything it needs was decided at arrival. */
export interface FoldedResult {
  scan_id: string;
  score: number;
  error: string | null;
  /**
   * What kind of failure `error` is (null: a pass, or the agent did not say;
   * read as null on results stored before categories existed). Stored on the
   * result and folded into the state and the status cell; the history index
   * does not project it (an LSI's projection is fixed when the table is made).
   */
  category: FailureCategory | null;
  /** When the check ran. */
  time: string;
  /** What it earned (its score, or 0 outside scoring). */
  points: number;
  /** Whether it counts toward what could have been earned. */
  scored: boolean;
  max_score: number;
  super_type_id: number;
  /** The SLA rules in force when it arrived (0: SLA off); absent on results stored before SLA existed. */
  sla_threshold?: number;
  sla_penalty?: number;
  /** Removed from scoring by an organiser: it earns nothing and takes no part in SLA runs. */
  voided?: boolean;
}
