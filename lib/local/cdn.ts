import type { IncomingMessage, RequestListener, ServerResponse } from 'node:http';
import { randomBytes } from 'node:crypto';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import {
  behaviourFor,
  cacheKey,
  cacheTtlSeconds,
  cdnRules,
  chosenEncoding,
  compressedETag,
  compressible,
  normalizedAcceptEncoding,
  addressedAt,
  STAND_IN_COMPRESSION_LEVELS,
  type BehaviourRules,
  type CdnRules,
  type Encoding,
} from '../cdn-rules';
import { passesEdgeToken, VIEWER_ADDRESS_HEADER, VIEWER_TRUST_HEADER } from '#shared/http/viewer-address';
import { readGatewayRequest, splitRequestTarget, writeGatewayAnswer, type GatewayAnswer, type GatewayRequest } from './gateway';

/**
 * The local twin of the stack's CloudFront distribution in front of the API:
 * what spectators get in AWS, with the rules the stack configures
 * (lib/cdn-rules.ts). GET and HEAD of the public reads' paths are cached for
 * as long as the origin's Cache-Control says (clamped to the policy's TTLs;
 * `private`/`no-store` never), keyed as the cache policy keys them (path,
 * accepted query parameters, Authorization, Accept-Encoding class);
 * conditional requests are answered from the cache; a stale entry is
 * revalidated with the origin by its ETag; concurrent misses for one key make
 * one origin request. Answers are compressed as CloudFront compresses them.
 * Everything else passes through to the origin (compressed on the way back,
 * gzip only, as the pass-through behaviour does). SigV4-signed requests are
 * the IAM API's, which has no CDN in front: they pass untouched.
 */

/** The origin: the local API Gateway's `answer` (lib/local/gateway.ts). */
export type Origin = (request: GatewayRequest) => Promise<GatewayAnswer>;

export interface CdnStats {
  /** Requests the stand-in sent to the origin (fills, revalidations, pass-through). */
  originRequests: number;
  /** Answered from a fresh cache entry. */
  hits: number;
  /** Answered from a stale entry the origin confirmed (304). */
  refreshHits: number;
  /** Cached behaviour, answered from the origin. */
  misses: number;
  /** Pass-through behaviour or signed requests. */
  passedThrough: number;
}

export interface CdnStandIn {
  listener: RequestListener;
  /**
   * What it adds beside the viewer's address on the addressed routes, drawn
   * when it starts: the local origin trusts the address only with it
   * (VIEWER_TRUST_SECRET; decision 0085).
   */
  viewerTrustSecret: string;
  stats: CdnStats;
  /** Drops every cached entry, as an invalidation of `/*` would. */
  invalidate(): void;
}

export interface CdnOptions {
  /** The rules (default: the project's, from its route table). */
  rules?: CdnRules;
  /** The clock, in ms (tests). */
  now?: () => number;
  /** Entries kept at most; the least recently used goes first (CloudFront evicts too). */
  maxEntries?: number;
}

interface Entry {
  /** The answer as the viewer gets it: headers for its encoding class, body compressed or not. */
  headers: Record<string, string | string[]>;
  body: Buffer;
  /** The origin's own ETag (strong), for revalidation. */
  originETag: string | undefined;
  storedAt: number;
  expiresAt: number;
}

const X_CACHE = { hit: 'Hit from cloudfront', refresh: 'RefreshHit from cloudfront', miss: 'Miss from cloudfront' } as const;

/**
 * The headers CloudFront adds to every answer besides X-Cache: its edge
 * (`Via`, `X-Amz-Cf-Pop`) and a request id of its own, new each time
 * (`X-Amz-Cf-Id`, 56 characters). The stand-in sends them too, so the bytes
 * a viewer is measured to pull are those it would pull from CloudFront.
 */
const EDGE = { via: '1.1 5b4f0a3c2d1e6f7a8b9c0d1e2f3a4b5c.cloudfront.net (CloudFront)', pop: 'IAD89-P1' } as const;
const cloudFrontHeaders = (xCache: string): Record<string, string> => ({
  'x-cache': xCache,
  via: EDGE.via,
  'x-amz-cf-pop': EDGE.pop,
  'x-amz-cf-id': randomBytes(42).toString('base64url'),
});
/**
 * What the edge adds to an answer on this connection: over HTTP/1.1, when
 * the connection stays open (Node decided so from the request), also
 * `Connection: keep-alive`, as CloudFront says it. Named, it stops Node
 * adding a `Keep-Alive: timeout=5` of its own that CloudFront does not send
 * (and that the viewer bench would count on every poll).
 */
