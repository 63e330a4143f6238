import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { routeNamed, routes } from '#shared/api/routes';
import { isCanonicalPath } from '#shared/http/canonical-path';
import { ifMatchPasses } from '#shared/http/conditional';
import { corsHeaders, preflightHeaders } from '#shared/http/cors';
import { databaseUnavailableCause } from '#shared/data/client';
import { FreeText, INT_MAX, PositiveInt, positiveIntFrom, Timestamp } from '#shared/validation';
import { readFileSync } from 'node:fs';
import { parse, stringify } from 'yaml';
import { parseCompetition } from '../../lib/local/competition-file';
import { SAMPLE_COMPETITION } from '../../lib/local/local-stack';

const valid = (schema: v.GenericSchema, input: unknown) => v.safeParse(schema, input).success;

describe('input bounds', () => {
  it('caps integers at 2^31 − 1, in bodies and in paths', () => {
    expect(valid(PositiveInt, INT_MAX)).toBe(true);
    for (const n of [INT_MAX + 1, 2 ** 53, 1e300, 0, 1.5]) expect(valid(PositiveInt, n)).toBe(false);
    expect(positiveIntFrom(String(INT_MAX))).toBe(INT_MAX);
    expect(positiveIntFrom(String(INT_MAX + 1))).toBeUndefined();
    expect(positiveIntFrom('9007199254740992')).toBeUndefined();
  });

  it('takes only instants that exist on the calendar', () => {
    expect(valid(Timestamp, '2028-02-29T23:59:59Z')).toBe(true);
    for (const t of [
      '2026-02-30T00:00:00Z',
      '2027-02-29T00:00:00Z',
      '2026-04-31T10:00:00Z',
      '2026-01-01T24:00:00Z',
      '2026-01-01T10:60:00Z',
      '2026-01-01T10:00:60Z',
    ]) {
      expect(valid(Timestamp, t), t).toBe(false);
    }
  });

  it('refuses control characters, lone surrogates, bidi controls and invisible-only text; keeps joiners', () => {
    const text = FreeText(100);
    for (const ok of ['Blue Team', 'Équipe ✓', '👩‍💻 crew', 'नमस्ते', 'کتاب‌ها', 'a\u200Bb']) expect(valid(text, ok), JSON.stringify(ok)).toBe(true);
    for (const bad of [
      'a\u0000b',
      'line\nbreak',
      'tab\there',
      '\u007f',
      '\u0085x',
      '\uD800',
      'x\uDC00',
      'abc\u202Eevil',
      '\u2066x\u2069',
      '\u200B',
      '\u200D\u200C',
      ' \u3164 ',
      '\uFEFF',
      '',
    ]) {
      expect(valid(text, bad), JSON.stringify(bad)).toBe(false);
    }
    expect(valid(text, 'x'.repeat(101))).toBe(false);
  });
});

describe('the competition file', () => {
  it('applies the same rules as the API', () => {
    const sample = parse(readFileSync(SAMPLE_COMPETITION, 'utf8')) as any;
    const hostile = structuredClone(sample);
    hostile.teams[0].name = 'Team \u202Eevil';
    hostile.teams[1].number = 2 ** 31;
    hostile.super_types[0].name = '\u200B';
    hostile.settings = { ...hostile.settings, competition_name: 'a\u0000b', start_time: '2026-02-30T00:00:00Z' };
    const result = parseCompetition(stringify(hostile));
    expect(result.ok).toBe(false);
    const paths = result.ok ? [] : result.problems.map((p) => p.path);
    for (const path of ['teams.0.name', 'teams.1.number', 'super_types.0.name', 'settings.competition_name', 'settings.start_time'])
      expect(paths, path).toContain(path);
  });
});

describe('If-Match', () => {
  const etag = '"abc"';
  it('compares strongly: a weak tag never matches, * matches what exists, no header always passes', () => {
    expect(ifMatchPasses(undefined, undefined)).toBe(true);
    expect(ifMatchPasses('"abc"', etag)).toBe(true);
    expect(ifMatchPasses('"x", "abc"', etag)).toBe(true);
    expect(ifMatchPasses('W/"abc"', etag)).toBe(false);
    expect(ifMatchPasses('"abd"', etag)).toBe(false);
    expect(ifMatchPasses('*', etag)).toBe(true);
    expect(ifMatchPasses('*', undefined)).toBe(false);
    expect(ifMatchPasses('"abc"', 'W/"abc"')).toBe(false);
  });
});

