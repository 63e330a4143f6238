import { subtypesRoutes } from '#shared/api/routes/subtypes';
import { listSubtypes } from '#shared/data/subtypes';
import { endpoint } from '#shared/http/endpoint';
import { ok } from '#shared/http/responses';

export const handler = endpoint(subtypesRoutes.ListSubtypes, {}, async () => ok(await listSubtypes()));
