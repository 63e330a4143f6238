import { poolsRoutes } from '#shared/api/routes/pools';
import { poolView } from '#shared/app/pools';
import { endpoint } from '#shared/http/endpoint';
import { ok } from '#shared/http/responses';

/** One pool and the services it checks now: what its agents read each round (an agent reads its own pool only). */
export const handler = endpoint(poolsRoutes.GetPool, {}, async ({ textId, principal }) => ok(await poolView(textId, principal)));
