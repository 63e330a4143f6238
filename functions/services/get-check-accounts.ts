import { servicesRoutes } from '#shared/api/routes/services';
import { readAccountSecrets } from '#shared/data/account-secrets';
import { endpoint } from '#shared/http/endpoint';
import { ok } from '#shared/http/responses';

/**
 * The one answer that carries the check accounts' secrets, to the scoring
 * agent (and admins), once a round: every service's, opened under its own
 * id. Never cached (an authenticated answer is `no-store`), never logged
 * (access lines hold no bodies).
 */
export const handler = endpoint(servicesRoutes.GetCheckAccounts, {}, async () => {
  const secrets = await readAccountSecrets();
  return ok({ services: Object.fromEntries([...secrets].map(([id, accounts]) => [String(id), accounts])) });
});
