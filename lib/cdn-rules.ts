/**
 * The CDN's rules, once: what the stack's CloudFront distribution is
 * configured with (lib/constructs/public-cdn.ts builds its cache policy from
 * this) and what the local twin's CDN stand-in (lib/local/cdn.ts) does with
 * every answer. Plain data and pure functions, no aws-cdk-lib, so both can
 * read it.
 *
 * What CloudFront itself does with those settings is written down here too,
 * from its developer guide ("Serve compressed files", "Control the cache
 * key", "Manage how long content stays in the cache"):
 * - TTL: `s-maxage`, else `max-age`, clamped to [min, max] TTL; no
 *   Cache-Control → the default TTL; `no-store`, `no-cache` or `private` →
 *   not cached while the minimum TTL is 0 (the minimum TTL otherwise).
 * - Cache key: the path, the allow-listed query parameters, the
 *   allow-listed headers, and the viewer's Accept-Encoding normalised to the
 *   formats the policy enables (`br,gzip`, `br`, `gzip` or nothing).
 * - Compression: Brotli when the viewer accepts it and the policy enables
 *   it, else gzip; only bodies of 1 000 to 10 000 000 bytes with a
 *   Content-Length, no Content-Encoding, and a listed content type; a strong
 *   ETag becomes weak (`W/` prefixed), an invalid one is dropped.
 */
import { API_PREFIX, type Route } from '#shared/api/routes';
import { acceptedCodings, CLOUDFRONT_COMPRESSED_SIZE, type Encoding } from '#shared/http/compression';
import type { EdgeToken } from '#shared/http/viewer-address';
export { CLOUDFRONT_COMPRESSED_SIZE, type Encoding };
import { addressedPaths, builtRoutes, publicReadPathPatterns, publicReadQueryParameters } from './route-resources';

/**
 * The Content-Type values CloudFront compresses ("File types that CloudFront
 * compresses", Amazon CloudFront Developer Guide, as published in
 * github.com/awsdocs/amazon-cloudfront-developer-guide,
 * doc_source/ServingCompressedFiles.md). `application/json` is one;
 * `application/problem+json` is not, so the API's refusals are never
 * compressed.
 */
export const CLOUDFRONT_COMPRESSED_TYPES: readonly string[] = [
  'application/dash+xml',
  'application/eot',
  'application/font',
  'application/font-sfnt',
  'application/javascript',
  'application/json',
  'application/opentype',
  'application/otf',
  'application/pkcs7-mime',
  'application/protobuf',
  'application/rss+xml',
  'application/truetype',
  'application/ttf',
  'application/vnd.apple.mpegurl',
  'application/vnd.ms-fontobject',
  'application/xhtml+xml',
  'application/xml',
  'application/x-font-opentype',
  'application/x-font-truetype',
  'application/x-font-ttf',
  'application/x-httpd-cgi',
  'application/x-javascript',
  'application/x-mpegurl',
  'application/x-opentype',
  'application/x-otf',
  'application/x-perl',
  'application/x-ttf',
  'font/eot',
  'font/opentype',
  'font/otf',
  'font/ttf',
  'image/svg+xml',
  'text/css',
  'text/csv',
  'text/html',
  'text/javascript',
  'text/js',
  'text/plain',
  'text/richtext',
  'text/tab-separated-values',
  'text/xml',
  'text/x-component',
  'text/x-java-source',
  'text/x-script',
  'vnd.apple.mpegurl',
];

/**
 * CloudFront does not publish its compression levels. The stand-in uses
 * zlib's default gzip level and a mid Brotli quality, the usual settings for
 * compressing on the fly (quality 11, zlib's Brotli default, is for files
 * compressed once): bytes "through the CDN" are an estimate of this order.
 */
export const STAND_IN_COMPRESSION_LEVELS = { gzip: 6, brotli: 5 } as const;

