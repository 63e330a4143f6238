import { checksRoutes } from '#shared/api/routes/checks';
import { listQueuedCheckJobs } from '#shared/data/check-jobs';
import { shownJob } from '#shared/domain/check-jobs';
import { endpoint } from '#shared/http/endpoint';
import { ok } from '#shared/http/responses';

/** The queue a polling agent takes jobs from, oldest first. */
export const handler = endpoint(checksRoutes.ListCheckJobs, {}, async () => {
  const now = Date.now();
  return ok((await listQueuedCheckJobs()).map((job) => shownJob(job, now, true)));
});
