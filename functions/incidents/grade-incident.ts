import { incidentsRoutes } from '#shared/api/routes/incidents';
import { gradeIncident } from '#shared/app/incidents';
import { auditContext } from '#shared/http/audit-context';
import { endpoint } from '#shared/http/endpoint';
import { created } from '#shared/http/responses';

/** An organiser grades (or regrades) a team's incident report; audited. */
export const handler = endpoint(incidentsRoutes.GradeIncident, {}, async (request) => {
  const grade = await gradeIncident(request.id, request.body, auditContext(request));
  request.log.info('incident report graded', { incident: grade.incident_id, team: grade.team_id, n: grade.n, points: grade.points, award: grade.award });
  return created(grade, incidentsRoutes.ListIncidentGrades.path.replace('{id}', String(request.id)));
});
