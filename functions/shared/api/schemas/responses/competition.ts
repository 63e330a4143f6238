import * as v from 'valibot';
import { Id, Time, named } from '#shared/domain/shapes';
import { TokenSchema } from '#shared/domain/tokens';

/**
 * Answers about API tokens and finalising (a token's schema is the domain's,
 * domain/tokens.ts).
 */

export { TokenSchema };

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
    debriefs_export: v.pipe(
      v.nullable(Id),
      v.description(
        "The export of every visible team's debrief that finalising started (GET /debriefs/exports/{id}): the worker builds each debrief, so members' first reads find them built. Null when it was final already.",
      ),
    ),
  }),
);
