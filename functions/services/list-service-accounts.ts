import { servicesRoutes } from '#shared/api/routes/services';
import { accountsView, readAccountsItem } from '#shared/data/accounts';
import { getServiceDefinition } from '#shared/data/services';
import { endpoint } from '#shared/http/endpoint';
import { notFound } from '#shared/http/problem';
import { ok } from '#shared/http/responses';

/** Who a service's login check signs in as: user names, the kind of secret and when it was set, never the secrets (an admin's read). */
export const handler = endpoint(servicesRoutes.ListServiceAccounts, {}, async ({ id }) => {
  const [definition, item] = await Promise.all([getServiceDefinition(id), readAccountsItem(id, { consistent: true })]);
  if (!definition) throw notFound(`No service has id ${id}.`);
  if (!item) throw notFound(`Service ${id} has no check accounts (its check signs in as nobody): PUT them to set some.`);
  return ok(accountsView(item));
});
