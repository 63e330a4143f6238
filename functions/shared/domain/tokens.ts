/**
 * An API token as stored (under the SHA-256 of the whole token, which is
 * never shown) and as organisers list it: its public id, role, name, expiry
 * and revocation. How a token is made and checked is auth/tokens.ts.
 */
import * as v from 'valibot';
import { named } from '#shared/domain/shapes';

export const TokenSchema = named(
  'Token',
  'An API token as listed: its public id, never its secret or hash.',
  v.strictObject({
    token_id: v.pipe(v.string(), v.description('The public id: the 8 hex digits after `ccdc_` in the token.')),
    role: v.picklist(['admin', 'service', 'agent']),
    // The pool an `agent` token works for (domain/pools.ts); null for every other role.
    pool: v.pipe(v.nullable(v.string()), v.description('The pool an `agent` token works for; null for the other roles.')),
    name: v.string(),
    created_at: v.string(),
    expires_at: v.nullable(v.string()),
    revoked_at: v.nullable(v.string()),
  }),
);
export type TokenRecord = v.InferOutput<typeof TokenSchema>;
