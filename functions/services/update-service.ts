import { servicesRoutes } from '#shared/api/routes/services';
import { moveService } from '#shared/app/live-edits';
import { auditContext } from '#shared/http/audit-context';
import { endpoint } from '#shared/http/endpoint';
import { ok } from '#shared/http/responses';

/** An organiser moves a service to another address or port; audited, If-Match honoured. */
export const handler = endpoint(servicesRoutes.UpdateService, {}, async (request) => {
  const { id, body, headers, log } = request;
  const moved = await moveService(id, body, headers['if-match'], auditContext(request));
  log.info('service moved', { service: id, url: moved.url, port: moved.port, version: moved.version });
  return ok(moved);
});
