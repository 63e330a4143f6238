import { superTypesRoutes } from '#shared/api/routes/super-types';
import { retireSuperType } from '#shared/app/live-edits';
import { auditContext } from '#shared/http/audit-context';
import { endpoint } from '#shared/http/endpoint';
import { noContent } from '#shared/http/responses';

/** An organiser retires a super type nothing uses; audited, If-Match honoured. */
export const handler = endpoint(superTypesRoutes.RetireSuperType, {}, async (request) => {
  await retireSuperType(request.id, request.headers['if-match'], auditContext(request));
  request.log.info('super type retired', { super_type: request.id });
  return noContent();
});