const edgeHeaders = (res: ServerResponse, xCache: string): Record<string, string> => ({
  ...cloudFrontHeaders(xCache),
  ...(res.req.httpVersionMajor === 1 && res.shouldKeepAlive ? { connection: 'keep-alive' } : {}),
});

const compressWith: Record<Encoding, (body: Buffer) => Promise<Buffer>> = {
  gzip: (body) => promisify(gzip)(body, { level: STAND_IN_COMPRESSION_LEVELS.gzip }),
  br: (body) =>
    promisify(brotliCompress)(body, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: STAND_IN_COMPRESSION_LEVELS.brotli,
        [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
      },
    }),
};

export function createCdnStandIn(origin: Origin, options: CdnOptions = {}): CdnStandIn {
  const rules = options.rules ?? cdnRules();
  const now = options.now ?? Date.now;
  const maxEntries = options.maxEntries ?? 10_000;
  const cache = new Map<string, Entry>();
  const filling = new Map<string, Promise<Entry | undefined>>();
  const stats: CdnStats = { originRequests: 0, hits: 0, refreshHits: 0, misses: 0, passedThrough: 0 };
  const viewerTrustSecret = randomBytes(24).toString('base64url');

  const toOrigin = (request: GatewayRequest) => {
    stats.originRequests++;
    return origin(request);
  };

  function store(key: string, entry: Entry) {
    cache.delete(key);
    cache.set(key, entry);
    if (cache.size > maxEntries) cache.delete(cache.keys().next().value!);
  }

  /** A cacheable origin answer as an entry for this key's encoding class, or undefined when it may not be kept. */
  async function entryOf(behaviour: BehaviourRules, request: GatewayRequest, answer: GatewayAnswer): Promise<Entry | undefined> {
    if (answer.statusCode !== 200 || answer.body === undefined) return undefined;
    const ttl = cacheTtlSeconds(behaviour, header(answer.headers, 'cache-control'));
    if (ttl === undefined) return undefined;
    const viewer = await compressedForViewer(behaviour, request, answer);
    const storedAt = now();
    return { headers: viewer.headers, body: viewer.body!, originETag: header(answer.headers, 'etag'), storedAt, expiresAt: storedAt + ttl * 1000 };
  }

  /** Asks the origin for a key's answer (viewer headers, Accept-Encoding normalised) and keeps it if it may be kept. */
  async function fill(key: string, behaviour: BehaviourRules, request: GatewayRequest): Promise<{ entry?: Entry; answer: GatewayAnswer }> {
    const answer = await toOrigin(originRequest(behaviour, request));
    const entry = await entryOf(behaviour, request, answer);
    if (entry) store(key, entry);
    return { entry, answer };
  }

  /** Asks the origin whether a stale entry is still current (If-None-Match with the origin's ETag). */
  async function revalidate(key: string, behaviour: BehaviourRules, request: GatewayRequest, stale: Entry) {
    const conditional = originRequest(behaviour, { ...request, method: 'GET' });
    delete conditional.headers['if-none-match'];
    delete conditional.headers['if-modified-since'];
    if (stale.originETag !== undefined) conditional.headers['if-none-match'] = stale.originETag;
    const answer = await toOrigin(conditional);
    if (answer.statusCode === 304) {
      const ttl = cacheTtlSeconds(behaviour, header(answer.headers, 'cache-control'));
      if (ttl === undefined) {
        cache.delete(key);
        return { refreshed: undefined, answer };
      }
      // The 304's headers update the stored ones (a new request id, the Cache-Control); the body and its encoding stay.
      const headers = { ...stale.headers };
      for (const name of ['cache-control', 'x-request-id', 'expires']) {
        const value = header(answer.headers, name);
        if (value !== undefined) headers[name] = value;
      }
      const storedAt = now();
      const refreshed: Entry = { ...stale, headers, storedAt, expiresAt: storedAt + ttl * 1000 };
      store(key, refreshed);
      return { refreshed, answer };
    }
    const entry = await entryOf(behaviour, request, answer);
    if (entry) store(key, entry);
    else cache.delete(key);
    return { entry, answer };
  }

  async function cached(request: GatewayRequest, behaviour: BehaviourRules, res: ServerResponse, path: string, rawQueryString: string) {
    const key = cacheKey(behaviour, { path, rawQueryString, headers: request.headers, httpVersion: request.httpVersion });
    const entry = cache.get(key);
    if (entry && entry.expiresAt > now()) {
      stats.hits++;
      return serveEntry(res, request, entry, X_CACHE.hit, now());
    }
    // Concurrent requests for one key wait for one origin request (CloudFront collapses them too).
    const pending = filling.get(key);
    if (pending) {
      const filled = await pending;
      if (filled) {
        stats.hits++;
        return serveEntry(res, request, filled, X_CACHE.hit, now());
      }
    }
    if (entry) {
      const done = revalidate(key, behaviour, request, entry);
      filling.set(
        key,
        done.then((r) => r.refreshed ?? r.entry),
      );
      try {
        const result = await done;
        if (result.refreshed) {
          stats.refreshHits++;
          return serveEntry(res, request, result.refreshed, X_CACHE.refresh, now());
        }
        stats.misses++;
        if (result.entry) return serveEntry(res, request, result.entry, X_CACHE.miss, now());
        return writeAnswer(res, await compressedForViewer(behaviour, request, result.answer), X_CACHE.miss);
      } finally {
        filling.delete(key);
      }
    }
    stats.misses++;
    // A HEAD miss is asked of the origin as a HEAD: there is no body to keep.
    if (request.method === 'HEAD') return writeAnswer(res, await toOrigin(originRequest(behaviour, request)), X_CACHE.miss);
    const done = fill(key, behaviour, request);
    filling.set(
      key,
      done.then((r) => r.entry),
    );
    try {
      const { entry: filled, answer } = await done;
      if (filled) return serveEntry(res, request, filled, X_CACHE.miss, now());
      return writeAnswer(res, await compressedForViewer(behaviour, request, answer), X_CACHE.miss);
    } finally {
      filling.delete(key);
    }
  }

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const viewer = await readGatewayRequest(req);
    const { rawPath, rawQueryString } = splitRequestTarget(viewer.target);
    // An addressed route's request without its edge token in form: refused here, as CloudFront's function refuses it.
    const at = addressedAt(rules, rawPath);
    if (at && !passesEdgeToken(at.edgeToken, viewer.headers)) {
      res.writeHead(403, { 'content-length': '0', ...edgeHeaders(res, 'FunctionGeneratedResponse from cloudfront') });
      return res.end();
    }
    const request = { ...viewer, headers: addressed(viewer.headers, rawPath, req.socket.remoteAddress) };
    const behaviour = behaviourFor(rules, rawPath);
    const method = request.method.toUpperCase();
    const signed = (request.headers.authorization ?? '').startsWith('AWS4-HMAC-SHA256');
    if (signed) {
      stats.passedThrough++;
      return writeGatewayAnswer(res, await toOrigin(request));
    }
    const bodyless = request.body !== 'too-large' && request.body.length === 0;
    if (behaviour.caching && behaviour.cachedMethods.includes(method) && bodyless) {
      return cached({ ...request, method }, behaviour, res, rawPath, rawQueryString);
    }
    stats.passedThrough++;
    const answer = await toOrigin(request);
    writeAnswer(res, await compressedForViewer(behaviour, request, answer), X_CACHE.miss);
  }

  /**
   * The headers on their way to the origin: on the addressed routes, as
   * CloudFront's viewer-address function sets them (the socket's address,
   * replacing any the caller sent), and the trust secret; elsewhere, a trust
   * header a caller sent is dropped.
   */
  function addressed(headers: Record<string, string>, path: string, remoteAddress: string | undefined): Record<string, string> {
    const { [VIEWER_TRUST_HEADER]: _dropped, ...rest } = headers;
    if (!addressedAt(rules, path)) return rest;
    return { ...rest, [VIEWER_ADDRESS_HEADER]: remoteAddress ?? '', [VIEWER_TRUST_HEADER]: viewerTrustSecret };
  }

  return {
    stats,
    viewerTrustSecret,
    invalidate: () => cache.clear(),
    listener: (req, res) => {
      handle(req, res).catch((error: unknown) => {
        // The origin answers its own errors; this is the stand-in failing (a socket gone mid-answer).
        if (!res.headersSent) {
          res.writeHead(502, { 'content-type': 'text/plain; charset=utf-8', ...cloudFrontHeaders('Error from cloudfront') });
          res.end(`The CDN stand-in failed: ${String(error)}\n`);
        } else res.destroy();
      });
    },
  };
}

