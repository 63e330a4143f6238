import openapiTS, { astToString } from 'openapi-typescript';
import { openApiDocument } from '#shared/api/openapi';

export const CLIENT_TYPES_FILE = 'functions/shared/api/client-types.ts';

/** The typed client's types, generated from the token API's description (what `npm run openapi:types` writes). */
export async function clientTypesSource(): Promise<string> {
  const ast = await openapiTS(openApiDocument('token') as never, { alphabetize: false });
  return `/* eslint-disable */\n// Generated from the OpenAPI description by \`npm run openapi:types\`; do not edit.\n// test/unit/openapi.test.ts fails when it is stale.\n\n${astToString(ast)}`;
}
