import { blueTeamRoutes } from '#shared/api/routes/blue-team';
import { submit } from '#shared/app/injects';
import { endpoint } from '#shared/http/endpoint';
import { created } from '#shared/http/responses';

/** A member submits the team's answer to an inject: a new version, until it closes. */
export const handler = endpoint(blueTeamRoutes.SubmitInject, {}, async ({ id, body, principal, log }) => {
  const submission = await submit(id, body, principal!.name);
  log.info('inject submitted', {
    team: id,
    inject: submission.inject_id,
    version: submission.version,
    late_share: submission.late_share,
    files: submission.files.length,
  });
  return created(submission, `${blueTeamRoutes.ListTeamSubmissions.path.replace('{id}', String(id))}?inject_id=${submission.inject_id}`);
});
