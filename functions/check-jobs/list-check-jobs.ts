import { checkJobsRoutes } from '#shared/api/routes/check-jobs';
import { listQueuedCheckJobs } from '#shared/data/check-jobs';
import { servicesInScope } from '#shared/app/pool-scope';
import { shownJob } from '#shared/domain/check-jobs';
import { endpoint } from '#shared/http/endpoint';
import { ok } from '#shared/http/responses';

/** The queue a polling agent takes jobs from, oldest first: an agent's, its own pool's jobs only. */
export const handler = endpoint(checkJobsRoutes.ListCheckJobs, {}, async ({ principal }) => {
  const now = Date.now();
  const jobs = await listQueuedCheckJobs();
  // An agent polls every few seconds and most polls find none: its pool's services are read only when a job waits.
  const scope = jobs.length > 0 ? await servicesInScope(principal) : undefined;
  return ok(jobs.filter((job) => !scope || scope.has(job.service_id)).map((job) => shownJob(job, now, true)));
});
