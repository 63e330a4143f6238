import { beforeAll, describe, expect, it } from 'vitest';
import { bearer, invoke } from '../support/invoke';
import { mintTokens, sampleCompetition, useFreshTable } from '../support/database';

/** The sample's services a spectator sees, and one team's. */
const sample = sampleCompetition();
const visibleServices = sample.teams.filter((t) => !t.hidden).reduce((n, t) => n + t.services.length, 0);
const servicesOfTeam = (number: number) => sample.teams.find((t) => t.number === number)!.services.length;

let tokens: { admin: string; service: string };

beforeAll(async () => {
  await useFreshTable();
  tokens = await mintTokens();
});

const TEAM_FIELDS = ['id', 'number', 'name', 'logo', 'team_url', 'guest_division'];
const SERVICE_FIELDS = ['id', 'subtype', 'subtype_id', 'team', 'url', 'port', 'last_scan', 'last_scan_time', 'last_scan_error', 'in_progress', 'max_score'];

describe('GET /api/v1/teams', () => {
  it('lists the visible teams with exactly the seed fields, in id order', async () => {
    const response = await invoke('GET', '/api/v1/teams');
    expect(response.status).toBe(200);
    expect(response.headers['content-type']).toBe('application/json');
    const teams = response.json as Record<string, unknown>[];
    expect(teams.map((t) => t.name)).toEqual([
      'Packet Wranglers',
      'Root Cause',
      'Blue Screen Brigade',
      'Firewall Fiends',
      'Guest Hackers',
      'Visiting Defenders',
    ]);
    for (const team of teams) expect(Object.keys(team)).toEqual(TEAM_FIELDS);
    const ids = teams.map((t) => t.id as number);
    expect([...ids].sort((a, b) => a - b)).toEqual(ids);
    expect(teams[0]).toMatchObject({ number: 11, team_url: 'team11.ccdc.example', guest_division: false });
    expect(teams.find((t) => t.number === 21)?.guest_division).toBe(true);
  });

  it('shows the hidden team to admins and services only', async () => {
    const anonymous = await invoke('GET', '/api/v1/teams');
    const asAdmin = await invoke('GET', '/api/v1/teams', { headers: bearer(tokens.admin) });
    const asService = await invoke('GET', '/api/v1/teams', { headers: bearer(tokens.service) });
    expect(anonymous.json.some((t: { number: number }) => t.number === 99)).toBe(false);
    expect(asAdmin.json.some((t: { number: number }) => t.number === 99)).toBe(true);
    expect(asService.json.length).toBe(asAdmin.json.length);
  });

  it('refuses an unknown token even on a public route', async () => {
    const response = await invoke('GET', '/api/v1/teams', { headers: bearer('ccdc_00000000_' + 'a'.repeat(43)) });
    expect(response.status).toBe(401);
    expect(response.headers['www-authenticate']).toMatch(/^Bearer/);
  });
});

describe('GET /api/v1/teams/:id', () => {
  it('returns one team by id, which differs from its number', async () => {
    const [first] = (await invoke('GET', '/api/v1/teams')).json;
    const response = await invoke('GET', `/api/v1/teams/${first.id}`);
    expect(response.status).toBe(200);
    expect(response.json).toEqual(first);
    expect(first.id).not.toBe(first.number);
  });

  it('is 404 for an unknown, non-integer or hidden team', async () => {
    const hidden = (await invoke('GET', '/api/v1/teams', { headers: bearer(tokens.admin) })).json.find((t: { number: number }) => t.number === 99);
    for (const id of ['999999', 'abc', '0', '-1', '1.5', '01', String(hidden.id)]) {
      const response = await invoke('GET', `/api/v1/teams/${id}`);
      expect(response.status, id).toBe(404);
      expect(response.headers['content-type']).toBe('application/problem+json');
      expect(response.json).toMatchObject({ type: 'about:blank', title: 'Not Found', status: 404, code: 'not_found' });
    }
    expect((await invoke('GET', `/api/v1/teams/${hidden.id}`, { headers: bearer(tokens.admin) })).status).toBe(200);
  });
});

