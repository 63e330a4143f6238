import type { DynamoDBBatchResponse, DynamoDBStreamEvent } from 'aws-lambda';
import { foldBatch, paddedSequence } from '#shared/data/fold';
import { toFoldInputs, voidJobWakeups } from '#shared/data/fold-events';
import { advanceVoidJob, voidJobIdOf } from '#shared/data/voids';
import { createLogger, type Logger } from '#shared/log';

/** How long one invocation keeps stepping a void job before leaving the rest to the wake-ups its own steps wrote (the function has 60 s). */
const VOID_JOB_BUDGET_MS = 20_000;

/**
 * The stream consumer: folds new results and adjustments (and results voided
 * or restored) into the services' state and the teams' totals, and steps the
 * running void jobs. Partial batch responses: the first record that could
 * not be handled is retried with everything after it (already folded
 * records are skipped by the watermarks, already taken job steps by the job's
 * step counter).
 */
export const handler = async (event: DynamoDBStreamEvent): Promise<DynamoDBBatchResponse> => {
  const log = createLogger({ route: 'FoldResults' });
  // The event source mapping filters already; this keeps a misconfigured mapping harmless.
  const inputs = toFoldInputs(event.Records);
  const foldFailed = await foldBatch(inputs, log);
  const jobs = voidJobWakeups(event.Records);
  const jobFailed = await stepVoidJobs(jobs, log);
  const failed = [foldFailed, jobFailed].filter((s): s is string => s !== undefined).sort((a, b) => (paddedSequence(a) < paddedSequence(b) ? -1 : 1))[0];
  log.info('folded', { records: event.Records.length, folded: inputs.length, void_jobs: jobs.length, failed: failed ?? null });
  return { batchItemFailures: failed ? [{ itemIdentifier: failed }] : [] };
};

/** Steps each woken job until it is done or the budget is spent; the first job that failed is retried from its record. */
async function stepVoidJobs(jobs: { sequenceNumber: string; pk: string }[], log: Logger): Promise<string | undefined> {
  const started = Date.now();
  for (const job of jobs) {
    try {
      while ((await advanceVoidJob(voidJobIdOf(job.pk))) === 'running' && Date.now() - started < VOID_JOB_BUDGET_MS);
    } catch (error) {
      log.error('void job step failed', { job: job.pk, error: error instanceof Error ? error.message : String(error) });
      return job.sequenceNumber;
    }
  }
  return undefined;
}
