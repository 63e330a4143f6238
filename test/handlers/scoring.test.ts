import { beforeAll, describe, expect, it } from 'vitest';
import { commandObservers } from '#shared/data/client';
import { scanHistory } from '#shared/data/scans';
import { getSettings, saveSettings } from '#shared/data/settings';
import type { Service, Team } from '#shared/domain/model';
import type { SettingsFields } from '#shared/domain/settings';
import { routes } from '#shared/api/routes';
import { mintTokens, useFreshTable } from '../support/database';
import { bearer, invoke, type Invocation } from '../support/invoke';

let tokens: { admin: string; service: string };
const admin = () => bearer(tokens.admin);
const agent = () => bearer(tokens.service);

async function freshCompetition() {
  await useFreshTable();
  tokens = await mintTokens();
}

const hour = 3600_000;
const iso = (ms: number) => new Date(ms).toISOString().replace(/\.\d{3}Z$/, 'Z');
const TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/;

async function teams(): Promise<Team[]> {
  return (await invoke('GET', '/api/v1/teams', { headers: admin() })).json;
}
async function teamNumbered(number: number): Promise<Team> {
  return (await teams()).find((t) => t.number === number)!;
}
async function servicesOf(teamNumber: number): Promise<Service[]> {
  return (await invoke('GET', `/api/v1/services?team=${teamNumber}`, { headers: admin() })).json;
}
const report = (serviceId: number, body: unknown, headers: Record<string, string> = agent()) =>
  invoke('POST', `/api/v1/services/${serviceId}/scans`, { headers, body });
const scorecard = async (teamId: number, headers: Record<string, string> = {}) =>
  (await invoke('GET', `/api/v1/teams/${teamId}/scorecard`, { headers })).json;
const scoreboard = async (headers: Record<string, string> = {}) => (await invoke('GET', '/api/v1/teams/scoreboard', { headers })).json;
const adjust = (teamId: number, body: unknown, headers: Record<string, string> = admin()) =>
  invoke('POST', `/api/v1/teams/${teamId}/adjustments`, { headers, body });

async function changeSettings(patch: Partial<SettingsFields>) {
  const current = (await getSettings({ consistent: true }))!;
  const { id: _id, ...fields } = current.settings;
  const saved = await saveSettings({ ...fields, ...patch }, current.version, 'test');
  expect(saved).not.toBe('stale');
}

/**
 * Sends a report again while the API says it is busy, after its Retry-After,
 * as an agent would: resending the same scan_id is safe. (A pause, not a timing.)
 */
async function reportUntilAnswered(serviceId: number, body: unknown): Promise<Invocation> {
  for (;;) {
    const response = await report(serviceId, body);
    if (response.status !== 503) return response;
    expect(response.json.code).toBe('busy');
    await new Promise((resolve) => setTimeout(resolve, Number(response.headers['retry-after']) * 1000));
  }
}

