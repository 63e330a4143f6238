import * as v from 'valibot';
import { FreeText, Timestamp } from '#shared/validation';
import { POOL_NAME_PATTERN } from '#shared/domain/pools';

/**
 * The competition as a whole: API tokens and finalising.
 */

/** How far ahead a token minted through the API may expire (the command line may mint one that never does). */
export const TOKEN_MAX_DAYS = 90;

/** A token minted through the API: its expiry is mandatory. */
export const TokenCreateBody = v.pipe(
  v.strictObject({
    role: v.pipe(
      v.picklist(['admin', 'service', 'agent'], 'must be admin, service or agent'),
      v.description(
        "`admin`: organisers; `service`: scoring agents of every pool, which may also change the settings and DNS records; `agent`: one pool's scoring agent (give `pool`).",
      ),
    ),
    pool: v.optional(
      v.pipe(
        v.string(),
        v.regex(new RegExp(POOL_NAME_PATTERN), 'must be a pool name'),
        v.description('The pool an `agent` token works for (it must exist); no other role takes one.'),
      ),
    ),
    name: v.pipe(FreeText(100), v.description('Whose it is, as the audit trail will name it.')),
    expires_at: v.pipe(
      Timestamp,
      v.check((t) => Date.parse(t) > Date.now(), 'must be in the future'),
      v.check((t) => Date.parse(t) <= Date.now() + TOKEN_MAX_DAYS * 86_400_000, `must be at most ${TOKEN_MAX_DAYS} days ahead`),
      v.description(`When it stops working: mandatory, at most ${TOKEN_MAX_DAYS} days ahead.`),
    ),
  }),
  v.forward(
    v.check((body) => (body.role === 'agent') === (body.pool !== undefined), 'an agent token names its pool, and no other token names one'),
    ['pool'],
  ),
);

/** Finalising: `force` locks the results before end_time plus the grace period has passed. */
export const FinaliseBody = v.strictObject({
  force: v.optional(v.pipe(v.boolean(), v.description('Lock now, though results may still arrive (before end_time plus late_result_grace_seconds).'))),
});
