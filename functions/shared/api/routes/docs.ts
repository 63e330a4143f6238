import { OpenApiDocumentSchema } from '#shared/api/schemas/responses/common';
import { route, json } from '#shared/api/route';

/** The reference page's script, shipped with the docs function (see functions/docs/get-docs.ts). */
export const REDOC_SCRIPT = 'node_modules/redoc/bundles/redoc.standalone.js';

/** The API description and its reference page. */
export const docsRoutes = {
  GetOpenApi: route('GetOpenApi', 'GET', '/openapi.json', 'docs/get-openapi', 'public', 'read', {
    summary: 'This description (token API)',
    tag: 'docs',
    responses: { 200: json('The OpenAPI 3.1 description of the token API.', OpenApiDocumentSchema) },
  }),
  GetOpenApiIam: route('GetOpenApiIam', 'GET', '/openapi-iam.json', 'docs/get-openapi-iam', 'public', 'read', {
    summary: 'This description (IAM API)',
    tag: 'docs',
    responses: { 200: json('The OpenAPI 3.1 description of the IAM (SigV4) API.', OpenApiDocumentSchema) },
  }),
  GetDocs: route('GetDocs', 'GET', '/docs', 'docs/get-docs', 'public', 'read', {
    summary: 'The API reference, for people',
    tag: 'docs',
    responses: { 200: { description: 'An HTML page (Redoc) built from this description.', text: 'text/html' } },
    files: [REDOC_SCRIPT],
  }),
} as const;
