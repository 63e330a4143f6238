import { tokensRoutes } from '#shared/api/routes/tokens';
import { listTokens } from '#shared/data/tokens';
import { endpoint } from '#shared/http/endpoint';
import { ok } from '#shared/http/responses';

/** Every token, without secrets. */
export const handler = endpoint(tokensRoutes.ListTokens, {}, async () => ok(await listTokens()));
