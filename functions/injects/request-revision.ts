import { injectsRoutes } from '#shared/api/routes/injects';
import { askRevision } from '#shared/app/injects';
import { auditContext } from '#shared/http/audit-context';
import { endpoint } from '#shared/http/endpoint';
import { created } from '#shared/http/responses';

/** An organiser asks a team to revise its latest submission for an inject; audited. */
export const handler = endpoint(injectsRoutes.RequestRevision, {}, async (request) => {
  const submission = await askRevision(request.id, request.body, auditContext(request));
  request.log.info('revision asked', { inject: submission.inject_id, team: submission.team_id, version: submission.version });
  return created(submission, `${injectsRoutes.ListSubmissions.path}?inject_id=${request.id}`);
});
