import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { routes } from '#shared/api/routes';
import type { LocalStack } from '../../lib/local/local-stack';
import { ENV_TOKENS, IAM_KEYS, startTestServer } from '../support/server';
import { signedHeaders } from '../support/sigv4';
import { oneRouteOfEach } from '../support/route-samples';

/**
 * HTTP hygiene, concurrency control and idempotency through the local server
 * (the gateway, the authorizer and the handlers), one server for the file.
 */

let stack: LocalStack;
const ADMIN_ORIGIN = 'https://admin.example';

beforeAll(async () => {
  process.env.CORS_ALLOWED_ORIGINS = ADMIN_ORIGIN;
  stack = await startTestServer();
});
afterAll(async () => {
  await stack?.stop();
});

interface Raw {
  status: number;
  headers: Record<string, string>;
  text: string;
  json: any;
}

/** A request with the path exactly as given (fetch would normalise `//`, `.` and `..`). */
function raw(method: string, path: string, options: { headers?: Record<string, string>; body?: unknown } = {}): Promise<Raw> {
  const url = new URL(stack.url);
  const body = options.body === undefined ? undefined : JSON.stringify(options.body);
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: url.hostname,
        port: url.port,
        method,
        path,
        headers: { ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...options.headers },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString();
          let json: unknown;
          try {
            json = text ? JSON.parse(text) : undefined;
          } catch {
            json = undefined;
          }
          resolve({ status: res.statusCode ?? 0, headers: res.headers as Record<string, string>, text, json });
        });
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

const admin = { authorization: `Bearer ${ENV_TOKENS.admin}` };
const service = { authorization: `Bearer ${ENV_TOKENS.service}` };

function expectProblem(response: Raw, status: number) {
  expect(response.status, response.text).toBe(status);
  expect(response.headers['content-type']).toBe('application/problem+json');
  expect(response.headers['x-content-type-options']).toBe('nosniff');
}

describe('HTTP hygiene', () => {
  it('answers HEAD on every GET route with the GET headers and no body', async () => {
    for (const route of routes.filter((r) => r.method === 'GET')) {
      const path = route.path.replace('{id}', '1');
      // A GET on each side: a view that changes with the clock (a service's, every minute) may step between two requests,
      // and the HEAD must then carry the headers of one of them.
      const get = await raw('GET', path, { headers: admin });
      const head = await raw('HEAD', path, { headers: admin });
      const after = await raw('GET', path, { headers: admin });
      expect(head.status, path).toBe(get.status);
      expect(head.text).toBe('');
      const headers = ['content-type', 'etag', 'cache-control', 'x-content-type-options'];
      const of = (answer: Raw) => headers.map((name) => `${name}: ${answer.headers[name]}`);
      expect([of(get), of(after)], path).toContainEqual(of(head));
    }
    expect((await raw('HEAD', '/api/v1/teams')).headers['cache-control']).toMatch(/^public/);
  });

  it('sends nosniff on every kind of response, no-store on authenticated ones', async () => {
    const responses = [
      await raw('GET', '/api/v1/teams'),
      await raw('GET', '/api/v1/nope'),
      await raw('DELETE', '/api/v1/teams'),
      await raw('GET', '/api/v1/dns'),
      await raw('GET', '/api/v1/dns', { headers: admin }),
      await raw('OPTIONS', '/api/v1/teams', { headers: { origin: 'https://x.example', 'access-control-request-method': 'GET' } }),
    ];
    for (const r of responses) expect(r.headers['x-content-type-options'], `${r.status}`).toBe('nosniff');
    expect(responses[4]!.headers['cache-control']).toBe('no-store');
    expect(responses[3]!.headers['cache-control']).toBe('no-store');
    expect((await raw('GET', '/api/v1/teams', { headers: admin })).headers['cache-control']).toBe('no-store');
  });

  it('answers preflights without credentials: any origin on public routes, listed origins elsewhere', async () => {
    const preflight = (path: string, origin: string, method = 'GET') =>
      raw('OPTIONS', path, { headers: { origin, 'access-control-request-method': method, 'access-control-request-headers': 'authorization' } });
    const open = await preflight('/api/v1/teams/scoreboard', 'https://x.example');
    expect(open.status).toBe(204);
    expect(open.headers['access-control-allow-origin']).toBe('*');
    expect(open.headers['access-control-allow-methods']).toContain('GET');
    expect(open.headers['access-control-allow-credentials']).toBeUndefined();
    expect((await preflight('/api/v1/dns', 'https://x.example', 'POST')).headers['access-control-allow-origin']).toBeUndefined();
    const listed = await preflight('/api/v1/dns', ADMIN_ORIGIN, 'POST');
    expect(listed.headers['access-control-allow-origin']).toBe(ADMIN_ORIGIN);
    expect(listed.headers['access-control-allow-headers']).toContain('authorization');
    const teams = await raw('GET', '/api/v1/teams', { headers: { origin: 'https://x.example' } });
    expect(teams.headers['access-control-allow-origin']).toBe('*');
    // A script may read the answer's ETag and request id: what it carries, and nothing it does not.
    expect(teams.headers['access-control-expose-headers']).toBe('etag, x-request-id');
    expect((await raw('GET', '/api/v1/dns', { headers: { ...admin, origin: ADMIN_ORIGIN } })).headers['access-control-allow-origin']).toBe(ADMIN_ORIGIN);
    expect((await raw('GET', '/api/v1/dns', { headers: { ...admin, origin: 'https://x.example' } })).headers['access-control-allow-origin']).toBeUndefined();
  });

  it('serves one spelling per route: every other is a problem+json 404, for every principal', async () => {
    // The spelling is checked before the caller is (the endpoint wrapper's order): anonymous on every route, and
    // the tokens on one route of each access class, where the authorizer stands in front.
    const gets = routes.filter((r) => r.method === 'GET');
    const firstOfAccess = oneRouteOfEach(gets, (route) => route.access);
    for (const route of gets) {
      const path = route.path.replace('{id}', '1');
      const variants = [
        `${path}/`,
        path.replace('/api/v1/', '/api/v1//'),
        `/${path}`,
        path.replace('/api/', '/API/'),
        path.replace('/v1/', '/v1/./'),
        path.replace(/\/([^/]+)$/, '/$1%2F'),
      ];
      for (const variant of variants) {
        for (const headers of firstOfAccess.has(route) ? [{}, admin, service] : [{}]) {
          const response = await raw('GET', variant, { headers });
          expectProblem(response, 404);
        }
      }
    }
  });

  it('reads a path starting with // as a path, not a host', async () => {
    // Read as a URL, `//api/v1/teams` would be host "api" and path /v1/teams.
    const response = await raw('GET', '//api/v1/teams');
    expectProblem(response, 404);
    expect(response.json.detail).toContain('//api/v1/teams');
  });

  it('refuses a signature scoped to another region, as API Gateway does', async () => {
    const url = `${stack.url}/api/v1/dns`;
    const sign = (region: string) => signedHeaders(url, { method: 'GET', region, ...IAM_KEYS.admin });
    expect((await raw('GET', '/api/v1/dns', { headers: await sign('us-east-1') })).status).toBe(200);
    const elsewhere = await raw('GET', '/api/v1/dns', { headers: await sign('eu-west-1') });
    expectProblem(elsewhere, 401);
    expect(elsewhere.json.detail).toMatch(/region/);
  });

  it('refuses arrays where an object is required', async () => {
    expectProblem(await raw('PATCH', '/api/v1/settings/1', { headers: admin, body: [] }), 400);
    expectProblem(await raw('POST', '/api/v1/dns', { headers: admin, body: [{ name: 'x', type: 'A', value: 1, team: 1 }] }), 400);
  });
});

