import { injectsRoutes } from '#shared/api/routes/injects';
import { attachmentLink } from '#shared/app/files';
import { endpoint } from '#shared/http/endpoint';
import { ok } from '#shared/http/responses';

/** A short-lived link that downloads one of an inject's attachments, for organisers, whatever the inject's state. */
export const handler = endpoint(injectsRoutes.GetInjectFile, {}, async ({ id, query }) => ok(await attachmentLink(id, query.key)));
