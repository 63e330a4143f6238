import { incidentsRoutes } from '#shared/api/routes/incidents';
import { incidentReports } from '#shared/app/incidents';
import { endpoint } from '#shared/http/endpoint';
import { ok } from '#shared/http/responses';

/** Every team's incident reports with their latest grades, or the grading queue. */
export const handler = endpoint(incidentsRoutes.ListIncidents, {}, async ({ query }) => ok(await incidentReports({ ungraded: query.state === 'ungraded' })));
