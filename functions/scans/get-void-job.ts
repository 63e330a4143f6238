import { scansRoutes } from '#shared/api/routes/scans';
import { getVoidJob } from '#shared/app/voids';
import { endpoint } from '#shared/http/endpoint';
import { notFound } from '#shared/http/problem';
import { ok } from '#shared/http/responses';

export const handler = endpoint(scansRoutes.GetVoidJob, {}, async ({ id }) => {
  const job = await getVoidJob(id);
  if (!job) throw notFound(`No void has id ${id}.`);
  return ok(job);
});
