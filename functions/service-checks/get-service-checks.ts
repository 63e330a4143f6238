import { serviceChecksRoutes } from '#shared/api/routes/service-checks';
import { listServiceChecks } from '#shared/data/service-checks';
import { endpoint } from '#shared/http/endpoint';
import { ok } from '#shared/http/responses';

/** The services checked otherwise than their subtype says: the agent reads them with the subtypes once a round. */
export const handler = endpoint(serviceChecksRoutes.GetServiceChecks, {}, async () => {
  const checks = await listServiceChecks();
  return ok({ services: Object.fromEntries([...checks].map(([id, check]) => [String(id), check])) });
});
