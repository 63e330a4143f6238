import { servicesRoutes } from '#shared/api/routes/services';
import { editService } from '#shared/app/live-edits';
import { auditContext } from '#shared/http/audit-context';
import { endpoint } from '#shared/http/endpoint';
import { ok } from '#shared/http/responses';

/** An organiser moves a service to another address or port, changes its points, or disables or enables it; audited, If-Match honoured. */
export const handler = endpoint(servicesRoutes.UpdateService, {}, async (request) => {
  const { id, body, headers, log } = request;
  const moved = await editService(id, body, headers['if-match'], auditContext(request));
  log.info('service edited', { service_id: id, url: moved.url, port: moved.port, max_score: moved.max_score, enabled: moved.enabled, version: moved.version });
  return ok(moved);
});
