import { servicesRoutes } from '#shared/api/routes/services';
import { readAccountSummaries } from '#shared/data/accounts';
import { getServiceDefinition } from '#shared/data/services';
import { endpoint } from '#shared/http/endpoint';
import { notFound } from '#shared/http/problem';
import { ok } from '#shared/http/responses';

/** Who a service's login check signs in as: user names and the kind of secret, never the secrets (an admin's read). */
export const handler = endpoint(servicesRoutes.ListServiceAccounts, {}, async ({ id }) => {
  const [definition, accounts] = await Promise.all([getServiceDefinition(id), readAccountSummaries(id)]);
  if (!definition) throw notFound(`No service has id ${id}.`);
  return ok(accounts);
});