/** One cache behaviour's rules: its cache policy, and whether it compresses (`Compress` on the behaviour). */
export interface BehaviourRules {
  /** Cached at all (a cache policy with TTLs), or CachingDisabled: every request goes to the origin. */
  readonly caching: boolean;
  readonly ttl: { readonly minSeconds: number; readonly defaultSeconds: number; readonly maxSeconds: number };
  /** Viewer headers in the cache key (and forwarded), as CloudFront names them. */
  readonly cacheKeyHeaders: readonly string[];
  /** Query parameters in the cache key: any other is left out of it (`?_=123` neither splits nor bypasses the cache). */
  readonly cacheKeyQueryParameters: readonly string[];
  /** The behaviour compresses answers (`Compress: true`). */
  readonly compress: boolean;
  /** The cache policy's EnableAcceptEncodingGzip / EnableAcceptEncodingBrotli. */
  readonly acceptEncoding: { readonly gzip: boolean; readonly brotli: boolean };
  /** The methods whose answers are cached. */
  readonly cachedMethods: readonly string[];
}

export interface CdnRules {
  /** Path patterns of the public reads' behaviour, in CloudFront's syntax (`/api/v1/teams*`), first match wins. */
  readonly cachedPathPatterns: readonly string[];
  /**
   * The routes that read the viewer's address (the route table's
   * `viewerAddress`), by path pattern: pass-through behaviours whose
   * CloudFront Function refuses a request without the route's edge token
   * and sets the address (functions/shared/http/viewer-address.ts).
   */
  readonly addressed: readonly { readonly pattern: string; readonly route: string; readonly edgeToken?: EdgeToken }[];
  /** The public reads: cached as the origin's Cache-Control says, keyed by Authorization and the accepted query parameters. */
  readonly publicReads: BehaviourRules;
  /** The rest of the API (`/api/v1/*`): CachingDisabled, compressed. */
  readonly passThrough: BehaviourRules;
  /**
   * The pages (the default behaviour, the site bucket): CachingOptimized,
   * whose policy enables both formats, so a viewer that accepts Brotli gets
   * it (issue #49). The stand-in compresses them so and does not cache them:
   * a rebuilt page shows at once on this machine.
   */
  readonly site: BehaviourRules;
}

/** The API pattern every other API request falls under. */
export const API_PATTERN = `${API_PREFIX}/*`;

/**
 * The CDN's rules for a route table (the deployed routes of the project's
 * own by default; the stack passes its own, which a test may replace).
 */
export function cdnRules(table: readonly Route[] = builtRoutes()): CdnRules {
  return {
    cachedPathPatterns: publicReadPathPatterns(table),
    addressed: addressedNotCached(table),
    publicReads: {
      caching: true,
      // Min and default 0: an answer without max-age is not cached, `private`/`no-store` ones never are.
      // Max 5 min: a cap, in case a handler ever sends a long max-age by mistake.
      ttl: { minSeconds: 0, defaultSeconds: 0, maxSeconds: 300 },
      cacheKeyHeaders: ['Authorization'],
      cacheKeyQueryParameters: publicReadQueryParameters(table),
      compress: true,
      acceptEncoding: { gzip: true, brotli: true },
      cachedMethods: ['GET', 'HEAD'],
    },
    passThrough: {
      caching: false,
      ttl: { minSeconds: 0, defaultSeconds: 0, maxSeconds: 0 },
      cacheKeyHeaders: [],
      cacheKeyQueryParameters: [],
      // CachingDisabled enables neither format in its policy: CloudFront then compresses with gzip only.
      compress: true,
      acceptEncoding: { gzip: false, brotli: false },
      cachedMethods: [],
    },
    site: {
      caching: false,
      ttl: { minSeconds: 0, defaultSeconds: 0, maxSeconds: 0 },
      cacheKeyHeaders: [],
      cacheKeyQueryParameters: [],
      compress: true,
      acceptEncoding: { gzip: true, brotli: true },
      cachedMethods: [],
    },
  };
}

