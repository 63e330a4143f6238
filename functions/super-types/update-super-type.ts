import { superTypesRoutes } from '#shared/api/routes/super-types';
import { renameSuperType } from '#shared/app/live-edits';
import { auditContext } from '#shared/http/audit-context';
import { endpoint } from '#shared/http/endpoint';
import { ok } from '#shared/http/responses';

/** An organiser renames a super type; audited, If-Match honoured. */
export const handler = endpoint(superTypesRoutes.UpdateSuperType, {}, async (request) => {
  const superType = await renameSuperType(request.id, request.body.name, request.headers['if-match'], auditContext(request));
  request.log.info('super type renamed', { super_type: superType.id, version: superType.version });
  return ok(superType);
});
