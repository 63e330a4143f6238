import { blueTeamRoutes } from '#shared/api/routes/blue-team';
import { teamUploadForm } from '#shared/app/uploads';
import { endpoint } from '#shared/http/endpoint';
import { created } from '#shared/http/responses';

/** An upload form for one of a team's files (an answer's, a report's evidence): the file goes from the browser to the bucket, never through this function. */
export const handler = endpoint(blueTeamRoutes.CreateUpload, {}, async ({ id, body, log }) => {
  const form = await teamUploadForm(id, body);
  log.info('upload form signed', { team: id, for: body.for, key: form.key, content_type: body.content_type });
  return created(form, `${blueTeamRoutes.GetTeamFile.path.replace('{id}', String(id))}?key=${encodeURIComponent(form.key)}`);
});
