import { servicesRoutes } from '#shared/api/routes/services';
import { readAccountSecrets } from '#shared/data/account-secrets';
import { endpoint } from '#shared/http/endpoint';
import { ok } from '#shared/http/responses';

/**
 * The one answer that carries the check accounts' secrets, to the scoring
 * agent (and admins): every service's once a round, or one service's for a
 * dry run, each opened under its own service's id. Never cached (an
 * authenticated answer is `no-store`), never logged (access lines hold no
 * bodies).
 */
export const handler = endpoint(servicesRoutes.GetCheckAccounts, {}, async ({ query }) => {
  const secrets = await readAccountSecrets(query.service_id);
  return ok({ services: Object.fromEntries([...secrets].map(([id, accounts]) => [String(id), accounts])) });
});
