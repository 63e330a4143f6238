import { servicesRoutes } from '#shared/api/routes/services';
import { readAccountSecrets } from '#shared/data/account-secrets';
import { checkServiceInScope, servicesInScope } from '#shared/app/pool-scope';
import { endpoint } from '#shared/http/endpoint';
import { ok } from '#shared/http/responses';

/**
 * The one answer that carries the check accounts' secrets, to the scoring
 * agent (and admins): every service's once a round, or one service's for a
 * dry run, each opened under its own service's id. Never cached (an
 * authenticated answer is `no-store`), never logged (access lines hold no
 * bodies). An agent gets its own pool's only: a secret it has no service
 * of is never opened for it.
 */
export const handler = endpoint(servicesRoutes.GetCheckAccounts, {}, async ({ query, principal }) => {
  if (query.service_id !== undefined) await checkServiceInScope(principal, query.service_id);
  const scope = await servicesInScope(principal);
  const secrets = await readAccountSecrets(query.service_id, scope);
  return ok({ services: Object.fromEntries([...secrets].map(([id, accounts]) => [String(id), accounts])) });
});
