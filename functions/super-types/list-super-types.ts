import { superTypesRoutes } from '#shared/api/routes/super-types';
import { listStoredSuperTypes } from '#shared/data/subtypes';
import { endpoint } from '#shared/http/endpoint';
import { ok } from '#shared/http/responses';

export const handler = endpoint(superTypesRoutes.ListSuperTypes, {}, async () => ok(await listStoredSuperTypes()));
