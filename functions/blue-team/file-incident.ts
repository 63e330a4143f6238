import { blueTeamRoutes } from '#shared/api/routes/blue-team';
import { fileIncident } from '#shared/app/incidents';
import { endpoint } from '#shared/http/endpoint';
import { created } from '#shared/http/responses';

/** A member files the team's report of what the red team did. */
export const handler = endpoint(blueTeamRoutes.FileIncident, {}, async ({ id, body, principal, log }) => {
  const report = await fileIncident(id, body, principal!.name);
  log.info('incident report filed', { team: id, incident: report.id, files: report.files.length });
  return created({ ...report, grade: null }, blueTeamRoutes.ListTeamIncidents.path.replace('{id}', String(id)));
});
