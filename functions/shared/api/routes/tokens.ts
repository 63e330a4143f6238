import { TokenCreateBody } from '#shared/api/schemas/requests/competition';
import { CreatedTokenSchema, TokenSchema } from '#shared/api/schemas/responses/competition';
import { route, json, list, none } from '#shared/api/route';

/**
 * API tokens, from the console or a script rather than the command line only:
 * minted with a mandatory expiry, listed without their secrets, revoked by
 * public id. Not idempotent on purpose: a replayed answer would have to keep
 * the secret in the clear.
 */
export const tokensRoutes = {
  CreateToken: route('CreateToken', 'POST', '/tokens', 'tokens/create-token', 'admin', 'read-write', {
    summary: 'Mint an API token (admin or service) that expires; its secret is answered once',
    body: TokenCreateBody,
    responses: { 201: json('The token, with its secret (shown this once).', CreatedTokenSchema) },
  }),
  ListTokens: route('ListTokens', 'GET', '/tokens', 'tokens/list-tokens', 'admin', 'read', {
    summary: 'Every API token, oldest first, without secrets',
    responses: { 200: list('Each token with its role, name, expiry and revocation.', TokenSchema) },
  }),
  RevokeToken: route('RevokeToken', 'DELETE', '/tokens/{id}', 'tokens/revoke-token', 'admin', 'read-write', {
    summary: 'Revoke a token by its public id: refused from its next request on',
    textId: { pattern: '^[0-9a-f]{8}$', description: "A token's public id: 8 lower-case hex digits." },
    responses: { 204: none },
  }),
} as const;
