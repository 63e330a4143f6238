import { describe, expect, it } from 'vitest';
import {
  addressedAt,
  behaviourFor,
  cacheKey,
  cacheTtlSeconds,
  cdnRules,
  chosenEncoding,
  compressedETag,
  compressible,
  normalizedAcceptEncoding,
  pathPatternMatches,
  type BehaviourRules,
} from '../../lib/cdn-rules';
import { DIRECTORY_INDEX_FUNCTION, PAGES, pagePath } from '../../web/site';
import { routes } from '#shared/api/routes';
import { passesEdgeToken, viewerAddressFunction } from '#shared/http/viewer-address';

const rules = cdnRules();
const reads = rules.publicReads;
const rest = rules.passThrough;
const json = (contentLength: number | undefined, contentType = 'application/json') => ({ contentType, contentLength, contentEncoding: undefined });

describe("CloudFront's compression rules", () => {
  it('compresses listed types from 1 000 to 10 000 000 bytes, bounds included', () => {
    expect(compressible(json(999))).toBe(false);
    expect(compressible(json(1_000))).toBe(true);
    expect(compressible(json(10_000_000))).toBe(true);
    expect(compressible(json(10_000_001))).toBe(false);
  });

  it('needs a Content-Length and no Content-Encoding', () => {
    expect(compressible(json(undefined))).toBe(false);
    expect(compressible({ ...json(5_000), contentEncoding: 'gzip' })).toBe(false);
    expect(compressible({ ...json(5_000), contentEncoding: 'identity' })).toBe(false);
  });

  it('compresses application/json (parameters ignored) and text/plain, never application/problem+json', () => {
    expect(compressible(json(5_000, 'application/json; charset=utf-8'))).toBe(true);
    expect(compressible(json(5_000, 'Application/JSON'))).toBe(true);
    expect(compressible(json(5_000, 'text/plain; charset=utf-8'))).toBe(true);
    expect(compressible(json(5_000, 'application/problem+json'))).toBe(false);
    expect(compressible(json(5_000, 'image/png'))).toBe(false);
    expect(compressible({ contentType: undefined, contentLength: 5_000, contentEncoding: undefined })).toBe(false);
  });

  it('makes a strong ETag weak, keeps a weak one, drops an invalid one', () => {
    expect(compressedETag('"abc"')).toBe('W/"abc"');
    expect(compressedETag('W/"abc"')).toBe('W/"abc"');
    expect(compressedETag('abc')).toBeUndefined();
    expect(compressedETag(undefined)).toBeUndefined();
  });

  it('prefers Brotli when the viewer accepts both and the policy enables both; gzip otherwise', () => {
    expect(chosenEncoding(reads, 'gzip, deflate, br')).toBe('br');
    expect(chosenEncoding(reads, 'gzip')).toBe('gzip');
    expect(chosenEncoding(reads, 'br')).toBe('br');
    expect(chosenEncoding(reads, 'deflate')).toBeUndefined();
    expect(chosenEncoding(reads, undefined)).toBeUndefined();
    expect(chosenEncoding(reads, 'br;q=0, gzip')).toBe('gzip');
    // HTTP/1.0 requests lose their Accept-Encoding.
    expect(chosenEncoding(reads, 'gzip, br', '1.0')).toBeUndefined();
    // The pass-through behaviour (CachingDisabled) enables neither format in its policy: gzip only.
    expect(chosenEncoding(rest, 'gzip, br')).toBe('gzip');
    expect(chosenEncoding(rest, 'br')).toBeUndefined();
    const off: BehaviourRules = { ...reads, compress: false };
    expect(chosenEncoding(off, 'gzip, br')).toBeUndefined();
  });

  it('normalises Accept-Encoding to the enabled formats the viewer accepts', () => {
    expect(normalizedAcceptEncoding(reads, 'gzip, deflate, br, zstd')).toBe('br,gzip');
    expect(normalizedAcceptEncoding(reads, 'br')).toBe('br');
    expect(normalizedAcceptEncoding(reads, 'deflate, gzip')).toBe('gzip');
    expect(normalizedAcceptEncoding(reads, 'identity')).toBeUndefined();
    expect(normalizedAcceptEncoding({ ...reads, acceptEncoding: { gzip: true, brotli: false } }, 'gzip, br')).toBe('gzip');
  });
});