describe('concurrency control', () => {
  it('honours If-Match on DNS records: strong comparison, stale is 412 with the current ETag', async () => {
    const created = await raw('POST', '/api/v1/dns', { headers: admin, body: { name: 'ifmatch', type: 'A', value: 10, team: 1 } });
    expect(created.status).toBe(201);
    const path = `/api/v1/dns/${created.json.id}`;
    const read = await raw('GET', path, { headers: admin });
    const etag = read.headers.etag!;
    // The creation's answer is the record: its ETag is the one a read gives.
    expect(created.headers.etag).toBe(etag);
    const change = (value: number, ifMatch: string) =>
      raw('PUT', path, { headers: { ...admin, 'if-match': ifMatch }, body: { name: 'ifmatch', type: 'A', value, team: 1 } });

    expectProblem(await change(11, `W/${etag}`), 412);
    expectProblem(await change(11, '"something-else"'), 412);
    const first = await change(11, etag);
    expect(first.status).toBe(200);
    expect(first.headers.etag).not.toBe(etag);
    expect(first.headers.etag).toBe((await raw('GET', path, { headers: admin })).headers.etag);
    const stale = await change(12, etag);
    expectProblem(stale, 412);
    expect(stale.json.detail).toContain(first.headers.etag);
    expect((await change(12, '*')).status).toBe(200);
    expectProblem(await raw('DELETE', path, { headers: { ...admin, 'if-match': etag } }), 412);
    const current = (await raw('GET', path, { headers: admin })).headers.etag!;
    expect((await raw('DELETE', path, { headers: { ...admin, 'if-match': current } })).status).toBe(204);
    expectProblem(await raw('DELETE', path, { headers: { ...admin, 'if-match': '*' } }), 412);
  });

  it('lets 40 simultaneous settings PATCHes without If-Match all succeed, and a no-op keep the version', async () => {
    const responses = await Promise.all(
      Array.from({ length: 40 }, (_, i) => raw('PATCH', '/api/v1/settings/1', { headers: i % 2 ? admin : service, body: { dns_ttl: 300 + i } })),
    );
    expect(responses.map((r) => r.status)).toEqual(Array(40).fill(200));
    const now = await raw('GET', '/api/v1/settings/1', { headers: admin });
    const again = await raw('PATCH', '/api/v1/settings/1', { headers: admin, body: { dns_ttl: now.json.dns_ttl } });
    expect(again.status).toBe(200);
    expect(again.headers.etag).toBe(now.headers.etag);
    expect((await raw('PATCH', '/api/v1/settings/1', { headers: admin, body: {} })).headers.etag).toBe(now.headers.etag);
    expectProblem(await raw('PATCH', '/api/v1/settings/1', { headers: { ...admin, 'if-match': `W/${now.headers.etag}` }, body: { dns_ttl: 600 } }), 412);
  });
});

