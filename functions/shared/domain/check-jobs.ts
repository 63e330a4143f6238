/**
 * "Check now": a dry run of one service's check, asked by its team or an
 * organiser, run by the scoring agent and never scored. A job is queued by
 * the request, started by the agent that takes it, and done when the agent
 * reports its outcome. Pure rules; the table holds jobs in data/check-jobs.ts.
 */
import type { FailureCategory } from '#shared/domain/scoring/failure';

export const CHECK_JOB_STATES = ['queued', 'running', 'done', 'lost'] as const;
export type CheckJobState = (typeof CHECK_JOB_STATES)[number];

/** A team may ask for one dry run this often (an organiser's requests are not counted). */
export const CHECK_NOW_INTERVAL_SECONDS = 20;

/**
 * A job not done this long after it was asked is `lost`: its agent never took
 * it, or died under it. A check's own timeout is 30 s at most; the rest is
 * the agent's start and its reports.
 */
export const CHECK_JOB_LOST_AFTER_SECONDS = 120;

/** How long a job is kept (the table's TTL removes it). */
export const CHECK_JOB_KEPT_SECONDS = 86_400;

export interface CheckOutcome {
  passed: boolean;
  /** The full reason of a failure (the agent redacts secrets); null when it passed. */
  reason: string | null;
  category: FailureCategory | null;
  /** When the check began. */
  checked_at: string;
}

/** A job as stored; `state` is what was last written (see `jobState` for what it is now). */
export interface CheckJob {
  id: number;
  team_id: number;
  service_id: number;
  requested_by: string;
  requested_at: string;
  state: Exclude<CheckJobState, 'lost'>;
  started_at: string | null;
  outcome: CheckOutcome | null;
}

/** What a job is at `now`: as written, or `lost` once it has waited too long to be done. */
export function jobState(job: Pick<CheckJob, 'state' | 'requested_at'>, now: number): CheckJobState {
  if (job.state === 'done') return 'done';
  return now - Date.parse(job.requested_at) > CHECK_JOB_LOST_AFTER_SECONDS * 1000 ? 'lost' : job.state;
}

export type ShownCheckJob = Omit<CheckJob, 'state'> & { state: CheckJobState };

/** The job as a caller sees it now: its current state, and the reason only for those who see check details. */
export function shownJob(job: CheckJob, now: number, seesDetails: boolean): ShownCheckJob {
  const outcome = job.outcome && !seesDetails ? { ...job.outcome, reason: null } : job.outcome;
  return { ...job, state: jobState(job, now), outcome };
}
