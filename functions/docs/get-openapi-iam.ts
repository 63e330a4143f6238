import { docsRoutes } from '#shared/api/routes/docs';
import { endpoint } from '#shared/http/endpoint';
import { ok } from '#shared/http/responses';
import { servedDocument } from './served-document';

/** The IAM (SigV4) API's OpenAPI description: the same routes, another security scheme. */
export const handler = endpoint(docsRoutes.GetOpenApiIam, {}, async ({ headers }) => ok(servedDocument('iam', headers)));
