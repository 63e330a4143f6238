import { teamsRoutes } from '#shared/api/routes/teams';
import { API_PREFIX } from '#shared/api/prefix';
import { addTeam } from '#shared/app/live-edits';
import { auditContext } from '#shared/http/audit-context';
import { endpoint } from '#shared/http/endpoint';
import { created } from '#shared/http/responses';

/** An organiser adds a team to the running event; audited, Idempotency-Key honoured. */
export const handler = endpoint(teamsRoutes.CreateTeam, {}, async (request) => {
  const { body, log } = request;
  const team = await addTeam(body, auditContext(request));
  log.info('team created', { team: team.id, number: team.number, hidden: team.hidden });
  return created(team, `${API_PREFIX}/teams/${team.id}/profile`);
});