describe('canonical paths', () => {
  it('accepts exactly one spelling of every route', () => {
    for (const route of routes) {
      const path = route.path.replace('{id}', '7');
      expect(isCanonicalPath(route, path), path).toBe(true);
      for (const variant of [
        `${path}/`,
        path.replace('/api/v1/', '/api/v1//'),
        `/${path}`,
        path.replace('/api/', '/API/'),
        path.replace('/v1/', '/v1/./'),
        path.replace(/\/([^/]+)$/, '/$1%2F'),
      ]) {
        expect(isCanonicalPath(route, variant), variant).toBe(false);
      }
    }
    const dnsRecord = routeNamed('GetDnsRecord');
    for (const id of ['.', '..', '1%2F', '%31']) expect(isCanonicalPath(dnsRecord, `/api/v1/dns/${id}`), id).toBe(false);
  });
});

describe('CORS by route class', () => {
  it('answers any origin on public routes and only listed origins elsewhere', () => {
    process.env.CORS_ALLOWED_ORIGINS = 'https://admin.example';
    expect(corsHeaders('public', undefined, [])['access-control-allow-origin']).toBe('*');
    expect(corsHeaders('admin', 'https://x.example', [])['access-control-allow-origin']).toBeUndefined();
    expect(corsHeaders('admin', 'https://admin.example', [])['access-control-allow-origin']).toBe('https://admin.example');
    expect(preflightHeaders({ access: 'admin-or-service', methods: ['GET'] }, 'https://x.example')['access-control-allow-origin']).toBeUndefined();
    expect(preflightHeaders({ access: 'public', methods: ['GET', 'HEAD'] }, 'https://x.example')).toMatchObject({
      'access-control-allow-origin': '*',
      'access-control-allow-methods': 'GET, HEAD',
    });
    delete process.env.CORS_ALLOWED_ORIGINS;
    expect(corsHeaders('admin', 'https://admin.example', [])['access-control-allow-origin']).toBeUndefined();
  });

  it('exposes to scripts only the exposable headers the answer carries, in one order', () => {
    const exposed = (answered: string[]) => corsHeaders('public', undefined, answered)['access-control-expose-headers'];
    expect(exposed(['x-request-id', 'etag', 'cache-control', 'content-type'])).toBe('etag, x-request-id');
    expect(exposed(['Retry-After', 'x-request-id', 'content-type'])).toBe('retry-after, x-request-id');
    expect(exposed(['location', 'etag', 'x-request-id', 'allow'])).toBe('etag, location, x-request-id, allow');
    expect(exposed(['content-type'])).toBeUndefined();
  });
});

describe('what counts as "the database is not there"', () => {
  it('recognises timeouts, refusals and throttling, and nothing else', () => {
    expect(databaseUnavailableCause(Object.assign(new Error('x'), { name: 'TimeoutError' }))).toMatch(/timed out/);
    expect(databaseUnavailableCause(Object.assign(new Error('x'), { name: 'AbortError' }))).toMatch(/no answer/);
    expect(databaseUnavailableCause(Object.assign(new Error('x'), { code: 'ECONNREFUSED' }))).toMatch(/unreachable/);
    expect(databaseUnavailableCause(Object.assign(new Error('x'), { name: 'ProvisionedThroughputExceededException' }))).toMatch(/throttled/);
    expect(databaseUnavailableCause(Object.assign(new Error('x'), { name: 'ThrottlingException' }))).toMatch(/throttled/);
    expect(
      databaseUnavailableCause(Object.assign(new Error('x'), { name: 'TransactionCanceledException', CancellationReasons: [{ Code: 'ThrottlingError' }] })),
    ).toMatch(/throttled/);
    expect(databaseUnavailableCause(Object.assign(new Error('x'), { name: 'ValidationException', $metadata: { httpStatusCode: 400 } }))).toBeUndefined();
    expect(databaseUnavailableCause(new TypeError('bug'))).toBeUndefined();
  });
});
