import { serviceChecksRoutes } from '#shared/api/routes/service-checks';
import { replaceServiceCheck } from '#shared/app/live-edits';
import { auditContext } from '#shared/http/audit-context';
import { endpoint } from '#shared/http/endpoint';
import { noContent } from '#shared/http/responses';

/** A service is checked as its subtype says again; audited, If-Match honoured. */
export const handler = endpoint(serviceChecksRoutes.DeleteServiceCheck, {}, async (request) => {
  await replaceServiceCheck(request.id, null, request.headers['if-match'], auditContext(request));
  request.log.info('service check removed', { service: request.id });
  return noContent();
});
