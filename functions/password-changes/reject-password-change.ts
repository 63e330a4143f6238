import { passwordChangesRoutes } from '#shared/api/routes/password-changes';
import { decideRequest } from '#shared/app/password-changes';
import { auditContext } from '#shared/http/audit-context';
import { endpoint } from '#shared/http/endpoint';
import { principalName } from '#shared/http/principal';
import { ok } from '#shared/http/responses';

/** An organiser rejects a waiting request; the team reads why in its history. */
export const handler = endpoint(passwordChangesRoutes.RejectPasswordChange, {}, async (request) => {
  const change = await decideRequest(
    request.id,
    { approve: false, reason: request.body.reason },
    principalName(request.principal),
    auditContext(request),
    request.log,
  );
  request.log.info('password change rejected', { request: change.id, team: change.team_id });
  return ok(change);
});
