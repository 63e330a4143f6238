import { checkJobsRoutes } from '#shared/api/routes/check-jobs';
import { updateCheckJob } from '#shared/app/check-jobs';
import { shownJob } from '#shared/domain/check-jobs';
import { endpoint } from '#shared/http/endpoint';
import { ok } from '#shared/http/responses';

/** An agent takes a job, then reports its outcome: each move only from the state before it (409 otherwise), an agent's only on its pool's services. */
export const handler = endpoint(checkJobsRoutes.UpdateCheckJob, {}, async ({ id, body, principal }) => {
  const now = Date.now();
  return ok(shownJob(await updateCheckJob(id, body, principal, now), now, true));
});
