import { injectsRoutes } from '#shared/api/routes/injects';
import { editInject } from '#shared/app/injects';
import { auditContext } from '#shared/http/audit-context';
import { endpoint } from '#shared/http/endpoint';
import { ok } from '#shared/http/responses';

/** An organiser edits, publishes or retires an inject; audited, If-Match honoured. */
export const handler = endpoint(injectsRoutes.UpdateInject, {}, async (request) => {
  const { id, body, headers, log } = request;
  const inject = await editInject(id, body, headers['if-match'], auditContext(request));
  log.info('inject edited', { inject: id, state: inject.state, version: inject.version });
  return ok(inject);
});
