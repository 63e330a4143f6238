import { blueTeamRoutes } from '#shared/api/routes/blue-team';
import { teamSubmissions } from '#shared/data/submissions';
import { endpoint } from '#shared/http/endpoint';
import { ok } from '#shared/http/responses';

/** The team's own submissions, every version. */
export const handler = endpoint(blueTeamRoutes.ListTeamSubmissions, {}, async ({ id, query }) => ok(await teamSubmissions(id, query.inject_id)));
