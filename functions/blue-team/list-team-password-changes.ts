import { blueTeamRoutes } from '#shared/api/routes/blue-team';
import { listTeamPasswordChanges } from '#shared/data/password-changes';
import { endpoint } from '#shared/http/endpoint';
import { ok } from '#shared/http/responses';

/** The team's own requests and what became of them; never a password. */
export const handler = endpoint(blueTeamRoutes.ListTeamPasswordChanges, {}, async ({ id }) => ok(await listTeamPasswordChanges(id)));
