import { docsRoutes } from '#shared/api/routes/docs';
import { endpoint } from '#shared/http/endpoint';
import { ok } from '#shared/http/responses';
import { servedDocument } from './served-document';

/** The token API's OpenAPI description, made from the route table. */
export const handler = endpoint(docsRoutes.GetOpenApi, {}, async ({ headers }) => ok(servedDocument('token', headers)));
