import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Competition } from '#shared/domain/competition';
import { bearer, invoke } from '../support/invoke';
import { mintTokens, sampleCompetition, useFreshTable } from '../support/database';
import { startFold } from '../support/fold';

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
  /**
   * A competition of its own, small enough to write its board out by hand:
   * HTTP (10 points) and DNS (5) for each team, the guest division shown apart.
   * Teams get ids in the file's order (11 → 1, 12 → 2, 13 → 3, 21 → 4, 99 → 5).
   */
  const teamOf = (number: number, fields: Partial<Competition['teams'][number]> = {}) => {
    const team = sample.teams.find((t) => t.number === number)!;
    return { ...team, services: team.services.filter((s) => s.subtype_id === 1 || s.subtype_id === 3), ...fields };
  };
  const competition: Competition = {
    ...sample,
    settings: { ...sample.settings, guest_division_enabled: true },
    subtypes: sample.subtypes.filter((s) => s.id === 1 || s.id === 3),
    teams: [
      teamOf(11),
      teamOf(12, { logo: 'https://logos.example/root-cause.png' }),
      teamOf(13),
      teamOf(21, { guest_division: true }),
      teamOf(99, { hidden: true }),
    ],
  };
  let admin: Record<string, string>;
  let fold: Awaited<ReturnType<typeof startFold>>;
  let sampleTable: string;

  beforeAll(async () => {
    sampleTable = process.env.TABLE_NAME!;
    await useFreshTable(competition);
    const tokens = await mintTokens();
    admin = bearer(tokens.admin);
    fold = await startFold();
    const services = (await invoke('GET', '/api/v1/services', { headers: admin })).json as { id: number; subtype: string; team: { number: number } }[];
    const serviceOf = (team: number, subtype: string) => services.find((s) => s.team.number === team && s.subtype === subtype)!.id;
    const results: [number, string, number][] = [
      [11, 'HTTP', 10],
      [11, 'DNS', 0],
      [12, 'HTTP', 10],
      [12, 'DNS', 5],
      [13, 'HTTP', 0],
      [21, 'HTTP', 10],
      [99, 'HTTP', 10],
      [99, 'DNS', 5],
    ];
    const reported = await invoke('POST', '/api/v1/scans', {
      headers: bearer(tokens.service),
      body: results.map(([team, subtype, score], i) => ({
        service_id: serviceOf(team, subtype),
        scan_id: `compact-${i}`,
        score,
        error: score === 0 ? 'down' : null,
      })),
    });
    expect(reported.json.map((r: { status: number }) => r.status)).toEqual(results.map(() => 201));
    // Injects (super type 2) and Red Team (3) points, by hand: team 11 (id 1) +5 Injects, 13 (id 3) -10 Red Team, 99 (id 5) +100 Injects.
    for (const [team, super_type_id, points] of [
      [1, 2, 5],
      [3, 3, -10],
      [5, 2, 100],
    ]) {
      const adjusted = await invoke('POST', `/api/v1/teams/${team}/adjustments`, { headers: admin, body: { super_type_id, points, reason: 'compact board' } });
      expect(adjusted.status, adjusted.text).toBe(201);
    }
    await fold.caughtUp();
  });
  afterAll(async () => {
    await fold?.stop();
    process.env.TABLE_NAME = sampleTable;
  });

  // [rank, division, team id, team number, name, logo, total, services up, services, Services, Injects, Red Team]:
  // 11 has HTTP up (10) and DNS down, +5 Injects: 15. 12 has both up (10 + 5): 15, tied with 11, after it by number.
  // 13 has HTTP down and DNS unscanned, -10 Red Team: -10, third. 21 (guest, ranked on its own) has HTTP up: 10.
  const TEAM_11 = ['main', 1, 11, 'Packet Wranglers', '', 15, 1, 2, 10, 5, 0];
  const TEAM_12 = ['main', 2, 12, 'Root Cause', 'https://logos.example/root-cause.png', 15, 2, 2, 15, 0, 0];
  const TEAM_13 = ['main', 3, 13, 'Blue Screen Brigade', '', -10, 0, 2, 0, 0, -10];
  const TEAM_21 = ['guest', 4, 21, 'Guest Hackers', '', 10, 1, 2, 10, 0, 0];

  it('is the scoreboard as its page draws it: each team once, rows as arrays, the super types named once, smaller than the full one', async () => {
    const compact = await invoke('GET', '/api/v1/teams/scoreboard/compact');
    expect(compact.status).toBe(200);
    expect(compact.json).toEqual({
      segregate: true,
      super_types: ['Services', 'Injects', 'Red Team'],
      rows: [
        [1, ...TEAM_11],
        [1, ...TEAM_12],
        [3, ...TEAM_13],
        [1, ...TEAM_21],
      ],
      frozen: false,
      frozen_since: null,
    });
    const full = await invoke('GET', '/api/v1/teams/scoreboard');
    const ranked = (full.json.scoreboard as { rank: number; team: { number: number }; total_score: number }[]).map((r) => [
      r.rank,
      r.team.number,
      r.total_score,
    ]);
    expect(ranked).toEqual([
      [1, 11, 15],
      [1, 12, 15],
      [3, 13, -10],
      [1, 21, 10],
    ]);
    expect(compact.text.length).toBeLessThan(full.text.length / 2);
  });

  it('shows an admin the hidden team too, ranked among the others', async () => {
    // 99 (hidden) has both up (15) and +100 Injects: 115, first; the tie behind it is second, 13 fourth.
    const compact = await invoke('GET', '/api/v1/teams/scoreboard/compact', { headers: admin });
    expect(compact.json.rows).toEqual([
      [1, 'main', 5, 99, 'Organisers Test Team', '', 115, 2, 2, 15, 100, 0],
      [2, ...TEAM_11],
      [2, ...TEAM_12],
      [4, ...TEAM_13],
      [1, ...TEAM_21],
    ]);
  });
});
