import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import * as v from 'valibot';
import { parse } from 'yaml';
import { afterAll, describe, expect, it } from 'vitest';
import { CLIENT_TYPES_FILE, clientTypesSource } from '../../lib/client-types';
import { EXAMPLES, REQUEST_EXAMPLES } from '#shared/api/examples';
import { openApiDocument, resolvedResponse } from '#shared/api/openapi';
import { routes } from '#shared/api/routes';
import { DEFAULT_SETTINGS } from '#shared/domain/settings';
import * as schemas from '#shared/api/schemas/responses/all';
import { responseViolations } from '../support/described';

const ROOT = resolve(import.meta.dirname, '../..');
const token = openApiDocument('token');
const iam = openApiDocument('iam');
const dir = mkdtempSync(join(tmpdir(), 'openapi-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('the OpenAPI description', () => {
  it('describes every route of the table in both documents, with a summary and a success response', () => {
    for (const route of routes.filter((r) => !r.planned)) {
      for (const document of [token, iam]) {
        const operation = document.paths[route.path]?.[route.method.toLowerCase()];
        expect(operation, `${route.method} ${route.path}`).toBeDefined();
        expect(operation!.operationId).toBe(route.name);
        expect(operation!.summary, route.name).toMatch(/\w/);
        expect(
          Object.keys(operation!.responses).some((s) => s.startsWith('2')),
          route.name,
        ).toBe(true);
      }
    }
  });

  it('offers Idempotency-Key, and its problem codes, exactly on the routes the table marks idempotent', () => {
    for (const route of routes.filter((r) => !r.planned)) {
      const operation = token.paths[route.path]![route.method.toLowerCase()]!;
      const keyParameter = ((operation.parameters ?? []) as { name: string }[]).some((p) => p.name === 'Idempotency-Key');
      const flagged = 'idempotent' in route && route.idempotent === true;
      expect(keyParameter, route.name).toBe(flagged);
      expect(JSON.stringify(operation.responses['422'] ?? {}).includes('idempotency_key_reused'), route.name).toBe(flagged);
    }
    expect(routes.filter((r) => 'idempotent' in r).map((r) => r.name)).toEqual(expect.arrayContaining(['CreateAdjustment', 'CreateDnsRecord']));
  });

  it('describes HEAD for every GET, a preflight for every path, 429 by throttle class, and Link on paged lists', () => {
    for (const route of routes.filter((r) => !r.planned)) {
      for (const document of [token, iam]) {
        const onPath = document.paths[route.path]!;
        expect(onPath.options?.responses['204'], `OPTIONS ${route.path}`).toBeDefined();
        expect(resolvedResponse(document, onPath[route.method.toLowerCase()]!.responses['429']!).description).toContain(route.throttle);
        if (route.method === 'GET') expect(Object.keys(onPath.head!.responses).sort()).toEqual(Object.keys(onPath.get!.responses).sort());
      }
      const success = resolvedResponse(token, Object.values(token.paths[route.path]![route.method.toLowerCase()]!.responses)[0]!);
      const paged = Object.values(route.responses as Record<string, { paged?: true }>).some((reply) => reply.paged);
      expect('Link' in (success.headers ?? {}), route.name).toBe(paged);
    }
    expect(resolvedResponse(token, token.paths['/api/v1/services/{id}/scans']!.options!.responses['204']!).description).toMatch(
      /GET and HEAD: any origin.*POST: only the origins the deployment lists/,
    );
  });

  it('passes @redocly/cli lint with the recommended rules', async () => {
    const files = [join(dir, 'openapi.json'), join(dir, 'openapi-iam.json')];
    writeFileSync(files[0]!, JSON.stringify(token));
    writeFileSync(files[1]!, JSON.stringify(iam));
    const lint = await promisify(execFile)(resolve(ROOT, 'node_modules/.bin/redocly'), ['lint', '--extends', 'recommended', '--format', 'summary', ...files], {
      cwd: dir,
      env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true', NO_COLOR: '1' },
    }).catch((error: { stdout: string; stderr: string }) => ({ ...error, failed: true }));
    expect('failed' in lint, `${lint.stdout}\n${lint.stderr}`).toBe(false);
    expect(lint.stderr).toMatch(/valid/);
  });

  it('has examples that match their schemas and the sample competition', () => {
    for (const [name, example] of Object.entries(EXAMPLES)) {
      const schema = (schemas as Record<string, v.GenericSchema>)[`${name}Schema`]!;
      expect(v.safeParse(schema, example).issues, name).toBeUndefined();
    }
    const sample = parse(readFileSync(resolve(ROOT, 'competitions/sample.yaml'), 'utf8'));
    const { services: _s, ...team11 } = sample.teams[0];
    // The sample's teams have no logo (a first page would ask a host that does not resolve for each): the default, empty.
    expect(EXAMPLES.Team).toEqual({ id: 1, logo: '', ...team11 });
    expect(EXAMPLES.Settings).toEqual({ id: 1, ...DEFAULT_SETTINGS, ...sample.settings });
  });

  it("has request examples each route's body schema takes", () => {
    for (const [name, example] of Object.entries(REQUEST_EXAMPLES)) {
      const route = routes.find((r) => r.name === name);
      expect(route?.body, name).toBeDefined();
      expect(v.safeParse(route!.body!, example).issues, name).toBeUndefined();
    }
  });

  it('is what the committed client types were generated from (npm run openapi:types)', async () => {
    expect(
      readFileSync(resolve(ROOT, CLIENT_TYPES_FILE), 'utf8') === (await clientTypesSource()),
      `${CLIENT_TYPES_FILE} is stale: run npm run openapi:types`,
    ).toBe(true);
  });
});

