/**
 * "Check now": a dry run of one service's check, asked by its team or an
 * organiser, run by the scoring agent and never scored. A job is queued by
 * the request, started by the agent that takes it, and done when the agent
 * reports its outcome. Pure rules; the table holds jobs in data/check-jobs.ts.
 */
import * as v from 'valibot';
import { FAILURE_CATEGORIES } from '#shared/domain/scoring/failure';
import { Id, named, Reason, Time } from '#shared/domain/shapes';

/** What a job's `state` is as written; `lost` is only ever shown (see `jobState`). */
export const STORED_CHECK_JOB_STATES = ['queued', 'running', 'done'] as const;
export const CHECK_JOB_STATES = [...STORED_CHECK_JOB_STATES, 'lost'] as const;
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

const checkJobFields = {
  id: Id,
  team_id: Id,
  service_id: Id,
  requested_by: v.pipe(v.string(), v.description("The member's account (or the organiser) who asked.")),
  requested_at: Time,
  state: v.picklist(STORED_CHECK_JOB_STATES),
  started_at: v.nullable(Time),
  // What the agent reported of its check, once done.
  outcome: v.nullable(
    v.strictObject({
      passed: v.boolean(),
      reason: Reason,
      category: v.pipe(v.nullable(v.picklist(FAILURE_CATEGORIES)), v.description('What kind of failure; null when it passed.')),
      // When the check began.
      checked_at: Time,
    }),
  ),
};

/** A job as stored; `state` is what was last written (see `jobState` for what it is now). */
export const StoredCheckJobSchema = v.strictObject(checkJobFields);
export type CheckJob = v.InferOutput<typeof StoredCheckJobSchema>;
export type CheckOutcome = NonNullable<CheckJob['outcome']>;

/** A job as a caller sees it: its state now (`lost` once it waited too long). */
export const CheckJobSchema = named(
  'CheckJob',
  'A "check now" job: a dry run of one service\'s check by the scoring agent, never scored.',
  v.strictObject({
    ...checkJobFields,
    state: v.pipe(
      v.picklist(CHECK_JOB_STATES),
      v.description(
        `\`queued\` until an agent takes it, \`running\` while it checks, \`done\` with its outcome; \`lost\` when it was not done within ${CHECK_JOB_LOST_AFTER_SECONDS} s (no agent took it, or it stopped).`,
      ),
    ),
  }),
);
export type ShownCheckJob = v.InferOutput<typeof CheckJobSchema>;

/** What a job is at `now`: as written, or `lost` once it has waited too long to be done. */
export function jobState(job: Pick<CheckJob, 'state' | 'requested_at'>, now: number): CheckJobState {
  if (job.state === 'done') return 'done';
  return now - Date.parse(job.requested_at) > CHECK_JOB_LOST_AFTER_SECONDS * 1000 ? 'lost' : job.state;
}

/** The job as a caller sees it now: its current state, and the reason only for those who see check details. */
export function shownJob(job: CheckJob, now: number, seesDetails: boolean): ShownCheckJob {
  const outcome = job.outcome && !seesDetails ? { ...job.outcome, reason: null } : job.outcome;
  return { ...job, state: jobState(job, now), outcome };
}
