import { teamsRoutes } from '#shared/api/routes/teams';
import { editTeam } from '#shared/app/live-edits';
import { auditContext } from '#shared/http/audit-context';
import { endpoint } from '#shared/http/endpoint';
import { ok } from '#shared/http/responses';

/** An organiser renames, re-files, hides or shows a team; audited, If-Match honoured. */
export const handler = endpoint(teamsRoutes.UpdateTeam, {}, async (request) => {
  const { id, body, headers, log } = request;
  const team = await editTeam(id, body, headers['if-match'], auditContext(request));
  log.info('team edited', { team: id, hidden: team.hidden, version: team.version });
  return ok(team);
});
