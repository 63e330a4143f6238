import { poolsRoutes } from '#shared/api/routes/pools';
import { mailTokensFor } from '#shared/app/mail-tokens';
import { checkPoolInScope } from '#shared/app/pool-scope';
import { endpoint } from '#shared/http/endpoint';
import { ok } from '#shared/http/responses';

/** A pool's agent asks for its mail checks' tokens; an agent for its own pool's services only. */
export const handler = endpoint(poolsRoutes.MintMailTokens, {}, async ({ textId, body, principal }) => {
  checkPoolInScope(principal, textId);
  return ok({ tokens: await mailTokensFor(body.scan_ids, principal) });
});
