import { checksRoutes } from '#shared/api/routes/checks';
import { listQueuedCheckJobs } from '#shared/data/check-jobs';
import { servicesInScope } from '#shared/app/pool-scope';
import { shownJob } from '#shared/domain/check-jobs';
import { endpoint } from '#shared/http/endpoint';
import { ok } from '#shared/http/responses';

/** The queue a polling agent takes jobs from, oldest first: an agent's, its own pool's jobs only. */
export const handler = endpoint(checksRoutes.ListCheckJobs, {}, async ({ principal }) => {
  const now = Date.now();
  const [jobs, scope] = await Promise.all([listQueuedCheckJobs(), servicesInScope(principal)]);
  return ok(jobs.filter((job) => !scope || scope.has(job.service_id)).map((job) => shownJob(job, now, true)));
});