describe('the response check of the tests', () => {
  const team = { ...EXAMPLES.Team };
  const json = (status: number, body: unknown, headers: Record<string, string> = {}) => ({
    status,
    headers: {
      'content-type': status >= 400 ? 'application/problem+json' : 'application/json',
      'x-request-id': 'r',
      etag: '"e"',
      'cache-control': 'public',
      ...headers,
    },
    text: JSON.stringify(body),
  });
  const problem = (status: number, code: string) => ({ type: 'about:blank', title: 'T', status, detail: 'd', code, request_id: 'r' });
  const getTeam = { method: 'GET', path: '/api/v1/teams/1' };

  it('accepts a response as described', () => {
    expect(responseViolations(getTeam, json(200, team))).toEqual([]);
    expect(responseViolations(getTeam, json(404, problem(404, 'not_found')))).toEqual([]);
  });

  it('refuses a renamed or added field, an undeclared status, a problem code the route does not declare', () => {
    const { name, ...renamed } = team;
    expect(responseViolations(getTeam, json(200, { ...renamed, title: name })).join()).toMatch(/does not match/);
    expect(responseViolations(getTeam, json(200, { ...team, hidden: false })).join()).toMatch(/does not match/);
    expect(responseViolations(getTeam, json(409, problem(409, 'conflict'))).join()).toMatch(/not declared/);
    expect(responseViolations(getTeam, json(404, problem(404, 'scan_id_reused'))).join()).toMatch(/does not match/);
    expect(responseViolations(getTeam, json(200, team, { etag: undefined as never })).join()).toMatch(/ETag/);
  });

  it('checks HEAD, preflights, throttling and paging as described', () => {
    const head = { method: 'HEAD', path: '/api/v1/teams/1' };
    expect(responseViolations(head, { ...json(200, team), text: '' })).toEqual([]);
    expect(responseViolations(head, json(200, team)).join()).toMatch(/a body where the description declares none/);

    const preflight = { method: 'OPTIONS', path: '/api/v1/services/1/scans' };
    const allowed = { allow: 'GET, HEAD, OPTIONS, POST', 'x-request-id': 'r', 'access-control-allow-origin': '*' };
    expect(responseViolations(preflight, { status: 204, headers: allowed, text: '' })).toEqual([]);
    expect(responseViolations(preflight, { status: 204, headers: { 'x-request-id': 'r' }, text: '' }).join()).toMatch(/Allow is declared but missing/);
    expect(responseViolations({ method: 'OPTIONS', path: '/api/v1/nothing' }, json(404, problem(404, 'not_found')))).toEqual([]);

    expect(responseViolations(getTeam, { status: 429, headers: { 'content-type': 'application/json' }, text: '{"message":"Too Many Requests"}' })).toEqual([]);

    const scans = { method: 'GET', path: '/api/v1/services/1/scans' };
    const page = (cursor: string | null, headers: Record<string, string> = {}) => json(200, { frozen: false, frozen_since: null, items: [], cursor }, headers);
    expect(responseViolations(scans, page(null))).toEqual([]);
    expect(responseViolations(scans, page('abc', { link: '</api/v1/services/1/scans?limit=50&cursor=abc>; rel="next"' }))).toEqual([]);
    expect(responseViolations(scans, page('abc')).join()).toMatch(/without Link/);
    expect(responseViolations(getTeam, json(200, team, { link: '<x>; rel="next"' })).join()).toMatch(/does not declare/);
  });
});
