import { servicesRoutes } from '#shared/api/routes/services';
import { API_PREFIX } from '#shared/api/prefix';
import { addService } from '#shared/app/live-edits';
import { auditContext } from '#shared/http/audit-context';
import { endpoint } from '#shared/http/endpoint';
import { created } from '#shared/http/responses';

/** An organiser adds a service to a team during the event; audited, Idempotency-Key honoured. */
export const handler = endpoint(servicesRoutes.CreateService, {}, async (request) => {
  const { body, log } = request;
  const service = await addService(body, auditContext(request));
  log.info('service created', { service_id: service.id, team: service.team_id, subtype: service.subtype_id });
  return created(service, `${API_PREFIX}/services/${service.id}/endpoint`);
});
