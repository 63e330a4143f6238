import { teamsRoutes } from '#shared/api/routes/teams';
import { createAdjustment } from '#shared/app/adjustments';
import { endpoint } from '#shared/http/endpoint';
import { auditContext } from '#shared/http/audit-context';
import { competitionFinal, notFound, serviceUnavailable, validationFailed } from '#shared/http/problem';
import { principalName } from '#shared/http/principal';
import { created } from '#shared/http/responses';
import { API_PREFIX } from '#shared/api/prefix';

export const handler = endpoint(teamsRoutes.CreateAdjustment, {}, async (request) => {
  const { id, body, principal } = request;
  const outcome = await createAdjustment(id, body, principalName(principal), auditContext(request));
  switch (outcome.kind) {
    case 'created':
      return created(outcome.adjustment, `${API_PREFIX}/teams/${id}/adjustments`);
    case 'team-not-found':
      throw notFound(`No team has id ${id}.`);
    case 'unknown-super-type':
      throw validationFailed([{ path: 'super_type_id', message: `no super type has id ${body.super_type_id}` }]);
    case 'final':
      throw competitionFinal();
    case 'busy':
      throw serviceUnavailable('busy', 'Too many concurrent writes to this team; nothing was written, try again.', 1);
  }
});
