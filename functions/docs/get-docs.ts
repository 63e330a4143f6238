import { docsRoutes, REDOC_SCRIPT } from '#shared/api/routes/docs';
import { createHash } from 'node:crypto';
import { readBundledFile } from '#shared/bundled-file';
import { endpoint } from '#shared/http/endpoint';
import { textResult } from '#shared/http/responses';
import { servedDocument } from './served-document';

/** Redoc's standalone script: next to the bundle in Lambda (the route's `files`), in node_modules from the repository. */
const redocScript = () => readBundledFile(REDOC_SCRIPT, import.meta.url);

let script: string | undefined;

/** Inside a <script> element nothing may close it: `<` is escaped in the JSON. */
const scriptSafe = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c');

/** A script's CSP source: its SHA-256, so that exactly these inline scripts run and no other. */
const scriptHash = (source: string) => `'sha256-${createHash('sha256').update(source).digest('base64')}'`;

/**
 * The page's Content-Security-Policy: the same rules as the web pages
 * (web/site.ts), loosened only where Redoc needs it. Its two scripts are
 * inline (the page loads nothing from elsewhere) and allowed by their hashes;
 * Redoc styles itself with <style> elements it writes at run time (styled-
 * components), so styles may be inline; its search runs in a worker made from
 * a blob; its icons and the download link are data: and blob: URLs.
 */
function contentSecurityPolicy(scriptHashes: string[]): string {
  return [
    "default-src 'none'",
    `script-src ${scriptHashes.join(' ')}`,
    "style-src 'unsafe-inline'",
    "img-src 'self' data:",
    'worker-src blob:',
    "connect-src 'self'",
    "base-uri 'none'",
    "form-action 'none'",
    "frame-ancestors 'none'",
  ].join('; ');
}

/** Redoc's script is the same for every request: hashed once (it is about 1 MB). */
let redocHash: string | undefined;

/** The API reference for people: one self-contained page, no CDN. */
export const handler = endpoint(docsRoutes.GetDocs, {}, async ({ headers }) => {
  script ??= redocScript();
  redocHash ??= scriptHash(script);
  const document = servedDocument('token', headers);
  const init = `Redoc.init(${scriptSafe(document)}, { hideDownloadButton: false, expandResponses: '200,201' }, document.getElementById('redoc'));`;
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
<script>${init}</script>
</body>
</html>
`;
  return textResult('text/html; charset=utf-8', html, {
    'content-security-policy': contentSecurityPolicy([redocHash, scriptHash(init)]),
    'referrer-policy': 'no-referrer',
    'x-frame-options': 'DENY',
  });
});
