import { poolsRoutes } from '#shared/api/routes/pools';
import { putHeartbeat } from '#shared/data/agents';
import { checkPoolInScope } from '#shared/app/pool-scope';
import { endpoint } from '#shared/http/endpoint';
import { noContent } from '#shared/http/responses';

/** An agent says it is alive and how its last round went; an agent speaks for its own pool only. */
export const handler = endpoint(poolsRoutes.SendHeartbeat, {}, async ({ textId, body, principal }) => {
  checkPoolInScope(principal, textId);
  await putHeartbeat(textId, body, new Date());
  return noContent();
});
