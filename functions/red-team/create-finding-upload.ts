import { redTeamRoutes } from '#shared/api/routes/red-team';
import { findingUploadForm } from '#shared/app/uploads';
import { endpoint } from '#shared/http/endpoint';
import { created } from '#shared/http/responses';

/** An upload form for one file of a finding's evidence: the file goes from the browser to the bucket, never through this function. */
export const handler = endpoint(redTeamRoutes.CreateFindingUpload, {}, async ({ body, log }) => {
  const form = await findingUploadForm(body);
  log.info('upload form signed', { for: 'finding', key: form.key, content_type: body.content_type });
  return created(form, `${redTeamRoutes.GetFindingFile.path}?key=${encodeURIComponent(form.key)}`);
});
