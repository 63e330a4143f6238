/**
 * Scan ingestion at event scale, over the real local server (gateway,
 * handlers, DynamoDB Local, and the stream consumer fed by the local poller).
 * Nothing here measures speed: the assertions are about statuses and sums.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { commandObservers } from '#shared/data/client';
import { storedResults } from '#shared/data/results';
import type { Service, Team } from '#shared/domain/model';
import type { LocalStack } from '../../lib/local/local-stack';
import { ENV_TOKENS, startTestServer } from '../support/server';

let stack: LocalStack;
const api = (path: string) => `${stack.url}/api/v1${path}`;
const agent = { authorization: `Bearer ${ENV_TOKENS.service}`, 'content-type': 'application/json' };

beforeAll(async () => {
  stack = await startTestServer();
});
afterAll(async () => {
  await stack?.stop();
});

const get = async (path: string) => (await (await fetch(api(path), { headers: { authorization: agent.authorization } })).json()) as any;
async function post(serviceId: number, body: unknown) {
  const response = await fetch(api(`/services/${serviceId}/scans`), { method: 'POST', headers: agent, body: JSON.stringify(body) });
  return { status: response.status, json: (await response.json()) as any };
}
const servicesOf = async (teamNumber: number): Promise<Service[]> => get(`/services?team=${teamNumber}`);
const teamNumbered = async (n: number): Promise<Team> => ((await get('/teams')) as Team[]).find((t) => t.number === n)!;

/** What the team's figures must be, recomputed from the stored results alone. */
async function recomputed(services: Service[]) {
  let points = 0;
  let max = 0;
  let checks = 0;
  let passed = 0;
  let up = 0;
  let down = 0;
  for (const service of services) {
    const results = await storedResults(service.id);
    points += results.reduce((sum, r) => sum + r.points, 0);
    max += results.filter((r) => r.scored).length * service.max_score;
    checks += results.length;
    passed += results.filter((r) => r.score >= service.max_score).length;
    const newest = [...results].sort((a, b) => (a.time === b.time ? (a.scan_id < b.scan_id ? 1 : -1) : a.time < b.time ? 1 : -1))[0];
    if (newest && newest.score >= service.max_score) up++;
    else if (newest) down++;
    const detail = await get(`/services/${service.id}`);
    expect(detail).toMatchObject({
      points_earned: results.reduce((sum, r) => sum + r.points, 0),
      last_scan: newest?.score ?? 0,
      last_scan_time: newest?.time ?? null,
    });
    expect(detail.recent_scans[0]?.scan_id).toBe(newest?.scan_id);
  }
  return { points, max, checks, passed, up, down };
}

async function expectTeamMatchesHistory(teamNumber: number) {
  await stack.fold.caughtUp();
  const team = await teamNumbered(teamNumber);
  const services = await servicesOf(teamNumber);
  const expected = await recomputed(services);
  const card = await get(`/teams/${team.id}/scorecard`);
  expect(card.scores[0]).toMatchObject({ score: expected.points, max_score: expected.max });
  expect(card.stats).toMatchObject({
    checks_total: expected.checks,
    checks_passed: expected.passed,
    services_up: expected.up,
    services_down: expected.down,
    services_unscanned: services.length - expected.up - expected.down,
  });
  const row = (await get('/teams/scoreboard')).scoreboard.find((r: { team: Team }) => r.team.id === team.id);
  expect(row).toMatchObject({ total_score: card.total_score, services_up: expected.up });
}

