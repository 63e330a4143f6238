import { createAdjustment } from '#shared/data/scoring';
import { endpoint } from '#shared/http/endpoint';
import { notFound, serviceUnavailable, validationFailed } from '#shared/http/problem';
import { principalName } from '#shared/http/principal';
import { created } from '#shared/http/responses';
import { API_PREFIX } from '#shared/api/routes';

export const handler = endpoint('CreateAdjustment', {}, async ({ id, body, principal }) => {
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