describe('GET /api/v1/services', () => {
  it('lists the visible services with the seed fields and the nested team', async () => {
    const response = await invoke('GET', '/api/v1/services');
    expect(response.status).toBe(200);
    const services = response.json as Record<string, any>[];
    expect(services.length).toBe(visibleServices);
    for (const service of services) {
      expect(Object.keys(service)).toEqual(SERVICE_FIELDS);
      expect(Object.keys(service.team)).toEqual(TEAM_FIELDS);
      expect(service).toMatchObject({ last_scan: 0, last_scan_time: null, last_scan_error: null, in_progress: false });
    }
    expect(services.some((s) => s.team.number === 99)).toBe(false);
  });

  it('filters by team number, by subtype id, and by both', async () => {
    const byTeam = (await invoke('GET', '/api/v1/services?team=12')).json;
    expect(byTeam.length).toBe(servicesOfTeam(12));
    expect(byTeam.every((s: any) => s.team.number === 12)).toBe(true);

    const bySubtype = (await invoke('GET', '/api/v1/services?subtype_id=4')).json;
    expect(bySubtype.length).toBe(4);
    expect(bySubtype.every((s: any) => s.subtype === 'SMTP' && s.subtype_id === 4)).toBe(true);

    const both = (await invoke('GET', '/api/v1/services?subtype_id=1&team=21')).json;
    expect(both.map((s: any) => [s.team.number, s.subtype_id])).toEqual([[21, 1]]);
  });

  it('returns [] when a filter matches nothing, and hides the hidden team from anonymous filters', async () => {
    expect((await invoke('GET', '/api/v1/services?team=55')).json).toEqual([]);
    expect((await invoke('GET', '/api/v1/services?subtype_id=77')).json).toEqual([]);
    expect((await invoke('GET', '/api/v1/services?team=99')).json).toEqual([]);
    expect((await invoke('GET', '/api/v1/services?team=99', { headers: bearer(tokens.service) })).json.length).toBe(4);
  });

  it('is 400 naming the parameter when a filter is not a positive integer', async () => {
    for (const query of ['team=abc', 'team=0', 'team=-3', 'subtype_id=1.5', 'subtype_id=', 'team=1e3']) {
      const response = await invoke('GET', `/api/v1/services?${query}`);
      expect(response.status, query).toBe(400);
      expect(response.json.code).toBe('validation_failed');
      expect(response.json.errors[0].path).toBe(`query.${query.split('=')[0]}`);
    }
  });
});

describe('GET /api/v1/services/:id', () => {
  it('returns the service with its points and recent scans', async () => {
    const [first] = (await invoke('GET', '/api/v1/services')).json;
    const response = await invoke('GET', `/api/v1/services/${first.id}`);
    expect(response.status).toBe(200);
    expect(response.json).toEqual({
      ...first,
      frozen: false,
      frozen_since: null,
      points_earned: 0,
      sla: { run: 0, violations: 0, penalty: 0 },
      recent_scans: [],
    });
  });

  it('is 404 for unknown, malformed and hidden services', async () => {
    const hidden = (await invoke('GET', '/api/v1/services?team=99', { headers: bearer(tokens.admin) })).json[0];
    for (const id of ['424242', 'x', String(hidden.id)]) {
      expect((await invoke('GET', `/api/v1/services/${id}`)).status, id).toBe(404);
    }
  });
});

describe('caching of public reads', () => {
  it('sends an ETag and answers If-None-Match with 304', async () => {
    const first = await invoke('GET', '/api/v1/teams');
    expect(first.headers.etag).toMatch(/^"[\w-]+"$/);
    expect(first.headers['cache-control']).toMatch(/^public, max-age=\d+$/);
    const again = await invoke('GET', '/api/v1/teams', { headers: { 'if-none-match': first.headers.etag! } });
    expect(again.status).toBe(304);
    expect(again.text).toBe('');
  });

  it('marks what an authenticated caller sees as private', async () => {
    const response = await invoke('GET', '/api/v1/teams', { headers: bearer(tokens.admin) });
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.headers.vary).toBe('Authorization, Accept-Encoding');
  });
});

describe('GET /api/v1/teams/scoreboard/compact (issue #49)', () => {
  it('is the full scoreboard as its page draws it: each team once, rows as arrays, smaller; an admin sees the hidden team there too', async () => {
    type Row = { rank: number; division: string; team: { id: number; number: number; name: string; logo: string }; total_score: number };
    type FullRow = Row & { scores: { super_type: string; score: number }[]; services_up: number; services_total: number };
    for (const headers of [{}, bearer(tokens.admin)]) {
      const full = await invoke('GET', '/api/v1/teams/scoreboard', { headers });
      const compact = await invoke('GET', '/api/v1/teams/scoreboard/compact', { headers });
      expect(compact.status).toBe(200);
      const rows = (full.json as { scoreboard: FullRow[] }).scoreboard;
      expect(compact.json).toEqual({
        segregate: full.json.segregate,
        super_types: rows[0]!.scores.map((s) => s.super_type),
        rows: rows.map((r) => [
          r.rank,
          r.division,
          r.team.id,
          r.team.number,
          r.team.name,
          r.team.logo,
          r.total_score,
          r.services_up,
          r.services_total,
          ...r.scores.map((s) => s.score),
        ]),
        frozen: full.json.frozen,
        frozen_since: full.json.frozen_since,
      });
      expect(compact.text.length).toBeLessThan(full.text.length / 2);
    }
  });
});