describe('POST /api/v1/services/:id/scans', () => {
  let team: Team;
  let http: Service;
  let dns: Service;

  beforeAll(async () => {
    await freshCompetition();
    team = await teamNumbered(12);
    const services = await servicesOf(12);
    http = services[0]!;
    dns = services[2]!;
  });

  it('marks a scan started, then records its result, clearing in_progress', async () => {
    const started = await report(http.id, { scan_id: 'r1-http', status: 'started' });
    expect(started.status).toBe(202);
    expect(started.json).toEqual({ scan: { scan_id: 'r1-http', status: 'started' }, service: { ...http, in_progress: true } });
    expect((await invoke('GET', `/api/v1/services/${http.id}`)).json.in_progress).toBe(true);

    const result = await report(http.id, { scan_id: 'r1-http', score: 10, error: null });
    expect(result.status).toBe(201);
    expect(result.headers.location).toBe(`/api/v1/services/${http.id}`);
    const { scan, service } = result.json;
    expect(scan).toEqual({ scan_id: 'r1-http', score: 10, error: null, time: expect.stringMatching(TIMESTAMP), points: 10 });
    expect(service).toEqual({ ...http, last_scan: 10, last_scan_time: scan.time, last_scan_error: null, in_progress: false });

    const detail = (await invoke('GET', `/api/v1/services/${http.id}`)).json;
    expect(detail).toMatchObject({ in_progress: false, last_scan: 10, points_earned: 10, recent_scans: [scan] });

    const card = await scorecard(team.id);
    expect(card.stats).toMatchObject({
      checks_total: 1,
      checks_passed: 1,
      checks_failed: 0,
      uptime: 1,
      services_total: 4,
      services_up: 1,
      services_down: 0,
      services_unscanned: 3,
      last_scan_time: scan.time,
    });
    expect(card.scores[0]).toEqual({ super_type_id: 1, super_type: 'Services', score: 10, max_score: 10 });
  });

  it('answers the same scan_id and result again with 200 and the same scan, counted once', async () => {
    const first = await report(dns.id, { scan_id: 'r1-dns', score: 2, error: 'slow answer' });
    expect(first.status).toBe(201);
    const before = await scorecard(team.id);
    for (let i = 0; i < 3; i++) {
      const again = await report(dns.id, { scan_id: 'r1-dns', score: 2, error: 'slow answer' });
      expect(again.status).toBe(200);
      expect(again.json.scan).toEqual(first.json.scan);
    }
    expect(await scorecard(team.id)).toEqual(before);
    expect((await scanHistory(dns.id)).map((s) => s.scan_id)).toEqual(['r1-dns']);
    expect(before.stats).toMatchObject({ checks_total: 2, checks_passed: 1, services_up: 1, services_down: 1, services_unscanned: 2 });
  });

  it('lets a late "started" for a finished scan change nothing', async () => {
    const late = await report(dns.id, { scan_id: 'r1-dns', status: 'started' });
    expect(late.status).toBe(200);
    expect(late.json.scan.score).toBe(2);
    expect(late.json.service.in_progress).toBe(false);
  });

  it('is 409 for a used scan_id with another score or another error', async () => {
    for (const body of [
      { scan_id: 'r1-dns', score: 3, error: 'slow answer' },
      { scan_id: 'r1-dns', score: 2, error: null },
    ]) {
      const response = await report(dns.id, body);
      expect(response.status).toBe(409);
      expect(response.headers['content-type']).toBe('application/problem+json');
      expect(response.json.code).toBe('scan_id_reused');
    }
    expect((await scanHistory(dns.id)).length).toBe(1);
  });

  it('moves a service from up to down and back as its last scan says', async () => {
    expect((await report(http.id, { scan_id: 'r2-http', score: 4, error: 'wrong page' })).status).toBe(201);
    expect((await scorecard(team.id)).stats).toMatchObject({ services_up: 0, services_down: 2, services_unscanned: 2 });
    expect((await report(http.id, { scan_id: 'r3-http', score: 10, error: null })).status).toBe(201);
    const card = await scorecard(team.id);
    expect(card.stats).toMatchObject({ services_up: 1, services_down: 1, checks_total: 4, checks_passed: 2, uptime: 0.5 });
    expect(card.scores[0]).toMatchObject({ score: 10 + 2 + 4 + 10, max_score: 10 + 5 + 10 + 10 });
    expect(card.total_score).toBe(26);
  });

  it('is 400 for a score outside 0..max_score, naming the field', async () => {
    for (const score of [11, -1, 2.5, '5', null]) {
      const response = await report(http.id, { scan_id: 'bad-score', score, error: null });
      expect(response.status, String(score)).toBe(400);
      expect(response.json.errors[0].path).toBe('score');
    }
    expect((await report(http.id, { scan_id: 'bad-score', score: 11, error: null })).json.errors[0].message).toMatch(/at most 10/);
  });

  it('is 400 for unknown fields, bad scan ids, overlong errors and mixed or empty reports', async () => {
    const bodies: unknown[] = [
      { scan_id: 'x', score: 1, error: null, extra: true },
      { scan_id: 'x', status: 'started', team: 1 },
      { scan_id: '', score: 1, error: null },
      { scan_id: 'a b', score: 1, error: null },
      { scan_id: 'x/../y', score: 1, error: null },
      { scan_id: 'x'.repeat(129), score: 1, error: null },
      { scan_id: 'x', score: 1, error: 'e'.repeat(1001) },
      { scan_id: 'x', status: 'started', score: 1 },
      { scan_id: 'x', status: 'finished' },
      { scan_id: 'x' },
      { scan_id: 'x', error: 'no score' },
      { score: 1, error: null },
      [],
    ];
    for (const body of bodies) {
      const response = await report(http.id, body);
      expect(response.status, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(response.json.code).toBe('validation_failed');
    }
    expect((await report(http.id, { scan_id: 'x', score: 1, error: null, extra: true })).json.errors[0]).toEqual({
      path: 'extra',
      message: 'is not a known field',
    });
    expect((await report(http.id, { scan_id: 'x'.repeat(128), score: 10, error: 'e'.repeat(1000) })).status).toBe(201);
  });

  it('is 404 for an unknown service, and 401 without credentials; admins may report too', async () => {
    expect((await report(987654, { scan_id: 'x', score: 1, error: null })).status).toBe(404);
    expect((await report(987654, { scan_id: 'x', status: 'started' })).status).toBe(404);
    const anonymous = await report(http.id, { scan_id: 'anon', score: 1, error: null }, {});
    expect(anonymous.status).toBe(401);
    expect(anonymous.headers['www-authenticate']).toMatch(/^Bearer/);
    expect((await report(http.id, { scan_id: 'by-admin', score: 10, error: null }, admin())).status).toBe(201);
  });

  it('scores the hidden team too (agents scan it; the public never sees it)', async () => {
    const hidden = await teamNumbered(99);
    const [service] = await servicesOf(99);
    expect((await report(service!.id, { scan_id: 'h1', score: 10, error: null })).status).toBe(201);
    expect((await scorecard(hidden.id, admin())).total_score).toBe(10);
    expect((await invoke('GET', `/api/v1/teams/${hidden.id}/scorecard`)).status).toBe(404);
  });
});

describe('scans while scoring is closed', () => {
  let team: Team;
  let ssh: Service;

  beforeAll(async () => {
    await freshCompetition();
    team = await teamNumbered(13);
    ssh = (await servicesOf(13))[1]!;
  });

  const expectEarnsNothing = async (scanId: string) => {
    const before = await scorecard(team.id);
    const response = await report(ssh.id, { scan_id: scanId, score: 10, error: null });
    expect(response.status).toBe(201);
    expect(response.json.scan.points).toBe(0);
    expect(response.json.service).toMatchObject({ last_scan: 10, last_scan_time: response.json.scan.time });
    const after = await scorecard(team.id);
    expect(after.scores).toEqual(before.scores);
    expect(after.stats.checks_total).toBe(before.stats.checks_total + 1);
    expect(after.stats.services_up).toBe(1);
  };

  it('records the scan but earns nothing, nor adds to max_score, while scoring is disabled', async () => {
    await changeSettings({ scoring_enabled: false });
    await expectEarnsNothing('disabled-1');
    expect((await invoke('GET', `/api/v1/services/${ssh.id}`)).json.points_earned).toBe(0);
  });

  it('earns nothing before start_time or from end_time on', async () => {
    await changeSettings({ scoring_enabled: true, start_time: iso(Date.now() + hour), end_time: null });
    await expectEarnsNothing('before-start');
    await changeSettings({ start_time: iso(Date.now() - 2 * hour), end_time: iso(Date.now() - hour) });
    await expectEarnsNothing('after-end');
  });

  it('earns again inside the window', async () => {
    await changeSettings({ start_time: iso(Date.now() - hour), end_time: null });
    const response = await report(ssh.id, { scan_id: 'open-1', score: 7, error: null });
    expect(response.json.scan.points).toBe(7);
    expect((await scorecard(team.id)).scores[0]).toMatchObject({ score: 7, max_score: 10 });
    expect((await invoke('GET', `/api/v1/services/${ssh.id}`)).json.points_earned).toBe(7);
  });
});

describe('hundreds of concurrent reports for one team', () => {
  // 300 simultaneous writers on one team share one DynamoDB Local (and, here, one
  // SDK client): most lose races and are answered `busy`, then resend. That takes
  // a while; the timeout is only room to finish, nothing about speed is asserted.
  it('leave its totals exactly equal to the sum of the accepted scans', { timeout: 300_000 }, async () => {
    await freshCompetition();
    const team = await teamNumbered(11);
    const services = await servicesOf(11);
    const maxOf = new Map(services.map((s) => [s.id, s.max_score]));

    type Report = { serviceId: number; body: { scan_id: string; score: number; error: string | null } };
    const random = seeded(11);
    const distinct: Report[] = Array.from({ length: 270 }, (_, i) => {
      const service = services[i % services.length]!;
      const score = random() < 0.6 ? service.max_score : Math.floor(random() * service.max_score);
      return { serviceId: service.id, body: { scan_id: `c-${i}`, score, error: score === service.max_score ? null : 'degraded' } };
    });
    const exactRepeats = Array.from({ length: 20 }, (_, i) => distinct[(i * 13) % distinct.length]!);
    const conflicting = Array.from({ length: 10 }, (_, i) => {
      const original = distinct[(i * 17 + 5) % distinct.length]!;
      const max = maxOf.get(original.serviceId)!;
      return { ...original, body: { ...original.body, score: (original.body.score + 1) % (max + 1) } };
    });
    const all = shuffle([...distinct, ...exactRepeats, ...conflicting], random);
    expect(all.length).toBe(300);

    const responses = await Promise.all(all.map((r) => reportUntilAnswered(r.serviceId, r.body)));

    // Each scan_id is recorded once (201); repeats of that result get 200, other results 409.
    const accepted = new Map<string, { serviceId: number; score: number }>();
    responses.forEach((response, i) => {
      const { serviceId, body } = all[i]!;
      expect([200, 201, 409], JSON.stringify(response.json)).toContain(response.status);
      if (response.status === 201) {
        expect(accepted.has(body.scan_id)).toBe(false);
        accepted.set(body.scan_id, { serviceId, score: body.score });
      }
    });
    expect(accepted.size).toBe(270);
    responses.forEach((response, i) => {
      const { body } = all[i]!;
      const winner = accepted.get(body.scan_id)!;
      if (response.status === 200) expect(response.json.scan.score).toBe(winner.score);
      if (response.status === 409) expect(winner.score).not.toBe(body.score);
    });

    // The history holds exactly the accepted scans, numbered 1..n per service.
    let expectedPoints = 0;
    let expectedMax = 0;
    let passed = 0;
    let up = 0;
    for (const service of services) {
      const history = await scanHistory(service.id);
      const mine = [...accepted].filter(([, a]) => a.serviceId === service.id);
      expect(history.map((h) => h.scan_id).sort()).toEqual(mine.map(([id]) => id).sort());
      for (const h of history) expect(h.score).toBe(accepted.get(h.scan_id)!.score);
      expectedPoints += history.reduce((sum, h) => sum + h.score, 0);
      expectedMax += history.length * service.max_score;
      passed += history.filter((h) => h.score === service.max_score).length;
      const last = history.at(-1)!;
      const detail = (await invoke('GET', `/api/v1/services/${service.id}`)).json;
      expect(detail).toMatchObject({ last_scan: last.score, last_scan_time: last.time, in_progress: false });
      expect(detail.points_earned).toBe(history.reduce((sum, h) => sum + h.points, 0));
      if (last.score === service.max_score) up++;
    }

    const card = await scorecard(team.id);
    expect(card.scores[0]).toMatchObject({ score: expectedPoints, max_score: expectedMax });
    expect(card.total_score).toBe(expectedPoints);
    expect(card.stats).toMatchObject({
      checks_total: 270,
      checks_passed: passed,
      checks_failed: 270 - passed,
      services_up: up,
      services_down: 4 - up,
      services_unscanned: 0,
    });
  });
});

describe('a long simulated competition', () => {
  it('ends with a scoreboard equal to a recomputation from the scan history', async () => {
    await freshCompetition();
    const everyone = await teams();
    const services = (await invoke('GET', '/api/v1/services', { headers: admin() })).json as Service[];
    const superTypeOf = new Map([[1, 1], [2, 1], [3, 1], [4, 1]]); // the sample's subtypes are all "Services"
    const random = seeded(2026);
    const closedScans = new Map<number, number>(); // service id → scans made while scoring was closed
    const adjustments = new Map<number, Record<string, number>>();

    const ROUNDS = 10;
    for (let round = 1; round <= ROUNDS; round++) {
      const closed = round === 4;
      if (round === 4) await changeSettings({ scoring_enabled: false });
      if (round === 5) await changeSettings({ scoring_enabled: true });
      // Some services are skipped in round 1, so a few stay unscanned for a while.
      const scanned = services.filter(() => round > 1 || random() < 0.7);
      await Promise.all(
        scanned.map(async (service) => {
          const scanId = `round${round}-svc${service.id}`;
          if (random() < 0.3) expect((await reportUntilAnswered(service.id, { scan_id: scanId, status: 'started' })).status).toBe(202);
          const roll = random();
          const score = roll < 0.65 ? service.max_score : roll < 0.85 ? 0 : Math.floor(random() * service.max_score);
          const body = { scan_id: scanId, score, error: score === service.max_score ? null : `check failed in round ${round}` };
          expect((await reportUntilAnswered(service.id, body)).status).toBe(201);
          if (random() < 0.1) expect((await reportUntilAnswered(service.id, body)).status).toBe(200);
          if (closed) closedScans.set(service.id, (closedScans.get(service.id) ?? 0) + 1);
        }),
      );
      if (round % 3 === 0) {
        const team = everyone[Math.floor(random() * everyone.length)]!;
        const superTypeId = 1 + Math.floor(random() * 3);
        const points = (random() < 0.5 ? -1 : 1) * (1 + Math.floor(random() * 40));
        expect((await adjust(team.id, { super_type_id: superTypeId, points, reason: `round ${round}` })).status).toBe(201);
        const entry = adjustments.get(team.id) ?? {};
        entry[superTypeId] = (entry[superTypeId] ?? 0) + points;
        adjustments.set(team.id, entry);
      }
    }

    // Recompute every team's figures from the raw history and the adjustments.
    const expected = new Map<number, { points: Record<string, number>; max: Record<string, number>; checks: number; passed: number; up: number; down: number; unscanned: number }>();
    for (const team of everyone) {
      const e = { points: { '1': 0, '2': 0, '3': 0 } as Record<string, number>, max: { '1': 0, '2': 0, '3': 0 } as Record<string, number>, checks: 0, passed: 0, up: 0, down: 0, unscanned: 0 };
      for (const service of services.filter((s) => s.team.id === team.id)) {
        const history = await scanHistory(service.id);
        const st = String(superTypeOf.get(service.subtype_id));
        e.points[st]! += history.reduce((sum, h) => sum + h.points, 0);
        e.max[st]! += (history.length - (closedScans.get(service.id) ?? 0)) * service.max_score;
        e.checks += history.length;
        e.passed += history.filter((h) => h.score === service.max_score).length;
        const last = history.at(-1);
        if (!last) e.unscanned++;
        else if (last.score === service.max_score) e.up++;
        else e.down++;
      }
      for (const [st, points] of Object.entries(adjustments.get(team.id) ?? {})) e.points[st]! += points;
      expected.set(team.id, e);
    }
    const totalOf = (teamId: number) => Object.values(expected.get(teamId)!.points).reduce((a, b) => a + b, 0);

    for (const [viewer, headers] of [['anonymous', {}], ['admin', admin()]] as const) {
      const board = await scoreboard(headers);
      const visible = everyone.filter((t) => viewer === 'admin' || t.number !== 99);
      expect(board.scoreboard.map((r: { team: Team }) => r.team.id).sort()).toEqual(visible.map((t) => t.id).sort());
      for (const row of board.scoreboard) {
        const e = expected.get(row.team.id)!;
        expect(row.total_score, row.team.name).toBe(totalOf(row.team.id));
        expect(row.scores.map((s: { score: number }) => s.score)).toEqual([e.points['1'], e.points['2'], e.points['3']]);
        expect(row.scores.map((s: { max_score: number }) => s.max_score)).toEqual([e.max['1'], e.max['2'], e.max['3']]);
        expect(row.services_up).toBe(e.up);
        // Competition ranking, recomputed independently: 1 + the number of strictly better teams.
        expect(row.rank).toBe(1 + visible.filter((t) => totalOf(t.id) > row.total_score).length);

        const card = await scorecard(row.team.id, headers);
        expect(card.total_score).toBe(row.total_score);
        expect(card.stats).toMatchObject({
          rank: row.rank,
          checks_total: e.checks,
          checks_passed: e.passed,
          checks_failed: e.checks - e.passed,
          services_up: e.up,
          services_down: e.down,
          services_unscanned: e.unscanned,
        });
      }
      const ordered = board.scoreboard.map((r: { total_score: number; team: Team }) => [-r.total_score, r.team.number]);
      expect(ordered).toEqual([...ordered].sort((a, b) => a[0] - b[0] || a[1] - b[1]));
    }
  });
});

describe('the scoreboard and scorecard', () => {
  beforeAll(freshCompetition);

  it('lists the visible teams, all tied at first before any scan, by team number', async () => {
    const response = await invoke('GET', '/api/v1/teams/scoreboard');
    expect(response.status).toBe(200);
    expect(response.headers['cache-control']).toMatch(/^public/);
    const { segregate, scoreboard: rows } = response.json;
    expect(segregate).toBe(false);
    expect(rows.map((r: { team: Team }) => r.team.number)).toEqual([11, 12, 13, 14, 21, 22]);
    expect(rows.every((r: { rank: number }) => r.rank === 1)).toBe(true);
    expect(rows[0]).toEqual({
      rank: 1,
      division: 'main',
      team: (await teams())[0],
      total_score: 0,
      scores: [
        { super_type_id: 1, super_type: 'Services', score: 0, max_score: 0 },
        { super_type_id: 2, super_type: 'Injects', score: 0, max_score: 0 },
        { super_type_id: 3, super_type: 'Red Team', score: 0, max_score: 0 },
      ],
      services_up: 0,
      services_total: 4,
    });
    expect(rows.find((r: { team: Team }) => r.team.number === 21).division).toBe('guest');
  });

  it('shows the hidden team to admins and services only', async () => {
    for (const headers of [admin(), agent()]) {
      const rows = (await scoreboard(headers)).scoreboard;
      expect(rows.some((r: { team: Team }) => r.team.number === 99)).toBe(true);
    }
  });

  it('ranks each division on its own when the guest division is enabled', async () => {
    const [guest] = await servicesOf(21);
    const [main] = await servicesOf(14);
    await report(guest!.id, { scan_id: 'g1', score: 10, error: null });
    await report(main!.id, { scan_id: 'm1', score: 5, error: 'partial' });

    const together = (await scoreboard()).scoreboard.map((r: { team: Team; rank: number }) => [r.team.number, r.rank]);
    expect(together).toEqual([[21, 1], [14, 2], [11, 3], [12, 3], [13, 3], [22, 3]]);

    await changeSettings({ guest_division_enabled: true });
    const board = await scoreboard();
    expect(board.segregate).toBe(true);
    expect(board.scoreboard.map((r: { team: Team; rank: number; division: string }) => [r.team.number, r.rank, r.division])).toEqual([
      [14, 1, 'main'],
      [11, 2, 'main'],
      [12, 2, 'main'],
      [13, 2, 'main'],
      [21, 1, 'guest'],
      [22, 2, 'guest'],
    ]);
    const guestTeam = await teamNumbered(21);
    expect((await scorecard(guestTeam.id)).stats.rank).toBe(1);
    await changeSettings({ guest_division_enabled: false });
  });

  it('is 404 for the scorecard of an unknown, malformed or (for anonymous callers) hidden team', async () => {
    const hidden = await teamNumbered(99);
    for (const id of ['424242', 'abc', '0', String(hidden.id)]) {
      const response = await invoke('GET', `/api/v1/teams/${id}/scorecard`);
      expect(response.status, id).toBe(404);
      expect(response.json.code).toBe('not_found');
    }
    expect((await invoke('GET', `/api/v1/teams/${hidden.id}/scorecard`, { headers: agent() })).status).toBe(200);
  });
});

describe('adjustments', () => {
  let team: Team;

  beforeAll(async () => {
    await freshCompetition();
    team = await teamNumbered(12);
  });

  it('creates an adjustment that shows up in the scoreboard and scorecard at once', async () => {
    const response = await adjust(team.id, { super_type_id: 2, points: 40, reason: '  Inject 3: firewall policy memo  ' });
    expect(response.status).toBe(201);
    expect(response.headers.location).toBe(`/api/v1/teams/${team.id}/adjustments`);
    expect(response.json).toEqual({
      id: expect.any(Number),
      team: team.id,
      super_type_id: 2,
      points: 40,
      reason: 'Inject 3: firewall policy memo',
      created_by: expect.stringContaining('test admin'),
      created_at: expect.stringMatching(TIMESTAMP),
    });
    expect((await adjust(team.id, { super_type_id: 3, points: -15, reason: 'Red team: domain admin' })).status).toBe(201);

    const row = (await scoreboard()).scoreboard.find((r: { team: Team }) => r.team.id === team.id);
    expect(row).toMatchObject({ rank: 1, total_score: 25 });
    expect(row.scores.map((s: { score: number }) => s.score)).toEqual([0, 40, -15]);
    const card = await scorecard(team.id);
    expect(card.total_score).toBe(25);
    expect(card.stats.adjustments_total).toBe(25);
    expect(card.scores[1]).toEqual({ super_type_id: 2, super_type: 'Injects', score: 40, max_score: 0 });
  });

  it('lists a team\'s adjustments in id order', async () => {
    const response = await invoke('GET', `/api/v1/teams/${team.id}/adjustments`, { headers: admin() });
    expect(response.status).toBe(200);
    expect(response.json.map((a: { points: number }) => a.points)).toEqual([40, -15]);
    const ids = response.json.map((a: { id: number }) => a.id);
    expect([...ids].sort((a, b) => a - b)).toEqual(ids);
    const other = await teamNumbered(11);
    expect((await invoke('GET', `/api/v1/teams/${other.id}/adjustments`, { headers: admin() })).json).toEqual([]);
  });

  it('is 400 for an unknown super type or a bad body, and changes nothing', async () => {
    const unknown = await adjust(team.id, { super_type_id: 9, points: 5, reason: 'x' });
    expect(unknown.status).toBe(400);
    expect(unknown.json.errors).toEqual([{ path: 'super_type_id', message: 'no super type has id 9' }]);
    for (const body of [
      { super_type_id: 2, points: 0, reason: 'x' },
      { super_type_id: 2, points: 1.5, reason: 'x' },
      { super_type_id: 2, points: 10_000_000, reason: 'x' },
      { super_type_id: 2, points: '5', reason: 'x' },
      { super_type_id: 2, points: 5, reason: '   ' },
      { super_type_id: 2, points: 5, reason: 'r'.repeat(501) },
      { super_type_id: 2, points: 5 },
      { super_type_id: 2, points: 5, reason: 'x', team: 3 },
      { super_type_id: 0, points: 5, reason: 'x' },
    ]) {
      const response = await adjust(team.id, body);
      expect(response.status, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(response.json.code).toBe('validation_failed');
    }
    expect((await scorecard(team.id)).total_score).toBe(25);
  });

  it('is 404 for an unknown team', async () => {
    expect((await adjust(424242, { super_type_id: 2, points: 5, reason: 'x' })).status).toBe(404);
    expect((await invoke('GET', '/api/v1/teams/424242/adjustments', { headers: admin() })).status).toBe(404);
  });

  it('is for admins only: 401 anonymous, 403 for a service account', async () => {
    const body = { super_type_id: 2, points: 5, reason: 'x' };
    const anonymous = await adjust(team.id, body, {});
    expect(anonymous.status).toBe(401);
    expect(anonymous.headers['www-authenticate']).toMatch(/^Bearer/);
    expect((await adjust(team.id, body, agent())).status).toBe(403);
    expect((await invoke('GET', `/api/v1/teams/${team.id}/adjustments`)).status).toBe(401);
    expect((await invoke('GET', `/api/v1/teams/${team.id}/adjustments`, { headers: agent() })).status).toBe(403);
    expect((await scorecard(team.id)).total_score).toBe(25);
  });
});

describe('DynamoDB requests', () => {
  it('never include a Scan, and the scoreboard costs the same however many scans there are', async () => {
    await freshCompetition();
    const sent: string[] = [];
    const observer = ({ command }: { command: string }) => void sent.push(command);
    commandObservers.add(observer);
    try {
      const scoreboardCommands = async () => {
        const from = sent.length;
        expect((await invoke('GET', '/api/v1/teams/scoreboard')).status).toBe(200);
        return sent.slice(from).sort();
      };
      const before = await scoreboardCommands();
      expect(before).toEqual(['GetItemCommand', 'QueryCommand', 'QueryCommand']);

      const team = await teamNumbered(13);
      const services = await servicesOf(13);
      for (let round = 0; round < 5; round++) {
        for (const service of services) {
          const scan_id = `n${round}-${service.id}`;
          const score = round % service.max_score;
          await report(service.id, { scan_id, status: 'started' });
          await report(service.id, { scan_id, score, error: null });
          await report(service.id, { scan_id, score, error: null });
          await report(service.id, { scan_id, score: score + 1, error: null });
        }
      }
      await adjust(team.id, { super_type_id: 2, points: 3, reason: 'x' });
      await invoke('GET', `/api/v1/teams/${team.id}/adjustments`, { headers: admin() });
      await invoke('GET', `/api/v1/teams/${team.id}/scorecard`);
      // Every built GET route too, with a real id where it takes one.
      for (const route of routes.filter((r) => !r.planned && r.method === 'GET')) {
        const id = route.path.includes('/teams/') ? team.id : services[0]!.id;
        await invoke('GET', route.path.replace('{id}', String(id)), { headers: admin() });
      }

      expect(await scoreboardCommands()).toEqual(before);
      expect(sent.length).toBeGreaterThan(100);
      expect(sent.filter((command) => /^Scan/.test(command))).toEqual([]);
    } finally {
      commandObservers.delete(observer);
    }
  });
});

/** A small deterministic generator (mulberry32), so a failing run can be repeated. */
function seeded(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function shuffle<T>(items: T[], random: () => number): T[] {
  for (let i = items.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [items[i], items[j]] = [items[j]!, items[i]!];
  }
  return items;
}
