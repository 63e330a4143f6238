import { teamAccountsRoutes } from '#shared/api/routes/team-accounts';
import { listTeamAccounts } from '#shared/data/team-accounts';
import { endpoint } from '#shared/http/endpoint';
import { ok } from '#shared/http/responses';

export const handler = endpoint(teamAccountsRoutes.ListTeamAccounts, {}, async ({ query }) => ok(await listTeamAccounts(query.team_id)));
