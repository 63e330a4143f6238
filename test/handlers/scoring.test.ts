import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import { commandObservers, db } from '#shared/data/client';
import { scanHistory, storedResults } from '#shared/data/results';
import { forgetFreshCopies } from '#shared/data/fresh';
import { getSettings, saveSettings } from '#shared/data/settings';
import type { Service, Team } from '#shared/domain/model';
import type { SettingsFields } from '#shared/domain/settings';
import { routes } from '#shared/api/routes';
import { handler as foldResults } from '../../functions/scoring/fold-results';
import { mintTokens, sampleCompetition, TEST_AUDIT, useFreshTable } from '../support/database';
import { startFold } from '../support/fold';
import { bearer, invoke } from '../support/invoke';
import { seeded } from '../support/seeded';

let tokens: { admin: string; service: string };
/** How many services each of the sample's main teams has (team 12's). */
const MAIN_TEAM_SERVICES = sampleCompetition().teams.find((t) => t.number === 12)!.services.length;
const admin = () => bearer(tokens.admin);
const agent = () => bearer(tokens.service);

let fold: Awaited<ReturnType<typeof startFold>> | undefined;

/** A new table with the sample, and the fold consumer on its stream. */
async function freshCompetition() {
  await fold?.stop();
  await useFreshTable();
  tokens = await mintTokens();
  fold = await startFold();
}
/** Waits until every result written so far is in the services' state and the teams' totals. */
const folded = () => fold!.caughtUp();
afterAll(() => fold?.stop());

const hour = 3600_000;
const iso = (ms: number) => new Date(ms).toISOString().replace(/\.\d{3}Z$/, 'Z');
const TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/;
const minute = 60_000;

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
const scorecard = async (teamId: number, headers: Record<string, string> = {}) => (await invoke('GET', `/api/v1/teams/${teamId}/scorecard`, { headers })).json;
const scoreboard = async (headers: Record<string, string> = {}) => (await invoke('GET', '/api/v1/teams/scoreboard', { headers })).json;
const adjust = (teamId: number, body: unknown, headers: Record<string, string> = admin()) =>
  invoke('POST', `/api/v1/teams/${teamId}/adjustments`, { headers, body });

