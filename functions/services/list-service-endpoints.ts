import { servicesRoutes } from '#shared/api/routes/services';
import { currentServiceEndpoints } from '#shared/data/fresh';
import { endpoint } from '#shared/http/endpoint';
import { ok } from '#shared/http/responses';

/** Every service as organisers edit it, disabled ones too (the console's list of what it can enable again): a warm function's copy while no definition moved. */
export const handler = endpoint(servicesRoutes.ListServiceEndpoints, {}, async () => ok(await currentServiceEndpoints()));
