import { servicesRoutes } from '#shared/api/routes/services';
import { readServiceEndpoint } from '#shared/data/services';
import { endpoint } from '#shared/http/endpoint';
import { notFound } from '#shared/http/problem';
import { ok } from '#shared/http/responses';

/** Where a service's check goes; its ETag is what a live edit's If-Match names. */
export const handler = endpoint(servicesRoutes.GetServiceEndpoint, {}, async ({ id }) => {
  const found = await readServiceEndpoint(id);
  if (!found) throw notFound(`No service has id ${id}.`);
  return ok(found);
});
