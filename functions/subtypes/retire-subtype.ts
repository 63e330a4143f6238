import { subtypesRoutes } from '#shared/api/routes/subtypes';
import { retireSubtype } from '#shared/app/live-edits';
import { auditContext } from '#shared/http/audit-context';
import { endpoint } from '#shared/http/endpoint';
import { noContent } from '#shared/http/responses';

/** An organiser retires a subtype no service has; audited, If-Match honoured. */
export const handler = endpoint(subtypesRoutes.RetireSubtype, {}, async (request) => {
  await retireSubtype(request.id, request.headers['if-match'], auditContext(request));
  request.log.info('subtype retired', { subtype: request.id });
  return noContent();
});
