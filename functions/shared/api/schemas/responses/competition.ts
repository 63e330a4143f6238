import * as v from 'valibot';
import { Time, named } from '#shared/domain/shapes';

/**
 * Answers about API tokens and finalising.
 */

export const TokenSchema = named(
  'Token',
  'An API token as listed: its public id, never its secret or hash.',
  v.strictObject({
    token_id: v.pipe(v.string(), v.description('The public id: the 8 hex digits after `ccdc_` in the token.')),
    role: v.picklist(['admin', 'service', 'agent']),
    pool: v.pipe(v.nullable(v.string()), v.description('The pool an `agent` token works for; null for the other roles.')),
    name: v.string(),
    created_at: v.string(),
    expires_at: v.nullable(v.string()),
    revoked_at: v.nullable(v.string()),
  }),
);

export const CreatedTokenSchema = named(
  'CreatedToken',
  'A new token with its secret: the only answer that ever carries it (only its hash is stored). Hand it over; it cannot be read again.',
  v.strictObject({ ...TokenSchema.entries, token: v.string() }),
);

export const FinalisedSchema = named(
  'Finalised',
  'The competition is final: scan reports, adjustments, voids and scoring settings are refused from now on (409 `competition_final`).',
  v.strictObject({
    final: v.strictObject({ at: Time, by: v.string() }),
    already: v.pipe(v.boolean(), v.description('It was final before this request (nothing changed).')),
  }),
);
