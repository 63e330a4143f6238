import { injectsRoutes } from '#shared/api/routes/injects';
import { attachmentUploadForm } from '#shared/app/uploads';
import { endpoint } from '#shared/http/endpoint';
import { created } from '#shared/http/responses';

/** An upload form for one of an inject's attachments: the file goes from the browser to the bucket, never through this function. */
export const handler = endpoint(injectsRoutes.CreateInjectUpload, {}, async ({ id, body, log }) => {
  const form = await attachmentUploadForm(id, body);
  log.info('attachment form signed', { inject: id, key: form.key, content_type: body.content_type });
  return created(form, `${injectsRoutes.GetInjectFile.path.replace('{id}', String(id))}?key=${encodeURIComponent(form.key)}`);
});
