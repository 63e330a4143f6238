import { teamRoutes } from '#shared/api/routes/team';
import { fileIncident } from '#shared/app/incidents';
import { endpoint } from '#shared/http/endpoint';
import { created } from '#shared/http/responses';

/** A member files the team's report of what the red team did. */
export const handler = endpoint(teamRoutes.FileIncident, {}, async ({ id, body, principal, log }) => {
  const report = await fileIncident(id, body, principal!.name);
  log.info('incident report filed', { team: id, incident: report.id, files: report.files.length });
  return created({ ...report, grade: null }, teamRoutes.ListTeamIncidents.path.replace('{id}', String(id)));
});
