import { teamAccountsRoutes } from '#shared/api/routes/team-accounts';
import { openSessions } from '#shared/data/sessions';
import { getTeamRecord } from '#shared/data/teams';
import { endpoint } from '#shared/http/endpoint';
import { notFound } from '#shared/http/problem';
import { ok } from '#shared/http/responses';

/** Who of a team is signed in now, oldest session first (then by account): what an organiser ends with DELETE on the same path. */
export const handler = endpoint(teamAccountsRoutes.ListTeamSessions, {}, async (request) => {
  if (!(await getTeamRecord(request.id))) throw notFound(`No team has id ${request.id}.`);
  const sessions = await openSessions(request.id);
  return ok(
    sessions
      .map(({ session_id, account, created_at, expires_at }) => ({ session_id, account, created_at, expires_at }))
      .sort((a, b) => a.created_at.localeCompare(b.created_at) || a.account.localeCompare(b.account)),
  );
});