describe('Idempotency-Key', () => {
  it('makes one adjustment of a POST sent three times, replays its answer, refuses another body', async () => {
    const post = (body: unknown, key: string) => raw('POST', '/api/v1/teams/2/adjustments', { headers: { ...admin, 'idempotency-key': key }, body });
    const body = { super_type_id: 2, points: 5, reason: 'inject 4' };
    const before = (await raw('GET', '/api/v1/teams/2/adjustments', { headers: admin })).json.length;
    const answers = [await post(body, 'key-1'), await post(body, 'key-1'), await post(body, 'key-1')];
    expect(answers.map((a) => a.status)).toEqual([201, 201, 201]);
    expect(answers[1]!.text).toBe(answers[0]!.text);
    expect(answers[2]!.headers.location).toBe(answers[0]!.headers.location);
    expect((await raw('GET', '/api/v1/teams/2/adjustments', { headers: admin })).json.length).toBe(before + 1);

    expectProblem(await post({ ...body, points: 6 }, 'key-1'), 422);
    // Scoped to the caller, the method and the path: the same key elsewhere is a new request.
    expect((await raw('POST', '/api/v1/teams/3/adjustments', { headers: { ...admin, 'idempotency-key': 'key-1' }, body })).status).toBe(201);
    expect((await raw('GET', '/api/v1/teams/2/adjustments', { headers: admin })).json.length).toBe(before + 1);
    expectProblem(await post(body, 'bad key with spaces'), 400);
  });

  it('makes one DNS record of a create sent twice', async () => {
    const body = { name: 'idem', type: 'A', value: 20, team: 1 };
    const first = await raw('POST', '/api/v1/dns', { headers: { ...service, 'idempotency-key': 'dns-1' }, body });
    const second = await raw('POST', '/api/v1/dns', { headers: { ...service, 'idempotency-key': 'dns-1' }, body });
    expect([first.status, second.status]).toEqual([201, 201]);
    expect(second.json.id).toBe(first.json.id);
    const all = (await raw('GET', '/api/v1/dns', { headers: admin })).json as { name: string }[];
    expect(all.filter((r) => r.name === 'idem')).toHaveLength(1);
  });

  it("makes one announcement, and one of a team member's incident reports, of a POST sent twice", async () => {
    const announcement = { text: 'Lunch at noon.' };
    const posted = [0, 1].map(() => raw('POST', '/api/v1/announcements', { headers: { ...admin, 'idempotency-key': 'lunch' }, body: announcement }));
    const [a, b] = await Promise.all(posted).then((answers) => answers.sort((x, y) => x.status - y.status));
    // Sent at once, the second may find the first in flight (409, to retry) or done (its answer again).
    expect([201, 409]).toContain(b!.status);
    expect(a!.status).toBe(201);
    const again = await raw('POST', '/api/v1/announcements', { headers: { ...admin, 'idempotency-key': 'lunch' }, body: announcement });
    expect(again.json.id).toBe(a!.json.id);
    const all = (await raw('GET', '/api/v1/announcements', { headers: admin })).json as { text: string }[];
    expect(all.filter((x) => x.text === announcement.text)).toHaveLength(1);

    const account = await raw('POST', '/api/v1/team-accounts', { headers: admin, body: { team_id: 2, name: 'idem-member' } });
    const session = await raw('POST', '/api/v1/team/sessions', { body: { name: 'idem-member', password: account.json.password } });
    const member = { authorization: `Bearer ${session.json.token as string}` };
    const report = { observed_at: '2026-11-22T10:15:00Z', hosts: ['www.team2.example'], description: 'A web shell in /var/www/uploads.' };
    const file = () => raw('POST', '/api/v1/team/2/incidents', { headers: { ...member, 'idempotency-key': 'shell-1' }, body: report });
    const [first, second] = [await file(), await file()];
    expect([first.status, second.status]).toEqual([201, 201]);
    expect(second.json.id).toBe(first.json.id);
    const reports = (await raw('GET', '/api/v1/team/2/incidents', { headers: member })).json as { description: string }[];
    expect(reports.filter((r) => r.description === report.description)).toHaveLength(1);
  });

  it('answers 409 while the first request with a key is still in flight', async () => {
    const { claimIdempotencyKey } = await import('#shared/data/idempotency');
    expect(await claimIdempotencyKey('scope-in-flight', 'body')).toEqual({ kind: 'claimed' });
    expect(await claimIdempotencyKey('scope-in-flight', 'body')).toEqual({ kind: 'in-flight' });
    expect(await claimIdempotencyKey('scope-in-flight', 'other')).toEqual({ kind: 'other-body' });
  });
});