describe('TTLs', () => {
  it('keeps an answer for its s-maxage, else its max-age, clamped to the maximum TTL', () => {
    expect(cacheTtlSeconds(reads, 'public, max-age=5')).toBe(5);
    expect(cacheTtlSeconds(reads, 'public, max-age=5, s-maxage=30')).toBe(30);
    expect(cacheTtlSeconds(reads, 'max-age=86400')).toBe(reads.ttl.maxSeconds);
  });

  it('keeps nothing private, no-store, no-cache, max-age=0 or without max-age (minimum and default TTL 0)', () => {
    for (const header of ['private, max-age=60', 'no-store', 'no-cache, max-age=60', 'public, max-age=0', undefined, 'public']) {
      expect(cacheTtlSeconds(reads, header), String(header)).toBeUndefined();
    }
  });

  it('lifts to the minimum TTL, and uses the default TTL without max-age, when they are set', () => {
    const sticky: BehaviourRules = { ...reads, ttl: { minSeconds: 10, defaultSeconds: 60, maxSeconds: 300 } };
    expect(cacheTtlSeconds(sticky, 'max-age=2')).toBe(10);
    expect(cacheTtlSeconds(sticky, 'private')).toBe(10);
    expect(cacheTtlSeconds(sticky, undefined)).toBe(60);
  });

  it('caches nothing on the pass-through behaviour', () => {
    expect(cacheTtlSeconds(rest, 'public, max-age=5')).toBeUndefined();
  });
});

describe('the cache key', () => {
  const key = (path: string, rawQueryString = '', headers: Record<string, string> = {}) => cacheKey(reads, { path, rawQueryString, headers });

  it('leaves unlisted query parameters out, keeps the accepted ones with their values', () => {
    expect(reads.cacheKeyQueryParameters).toEqual(expect.arrayContaining(['team', 'subtype_id']));
    expect(key('/api/v1/services', '_=1')).toBe(key('/api/v1/services'));
    expect(key('/api/v1/services', 'team=3&_=1')).toBe(key('/api/v1/services', 'team=3'));
    expect(key('/api/v1/services', 'team=3')).not.toBe(key('/api/v1/services', 'team=4'));
    expect(key('/api/v1/services', 'team=3')).not.toBe(key('/api/v1/services'));
  });

  it('splits by Authorization and by the Accept-Encoding class, not by other headers', () => {
    expect(key('/api/v1/teams', '', { authorization: 'Bearer a' })).not.toBe(key('/api/v1/teams'));
    expect(key('/api/v1/teams', '', { authorization: 'Bearer a' })).not.toBe(key('/api/v1/teams', '', { authorization: 'Bearer b' }));
    expect(key('/api/v1/teams', '', { 'accept-encoding': 'gzip' })).not.toBe(key('/api/v1/teams', '', { 'accept-encoding': 'gzip, br' }));
    expect(key('/api/v1/teams', '', { 'accept-encoding': 'gzip, deflate' })).toBe(key('/api/v1/teams', '', { 'accept-encoding': 'gzip' }));
    expect(key('/api/v1/teams', '', { 'accept-encoding': 'deflate' })).toBe(key('/api/v1/teams'));
    expect(key('/api/v1/teams', '', { 'user-agent': 'x', cookie: 'a=b', 'if-none-match': '"x"' })).toBe(key('/api/v1/teams'));
  });
});

