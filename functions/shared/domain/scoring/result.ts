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
  const start = rules.start_time ? Date.parse(rules.start_time) : undefined;
  const end = rules.end_time ? Date.parse(rules.end_time) : undefined;
  const at = checkTime.getTime();
  const scored =
    rules.scoring_enabled &&
    (start === undefined || at >= start) &&
    (end === undefined || (at < end && arrival.getTime() <= end + rules.late_result_grace_seconds * 1000));
  return { points: scored ? score : 0, scored };
}

/** Scan results are equal when the agent reported the same score and error (for idempotent repeats; the category only names the error's kind). */
export function sameResult(a: { score: number; error: string | null }, b: { score: number; error: string | null }): boolean {
  return a.score === b.score && (a.error ?? null) === (b.error ?? null);
}

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
