import * as v from 'valibot';
import { createAdjustment } from '#shared/data/scoring';
import { endpoint } from '#shared/http/endpoint';
import { notFound, serviceUnavailable, validationFailed } from '#shared/http/problem';
import { principalName } from '#shared/http/principal';
import { created } from '#shared/http/responses';
import { FreeText, PositiveInt } from '#shared/validation';
import { API_PREFIX } from '#shared/api/routes';

/** Large enough for any real inject or penalty; small enough that a typo cannot swamp a scoreboard. */
export const ADJUSTMENT_POINTS_MAX = 1_000_000;

const Body = v.strictObject({
  super_type_id: PositiveInt,
  points: v.pipe(
    v.number('must be a number'),
    v.integer('must be an integer'),
    v.check((n) => n !== 0, 'must not be 0'),
    v.minValue(-ADJUSTMENT_POINTS_MAX, `must be at least ${-ADJUSTMENT_POINTS_MAX}`),
    v.maxValue(ADJUSTMENT_POINTS_MAX, `must be at most ${ADJUSTMENT_POINTS_MAX}`),
  ),
  reason: FreeText(500),
});

export const handler = endpoint('CreateAdjustment', { body: Body, idempotent: true }, async ({ id, body, principal }) => {
  const outcome = await createAdjustment(id, body, principalName(principal));
  switch (outcome.kind) {
    case 'created':
      return created(outcome.adjustment, `${API_PREFIX}/teams/${id}/adjustments`);
    case 'team-not-found':
      throw notFound(`No team has id ${id}.`);
    case 'unknown-super-type':
      throw validationFailed([{ path: 'super_type_id', message: `no super type has id ${body.super_type_id}` }]);
    case 'busy':
      throw serviceUnavailable('busy', 'Too many concurrent writes to this team; nothing was written, try again.', 1);
  }
});
