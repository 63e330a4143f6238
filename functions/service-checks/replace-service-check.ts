import { serviceChecksRoutes } from '#shared/api/routes/service-checks';
import { replaceServiceCheck } from '#shared/app/live-edits';
import { auditContext } from '#shared/http/audit-context';
import { canonicalCheck } from '#shared/data/service-checks';
import { endpoint } from '#shared/http/endpoint';
import { ok } from '#shared/http/responses';

/** An organiser checks one service otherwise than its subtype says; audited, If-Match honoured. */
export const handler = endpoint(serviceChecksRoutes.ReplaceServiceCheck, {}, async (request) => {
  const { id, body, headers, log } = request;
  const written = await replaceServiceCheck(id, body, headers['if-match'], auditContext(request));
  log.info('service check replaced', { service: id, check: body.check, version: written.version });
  return ok({ ...written, check: canonicalCheck(body) });
});