/** The request CloudFront sends the origin: the viewer's, Accept-Encoding normalised for a cached behaviour. */
function originRequest(behaviour: BehaviourRules, request: GatewayRequest): GatewayRequest {
  if (!behaviour.caching) return request;
  const headers = { ...request.headers };
  headers['accept-encoding'] = normalizedAcceptEncoding(behaviour, request.headers['accept-encoding'], request.httpVersion) ?? 'identity';
  return { ...request, headers };
}

/**
 * An origin answer as CloudFront sends it to this viewer: compressed when the
 * behaviour compresses, the viewer accepts a format and the answer is
 * compressible (its ETag then weak), and `Vary: Accept-Encoding` on any
 * answer whose bytes depend on the viewer's Accept-Encoding.
 */
export async function compressedForViewer(behaviour: BehaviourRules, request: GatewayRequest, answer: GatewayAnswer): Promise<GatewayAnswer> {
  const shape = {
    contentType: header(answer.headers, 'content-type'),
    contentLength: answer.body?.length,
    contentEncoding: header(answer.headers, 'content-encoding'),
  };
  if (!behaviour.compress || !compressible(shape)) return answer;
  const headers: Record<string, string | string[]> = { ...answer.headers, vary: withVary(header(answer.headers, 'vary'), 'Accept-Encoding') };
  const encoding = chosenEncoding(behaviour, request.headers['accept-encoding'], request.httpVersion);
  if (encoding === undefined) return { ...answer, headers };
  headers['content-encoding'] = encoding;
  const etag = compressedETag(header(answer.headers, 'etag'));
  if (etag === undefined) delete headers.etag;
  else headers.etag = etag;
  return { ...answer, headers, body: await compressWith[encoding](answer.body!) };
}

