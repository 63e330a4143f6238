import { servicesRoutes } from '#shared/api/routes/services';
import { replaceAccounts } from '#shared/app/accounts';
import { auditContext } from '#shared/http/audit-context';
import { endpoint } from '#shared/http/endpoint';
import { ok } from '#shared/http/responses';

/** Sets a service's check accounts, secrets sealed; the answer and the audit entry name the users, never a secret. */
export const handler = endpoint(servicesRoutes.ReplaceServiceAccounts, {}, async (request) => {
  const { id, body, headers, log } = request;
  const view = await replaceAccounts(id, body.accounts, headers['if-match'], auditContext(request));
  log.info('accounts set', { service_id: id, users: body.accounts.map((a) => a.username).join(','), version: view.version });
  return ok(view);
});
