import { injectsRoutes } from '#shared/api/routes/injects';
import { exportSubmissions } from '#shared/app/files';
import { endpoint } from '#shared/http/endpoint';
import { created } from '#shared/http/responses';

/** An inject's submissions as one ZIP in the bucket, answered with a link to it (never the ZIP itself: an HTTP API's answer stops at 10 MB). */
export const handler = endpoint(injectsRoutes.ExportSubmissions, {}, async ({ id, log }) => {
  const exported = await exportSubmissions(id);
  log.info('submissions exported', { inject: id, key: exported.key, bytes: exported.bytes, submissions: exported.submissions, files: exported.files });
  return created(exported, exported.url);
});