function serveEntry(res: ServerResponse, request: GatewayRequest, entry: Entry, xCache: string, at: number) {
  const headers: Record<string, string | string[]> = { ...entry.headers, age: String(Math.floor((at - entry.storedAt) / 1000)), ...edgeHeaders(res, xCache) };
  const etag = header(entry.headers, 'etag');
  if (etag !== undefined && etagMatches(request.headers['if-none-match'], etag)) {
    // A 304 carries what a 200 would say about caching and the validator, not the body's description.
    for (const name of ['content-type', 'content-length', 'content-encoding']) delete headers[name];
    res.writeHead(304, headers);
    return res.end();
  }
  headers['content-length'] = String(entry.body.length);
  res.writeHead(200, headers);
  res.end(request.method === 'HEAD' ? undefined : entry.body);
}

function writeAnswer(res: ServerResponse, answer: GatewayAnswer, xCache: string) {
  writeGatewayAnswer(res, { ...answer, headers: { ...answer.headers, ...edgeHeaders(res, xCache) } });
}

/** If-None-Match by weak comparison (RFC 9110): `W/"a"` and `"a"` match; `*` matches any. */
function etagMatches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  const opaque = (tag: string) => tag.trim().replace(/^W\//, '');
  return ifNoneMatch.split(',').some((tag) => tag.trim() === '*' || opaque(tag) === opaque(etag));
}

function header(headers: Record<string, string | string[]>, name: string): string | undefined {
  const value = headers[name];
  return Array.isArray(value) ? value.join(', ') : value;
}

function withVary(vary: string | undefined, name: string): string {
  const names = (vary ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter((s) => s !== '');
  return names.some((n) => n.toLowerCase() === name.toLowerCase()) ? names.join(', ') : [...names, name].join(', ');
}
