import { injectsRoutes } from '#shared/api/routes/injects';
import { API_PREFIX } from '#shared/api/prefix';
import { createInject } from '#shared/app/injects';
import { auditContext } from '#shared/http/audit-context';
import { endpoint } from '#shared/http/endpoint';
import { created } from '#shared/http/responses';

/** An organiser writes an inject (a draft); audited, Idempotency-Key honoured. */
export const handler = endpoint(injectsRoutes.CreateInject, {}, async (request) => {
  const inject = await createInject(request.body, auditContext(request));
  request.log.info('inject created', { inject: inject.id });
  return created(inject, `${API_PREFIX}/injects/${inject.id}`);
});