describe('simultaneous results', () => {
  it('answers 100 results for ONE service all 201 on the first try, and the totals equal the history', { timeout: 240_000 }, async () => {
    const [service] = await servicesOf(11);
    const responses = await Promise.all(
      Array.from({ length: 100 }, (_, i) => post(service!.id, { scan_id: `one-${i}`, score: i % (service!.max_score + 1), error: null })),
    );
    expect(responses.map((r) => r.status).filter((s) => s !== 201)).toEqual([]);
    await expectTeamMatchesHistory(11);
  });

  it('answers 250 results for one team all 201 on the first try, and the totals equal the history', { timeout: 240_000 }, async () => {
    const services = await servicesOf(12);
    const responses = await Promise.all(
      Array.from({ length: 250 }, (_, i) => {
        const service = services[i % services.length]!;
        return post(service.id, { scan_id: `team-${i}`, score: i % 3 === 0 ? 0 : service.max_score, error: i % 3 === 0 ? 'down' : null });
      }),
    );
    expect(responses.map((r) => r.status).filter((s) => s !== 201)).toEqual([]);
    await expectTeamMatchesHistory(12);
  });

  it(
    'records the same scan_id sent 50 times at once once (one 201, 49 × 200 with the same result); another result under it is 409',
    { timeout: 120_000 },
    async () => {
      const [service] = await servicesOf(13);
      const body = { scan_id: 'dup-1', score: service!.max_score, error: null };
      const responses = await Promise.all(Array.from({ length: 50 }, () => post(service!.id, body)));
      expect(responses.filter((r) => r.status === 201).length).toBe(1);
      expect(responses.filter((r) => r.status === 200).length).toBe(49);
      for (const r of responses) expect(r.json).toEqual(responses[0]!.json);
      expect((await post(service!.id, { ...body, score: 0 })).status).toBe(409);
      await expectTeamMatchesHistory(13);
      expect((await storedResults(service!.id)).length).toBe(1);
    },
  );
});

describe('the keys a report writes', () => {
  it('are its own service’s only: no key written for two services, none shared by all', { timeout: 120_000 }, async () => {
    const services = [...(await servicesOf(14)), ...(await servicesOf(21))];
    await stack.fold.caughtUp();
    await stack.fold.pause(); // only the request path's writes, not the consumer's
    const writers = new Map<string, Set<number>>();
    let current = 0;
    const observe = ({ command, input }: { command: string; input: any }) => {
      const keysOf = (): { pk: string; sk: string }[] => {
        if (/^(Put)/.test(command)) return [input.Item];
        if (/^(Update|Delete)/.test(command)) return [input.Key];
        if (/^TransactWrite/.test(command)) return input.TransactItems.flatMap((t: any) => Object.values(t).map((op: any) => op.Item ?? op.Key));
        if (/^BatchWrite/.test(command))
          return Object.values(input.RequestItems)
            .flat()
            .map((r: any) => r.PutRequest?.Item ?? r.DeleteRequest?.Key);
        return [];
      };
      for (const key of keysOf()) {
        const name = `${key.pk} / ${key.sk}`;
        writers.set(name, (writers.get(name) ?? new Set()).add(current));
      }
    };
    commandObservers.add(observe);
    try {
      for (const service of services) {
        current = service.id;
        await Promise.all([
          post(service.id, { scan_id: 'audit-1', status: 'started' }),
          post(service.id, { scan_id: 'audit-1', score: service.max_score, error: null }),
          post(service.id, { scan_id: 'audit-2', score: 0, error: 'x', time: new Date(Date.now() - 60_000).toISOString() }),
        ]);
        await post(service.id, { scan_id: 'audit-1', score: service.max_score, error: null });
        await post(service.id, { scan_id: 'audit-1', status: 'started' });
        const batch = await fetch(api('/scans'), {
          method: 'POST',
          headers: agent,
          body: JSON.stringify([{ service_id: service.id, scan_id: 'audit-3', score: 1, error: null }]),
        });
        expect(batch.status).toBe(200);
      }
    } finally {
      commandObservers.delete(observe);
      stack.fold.resume();
    }
    expect(writers.size).toBeGreaterThan(0);
    for (const [key, by] of writers) {
      expect(by.size, `${key} was written for services ${[...by].join(', ')}`).toBe(1);
      const [serviceId] = [...by];
      expect(key.startsWith(`SERVICE#${String(serviceId).padStart(10, '0')} / `), key).toBe(true);
    }
    await stack.fold.caughtUp();
    expect((await get(`/services/${services[0]!.id}`)).in_progress).toBe(false);
  });
});
