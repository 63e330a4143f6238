import { teamRoutes } from '#shared/api/routes/team';
import { uploadForm } from '#shared/app/files';
import { endpoint } from '#shared/http/endpoint';
import { created } from '#shared/http/responses';

/** An upload form for one file of a team's answer: the file goes from the browser to the bucket, never through this function. */
export const handler = endpoint(teamRoutes.CreateUpload, {}, async ({ id, body, log }) => {
  const form = await uploadForm(id, body);
  log.info('upload form signed', { team: id, inject: body.inject_id, key: form.key, content_type: body.content_type });
  return created(form, `${teamRoutes.GetTeamFile.path.replace('{id}', String(id))}?key=${encodeURIComponent(form.key)}`);
});
