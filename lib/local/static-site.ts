import { createHash } from 'node:crypto';
import type { IncomingMessage, RequestListener, ServerResponse } from 'node:http';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { API_PREFIX } from '#shared/api/routes';
import { buildSite, type SiteFile } from '../../web/build';
import { CACHE_CONTROL, contentSecurityPolicy, pagePath } from '../../web/site';
import { PUSH_CONFIG_FILE, type PushConfig } from '#shared/api/push';
import { chosenEncoding, STAND_IN_COMPRESSION_LEVELS, type BehaviourRules } from '../cdn-rules';

/**
 * The local twin of the stack's S3 bucket behind CloudFront: the built web
 * page on the same origin as the API. Everything under /api/ goes to the API
 * gateway; GET and HEAD of anything else are the page's files, built in
 * memory at start (so `npm start` needs no build step) and sent gzipped when
 * the browser accepts it, as CloudFront would; with the stack's
 * Content-Security-Policy, the local files bucket's origin in it. With the
 * Event API's twin, `/push.json` says how to listen for nudges, as the
 * stack's deployment writes it beside the pages.
 */
export function withStaticSite(
  api: RequestListener,
  site: { files?: SiteFile[]; filesOrigin: string; cdn?: BehaviourRules; push?: PushConfig },
): RequestListener {
  const pushFile: SiteFile[] = site.push
    ? [{ path: PUSH_CONFIG_FILE, contents: Buffer.from(JSON.stringify(site.push)), contentType: 'application/json', cacheControl: CACHE_CONTROL.page }]
    : [];
  const files = [...(site.files ?? buildSite()), ...pushFile];
  const policy = contentSecurityPolicy(site.filesOrigin);
  const byPath = new Map(
    files.map((file) => [
      `/${file.path}`,
      {
        ...file,
        gzipped: gzipSync(file.contents),
        // Made only where the CDN stand-in serves the pages: CloudFront's quality for what it compresses on the fly.
        brotli: site.cdn ? brotliCompressSync(file.contents, { params: { [constants.BROTLI_PARAM_QUALITY]: STAND_IN_COMPRESSION_LEVELS.brotli } }) : undefined,
        etag: `"${createHash('sha256').update(file.contents).digest('base64url').slice(0, 27)}"`,
      },
    ]),
  );
  // Each page also at its own path (`/`, `/admin/`), as the CDN's directory index serves it.
  for (const file of files) if (file.path.endsWith('index.html')) byPath.set(pagePath(file.path), byPath.get(`/${file.path}`)!);

  return (req: IncomingMessage, res: ServerResponse) => {
    // The path as sent (`//x` is a path, not a host); anything that looks like
    // the API in any spelling goes to the gateway, which answers
    // non-canonical spellings with its problem+json 404.
    const path = (req.url ?? '/').split('?')[0]!;
    if (/^\/+api(\/|%2f|$)/i.test(path) || path.startsWith(API_PREFIX)) return api(req, res);
    const method = req.method ?? 'GET';
    const file = byPath.get(path);
    const headers: Record<string, string> = {
      'content-security-policy': policy,
      'x-content-type-options': 'nosniff',
      'referrer-policy': 'no-referrer',
    };
    if (method !== 'GET' && method !== 'HEAD') {
      res.writeHead(405, { ...headers, allow: 'GET, HEAD', 'content-type': 'text/plain; charset=utf-8' });
      return res.end('Method not allowed\n');
    }
    if (!file) {
      res.writeHead(404, { ...headers, 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-cache' });
      return res.end(method === 'HEAD' ? undefined : 'Not found. The scoreboard is at /\n');
    }
    Object.assign(headers, { 'content-type': file.contentType, 'cache-control': file.cacheControl, etag: file.etag, vary: 'Accept-Encoding' });
    if (req.headers['if-none-match'] === file.etag) {
      res.writeHead(304, headers);
      return res.end();
    }
    // Behind the CDN stand-in, as the pages' behaviour compresses (Brotli when accepted: issue #49); at the origin, gzip.
    const accepted = String(req.headers['accept-encoding'] ?? '');
    const encoding = site.cdn ? chosenEncoding(site.cdn, accepted) : /\bgzip\b/.test(accepted) ? 'gzip' : undefined;
    const body = encoding === 'br' && file.brotli ? file.brotli : encoding === 'gzip' ? file.gzipped : file.contents;
    if (body !== file.contents) headers['content-encoding'] = encoding!;
    headers['content-length'] = String(body.length);
    res.writeHead(200, headers);
    res.end(method === 'HEAD' ? undefined : body);
  };
}