/** CloudFront path patterns: `*` is any run of characters (slashes included), `?` one character; case-sensitive. */
export function pathPatternMatches(pattern: string, path: string): boolean {
  const regex = pattern
    .replace(/[.+^${}()|[\]\\]/g, '\\$&')
    .replace(/\*/g, '.*')
    .replace(/\?/g, '.');
  return new RegExp(`^${regex}$`, 's').test(path);
}

/**
 * The addressed routes, each checked to fall under no cached pattern: the
 * cached behaviour comes first and forwards every viewer header, so a
 * viewer's own address header would reach the origin there. A route table
 * where one would is refused outright (at synth, and by the local twin).
 */
function addressedNotCached(table: readonly Route[]): CdnRules['addressed'] {
  const addressed = addressedPaths(table);
  const cached = publicReadPathPatterns(table);
  for (const { pattern, route } of addressed) {
    const path = pattern.replaceAll('*', 'x');
    const shadow = cached.find((c) => pathPatternMatches(c, path));
    if (shadow)
      throw new Error(`${route} reads the viewer's address, but its path ${pattern} falls under the cached behaviour ${shadow}, which forwards viewer headers`);
  }
  return addressed;
}

/** The addressed route a path falls under, whose CloudFront Function runs on it; undefined for any other path. */
export function addressedAt(rules: CdnRules, path: string): CdnRules['addressed'][number] | undefined {
  if (rules.cachedPathPatterns.some((pattern) => pathPatternMatches(pattern, path))) return undefined;
  return rules.addressed.find((a) => pathPatternMatches(a.pattern, path));
}

/** The behaviour a request path falls under: the public reads for a cached pattern, the pass-through for the rest of the API, else the pages'. */
export function behaviourFor(rules: CdnRules, path: string): BehaviourRules {
  if (rules.cachedPathPatterns.some((pattern) => pathPatternMatches(pattern, path))) return rules.publicReads;
  return pathPatternMatches(API_PATTERN, path) ? rules.passThrough : rules.site;
}

/**
 * What a viewer's Accept-Encoding becomes in the cache key and in the origin
 * request: `br,gzip`, `br` or `gzip` (the accepted formats the policy
 * enables), or undefined when none (the key holds no Accept-Encoding and the
 * origin is asked for `identity`). HTTP/1.0 requests lose the header.
 */
export function normalizedAcceptEncoding(behaviour: BehaviourRules, acceptEncoding: string | undefined, httpVersion = '1.1'): string | undefined {
  if (httpVersion === '1.0') return undefined;
  const accepted = acceptedCodings(acceptEncoding);
  const formats = [
    ...(behaviour.acceptEncoding.brotli && accepted.has('br') ? ['br'] : []),
    ...(behaviour.acceptEncoding.gzip && accepted.has('gzip') ? ['gzip'] : []),
  ];
  return formats.length > 0 ? formats.join(',') : undefined;
}

/**
 * The coding CloudFront would compress this viewer's answer with, if the
 * answer is compressible: Brotli when the viewer accepts it and the policy
 * enables it (preferred over gzip), else gzip when the viewer accepts it
 * (gzip needs only `Compress`), else none.
 */
export function chosenEncoding(behaviour: BehaviourRules, acceptEncoding: string | undefined, httpVersion = '1.1'): Encoding | undefined {
  if (!behaviour.compress || httpVersion === '1.0') return undefined;
  const accepted = acceptedCodings(acceptEncoding);
  if (behaviour.acceptEncoding.brotli && accepted.has('br')) return 'br';
  if (accepted.has('gzip')) return 'gzip';
  return undefined;
}

/** An origin answer as far as compression cares. */
export interface CompressionInput {
  /** Content-Type as sent (parameters such as charset are ignored). */
  contentType: string | undefined;
  /** Content-Length as sent: undefined when the origin sent none. */
  contentLength: number | undefined;
  /** Content-Encoding as sent: any value means already encoded. */
  contentEncoding: string | undefined;
}

