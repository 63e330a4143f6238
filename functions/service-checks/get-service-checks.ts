import { serviceChecksRoutes } from '#shared/api/routes/service-checks';
import { listServiceChecks } from '#shared/data/service-checks';
import { servicesInScope } from '#shared/app/pool-scope';
import { endpoint } from '#shared/http/endpoint';
import { ok } from '#shared/http/responses';

/** The services checked otherwise than their subtype says: the agent reads them with the subtypes once a round (an agent, its pool's). */
export const handler = endpoint(serviceChecksRoutes.GetServiceChecks, {}, async ({ principal }) => {
  const [checks, scope] = await Promise.all([listServiceChecks(), servicesInScope(principal)]);
  return ok({ services: Object.fromEntries([...checks].filter(([id]) => !scope || scope.has(id)).map(([id, check]) => [String(id), check])) });
});
