import { blueTeamRoutes } from '#shared/api/routes/blue-team';
import { signIn } from '#shared/app/team-accounts';
import { endpoint } from '#shared/http/endpoint';
import { created } from '#shared/http/responses';

/** A member (a blue team's or the red team's) signs in with name and password and gets a session token. */
export const handler = endpoint(blueTeamRoutes.SignIn, {}, async ({ body, log }) => {
  const { token, session, team } = await signIn(body.name, body.password);
  log.info('signed in', { account: session.account, role: session.role, team: team?.id ?? null, session: session.session_id });
  return created({ token, expires_at: session.expires_at, account: session.account, role: session.role, team }, blueTeamRoutes.GetTeamSession.path);
});