describe('behaviours', () => {
  it('puts the public collections under the cached behaviour and the rest of the API under the pass-through', () => {
    expect(rules.cachedPathPatterns).toEqual(expect.arrayContaining(['/api/v1/teams*', '/api/v1/services*']));
    expect(behaviourFor(rules, '/api/v1/teams/scoreboard')).toBe(reads);
    expect(behaviourFor(rules, '/api/v1/services')).toBe(reads);
    expect(behaviourFor(rules, '/api/v1/dns')).toBe(rest);
    expect(behaviourFor(rules, '/api/v1/settings/1')).toBe(rest);
    // The pages are the default behaviour's (CachingOptimized): Brotli when the viewer accepts it, as CloudFront does.
    for (const page of ['/', '/services.html', '/admin/', '/app.js']) expect(behaviourFor(rules, page)).toBe(rules.site);
    expect(chosenEncoding(rules.site, 'gzip, deflate, br')).toBe('br');
    expect(chosenEncoding(rest, 'gzip, deflate, br')).toBe('gzip');
  });

  it("matches CloudFront's path patterns: * any run, slashes included; ? one character; case-sensitive", () => {
    expect(pathPatternMatches('/api/v1/teams*', '/api/v1/teams/1/scorecard')).toBe(true);
    expect(pathPatternMatches('/api/v1/teams*', '/api/v1/Teams')).toBe(false);
    expect(pathPatternMatches('/a?c', '/abc')).toBe(true);
    expect(pathPatternMatches('/a.c', '/abc')).toBe(false);
  });
});

describe('the directory index (the CloudFront Function the site behaviour runs)', () => {
  // The function's own code, run as CloudFront would: one viewer request in, the request to the origin out.
  const run = (uri: string) => (new Function(`${DIRECTORY_INDEX_FUNCTION}; return handler;`)() as (e: unknown) => { uri: string })({ request: { uri } }).uri;

  it('fetches <dir>/index.html for <dir>/ and leaves every other path alone, as the local site serves them', () => {
    expect(run('/admin/')).toBe('/admin/index.html');
    expect(run('/')).toBe('/');
    expect(run('/my-team.html')).toBe('/my-team.html');
    expect(run('/assets/main-3f9a.js')).toBe('/assets/main-3f9a.js');
    // Every page is fetched from its file at the path it is served at.
    for (const page of PAGES) expect(run(pagePath(page.file)).replace(/^\/$/, '/index.html')).toBe(`/${page.file}`);
  });
});

describe('the routes that read the viewer’s address', () => {
  const check = routes.find((r) => r.name === 'CheckInBeacon')!;

  it('are the check-in alone, outside every cached pattern, with the form of its token checked at the edge', () => {
    expect(rules.addressed).toEqual([
      { pattern: '/api/v1/beacons/*/check-in', route: 'CheckInBeacon', edgeToken: { header: 'x-beacon-token', pattern: '^ccdcb_[A-Za-z0-9_-]{43}$' } },
    ]);
    expect(addressedAt(rules, '/api/v1/beacons/12/check-in')).toBe(rules.addressed[0]);
    expect(addressedAt(rules, '/api/v1/red-team/beacons')).toBeUndefined();
    const code = viewerAddressFunction(check.edgeToken);
    expect(code).toContain("if (!token || !/^ccdcb_[A-Za-z0-9_-]{43}$/.test(token.value)) return { statusCode: 403, statusDescription: 'Forbidden' };");
    expect(passesEdgeToken(check.edgeToken, { 'x-beacon-token': `ccdcb_${'a'.repeat(43)}` })).toBe(true);
    expect(passesEdgeToken(check.edgeToken, { 'x-beacon-token': 'ccdcb_short' })).toBe(false);
    expect(passesEdgeToken(check.edgeToken, {})).toBe(false);
  });

  it('refuse a route table where a cached pattern would take an addressed path first (it forwards a viewer’s own address header)', () => {
    const shadowing = { ...routes.find((r) => r.name === 'ListTeams')!, name: 'ListBeaconsPublicly', path: '/api/v1/beacons' };
    expect(() => cdnRules([...routes, shadowing])).toThrow(
      /CheckInBeacon reads the viewer's address, but its path \/api\/v1\/beacons\/\*\/check-in falls under the cached behaviour \/api\/v1\/beacons\*/,
    );
  });
});
