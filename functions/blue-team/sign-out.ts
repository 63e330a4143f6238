import { blueTeamRoutes } from '#shared/api/routes/blue-team';
import { parseAuthorization } from '#shared/auth/tokens';
import { endSession } from '#shared/data/sessions';
import { endpoint } from '#shared/http/endpoint';
import { noContent } from '#shared/http/responses';

/** Ends the caller's own session: its token is refused from the next request on. */
export const handler = endpoint(blueTeamRoutes.SignOut, {}, async ({ headers, principal, log }) => {
  const authorization = parseAuthorization(headers.authorization);
  if (authorization.scheme === 'bearer') await endSession(authorization.token);
  log.info('signed out', { caller: principal?.name });
  return noContent();
});
