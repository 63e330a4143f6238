import { injectsRoutes } from '#shared/api/routes/injects';
import { requestExport } from '#shared/app/exports';
import { endpoint } from '#shared/http/endpoint';
import { accepted } from '#shared/http/responses';
import { API_PREFIX } from '#shared/api/prefix';

/** An inject's submissions as one ZIP in the bucket: a job the worker writes (a large export takes longer than a request may). */
export const handler = endpoint(injectsRoutes.ExportSubmissions, {}, async ({ id, principal, log }) => {
  const job = await requestExport(id, principal!.name, log);
  return accepted(job, `${API_PREFIX}/injects/exports/${job.id}`);
});
