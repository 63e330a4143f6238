import { serviceChecksRoutes } from '#shared/api/routes/service-checks';
import { readServiceEndpoint } from '#shared/data/services';
import { readServiceCheck } from '#shared/data/service-checks';
import { endpoint } from '#shared/http/endpoint';
import { notFound } from '#shared/http/problem';
import { ok } from '#shared/http/responses';

/** A service's own check; its ETag is what a replace's If-Match names. 404 when it has none (a first one is PUT without If-Match), as for its accounts. */
export const handler = endpoint(serviceChecksRoutes.GetServiceCheck, {}, async ({ id }) => {
  const [service, check] = await Promise.all([readServiceEndpoint(id), readServiceCheck(id)]);
  if (!service) throw notFound(`No service has id ${id}.`);
  const { check: own } = check;
  if (!own) throw notFound(`Service ${id} has no check of its own: it is checked as its subtype says.`);
  return ok({ ...check, check: own });
});
