import { checksRoutes } from '#shared/api/routes/checks';
import { updateCheckJob } from '#shared/app/check-jobs';
import { shownJob } from '#shared/domain/check-jobs';
import { endpoint } from '#shared/http/endpoint';
import { ok } from '#shared/http/responses';

/** An agent takes a job, then reports its outcome: each move only from the state before it (409 otherwise). */
export const handler = endpoint(checksRoutes.UpdateCheckJob, {}, async ({ id, body }) => {
  const now = Date.now();
  return ok(shownJob(await updateCheckJob(id, body, now), now, true));
});
