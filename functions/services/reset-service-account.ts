import { servicesRoutes } from '#shared/api/routes/services';
import { resetAccount } from '#shared/app/accounts';
import { auditContext } from '#shared/http/audit-context';
import { endpoint } from '#shared/http/endpoint';
import { ok } from '#shared/http/responses';

/** An organiser sets one check account back to its default, undoing a team's password change. */
export const handler = endpoint(servicesRoutes.ResetServiceAccount, {}, async (request) => {
  const view = await resetAccount(request.id, request.body.username, request.headers['if-match'], auditContext(request));
  request.log.info('account reset', { service_id: request.id });
  return ok(view);
});
