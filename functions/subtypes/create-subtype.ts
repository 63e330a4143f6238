import { subtypesRoutes } from '#shared/api/routes/subtypes';
import { API_PREFIX } from '#shared/api/prefix';
import { addSubtype } from '#shared/app/live-edits';
import { auditContext } from '#shared/http/audit-context';
import { endpoint } from '#shared/http/endpoint';
import { created } from '#shared/http/responses';

/** An organiser adds a subtype during the event; audited, Idempotency-Key honoured. */
export const handler = endpoint(subtypesRoutes.CreateSubtype, {}, async (request) => {
  const subtype = await addSubtype(request.body, auditContext(request));
  request.log.info('subtype created', { subtype: subtype.id, check: subtype.check });
  return created(subtype, `${API_PREFIX}/subtypes/${subtype.id}`);
});
