import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LocalStack } from '../../lib/local/local-stack';
import { createScoringClient } from '#shared/api/client';
import { ENV_TOKENS, IAM_KEYS, startTestServer } from '../support/server';
import { signedHeaders } from '../support/sigv4';

let stack: LocalStack;
const api = (path: string) => `${stack.url}/api/v1${path}`;

/** Short, so the idle-connection test waits little; keep-alive clients are told (Keep-Alive: timeout=2). */
const IDLE_MS = 2000;

beforeAll(async () => {
  stack = await startTestServer({ idleConnectionMs: IDLE_MS });
});
afterAll(async () => {
  await stack?.stop();
});

async function problemOf(response: Response) {
  expect(response.headers.get('content-type')).toBe('application/problem+json');
  const body = (await response.json()) as any;
  expect(body).toMatchObject({ type: 'about:blank', status: response.status });
  expect(typeof body.title).toBe('string');
  expect(typeof body.detail).toBe('string');
  expect(JSON.stringify(body)).not.toMatch(/at .*\.ts:\d+|Error:|node_modules/);
  return body;
}

describe('the local server', () => {
  it('closes a connection that sends nothing (as a load balancer would), and serves one that asks at once', async () => {
    const { port } = new URL(stack.url);
    const idle = connect(Number(port), '127.0.0.1');
    const opened = Date.now();
    const closedAfter = await new Promise<number>((resolve) => idle.on('close', () => resolve(Date.now() - opened)));
    expect(closedAfter).toBeGreaterThanOrEqual(IDLE_MS - 100);
    // A generous bound: it proves the configured timeout closes it, not how fast.
    expect(closedAfter).toBeLessThan(IDLE_MS + 20_000);

    const asking = connect(Number(port), '127.0.0.1');
    asking.write('GET /api/v1/teams HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n');
    const answer = await new Promise<string>((resolve) => {
      let text = '';
      asking.on('data', (chunk) => (text += chunk));
      asking.on('close', () => resolve(text));
    });
    expect(answer).toMatch(/^HTTP\/1\.1 200 /);
  });

  it('serves the sample teams over HTTP with a request id', async () => {
    const response = await fetch(api('/teams'));
    expect(response.status).toBe(200);
    expect(response.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
    expect(((await response.json()) as any).length).toBe(6);
  });

  it('answers unknown routes with a problem+json 404', async () => {
    for (const path of ['/nope', '/teams/1/nope', '/', '/teams/1/scorecard/x']) {
      const response = await fetch(api(path));
      expect(response.status, path).toBe(404);
      expect(response.headers.get('x-request-id')).toBeTruthy();
      expect((await problemOf(response)).code).toBe('not_found');
    }
    expect((await fetch(`${stack.url}/elsewhere`)).status).toBe(404);
  });

  it('answers a known path with the wrong method with 405 and Allow', async () => {
    const response = await fetch(api('/teams'), { method: 'DELETE' });
    expect(response.status).toBe(405);
    expect(response.headers.get('allow')).toBe('GET, HEAD, POST');
    await problemOf(response);
  });

  it('refuses bodies over 64 KiB with 413, whatever their size', async () => {
    for (const size of [64 * 1024 + 1, 3 * 1024 * 1024]) {
      const response = await fetch(api('/settings/1'), {
        method: 'PATCH',
        headers: { authorization: `Bearer ${ENV_TOKENS.admin}`, 'content-type': 'application/json' },
        body: JSON.stringify({ competition_name: 'x'.repeat(size) }),
      });
      expect(response.status, String(size)).toBe(413);
      expect((await problemOf(response)).code).toBe('payload_too_large');
    }
    const settings = await fetch(api('/settings/1'), { headers: { authorization: `Bearer ${ENV_TOKENS.admin}` } });
    expect(((await settings.json()) as any).competition_name).toBe('Regional CCDC Practice Round');
  });

  it('registers the tokens from the environment', async () => {
    const asService = await fetch(api('/settings'), { headers: { authorization: `Bearer ${ENV_TOKENS.service}` } });
    expect(asService.status).toBe(200);
    const anonymous = await fetch(api('/settings'));
    expect(anonymous.status).toBe(401);
    expect(anonymous.headers.get('www-authenticate')).toMatch(/^Bearer/);
    await problemOf(anonymous);
  });

  it('accepts SigV4-signed requests from configured keys', async () => {
    const url = api('/services?subtype_id=1&team=99');
    const headers = await signedHeaders(url, { method: 'GET', ...IAM_KEYS.service });
    const response = await fetch(url, { headers });
    expect(response.status).toBe(200);
    expect(((await response.json()) as any).length).toBe(1);

    const body = JSON.stringify({ dns_ttl: 900 });
    const patchUrl = api('/settings/1');
    const patch = await fetch(patchUrl, { method: 'PATCH', body, headers: await signedHeaders(patchUrl, { method: 'PATCH', body, ...IAM_KEYS.admin }) });
    expect(patch.status).toBe(200);
    expect(((await patch.json()) as any).dns_ttl).toBe(900);
  });

  it('refuses a wrong secret, an unknown key, a tampered body and a stale date with 401', async () => {
    const url = api('/settings');
    const cases = [
      await signedHeaders(url, { method: 'GET', accessKeyId: IAM_KEYS.admin.accessKeyId, secretAccessKey: 'wrong' }),
      await signedHeaders(url, { method: 'GET', accessKeyId: 'AKIDUNKNOWN', secretAccessKey: 'x' }),
      await signedHeaders(url, { method: 'GET', ...IAM_KEYS.admin, date: new Date(Date.now() - 16 * 60 * 1000) }),
      await signedHeaders(`${url}?x=1`, { method: 'GET', ...IAM_KEYS.admin }),
    ];
    for (const headers of cases) {
      const response = await fetch(url, { headers });
      expect(response.status).toBe(401);
      await problemOf(response);
    }
    // An unsigned payload would let the body be swapped; a header named like an Object property is just unknown.
    const unsigned = await signedHeaders(url, { method: 'GET', ...IAM_KEYS.admin });
    expect((await fetch(url, { headers: { ...unsigned, 'x-amz-content-sha256': 'UNSIGNED-PAYLOAD' } })).status).toBe(401);
    const odd = { ...unsigned, authorization: unsigned.authorization!.replace('SignedHeaders=', 'SignedHeaders=constructor;') };
    expect((await fetch(url, { headers: odd })).status).toBe(401);

    const body = JSON.stringify({ dns_ttl: 61 });
    const headers = await signedHeaders(api('/settings/1'), { method: 'PATCH', body, ...IAM_KEYS.admin });
    const tampered = await fetch(api('/settings/1'), { method: 'PATCH', body: JSON.stringify({ dns_ttl: 62 }), headers });
    expect(tampered.status).toBe(401);
  });

  it('never shows a stack trace, even for hostile input', async () => {
    const hostile = ['{"__proto__": {"x": 1}}', '\u0000\u0001', '{"dns_ttl": 1e999}', '[]'.repeat(1000), '"'];
    for (const body of hostile) {
      const response = await fetch(api('/settings/1'), {
        method: 'PATCH',
        headers: { authorization: `Bearer ${ENV_TOKENS.admin}`, 'content-type': 'application/json' },
        body,
      });
      expect(response.status, body.slice(0, 20)).toBe(400);
      await problemOf(response);
    }
    const encoded = await fetch(`${stack.url}/api/v1/teams/%E0%A4%A`);
    expect(encoded.status).toBe(404);
  });
});

describe('the API description', () => {
  it('is served at /api/v1/openapi.json and openapi-iam.json, public and cacheable, naming this server', async () => {
    const token = await fetch(api('/openapi.json'));
    expect(token.status).toBe(200);
    expect(token.headers.get('cache-control')).toMatch(/^public/);
    const document = (await token.json()) as any;
    expect(document.openapi).toBe('3.1.0');
    expect(document.servers[0].url).toBe(stack.url);
    expect(Object.keys(document.components.securitySchemes)).toEqual(['bearer']);
    expect(await fetch(api('/openapi.json'), { headers: { 'if-none-match': token.headers.get('etag')! } })).toHaveProperty('status', 304);
    const iam = (await (await fetch(api('/openapi-iam.json'))).json()) as any;
    expect(iam.components.securitySchemes.sigv4).toMatchObject({
      type: 'apiKey',
      in: 'header',
      name: 'Authorization',
      'x-amazon-apigateway-authtype': 'awsSigv4',
    });
  });

  it('has a reference page at /api/v1/docs that loads nothing from elsewhere', async () => {
    const response = await fetch(api('/docs'));
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
    const html = await response.text();
    expect(html).toContain('Redoc.init(');
    expect(html).not.toMatch(/<script[^>]+src=|<link[^>]+href=/);
  });

  it('drives the typed client', async () => {
    const anonymous = createScoringClient({ baseUrl: stack.url });
    const teams = await anonymous.GET('/api/v1/teams');
    expect(teams.data?.[0]?.number).toBe(11);
    const service = createScoringClient({ baseUrl: stack.url, token: ENV_TOKENS.service });
    const report = await service.POST('/api/v1/services/{id}/scans', {
      params: { path: { id: 1 } },
      body: { scan_id: 'typed-client-1', score: 10, error: null },
    });
    expect(report.response.status).toBe(201);
    expect(report.data).toMatchObject({ scan_id: 'typed-client-1', score: 10 });
    const refused = await anonymous.POST('/api/v1/services/{id}/scans', { params: { path: { id: 1 } }, body: { scan_id: 'x', score: 1 } });
    // Problems carry a `code`; API Gateway's own answers (429) only a `message`.
    expect(refused.error && 'code' in refused.error ? refused.error.code : undefined).toBe('unauthorized');

    // Creating POSTs carry an Idempotency-Key: the same request sent twice makes one record.
    const keys: (string | null)[] = [];
    const sent: Request[] = [];
    const admin = createScoringClient({
      baseUrl: stack.url,
      token: ENV_TOKENS.admin,
      fetch: async (input: string | URL | Request, init?: RequestInit) => {
        const request = new Request(input, init);
        keys.push(request.headers.get('idempotency-key'));
        sent.push(request.clone());
        return fetch(request);
      },
    });
    const adjustment = await admin.POST('/api/v1/teams/{id}/adjustments', {
      params: { path: { id: 1 } },
      body: { super_type_id: 2, points: 5, reason: 'typed client' },
    });
    expect(adjustment.response.status).toBe(201);
    expect(keys[0]).toMatch(/^[0-9a-f-]{36}$/);
    const resent = await fetch(sent[0]!);
    expect(resent.status).toBe(201);
    expect(((await resent.json()) as { id: number }).id).toBe(adjustment.data!.id);
  });
});
