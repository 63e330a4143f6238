import { injectsRoutes } from '#shared/api/routes/injects';
import { gradeSubmission } from '#shared/app/injects';
import { auditContext } from '#shared/http/audit-context';
import { endpoint } from '#shared/http/endpoint';
import { created } from '#shared/http/responses';

/** An organiser grades (or regrades) a team's submission; audited. */
export const handler = endpoint(injectsRoutes.GradeSubmission, {}, async (request) => {
  const grade = await gradeSubmission(request.id, request.body, auditContext(request));
  request.log.info('submission graded', { inject: grade.inject_id, team: grade.team_id, n: grade.n, awarded: grade.awarded, award: grade.award });
  return created(grade, injectsRoutes.ListInjectGrades.path.replace('{id}', String(request.id)));
});
