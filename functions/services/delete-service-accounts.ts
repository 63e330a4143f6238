import { servicesRoutes } from '#shared/api/routes/services';
import { deleteAccounts } from '#shared/app/accounts';
import { auditContext } from '#shared/http/audit-context';
import { endpoint } from '#shared/http/endpoint';
import { noContent } from '#shared/http/responses';

/** Removes a service's check accounts (its login check then has none to sign in with). */
export const handler = endpoint(servicesRoutes.DeleteServiceAccounts, {}, async (request) => {
  await deleteAccounts(request.id, request.headers['if-match'], auditContext(request));
  request.log.info('accounts deleted', { service_id: request.id });
  return noContent();
});