async function changeSettings(patch: Partial<SettingsFields>) {
  const current = (await getSettings({ consistent: true }))!;
  const { id: _id, ...fields } = current.settings;
  const saved = await saveSettings({ ...fields, ...patch }, current, { ...TEST_AUDIT, action: 'settings.update' });
  expect(saved).not.toBe('stale');
  // Functions keep the settings for a few seconds; the test's next result must see this change.
  forgetFreshCopies();
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
    expect(started.json).toEqual({ scan_id: 'r1-http', status: 'started' });
    expect((await invoke('GET', `/api/v1/services/${http.id}`)).json.in_progress).toBe(true);

    const result = await report(http.id, { scan_id: 'r1-http', score: 10, error: null });
    expect(result.status).toBe(201);
    expect(result.headers.location).toBe(`/api/v1/services/${http.id}`);
    const scan = result.json;
    expect(scan).toEqual({ scan_id: 'r1-http', score: 10, error: null, time: expect.stringMatching(TIMESTAMP), received_at: scan.time, points: 10 });

    await folded();
    const detail = (await invoke('GET', `/api/v1/services/${http.id}`)).json;
    expect(detail).toEqual({
      ...http,
      last_scan: 10,
      last_scan_time: scan.time,
      last_scan_error: null,
      in_progress: false,
      frozen: false,
      frozen_since: null,
      points_earned: 10,
      sla: { run: 0, violations: 0, penalty: 0 },
      recent_scans: [scan],
    });

    const card = await scorecard(team.id);
    expect(card.stats).toMatchObject({
      checks_total: 1,
      checks_passed: 1,
      checks_failed: 0,
      uptime: 1,
      services_total: MAIN_TEAM_SERVICES,
      services_up: 1,
      services_down: 0,
      services_unscanned: MAIN_TEAM_SERVICES - 1,
      last_scan_time: scan.time,
    });
    expect(card.scores[0]).toEqual({ super_type_id: 1, super_type: 'Services', score: 10, max_score: 10, sla_penalty: 0 });
  });

  it('answers the same scan_id and result again with 200 and the same scan, counted once', async () => {
    const first = await report(dns.id, { scan_id: 'r1-dns', score: 2, error: 'slow answer' });
    expect(first.status).toBe(201);
    await folded();
    const before = await scorecard(team.id);
    for (let i = 0; i < 3; i++) {
      const again = await report(dns.id, { scan_id: 'r1-dns', score: 2, error: 'slow answer' });
      expect(again.status).toBe(200);
      expect(again.json).toEqual(first.json);
    }
    await folded();
    expect(await scorecard(team.id)).toEqual(before);
    expect((await scanHistory(dns.id)).map((s) => s.scan_id)).toEqual(['r1-dns']);
    expect(before.stats).toMatchObject({ checks_total: 2, checks_passed: 1, services_up: 1, services_down: 1, services_unscanned: MAIN_TEAM_SERVICES - 2 });
  });

  it('lets a late "started" for a finished scan change nothing', async () => {
    const late = await report(dns.id, { scan_id: 'r1-dns', status: 'started' });
    expect(late.status).toBe(200);
    expect(late.json).toMatchObject({ scan_id: 'r1-dns', score: 2 });
    expect((await invoke('GET', `/api/v1/services/${dns.id}`)).json.in_progress).toBe(false);
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
    await folded();
    expect((await scorecard(team.id)).stats).toMatchObject({ services_up: 0, services_down: 2, services_unscanned: MAIN_TEAM_SERVICES - 2 });
    expect((await report(http.id, { scan_id: 'r3-http', score: 10, error: null })).status).toBe(201);
    await folded();
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
      { scan_id: 'x', status: 'started', time: '2026-11-22T10:00:00Z' },
      { scan_id: 'x', score: 1, error: null, time: 'yesterday' },
      { scan_id: 'x', score: 1, error: null, time: '2026-11-22T10:00:00+01:00' },
      { scan_id: 'x', score: 1, error: null, time: iso(Date.now() + 3 * minute) },
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
    await folded();
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

  const expectEarnsNothing = async (scanId: string, time?: string) => {
    await folded();
    const before = await scorecard(team.id);
    const response = await report(ssh.id, { scan_id: scanId, score: 10, error: null, ...(time ? { time } : {}) });
    expect(response.status).toBe(201);
    expect(response.json.points).toBe(0);
    await folded();
    expect((await invoke('GET', `/api/v1/services/${ssh.id}`)).json).toMatchObject({ last_scan: 10 });
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

  it('earns nothing before start_time or from end_time on, judged by the check time', async () => {
    await changeSettings({ scoring_enabled: true, start_time: iso(Date.now() + hour), end_time: null });
    await expectEarnsNothing('before-start');
    await changeSettings({ start_time: iso(Date.now() - 2 * hour), end_time: iso(Date.now() - minute) });
    await expectEarnsNothing('after-end');
    // Checked before the end, arriving within the grace period: it counts.
    const inTime = await report(ssh.id, { scan_id: 'late-but-in-time', score: 4, error: 'x', time: iso(Date.now() - 2 * minute) });
    expect(inTime.json.points).toBe(4);
  });

  it('gives nothing to results arriving after end_time plus the grace period, whatever their time', async () => {
    await changeSettings({ start_time: iso(Date.now() - 2 * hour), end_time: iso(Date.now() - 10 * minute), late_result_grace_seconds: 300 });
    await expectEarnsNothing('backdated', iso(Date.now() - 30 * minute));
    await changeSettings({ late_result_grace_seconds: 3600 });
    const graced = await report(ssh.id, { scan_id: 'graced', score: 3, error: 'x', time: iso(Date.now() - 30 * minute) });
    expect(graced.json.points).toBe(3);
  });

  it('earns again inside the window', async () => {
    await changeSettings({ start_time: iso(Date.now() - hour), end_time: null });
    await folded();
    const before = (await scorecard(team.id)).scores[0];
    const response = await report(ssh.id, { scan_id: 'open-1', score: 7, error: null });
    expect(response.json.points).toBe(7);
    await folded();
    expect((await scorecard(team.id)).scores[0]).toMatchObject({ score: before.score + 7, max_score: before.max_score + 10 });
  });
});

describe("the check's own time", () => {
  let ftp: Service;

  beforeAll(async () => {
    await freshCompetition();
    ftp = (await servicesOf(14))[3]!;
  });

  it('keeps the newest check in the last-scan fields, whatever the order of arrival, and lists history by check time', async () => {
    const now = Date.now();
    expect((await report(ftp.id, { scan_id: 'b', score: ftp.max_score, error: null, time: iso(now - 2 * minute) })).status).toBe(201);
    // Older, arriving later: counted and in the history, but not the last scan.
    expect((await report(ftp.id, { scan_id: 'a', score: 0, error: 'refused', time: iso(now - 5 * minute) })).status).toBe(201);
    expect((await report(ftp.id, { scan_id: 'c', score: 1, error: 'slow', time: iso(now - 3 * minute) })).status).toBe(201);
    await folded();
    const detail = (await invoke('GET', `/api/v1/services/${ftp.id}`)).json;
    expect(detail).toMatchObject({ last_scan: ftp.max_score, last_scan_time: iso(now - 2 * minute), last_scan_error: null, points_earned: ftp.max_score + 1 });
    expect(detail.recent_scans.map((s: { scan_id: string }) => s.scan_id)).toEqual(['b', 'c', 'a']);
    expect(detail.recent_scans[1]).toMatchObject({ time: iso(now - 3 * minute), received_at: expect.stringMatching(TIMESTAMP) });

    // Equal check times are ordered by scan_id.
    const tie = iso(now - minute);
    expect((await report(ftp.id, { scan_id: 'tie-b', score: 0, error: 'down', time: tie })).status).toBe(201);
    expect((await report(ftp.id, { scan_id: 'tie-a', score: ftp.max_score, error: null, time: tie })).status).toBe(201);
    // A check time ahead of the server's clock (an agent's clock running ahead, within 2 minutes) is kept as the
    // result's arrival (decision 0083): it never counts for a moment yet to come. Sent again, it is the same result.
    const ahead = await report(ftp.id, { scan_id: 'ahead', score: 0, error: 'e', time: iso(now + minute) });
    expect(ahead.status).toBe(201);
    expect(ahead.json.time).toBe(ahead.json.received_at);
    expect(Date.parse(ahead.json.time)).toBeLessThan(now + minute);
    const again = await report(ftp.id, { scan_id: 'ahead', score: 0, error: 'e', time: iso(now + minute) });
    expect([again.status, again.json]).toEqual([200, ahead.json]);
    await folded();
    const after = (await invoke('GET', `/api/v1/services/${ftp.id}`)).json;
    expect(after.recent_scans.map((s: { scan_id: string }) => s.scan_id)).toEqual(['ahead', 'tie-b', 'tie-a', 'b', 'c', 'a']);
    expect(after).toMatchObject({ last_scan: 0, last_scan_error: 'failed' }); // no category reported: the public sees `failed`
    const card = await scorecard(ftp.team.id);
    expect(card.stats).toMatchObject({ checks_total: 6, services_down: 1, last_scan_time: ahead.json.time });
  });

  it('never leaves in_progress stuck: a started racing its own result, and a started older than 10 minutes', async () => {
    const [svc] = await servicesOf(22);
    for (let i = 0; i < 10; i++) {
      const scan_id = `race-${i}`;
      const [started, result] = await Promise.all([report(svc!.id, { scan_id, status: 'started' }), report(svc!.id, { scan_id, score: 1, error: null })]);
      expect([200, 202]).toContain(started.status);
      expect(result.status).toBe(201);
    }
    await folded();
    expect((await invoke('GET', `/api/v1/services/${svc!.id}`)).json.in_progress).toBe(false);
    expect((await report(svc!.id, { scan_id: 'never-finished', status: 'started' })).status).toBe(202);
    expect((await invoke('GET', `/api/v1/services/${svc!.id}`)).json.in_progress).toBe(true);
    const { listServiceRecords } = await import('#shared/data/services');
    const later = await listServiceRecords({ teamNumber: 22 }, new Date(Date.now() + 10 * minute + 1000));
    expect(later.find((r) => r.service.id === svc!.id)!.service.in_progress).toBe(false);
  });
});

describe('throttling', () => {
  beforeAll(freshCompetition);

  /** Makes the data layer's next matching commands fail as DynamoDB would under load. */
  async function whileFailing<T>(commandPattern: RegExp, error: () => Error, run: () => Promise<T>): Promise<T> {
    const name = `inject-${Math.random()}`;
    db().middlewareStack.add(
      (next, context) => async (args) => {
        if (commandPattern.test(String(context.commandName))) throw error();
        return next(args);
      },
      { step: 'initialize', name },
    );
    try {
      return await run();
    } finally {
      db().middlewareStack.remove(name);
    }
  }
  const named = (name: string) => Object.assign(new Error(name), { name });
  const cancelled = (code: string) =>
    new TransactionCanceledException({ message: 'cancelled', $metadata: {}, CancellationReasons: [{ Code: 'None' }, { Code: code }] });

  it('answers 503 with Retry-After, never 500, and writes nothing', async () => {
    const [svc] = await servicesOf(11);
    for (const error of ['ProvisionedThroughputExceededException', 'ThrottlingException', 'RequestLimitExceeded']) {
      const response = await whileFailing(
        /^Put/,
        () => named(error),
        () => report(svc!.id, { scan_id: `t-${error}`, score: 1, error: null }),
      );
      expect(response.status, error).toBe(503);
      expect(response.headers['retry-after']).toBe('1');
      expect(response.json.code).toBe('busy');
    }
    for (const code of ['ThrottlingError', 'ProvisionedThroughputExceeded', 'TransactionConflict']) {
      const response = await whileFailing(
        /^TransactWrite/,
        () => cancelled(code),
        () => report(svc!.id, { scan_id: `s-${code}`, status: 'started' }),
      );
      expect(response.status, code).toBe(503);
    }
    const batch = await whileFailing(
      /^Put/,
      () => named('ThrottlingException'),
      () => invoke('POST', '/api/v1/scans', { headers: agent(), body: [{ service_id: svc!.id, scan_id: 'b-1', score: 1, error: null }] }),
    );
    expect(batch.status).toBe(200);
    expect(batch.json[0]).toMatchObject({ status: 503, body: { code: 'busy' } });
    // An adjustment is one transaction with its audit entry and the results-lock check.
    const adjustment = await whileFailing(
      /^TransactWrite/,
      () => cancelled('ThrottlingError'),
      () => adjust(svc!.team.id, { super_type_id: 2, points: 1, reason: 'x' }),
    );
    expect(adjustment.status).toBe(503);
    expect(await storedResults(svc!.id)).toEqual([]);
    // And once DynamoDB recovers, the same report goes through.
    expect((await report(svc!.id, { scan_id: 't-ThrottlingException', score: 1, error: null })).status).toBe(201);
  });
});

describe('POST /api/v1/scans', () => {
  beforeAll(freshCompetition);

  it('answers each report in order with its own status; one bad report fails no other', async () => {
    const [a, b] = await servicesOf(12);
    const body = [
      { service_id: a!.id, scan_id: 'x1', status: 'started' },
      { service_id: a!.id, scan_id: 'x1', score: a!.max_score, error: null },
      { service_id: b!.id, scan_id: 'x1', score: b!.max_score + 1, error: null },
      { service_id: 987654, scan_id: 'x1', score: 1, error: null },
      { service_id: b!.id, scan_id: 'x2', score: 1, error: null, extra: 1 },
      'not a report',
      { service_id: b!.id, scan_id: 'x3', score: 0, error: 'down', time: iso(Date.now() - minute) },
    ];
    const response = await invoke('POST', '/api/v1/scans', { headers: agent(), body });
    expect(response.status).toBe(200);
    expect(response.json.map((r: { status: number }) => r.status)).toEqual([202, 201, 400, 404, 400, 400, 201]);
    expect(response.json[2].body).toMatchObject({ code: 'validation_failed', errors: [{ path: 'score' }] });
    expect(response.json[4].body.errors).toEqual([{ path: 'extra', message: 'is not a known field' }]);
    expect(response.json[6].body).toMatchObject({ scan_id: 'x3', score: 0, points: 0 });
    const again = await invoke('POST', '/api/v1/scans', { headers: agent(), body: [body[1]] });
    expect(again.json).toEqual([{ status: 200, body: response.json[1].body }]);
    await folded();
    expect((await scorecard(a!.team.id)).stats).toMatchObject({ checks_total: 2, services_up: 1, services_down: 1 });
  });

  it('is 400 for more than 100 reports or a body that is not an array, 413 over 64 KiB, 401/403 by role', async () => {
    const many = Array.from({ length: 101 }, (_, i) => ({ service_id: 1, scan_id: `m${i}`, score: 0, error: null }));
    expect((await invoke('POST', '/api/v1/scans', { headers: agent(), body: many })).status).toBe(400);
    expect((await invoke('POST', '/api/v1/scans', { headers: agent(), body: { service_id: 1 } })).status).toBe(400);
    const huge = Array.from({ length: 70 }, (_, i) => ({ service_id: 1, scan_id: `h${i}`, score: 0, error: 'e'.repeat(1000) }));
    expect((await invoke('POST', '/api/v1/scans', { headers: agent(), body: huge })).status).toBe(413);
    expect((await invoke('POST', '/api/v1/scans', { body: [] })).status).toBe(401);
  });
});

describe('a long simulated competition', () => {
  it('ends with a scoreboard equal to a recomputation from the scan history', async () => {
    await freshCompetition();
    const everyone = await teams();
    const services = (await invoke('GET', '/api/v1/services', { headers: admin() })).json as Service[];
    const superTypeOf = new Map(sampleCompetition().subtypes.map((s) => [s.id, s.super_type_id]));
    const random = seeded(2026);
    const closedScans = new Map<number, number>(); // service id → scans made while scoring was closed
    const adjustments = new Map<number, Record<string, number>>();

    // Round 4 closed, 5 reopened, adjustments in 3 and 6: six rounds see each of them (ten took 13 s of a run).
    const ROUNDS = 6;
    for (let round = 1; round <= ROUNDS; round++) {
      const closed = round === 4;
      if (round === 4) await changeSettings({ scoring_enabled: false });
      if (round === 5) await changeSettings({ scoring_enabled: true });
      // Some services are skipped in round 1, so a few stay unscanned for a while.
      const scanned = services.filter(() => round > 1 || random() < 0.7);
      await Promise.all(
        scanned.map(async (service) => {
          const scanId = `round${round}-svc${service.id}`;
          if (random() < 0.3) expect((await report(service.id, { scan_id: scanId, status: 'started' })).status).toBe(202);
          const roll = random();
          const score = roll < 0.65 ? service.max_score : roll < 0.85 ? 0 : Math.floor(random() * service.max_score);
          const body = { scan_id: scanId, score, error: score === service.max_score ? null : `check failed in round ${round}` };
          expect((await report(service.id, body)).status).toBe(201);
          if (random() < 0.1) expect((await report(service.id, body)).status).toBe(200);
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

    await folded();
    // Recompute every team's figures from the raw history and the adjustments.
    const expected = new Map<
      number,
      { points: Record<string, number>; max: Record<string, number>; checks: number; passed: number; up: number; down: number; unscanned: number }
    >();
    for (const team of everyone) {
      const e = {
        points: { '1': 0, '2': 0, '3': 0 } as Record<string, number>,
        max: { '1': 0, '2': 0, '3': 0 } as Record<string, number>,
        checks: 0,
        passed: 0,
        up: 0,
        down: 0,
        unscanned: 0,
      };
      for (const service of services.filter((s) => s.team.id === team.id)) {
        const history = await scanHistory(service.id); // newest first by check time
        const st = String(superTypeOf.get(service.subtype_id));
        e.points[st]! += history.reduce((sum, h) => sum + h.points, 0);
        e.max[st]! += (history.length - (closedScans.get(service.id) ?? 0)) * service.max_score;
        e.checks += history.length;
        e.passed += history.filter((h) => h.score === service.max_score).length;
        const last = history[0];
        if (!last) e.unscanned++;
        else if (last.score === service.max_score) e.up++;
        else e.down++;
        const detail = (await invoke('GET', `/api/v1/services/${service.id}`, { headers: admin() })).json;
        expect(detail).toMatchObject({ last_scan: last?.score ?? 0, last_scan_time: last?.time ?? null, in_progress: false });
        expect(detail.points_earned).toBe(history.reduce((sum, h) => sum + h.points, 0));
      }
      for (const [st, points] of Object.entries(adjustments.get(team.id) ?? {})) e.points[st]! += points;
      expected.set(team.id, e);
    }
    const totalOf = (teamId: number) => Object.values(expected.get(teamId)!.points).reduce((a, b) => a + b, 0);

    for (const [viewer, headers] of [
      ['anonymous', {}],
      ['admin', admin()],
    ] as const) {
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

    // Replaying every batch the consumer received (Lambda retries, a shard read twice) changes nothing.
    const snapshot = async () => ({
      board: await scoreboard(admin()),
      services: (await invoke('GET', '/api/v1/services', { headers: admin() })).json,
      cards: await Promise.all(everyone.map((t) => scorecard(t.id, admin()))),
    });
    const before = await snapshot();
    expect(fold!.seen.length).toBeGreaterThan(0);
    for (const event of [...fold!.seen]) expect(await foldResults(event)).toEqual({ batchItemFailures: [] });
    await folded();
    expect(await snapshot()).toEqual(before);
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
      services_total: MAIN_TEAM_SERVICES,
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
    await folded();

    const together = (await scoreboard()).scoreboard.map((r: { team: Team; rank: number }) => [r.team.number, r.rank]);
    expect(together).toEqual([
      [21, 1],
      [14, 2],
      [11, 3],
      [12, 3],
      [13, 3],
      [22, 3],
    ]);

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

  it('creates an adjustment that shows up in the scoreboard and scorecard once folded', async () => {
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
    await folded();

    const row = (await scoreboard()).scoreboard.find((r: { team: Team }) => r.team.id === team.id);
    expect(row).toMatchObject({ rank: 1, total_score: 25 });
    expect(row.scores.map((s: { score: number }) => s.score)).toEqual([0, 40, -15]);
    const card = await scorecard(team.id);
    expect(card.total_score).toBe(25);
    expect(card.stats.adjustments_total).toBe(25);
    expect(card.scores[1]).toEqual({ super_type_id: 2, super_type: 'Injects', score: 40, max_score: 0, sla_penalty: 0 });
  });

  it("lists a team's adjustments in id order", async () => {
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
    await folded();
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
    await folded();
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
        await folded(); // the consumer's own commands are not the scoreboard's
        forgetFreshCopies(); // the settings' fresh copy lapsed: the scoreboard reads them (at most once per 5 s)
        const from = sent.length;
        expect((await invoke('GET', '/api/v1/teams/scoreboard')).status).toBe(200);
        return sent.slice(from).sort();
      };
      const before = await scoreboardCommands();
      // The standings projection (one Query per shard), super types, settings, the public version, the injects' schedule.
      expect(before).toEqual(['GetItemCommand', 'GetItemCommand', 'GetItemCommand', 'QueryCommand', 'QueryCommand', 'QueryCommand']);

      const team = await teamNumbered(13);
      const services = await servicesOf(13);
      for (let round = 0; round < 3; round++) {
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
