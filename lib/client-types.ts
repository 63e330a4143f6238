import openapiTS, { astToString } from 'openapi-typescript';
import { openApiDocument, type OpenApiDocument } from '#shared/api/openapi';

export const CLIENT_TYPES_FILE = 'functions/shared/api/client-types.ts';

/** The typed client's types, generated from the token API's description (what `npm run openapi:types` writes). */
export async function clientTypesSource(): Promise<string> {
  const ast = await openapiTS(forClients(openApiDocument('token')) as never, { alphabetize: false });
  return `/* eslint-disable */\n// Generated from the OpenAPI description by \`npm run openapi:types\`; do not edit.\n// test/unit/openapi.test.ts fails when it is stale.\n\n${astToString(ast)}`;
}

/**
 * The description without what no client calls: HEAD (the GET's answer
 * without its body) and the CORS preflights (browsers send those themselves).
 * The served description keeps both.
 */
function forClients(document: OpenApiDocument): OpenApiDocument {
  const paths = Object.fromEntries(
    Object.entries(document.paths).map(([path, operations]) => [
      path,
      Object.fromEntries(Object.entries(operations).filter(([method]) => method !== 'head' && method !== 'options')),
    ]),
  );
  return { ...document, paths };
}
