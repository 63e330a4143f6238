import { teamAccountsRoutes } from '#shared/api/routes/team-accounts';
import { endSessionsOf } from '#shared/data/sessions';
import { getTeamRecord } from '#shared/data/teams';
import { auditContext } from '#shared/http/audit-context';
import { endpoint } from '#shared/http/endpoint';
import { notFound } from '#shared/http/problem';
import { ok } from '#shared/http/responses';

/** An organiser signs a whole team out: every open session of the team ends at once. */
export const handler = endpoint(teamAccountsRoutes.EndTeamSessions, {}, async (request) => {
  if (!(await getTeamRecord(request.id))) throw notFound(`No team has id ${request.id}.`);
  const ended = await endSessionsOf(request.id, auditContext(request));
  request.log.info('team sessions ended', { team: request.id, ended });
  return ok({ ended });
});
