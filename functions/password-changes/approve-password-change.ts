import { passwordChangesRoutes } from '#shared/api/routes/password-changes';
import { decideRequest } from '#shared/app/password-changes';
import { auditContext } from '#shared/http/audit-context';
import { endpoint } from '#shared/http/endpoint';
import { principalName } from '#shared/http/principal';
import { ok } from '#shared/http/responses';

/** An organiser approves a waiting request: its passwords reach the agent from its next round. */
export const handler = endpoint(passwordChangesRoutes.ApprovePasswordChange, {}, async (request) => {
  const change = await decideRequest(request.id, { approve: true }, principalName(request.principal), auditContext(request), request.log);
  request.log.info('password change approved', { request: change.id, team: change.team_id });
  return ok(change);
});
