import { blueTeamRoutes } from '#shared/api/routes/blue-team';
import { teamFindings } from '#shared/app/findings';
import { endpoint } from '#shared/http/endpoint';
import { ok } from '#shared/http/responses';

/** The findings approved against the team, when the settings show them. */
export const handler = endpoint(blueTeamRoutes.ListTeamFindings, {}, async ({ id }) => ok(await teamFindings(id)));
