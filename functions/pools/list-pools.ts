import { poolsRoutes } from '#shared/api/routes/pools';
import { poolViews } from '#shared/app/pools';
import { agentPool } from '#shared/app/pool-scope';
import { endpoint } from '#shared/http/endpoint';
import { ok } from '#shared/http/responses';

/** Every pool, `cloud` first, with the services each checks now; an agent's own pool only. */
export const handler = endpoint(poolsRoutes.ListPools, {}, async ({ principal }) => {
  const pool = agentPool(principal);
  return ok((await poolViews({ consistent: true })).filter((p) => pool === undefined || p.name === pool));
});
