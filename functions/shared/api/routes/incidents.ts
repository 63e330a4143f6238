import { IncidentGradeBody, IncidentsQuery } from '#shared/api/schemas/requests/injects';
import { IncidentGradeSchema, IncidentReportSchema } from '#shared/api/schemas/responses/injects';
import { route, json, list, FINAL } from '#shared/api/route';

/** Incident reports: what teams saw the red team do, graded here into the super type the settings name. */
export const incidentsRoutes = {
  ListIncidents: route('ListIncidents', 'GET', '/incidents', 'incidents/list-incidents', 'admin', 'read', {
    summary: "Every team's incident reports with their latest grades (`?state=ungraded`: the grading queue)",
    query: IncidentsQuery,
    responses: { 200: list('By id.', IncidentReportSchema) },
  }),
  GradeIncident: route('GradeIncident', 'POST', '/incidents/{id}/grades', 'incidents/grade-incident', 'admin', 'read-write', {
    summary: "Grade a team's incident report (or regrade it: the next grade, the old one kept): its points reach the board through the fold",
    body: IncidentGradeBody,
    idempotent: true,
    responses: { 201: json('The grade as kept, and what it changed on the board.', IncidentGradeSchema) },
    problems: { 409: [FINAL, 'grade_changed', 'incident_reports_off'] },
  }),
  ListIncidentGrades: route('ListIncidentGrades', 'GET', '/incidents/{id}/grades', 'incidents/list-incident-grades', 'admin', 'read', {
    summary: 'Every grade of an incident report, regrades and the grades they replaced',
    responses: { 200: list('Newest first.', IncidentGradeSchema) },
  }),
} as const;
