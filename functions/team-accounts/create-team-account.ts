import { teamAccountsRoutes } from '#shared/api/routes/team-accounts';
import { createTeamAccount } from '#shared/app/team-accounts';
import { auditContext } from '#shared/http/audit-context';
import { endpoint } from '#shared/http/endpoint';
import { created } from '#shared/http/responses';

/** An organiser creates a member's account, a blue team's or the red team's; the generated password is in this answer only. */
export const handler = endpoint(teamAccountsRoutes.CreateTeamAccount, {}, async (request) => {
  const account = await createTeamAccount({ home: request.body.team_id ?? 'red', name: request.body.name, audit: auditContext(request) });
  request.log.info('team account created', { account: account.id, role: account.role, team: account.team_id });
  return created(account, `${teamAccountsRoutes.ListTeamAccounts.path}/${account.id}`);
});
