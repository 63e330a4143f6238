import { blueTeamRoutes } from '#shared/api/routes/blue-team';
import { parseAuthorization } from '#shared/auth/tokens';
import { freshSettings } from '#shared/data/fresh';
import { findSession, sessionRejection } from '#shared/data/sessions';
import { getTeamRecord } from '#shared/data/teams';
import { endpoint } from '#shared/http/endpoint';
import { unauthorized } from '#shared/http/problem';
import { ok } from '#shared/http/responses';

/** Who is signed in: what the team page shows first. */
export const handler = endpoint(blueTeamRoutes.GetTeamSession, {}, async ({ headers }) => {
  const authorization = parseAuthorization(headers.authorization);
  const session = authorization.scheme === 'bearer' ? await findSession(authorization.token) : undefined;
  const [team, settings] = await Promise.all([session?.team_id ? getTeamRecord(session.team_id) : undefined, freshSettings()]);
  // Ended between the authorizer's check and here, or its team removed by a replace.
  if (!session || (session.team_id !== null && !team)) throw unauthorized('The session is not known: sign in again.');
  const rejection = sessionRejection(session, new Date());
  if (rejection) throw unauthorized(rejection);
  return ok({
    account: session.account,
    role: session.role,
    team: team?.team ?? null,
    session_id: session.session_id,
    expires_at: session.expires_at,
    details: settings.settings.teams_see_check_details,
  });
});
