import { redTeamRoutes } from '#shared/api/routes/red-team';
import { findings } from '#shared/app/findings';
import { endpoint } from '#shared/http/endpoint';
import { ok } from '#shared/http/responses';

/** The red team's findings with their states, or the review queue (`?state=submitted`). */
export const handler = endpoint(redTeamRoutes.ListFindings, {}, async ({ query }) =>
  ok(await findings({ ...(query.state ? { state: query.state } : {}), ...(query.team_id ? { teamId: query.team_id } : {}) })),
);
