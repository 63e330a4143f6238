import { superTypesRoutes } from '#shared/api/routes/super-types';
import { API_PREFIX } from '#shared/api/prefix';
import { addSuperType } from '#shared/app/live-edits';
import { auditContext } from '#shared/http/audit-context';
import { endpoint } from '#shared/http/endpoint';
import { created } from '#shared/http/responses';

/** An organiser adds a super type during the event; audited, Idempotency-Key honoured. */
export const handler = endpoint(superTypesRoutes.CreateSuperType, {}, async (request) => {
  const superType = await addSuperType(request.body, auditContext(request));
  request.log.info('super type created', { super_type: superType.id });
  return created(superType, `${API_PREFIX}/super-types/${superType.id}`);
});
