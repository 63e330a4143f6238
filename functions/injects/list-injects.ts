import { injectsRoutes } from '#shared/api/routes/injects';
import { listInjects } from '#shared/data/injects';
import { endpoint } from '#shared/http/endpoint';
import { ok } from '#shared/http/responses';

/** Every inject, as organisers write them. */
export const handler = endpoint(injectsRoutes.ListInjects, {}, async () => ok(await listInjects({ consistent: true })));
