import { blueTeamRoutes } from '#shared/api/routes/blue-team';
import { incidentReports } from '#shared/app/incidents';
import { endpoint } from '#shared/http/endpoint';
import { ok } from '#shared/http/responses';

/** The team's incident reports, with their latest grades and comments. */
export const handler = endpoint(blueTeamRoutes.ListTeamIncidents, {}, async ({ id }) => ok(await incidentReports({ teamId: id })));
