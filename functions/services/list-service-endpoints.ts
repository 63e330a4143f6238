import { servicesRoutes } from '#shared/api/routes/services';
import { listServiceEndpoints } from '#shared/data/services';
import { endpoint } from '#shared/http/endpoint';
import { ok } from '#shared/http/responses';

/** Every service as organisers edit it, disabled ones too (the console's list of what it can enable again). */
export const handler = endpoint(servicesRoutes.ListServiceEndpoints, {}, async () => ok(await listServiceEndpoints()));
