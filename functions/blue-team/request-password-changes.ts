import { blueTeamRoutes } from '#shared/api/routes/blue-team';
import { requestPasswordChanges } from '#shared/app/password-changes';
import { auditContext } from '#shared/http/audit-context';
import { endpoint } from '#shared/http/endpoint';
import { created } from '#shared/http/responses';

/** A team (or an organiser for it) sends new passwords of its check accounts: applied now, later or on approval, as the settings say. */
export const handler = endpoint(blueTeamRoutes.RequestPasswordChanges, {}, async (request) => {
  const { id, body, principal } = request;
  const change = await requestPasswordChanges({ teamId: id, rows: body, requestedBy: principal!.name, audit: auditContext(request), log: request.log });
  request.log.info('password change requested', { team: id, request: change.id, accounts: change.changes.length, state: change.state });
  return created(change, `${blueTeamRoutes.ListTeamPasswordChanges.path.replace('{id}', String(id))}`);
});
