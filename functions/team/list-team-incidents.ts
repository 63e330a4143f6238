import { teamRoutes } from '#shared/api/routes/team';
import { incidentReports } from '#shared/app/incidents';
import { endpoint } from '#shared/http/endpoint';
import { ok } from '#shared/http/responses';

/** The team's incident reports, with their latest grades and comments. */
export const handler = endpoint(teamRoutes.ListTeamIncidents, {}, async ({ id }) => ok(await incidentReports({ teamId: id })));
