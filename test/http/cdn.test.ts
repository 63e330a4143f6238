/**
 * The local twin's CDN stand-in (lib/local/cdn.ts), over the wire: in front of
 * the real local server, then in front of an origin this file scripts (for
 * answers the API never gives, such as `private`). Raw node:http requests
 * where the bytes on the wire matter (fetch would decompress them).
 */
import { createServer, request as httpRequest, type IncomingHttpHeaders, type Server } from 'node:http';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LocalStack } from '../../lib/local/local-stack';
import { createCdnStandIn, type CdnStandIn } from '../../lib/local/cdn';
import type { GatewayAnswer, GatewayRequest } from '../../lib/local/gateway';
import { ORIGIN_COMPRESSED_MIN_BYTES } from '#shared/http/compression';
import { ENV_TOKENS, IAM_KEYS, startTestServer } from '../support/server';
import { runTool } from '../support/processes';

interface RawAnswer {
  status: number;
  headers: IncomingHttpHeaders;
  /** The bytes as sent (compressed or not). */
  body: Buffer;
}

function raw(url: string, headers: Record<string, string> = {}, method = 'GET', localAddress?: string): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(url, { method, headers, localAddress }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

/** The body as the viewer reads it. */
function decoded(answer: RawAnswer): Buffer {
  const encoding = answer.headers['content-encoding'];
  if (encoding === 'gzip') return gunzipSync(answer.body);
  if (encoding === 'br') return brotliDecompressSync(answer.body);
  expect(encoding).toBeUndefined();
  return answer.body;
}

describe('the CDN stand-in in front of the local server', () => {
  let stack: LocalStack;
  let cdn: CdnStandIn;
  const viaCdn = (path: string) => `${stack.cdnUrl}/api/v1${path}`;
  const atOrigin = (path: string) => `${stack.url}/api/v1${path}`;
  /** How many requests reach the origin while `run` runs. */
  const originCalls = async (run: () => Promise<unknown>) => {
    const before = cdn.stats.originRequests;
    await run();
    return cdn.stats.originRequests - before;
  };

  beforeAll(async () => {
    stack = await startTestServer({ cdn: { port: 0 } });
    cdn = stack.cdn!;
  });
  afterAll(async () => {
    await stack?.stop();
  });

  it("vouches for a beacon check-in's address: the socket's, replacing a forged one; the origin's port trusts no address without the stand-in's secret", async () => {
    const admin = { authorization: `Bearer ${ENV_TOKENS.admin}`, 'content-type': 'application/json' };
    const teams = (await (await fetch(atOrigin('/teams'))).json()) as { id: number; number: number }[];
    const team = teams.find((t) => t.number === 13)!;
    const given = await fetch(atOrigin(`/teams/${team.id}`), { method: 'PATCH', headers: admin, body: JSON.stringify({ networks: ['127.0.13.0/24'] }) });
    expect(given.status).toBe(200);
    const opened = await fetch(atOrigin('/red-team/beacons'), {
      method: 'POST',
      headers: admin,
      body: JSON.stringify({ team_id: team.id, host: 'www.team13.ccdc.example' }),
    });
    const { beacon, token, callback_url } = (await opened.json()) as { beacon: { id: number }; token: string; callback_url: string };
    const forged = { 'x-beacon-token': token, 'x-ccdc-viewer-address': '127.0.13.10', 'x-forwarded-for': '127.0.13.10' };
    // Straight to the origin, a forged address (and a guessed secret) counts for nothing.
    const direct = await raw(`${stack.url}${callback_url}`, { ...forged, 'x-ccdc-viewer-trust': 'guessed' }, 'POST', '127.0.13.10');
    expect([direct.status, JSON.parse(direct.body.toString()).code]).toEqual([403, 'beacon_refused']);
    // Through the stand-in from another team's address, the forged one is replaced: outside the team's networks.
    const elsewhere = await raw(`${stack.cdnUrl}${callback_url}`, forged, 'POST', '127.0.14.10');
    expect([elsewhere.status, JSON.parse(decoded(elsewhere).toString()).code]).toEqual([403, 'beacon_outside_networks']);
    // Without a token in form, refused at the edge: the origin never hears of it.
    const before = cdn.stats.originRequests;
    const tokenless = await raw(`${stack.cdnUrl}${callback_url}`, { 'x-beacon-token': 'guess' }, 'POST', '127.0.13.10');
    expect([tokenless.status, tokenless.headers['x-cache']]).toEqual([403, 'FunctionGeneratedResponse from cloudfront']);
    expect(cdn.stats.originRequests).toBe(before);
    // Through the stand-in from the team's own: counted.
    const counted = await raw(`${stack.cdnUrl}${callback_url}`, { 'x-beacon-token': token }, 'POST', '127.0.13.10');
    expect(counted.status, decoded(counted).toString()).toBe(200);
    expect(JSON.parse(decoded(counted).toString())).toMatchObject({ beacon_id: beacon.id });
  });

  it('sends JSON of 1 000 B or more compressed (Brotli when accepted, else gzip), with a weak ETag and Vary: Accept-Encoding', async () => {
    const origin = await raw(atOrigin('/services'));
    expect(origin.body.length).toBeGreaterThanOrEqual(1000);
    expect(origin.headers['content-encoding']).toBeUndefined();
    const strong = origin.headers.etag!;
    expect(strong).toMatch(/^"/);

    for (const [accept, coding] of [
      ['gzip, deflate, br', 'br'],
      ['gzip', 'gzip'],
    ] as const) {
      const answer = await raw(viaCdn('/services'), { 'accept-encoding': accept });
      expect(answer.status).toBe(200);
      expect(answer.headers['content-encoding'], accept).toBe(coding);
      expect(Number(answer.headers['content-length'])).toBe(answer.body.length);
      expect(answer.body.length).toBeLessThan(origin.body.length / 3);
      expect(decoded(answer).equals(origin.body)).toBe(true);
      expect(answer.headers.etag).toBe(`W/${strong}`);
      expect(answer.headers.vary).toMatch(/\bAccept-Encoding\b/);
    }
    // No Accept-Encoding: the bytes and the strong ETag as the origin sent them.
    const plain = await raw(viaCdn('/services'));
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.equals(origin.body)).toBe(true);
    expect(plain.headers.etag).toBe(strong);

    // fetch reads the compressed answer as the description says (the response check of every HTTP test).
    const viaFetch = await fetch(viaCdn('/services'), { headers: { 'accept-encoding': 'br' } });
    expect(viaFetch.status).toBe(200);
    expect(((await viaFetch.json()) as unknown[]).length).toBeGreaterThan(0);
  });

  it('passes JSON under 1 000 B as the origin sent it: compressed by the origin itself (CloudFront would not), never twice', async () => {
    // Read once the public version has settled: within VIEW_SETTLE_MS of its last move a view is tagged by its bytes,
    // after by the version, and the two reads below would straddle the change of tag.
    let plain = await raw(atOrigin('/teams/1/scorecard'));
    for (let waited = 0; !String(plain.headers.etag).startsWith('"v-') && waited < 10_000; waited += 250) {
      await new Promise((resolve) => setTimeout(resolve, 250));
      plain = await raw(atOrigin('/teams/1/scorecard'));
    }
    expect(plain.headers.etag).toMatch(/^"v-/);
    expect(plain.status).toBe(200);
    expect(plain.body.length).toBeLessThan(1000);
    expect(plain.body.length).toBeGreaterThanOrEqual(ORIGIN_COMPRESSED_MIN_BYTES);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toContain('Accept-Encoding');
    for (const [accepted, coding] of [
      ['gzip, br', 'br'],
      ['gzip', 'gzip'],
    ] as const) {
      const answer = await raw(viaCdn('/teams/1/scorecard'), { 'accept-encoding': accepted });
      expect(answer.headers['content-encoding']).toBe(coding);
      expect(answer.body.length).toBeLessThan(plain.body.length);
      expect(decoded(answer).equals(plain.body)).toBe(true);
      expect(answer.headers.etag).toBe(`W/${plain.headers.etag}`);
    }
  });

  it('never compresses application/problem+json, however large', async () => {
    // The fallback's 404 names the path: a long path makes a problem over 1 000 B, under the cached /api/v1/teams* pattern.
    const path = `/teams/1/${'x'.repeat(1500)}`;
    const answer = await raw(viaCdn(path), { 'accept-encoding': 'gzip, br' });
    expect(answer.status).toBe(404);
    expect(answer.headers['content-type']).toBe('application/problem+json');
    expect(answer.body.length).toBeGreaterThanOrEqual(1000);
    expect(answer.headers['content-encoding']).toBeUndefined();
    expect(JSON.parse(answer.body.toString()).code).toBe('not_found');
    // Outside the cached patterns too (the pass-through behaviour compresses as well, gzip only).
    const elsewhere = await raw(viaCdn(`/no-such-collection/${'y'.repeat(1500)}`), { 'accept-encoding': 'gzip' });
    expect(elsewhere.headers['content-type']).toBe('application/problem+json');
    expect(elsewhere.body.length).toBeGreaterThanOrEqual(1000);
    expect(elsewhere.headers['content-encoding']).toBeUndefined();
  });

  it('serves the pages with Brotli when the viewer accepts it, as CloudFront does with the pages’ cache policy (issue #49)', async () => {
    const page = await raw(`${stack.cdnUrl}/`, { 'accept-encoding': 'gzip, deflate, br' });
    expect([page.status, page.headers['content-encoding']]).toEqual([200, 'br']);
    expect(decoded(page).toString()).toContain('<!doctype html>');
    // At the origin, the local static site keeps its gzip.
    expect((await raw(`${stack.url}/`, { 'accept-encoding': 'gzip, deflate, br' })).headers['content-encoding']).toBe('gzip');
  });

  it('answers a repeat within max-age from the cache, without reaching the origin', async () => {
    cdn.invalidate();
    const headers = { 'accept-encoding': 'br' };
    let first!: RawAnswer;
    expect(await originCalls(async () => (first = await raw(viaCdn('/teams'), headers)))).toBe(1);
    expect(first.headers['cache-control']).toMatch(/max-age=[1-9]/);
    expect(first.headers['x-cache']).toBe('Miss from cloudfront');
    let again!: RawAnswer;
    expect(await originCalls(async () => (again = await raw(viaCdn('/teams'), headers)))).toBe(0);
    expect(again.headers['x-cache']).toBe('Hit from cloudfront');
    // The origin's own answer, request id included: the function did not run again.
    expect(again.headers['x-request-id']).toBe(first.headers['x-request-id']);
    expect(again.body.equals(first.body)).toBe(true);
    expect(Number(again.headers.age)).toBeGreaterThanOrEqual(0);
    // The connection stays open, said as CloudFront says it: no `Keep-Alive: timeout=…` of Node's on any answer; a
    // viewer that asks for the connection to close gets it closed.
    for (const answer of [first, again]) expect([answer.headers.connection, answer.headers['keep-alive']]).toEqual(['keep-alive', undefined]);
    expect((await raw(viaCdn('/teams'), { ...headers, connection: 'close' })).headers.connection).toBe('close');
  });

  it('answers If-None-Match from the cache with 304, the weak ETag or the strong one', async () => {
    cdn.invalidate();
    const headers = { 'accept-encoding': 'gzip, br' };
    const filled = await raw(viaCdn('/teams/scoreboard'), headers);
    expect(filled.headers['content-encoding']).toBe('br');
    const weak = filled.headers.etag!;
    expect(weak).toMatch(/^W\/"/);
    for (const tag of [weak, weak.slice(2)]) {
      let answer!: RawAnswer;
      expect(await originCalls(async () => (answer = await raw(viaCdn('/teams/scoreboard'), { ...headers, 'if-none-match': tag })))).toBe(0);
      expect(answer.status).toBe(304);
      expect(answer.body.length).toBe(0);
      expect(answer.headers.etag).toBe(weak);
      expect(answer.headers['cache-control']).toBe(filled.headers['cache-control']);
    }
    const other = await raw(viaCdn('/teams/scoreboard'), { ...headers, 'if-none-match': '"something-else"' });
    expect(other.status).toBe(200);
  });

  it('keeps one entry per Accept-Encoding class', async () => {
    cdn.invalidate();
    expect(await originCalls(() => raw(viaCdn('/services'), { 'accept-encoding': 'gzip' }))).toBe(1);
    expect(await originCalls(() => raw(viaCdn('/services'), { 'accept-encoding': 'gzip, br' }))).toBe(1);
    // `gzip, deflate` normalises to `gzip`: the first entry.
    expect(await originCalls(() => raw(viaCdn('/services'), { 'accept-encoding': 'gzip, deflate' }))).toBe(0);
  });

  it('splits the cache by Authorization: a token never gets the anonymous entry, and its own answers are never kept', async () => {
    cdn.invalidate();
    await raw(viaCdn('/teams'));
    expect(await originCalls(() => raw(viaCdn('/teams')))).toBe(0);
    const authorization = `Bearer ${ENV_TOKENS.service}`;
    let withToken!: RawAnswer;
    expect(await originCalls(async () => (withToken = await raw(viaCdn('/teams'), { authorization })))).toBe(1);
    expect(withToken.status).toBe(200);
    expect(withToken.headers['x-cache']).toBe('Miss from cloudfront');
    expect(withToken.headers['cache-control']).toBe('no-store');
    // no-store: the same token asks the origin every time.
    expect(await originCalls(() => raw(viaCdn('/teams'), { authorization }))).toBe(1);
    // And the anonymous entry is still there.
    expect(await originCalls(() => raw(viaCdn('/teams')))).toBe(0);
  });

  it('is not split by a query parameter the routes do not accept, and is by one they do', async () => {
    cdn.invalidate();
    expect(await originCalls(() => raw(viaCdn('/services?team=11')))).toBe(1);
    expect(await originCalls(() => raw(viaCdn('/services?team=11&_=1')))).toBe(0);
    expect(await originCalls(() => raw(viaCdn('/services?_=2&team=11')))).toBe(0);
    expect(await originCalls(() => raw(viaCdn('/services?team=12')))).toBe(1);
    expect(await originCalls(() => raw(viaCdn('/teams?cache-buster=3')))).toBe(1);
    expect(await originCalls(() => raw(viaCdn('/teams?cache-buster=4')))).toBe(0);
  });

  it('collapses concurrent misses for one key into one origin request', async () => {
    cdn.invalidate();
    let answers: RawAnswer[] = [];
    const calls = await originCalls(async () => {
      answers = await Promise.all(Array.from({ length: 8 }, () => raw(viaCdn('/teams/scoreboard'), { 'accept-encoding': 'gzip' })));
    });
    expect(calls).toBe(1);
    expect(new Set(answers.map((a) => a.headers['x-request-id'])).size).toBe(1);
    expect(answers.every((a) => a.status === 200)).toBe(true);
  });

  it('passes writes and the rest of the API through, and the smoke test passes through it', async () => {
    const authorization = `Bearer ${ENV_TOKENS.admin}`;
    expect(await originCalls(() => raw(viaCdn('/dns'), { authorization }))).toBe(1);
    expect(await originCalls(() => raw(viaCdn('/dns'), { authorization }))).toBe(1);
    const env = { AWS_ACCESS_KEY_ID: IAM_KEYS.service.accessKeyId, AWS_SECRET_ACCESS_KEY: IAM_KEYS.service.secretAccessKey, AWS_SESSION_TOKEN: '' };
    const result = await runTool('bin/smoke.ts', ['--url', stack.cdnUrl!, '--token', ENV_TOKENS.service, '--test-team', '99'], env);
    expect(result.code, result.stdout).toBe(0);
  });
});

describe('the CDN stand-in in front of a scripted origin', () => {
  let server: Server;
  let url: string;
  let clock = 1_000_000;
  let next: (request: GatewayRequest) => GatewayAnswer;
  const seen: GatewayRequest[] = [];
  const cdn = createCdnStandIn(
    async (request) => {
      seen.push(request);
      return next(request);
    },
    { now: () => clock },
  );
  const body = Buffer.from(JSON.stringify({ items: Array.from({ length: 200 }, (_, i) => ({ i, name: `team ${i}` })) }));
  const answer = (headers: Record<string, string>, status = 200): GatewayAnswer => ({
    statusCode: status,
    headers: { 'content-type': 'application/json', etag: '"v1"', ...headers },
    body: status === 304 ? undefined : body,
  });
  const get = (path: string, headers: Record<string, string> = {}) => raw(`${url}${path}`, headers);

  beforeAll(async () => {
    server = createServer(cdn.listener);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const address = server.address();
    url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  });
  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
  });

  it('never keeps a private answer, whatever its max-age', async () => {
    cdn.invalidate();
    next = () => answer({ 'cache-control': 'private, max-age=60' });
    const before = cdn.stats.originRequests;
    await get('/api/v1/teams');
    const second = await get('/api/v1/teams');
    expect(cdn.stats.originRequests - before).toBe(2);
    expect(second.headers['x-cache']).toBe('Miss from cloudfront');
    expect(second.headers['cache-control']).toBe('private, max-age=60');
  });

  it('keeps an answer for its s-maxage, capped at the maximum TTL, then revalidates it by its ETag', async () => {
    cdn.invalidate();
    seen.length = 0;
    next = () => answer({ 'cache-control': 'public, max-age=1, s-maxage=86400' });
    await get('/api/v1/services', { 'accept-encoding': 'gzip' });
    clock += 299_000;
    expect((await get('/api/v1/services', { 'accept-encoding': 'gzip' })).headers['x-cache']).toBe('Hit from cloudfront');
    expect(seen).toHaveLength(1);
    // The origin got the normalised Accept-Encoding.
    expect(seen[0]!.headers['accept-encoding']).toBe('gzip');
    clock += 2_000;
    next = (request) => (request.headers['if-none-match'] === '"v1"' ? answer({ 'cache-control': 'public, max-age=5' }, 304) : answer({}));
    const refreshed = await get('/api/v1/services', { 'accept-encoding': 'gzip' });
    expect(seen).toHaveLength(2);
    // Revalidated with the origin's own (strong) ETag, not the weak one the viewer saw.
    expect(seen[1]!.headers['if-none-match']).toBe('"v1"');
    expect(refreshed.headers['x-cache']).toBe('RefreshHit from cloudfront');
    expect(refreshed.headers['cache-control']).toBe('public, max-age=5');
    expect(refreshed.headers.etag).toBe('W/"v1"');
    expect(gunzipSync(refreshed.body).equals(body)).toBe(true);
    clock += 4_000;
    expect((await get('/api/v1/services', { 'accept-encoding': 'gzip' })).headers['x-cache']).toBe('Hit from cloudfront');
    expect(seen).toHaveLength(2);
  });

  it('keeps nothing without max-age, and nothing but a 200', async () => {
    cdn.invalidate();
    for (const [headers, status] of [
      [{}, 200],
      [{ 'cache-control': 'public, max-age=60' }, 404],
    ] as const) {
      next = () => answer(headers, status);
      const before = cdn.stats.originRequests;
      await get('/api/v1/teams');
      await get('/api/v1/teams');
      expect(cdn.stats.originRequests - before).toBe(2);
    }
  });

  it('does not compress an answer the origin already encoded, and drops an invalid ETag when it compresses', async () => {
    cdn.invalidate();
    next = () => answer({ 'cache-control': 'no-store', 'content-encoding': 'gzip' });
    const encoded = await get('/api/v1/teams', { 'accept-encoding': 'br' });
    expect(encoded.headers['content-encoding']).toBe('gzip');
    expect(encoded.body.equals(body)).toBe(true);
    next = () => answer({ 'cache-control': 'no-store', etag: 'not-quoted' });
    const compressed = await get('/api/v1/teams', { 'accept-encoding': 'br' });
    expect(compressed.headers['content-encoding']).toBe('br');
    expect(compressed.headers.etag).toBeUndefined();
  });
});
