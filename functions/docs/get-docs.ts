import { existsSync, readFileSync } from 'node:fs';
import { basename, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { REDOC_SCRIPT } from '#shared/api/routes';
import { endpoint } from '#shared/http/endpoint';
import { textResult } from '#shared/http/responses';
import { servedDocument } from './served-document';

/**
 * Redoc's standalone script: next to the bundle in Lambda (the stack copies
 * the route's `files` there), in node_modules when run from the repository.
 */
function redocScript(): string {
  const here = fileURLToPath(new URL('.', import.meta.url));
  const candidates = [resolve(here, basename(REDOC_SCRIPT)), resolve(here, '../..', REDOC_SCRIPT)];
  const found = candidates.find((path) => existsSync(path));
  if (!found) throw new Error(`Redoc's script is missing (looked in ${candidates.join(', ')})`);
  return readFileSync(found, 'utf8');
}

let script: string | undefined;

/** Inside a <script> element nothing may close it: `<` is escaped in the JSON. */
const scriptSafe = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c');

/** The API reference for people: one self-contained page, no CDN. */
export const handler = endpoint('GetDocs', {}, async ({ headers }) => {
  script ??= redocScript();
  const document = servedDocument('token', headers);
  const html = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${String(document.info.title)} — reference</title>
<style>body { margin: 0; }</style>
</head>
<body>
<div id="redoc"></div>
<script>${script}</script>
<script>Redoc.init(${scriptSafe(document)}, { hideDownloadButton: false, expandResponses: '200,201' }, document.getElementById('redoc'));</script>
</body>
</html>
`;
  return textResult('text/html; charset=utf-8', html);
});
