import { incidentsRoutes } from '#shared/api/routes/incidents';
import { incidentGrades } from '#shared/app/incidents';
import { endpoint } from '#shared/http/endpoint';
import { ok } from '#shared/http/responses';

/** Every grade of an incident report, newest first. */
export const handler = endpoint(incidentsRoutes.ListIncidentGrades, {}, async ({ id }) => ok(await incidentGrades(id)));
