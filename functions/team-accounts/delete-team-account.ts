import { teamAccountsRoutes } from '#shared/api/routes/team-accounts';
import { removeTeamAccount } from '#shared/app/team-accounts';
import { auditContext } from '#shared/http/audit-context';
import { endpoint } from '#shared/http/endpoint';
import { notFound } from '#shared/http/problem';
import { noContent } from '#shared/http/responses';

/** Removes a member's account; its open sessions end with it. */
export const handler = endpoint(teamAccountsRoutes.DeleteTeamAccount, {}, async (request) => {
  const account = await removeTeamAccount(request.id, auditContext(request));
  if (!account) throw notFound(`No team account has id ${request.id}.`);
  request.log.info('team account removed', { account: account.id, team: account.team_id });
  return noContent();
});
