/**
 * The scoreboard and the scorecards: a long simulated competition whose
 * board equals a recomputation from the scan history; ranks by division;
 * what hidden teams show to whom; adjustments by hand; and the DynamoDB
 * requests behind them (never a Scan, and as many however many scans).
 */
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { commandObservers } from '#shared/data/client';
import { scanHistory } from '#shared/data/results';
import { forgetFreshCopies } from '#shared/data/fresh';
import type { Service, Team } from '#shared/domain/model';
import { routes } from '#shared/api/routes';
import { handler as foldResults } from '../../functions/scoring/fold-results';
import { sampleCompetition } from '../support/database';
import { invoke } from '../support/invoke';
import { seeded } from '../support/seeded';
import { changeSettings, MAIN_TEAM_SERVICES, TIMESTAMP, useCompetition } from './competition';

const { freshCompetition, folded, fold, admin, agent, teams, teamNumbered, servicesOf, report, scorecard, scoreboard, adjust } = useCompetition();

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
    expect(fold().seen.length).toBeGreaterThan(0);
    for (const event of [...fold().seen]) expect(await foldResults(event)).toEqual({ batchItemFailures: [] });
    await folded();
    expect(await snapshot()).toEqual(before);
  });
});

describe('the scoreboard and scorecard', () => {
  // Each test starts from the sample competition: they run in any order (test/handlers/competition.ts).
  beforeEach(freshCompetition);

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

  // One competition: the tests adjust two teams, and each asserts on its own or on what a refusal left unchanged.
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
    // Team 13: the other tests here adjust team 12.
    const listed = await teamNumbered(13);
    for (const body of [
      { super_type_id: 2, points: 40, reason: 'Inject 3: firewall policy memo' },
      { super_type_id: 3, points: -15, reason: 'Red team: domain admin' },
    ]) {
      expect((await adjust(listed.id, body)).status).toBe(201);
    }
    const response = await invoke('GET', `/api/v1/teams/${listed.id}/adjustments`, { headers: admin() });
    expect(response.status).toBe(200);
    expect(response.json.map((a: { points: number }) => a.points)).toEqual([40, -15]);
    const ids = response.json.map((a: { id: number }) => a.id);
    expect([...ids].sort((a, b) => a - b)).toEqual(ids);
    const other = await teamNumbered(11);
    expect((await invoke('GET', `/api/v1/teams/${other.id}/adjustments`, { headers: admin() })).json).toEqual([]);
  });

  it('is 400 for an unknown super type or a bad body, and changes nothing', async () => {
    const before = (await scorecard(team.id)).total_score;
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
    expect((await scorecard(team.id)).total_score).toBe(before);
  });

  it('is 404 for an unknown team', async () => {
    expect((await adjust(424242, { super_type_id: 2, points: 5, reason: 'x' })).status).toBe(404);
    expect((await invoke('GET', '/api/v1/teams/424242/adjustments', { headers: admin() })).status).toBe(404);
  });

  it('is for admins only: 401 anonymous, 403 for a service account', async () => {
    const before = (await scorecard(team.id)).total_score;
    const body = { super_type_id: 2, points: 5, reason: 'x' };
    const anonymous = await adjust(team.id, body, {});
    expect(anonymous.status).toBe(401);
    expect(anonymous.headers['www-authenticate']).toMatch(/^Bearer/);
    expect((await adjust(team.id, body, agent())).status).toBe(403);
    expect((await invoke('GET', `/api/v1/teams/${team.id}/adjustments`)).status).toBe(401);
    expect((await invoke('GET', `/api/v1/teams/${team.id}/adjustments`, { headers: agent() })).status).toBe(403);
    await folded();
    expect((await scorecard(team.id)).total_score).toBe(before);
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
