import { teamRoutes } from '#shared/api/routes/team';
import { listTeamPasswordChanges } from '#shared/data/password-changes';
import { endpoint } from '#shared/http/endpoint';
import { ok } from '#shared/http/responses';

/** The team's own requests and what became of them; never a password. */
export const handler = endpoint(teamRoutes.ListTeamPasswordChanges, {}, async ({ id }) => ok(await listTeamPasswordChanges(id)));
