/**
 * Scan reports (issue #2's POST /services/:id/scans and the batch POST
 * /scans): a scan started, then its result, counted once however often it
 * is sent; what each refuses and why; and DynamoDB's throttling answered as
 * 503, never 500.
 */
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import { db } from '#shared/data/client';
import { scanHistory, storedResults } from '#shared/data/results';
import type { Service, Team } from '#shared/domain/model';
import { invoke } from '../support/invoke';
import { iso, MAIN_TEAM_SERVICES, minute, TIMESTAMP, useCompetition } from './competition';

const { freshCompetition, folded, admin, agent, teamNumbered, servicesOf, report, scorecard, adjust } = useCompetition();

describe('POST /api/v1/services/:id/scans', () => {
  let team: Team;
  let http: Service;
  let dns: Service;

  // Each test starts from the sample competition: they run in any order (test/handlers/competition.ts).
  beforeEach(async () => {
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
    expect(before.stats).toMatchObject({ checks_total: 1, checks_passed: 0, services_up: 0, services_down: 1, services_unscanned: MAIN_TEAM_SERVICES - 1 });
  });

  it('lets a late "started" for a finished scan change nothing', async () => {
    expect((await report(dns.id, { scan_id: 'r1-dns', score: 2, error: 'slow answer' })).status).toBe(201);
    const late = await report(dns.id, { scan_id: 'r1-dns', status: 'started' });
    expect(late.status).toBe(200);
    expect(late.json).toMatchObject({ scan_id: 'r1-dns', score: 2 });
    expect((await invoke('GET', `/api/v1/services/${dns.id}`)).json.in_progress).toBe(false);
  });

  it('is 409 for a used scan_id with another score or another error', async () => {
    expect((await report(dns.id, { scan_id: 'r1-dns', score: 2, error: 'slow answer' })).status).toBe(201);
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
    // Its HTTP up (10 of 10) and its DNS down (2 of 5) to begin with.
    expect((await report(http.id, { scan_id: 'r1-http', score: 10, error: null })).status).toBe(201);
    expect((await report(dns.id, { scan_id: 'r1-dns', score: 2, error: 'slow answer' })).status).toBe(201);
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
