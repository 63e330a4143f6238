import { poolsRoutes } from '#shared/api/routes/pools';
import { claimNextSlice } from '#shared/app/agents';
import { checkPoolInScope } from '#shared/app/pool-scope';
import { endpoint } from '#shared/http/endpoint';
import { ok } from '#shared/http/responses';

/** An agent takes the next slice of its pool's round, and marks the one it finished; an agent acts for its own pool only. */
export const handler = endpoint(poolsRoutes.ClaimSlice, {}, async ({ textId, body, principal }) => {
  checkPoolInScope(principal, textId);
  return ok(await claimNextSlice(textId, body));
});