/** Whether CloudFront compresses an answer: a listed type, 1 000..10 000 000 bytes announced by Content-Length, not already encoded. */
export function compressible(answer: CompressionInput): boolean {
  if (answer.contentEncoding !== undefined && answer.contentEncoding !== '') return false;
  if (answer.contentLength === undefined) return false;
  if (answer.contentLength < CLOUDFRONT_COMPRESSED_SIZE.minBytes || answer.contentLength > CLOUDFRONT_COMPRESSED_SIZE.maxBytes) return false;
  const mediaType = (answer.contentType ?? '').split(';')[0]!.trim().toLowerCase();
  return CLOUDFRONT_COMPRESSED_TYPES.includes(mediaType);
}

/**
 * The ETag CloudFront sends with a body it compressed: a strong one (`"…"`)
 * made weak (`W/"…"`), a weak one as it was, an invalid one dropped.
 */
export function compressedETag(etag: string | undefined): string | undefined {
  if (etag === undefined) return undefined;
  if (etag.startsWith('W/')) return etag;
  if (etag.startsWith('"')) return `W/${etag}`;
  return undefined;
}

/**
 * How long CloudFront keeps an answer, in seconds, from its Cache-Control;
 * undefined when it does not keep it at all. `s-maxage` wins over
 * `max-age`; either is clamped to [min, max] TTL; without either the
 * default TTL applies (at least the minimum); `no-store`, `no-cache` and
 * `private` are respected while the minimum TTL is 0 and lifted to it
 * otherwise.
 */
export function cacheTtlSeconds(behaviour: BehaviourRules, cacheControl: string | undefined): number | undefined {
  if (!behaviour.caching) return undefined;
  const { minSeconds, defaultSeconds, maxSeconds } = behaviour.ttl;
  const directives = new Map<string, string | undefined>();
  for (const part of (cacheControl ?? '').split(',')) {
    const [name, value] = part.split('=').map((s) => s.trim());
    if (name) directives.set(name.toLowerCase(), value?.replace(/^"|"$/g, ''));
  }
  if (['no-store', 'no-cache', 'private'].some((d) => directives.has(d))) return minSeconds > 0 ? minSeconds : undefined;
  const seconds = (name: string) => {
    const value = directives.get(name);
    return value !== undefined && /^\d+$/.test(value) ? Number(value) : undefined;
  };
  const given = seconds('s-maxage') ?? seconds('max-age');
  const ttl = given === undefined ? Math.max(minSeconds, defaultSeconds) : Math.min(maxSeconds, Math.max(minSeconds, given));
  return ttl > 0 ? ttl : undefined;
}

/** A viewer request as far as the cache key cares. */
export interface KeyInput {
  /** The path as sent. */
  path: string;
  /** The query string as sent, without `?`. */
  rawQueryString: string;
  /** Lower-case header names. */
  headers: Readonly<Record<string, string | undefined>>;
  httpVersion?: string;
}

/**
 * The cache key of a request under a behaviour: the path, the allow-listed
 * query parameters (name and value, in the order sent), the allow-listed
 * headers, and the normalised Accept-Encoding. Two requests with the same
 * key get the same cached answer.
 */
export function cacheKey(behaviour: BehaviourRules, request: KeyInput): string {
  const allowed = new Set(behaviour.cacheKeyQueryParameters);
  const query = request.rawQueryString
    .split('&')
    .filter((pair) => pair !== '' && allowed.has(decodeURIComponentSafe(pair.split('=')[0]!)))
    .join('&');
  const headers = behaviour.cacheKeyHeaders.map((name) => `${name.toLowerCase()}:${request.headers[name.toLowerCase()] ?? ''}`);
  const encoding = normalizedAcceptEncoding(behaviour, request.headers['accept-encoding'], request.httpVersion) ?? '';
  return JSON.stringify([request.path, query, headers, encoding]);
}

function decodeURIComponentSafe(text: string): string {
  try {
    return decodeURIComponent(text.replace(/\+/g, ' '));
  } catch {
    return text;
  }
}
