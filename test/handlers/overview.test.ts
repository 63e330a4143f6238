/**
 * The event at a glance (issue #48): GET /overview, the console's first view.
 * The scoring window and the round, services by state per check as the fold
 * leaves them, each pool's agents alive or not, the fold's lag, what waits
 * (the other handler tests hold its counts against the list routes' queues:
 * support/waiting.ts); a poll whose copy is current is a 304.
 */
import { beforeAll, describe, expect, it, onTestFinished, vi } from 'vitest';
import { DeleteCommand } from '@aws-sdk/lib-dynamodb';
import { backfillWaiting } from '#shared/app/waiting';
import { putHeartbeat } from '#shared/data/agents';
import { db, tableName } from '#shared/data/client';
import { keys } from '#shared/data/keys';
import { FOLD_BATCHING_WINDOW_SECONDS } from '#shared/data/fold-events';
import { forgetFreshCopies } from '#shared/data/fresh';
import { mintTokens, useFreshTable } from '../support/database';
import { startFold } from '../support/fold';
import { idleHeartbeat } from '../support/heartbeat';
import { bearer, invoke } from '../support/invoke';

type Overview = {
  window: string;
  round: { seconds: number; started_at: string; next_at: string };
  checks: { subtype_id: number; name: string; up: number; down: number; unscanned: number }[];
  pools: { name: string; services: number; agents: { agent: string; alive: boolean; last_seen: string }[] }[];
  waiting: Record<string, number>;
  fold: { lag_seconds: number; measured_at: string } | null;
};

let admin: Record<string, string>;
let service: Record<string, string>;
let services: { id: number; subtype_id: number }[];

const overview = async (headers: Record<string, string> = {}) => {
  const answer = await invoke('GET', '/api/v1/overview', { headers: { ...admin, ...headers } });
  expect([200, 304], answer.text).toContain(answer.status);
  return answer;
};
const settings = async (patch: Record<string, unknown>) => {
  const patched = await invoke('PATCH', '/api/v1/settings/1', { headers: admin, body: patch });
  expect(patched.status, patched.text).toBe(200);
  forgetFreshCopies();
};

beforeAll(async () => {
  await useFreshTable();
  const tokens = await mintTokens();
  [admin, service] = [bearer(tokens.admin), bearer(tokens.service)];
  services = (await invoke('GET', '/api/v1/services', { headers: admin })).json;
});

describe('the overview', () => {
  it("names the scoring window's state and the round under way", async () => {
    const hour = 3_600_000;
    const at = (ms: number) => new Date(Date.now() + ms).toISOString().replace(/\.\d{3}Z$/, 'Z');
    await settings({ start_time: at(-hour), end_time: at(hour), scoring_enabled: true, scoreboard_freeze_time: null });
    const running = (await overview()).json as Overview;
    expect(running.window).toBe('running');
    const { seconds, started_at, next_at } = running.round;
    expect(Date.parse(next_at) - Date.parse(started_at)).toBe(seconds * 1000);
    expect(Date.parse(started_at)).toBeLessThanOrEqual(Date.now());
    expect(Date.parse(next_at)).toBeGreaterThan(Date.now() - 5_000);
    // A freeze is set at least 3 minutes ahead: the handlers' clock is moved past it.
    await settings({ scoreboard_freeze_time: at(4 * 60_000) });
    vi.useFakeTimers({ toFake: ['Date'], shouldAdvanceTime: true });
    try {
      vi.setSystemTime(Date.now() + 5 * 60_000);
      expect(((await overview()).json as Overview).window).toBe('frozen');
    } finally {
      vi.useRealTimers();
    }
    await settings({ scoring_enabled: false, scoreboard_freeze_time: null });
    expect(((await overview()).json as Overview).window).toBe('paused');
    await settings({ start_time: at(hour), end_time: at(2 * hour), scoring_enabled: true, scoreboard_freeze_time: null });
    expect(((await overview()).json as Overview).window).toBe('before');
    await settings({ start_time: at(-2 * hour), end_time: at(-hour) });
    expect(((await overview()).json as Overview).window).toBe('ended');
    await settings({ start_time: at(-hour), end_time: at(hour) });
  });

  it("counts each check's services up, down and not checked yet as the fold leaves them, and records the fold's lag", async () => {
    // With the mapping's window: its batch holds other items' records too, whose creation time DynamoDB Local rounds.
    const fold = await startFold({ batchingWindowMs: FOLD_BATCHING_WINDOW_SECONDS * 1000 });
    try {
      const enabled = services;
      const subtype = enabled[0]!.subtype_id;
      const [first, second] = enabled.filter((s) => s.subtype_id === subtype);
      const before = ((await overview()).json as Overview).checks.find((c) => c.subtype_id === subtype)!;
      expect(before.up + before.down).toBe(0);
      expect(before.unscanned).toBe(enabled.filter((s) => s.subtype_id === subtype).length);
      const report = (id: number, score: number) =>
        invoke('POST', `/api/v1/services/${id}/scans`, {
          headers: service,
          body: { scan_id: `o-${id}`, score, error: score > 0 ? null : 'connect ECONNREFUSED' },
        });
      expect((await report(first!.id, 10)).status).toBe(201);
      expect((await report(second!.id, 0)).status).toBe(201);
      await fold.caughtUp();
      const after = (await overview()).json as Overview;
      expect(after.checks.find((c) => c.subtype_id === subtype)).toEqual({ ...before, up: 1, down: 1, unscanned: before.unscanned - 2 });
      expect(after.fold).not.toBeNull();
      // Measured from each result's arrival, not from DynamoDB Local's creation time (rounded down to the minute, it
      // read as up to a minute of lag): a fold that keeps up shows seconds at most.
      expect(after.fold!.lag_seconds).toBeGreaterThanOrEqual(0);
      expect(after.fold!.lag_seconds).toBeLessThan(10);
      expect(Date.now() - Date.parse(after.fold!.measured_at)).toBeLessThan(60_000);
    } finally {
      await fold.stop();
    }
  });

  it("shows each pool's agents, alive or not heard from, and answers a current copy with a 304 until one of them moves", async () => {
    // The round is part of the answer: the handlers' clock starts this test at the beginning of one, so none ends in it.
    vi.useFakeTimers({ toFake: ['Date'], shouldAdvanceTime: true });
    const round = ((await overview()).json as Overview).round.seconds * 1000;
    vi.setSystemTime(Math.ceil(Date.now() / round) * round + 100);
    onTestFinished(() => void vi.useRealTimers());
    expect((await invoke('POST', '/api/v1/pools/cloud/heartbeats', { headers: service, body: idleHeartbeat('live-agent') })).status).toBe(204);
    await putHeartbeat('cloud', idleHeartbeat('stopped-agent'), new Date(Date.now() - 3_600_000));
    const first = await overview();
    const cloud = (first.json as Overview).pools.find((p) => p.name === 'cloud')!;
    expect(cloud.services).toBeGreaterThan(0);
    expect(Object.fromEntries(cloud.agents.map((a) => [a.agent, a.alive]))).toEqual({ 'live-agent': true, 'stopped-agent': false });

    const etag = first.headers.etag!;
    const again = await overview({ 'if-none-match': etag });
    expect([again.status, again.text]).toEqual([304, '']);
    expect((await invoke('POST', '/api/v1/pools/cloud/heartbeats', { headers: service, body: idleHeartbeat('another-agent') })).status).toBe(204);
    const moved = await overview({ 'if-none-match': etag });
    expect(moved.status).toBe(200);
    expect(moved.headers.etag).not.toBe(etag);
  });

  it('marks what already waited under a version without markers (`scoring upgrade`), only while it still waits', async () => {
    const account = await invoke('POST', '/api/v1/team-accounts', { headers: admin, body: { team_id: 1, name: 'olga' } });
    const session = await invoke('POST', '/api/v1/team/sessions', { body: { name: 'olga', password: account.json.password } });
    const filed = await invoke('POST', '/api/v1/team/1/incidents', {
      headers: bearer(session.json.token),
      body: { observed_at: '2026-11-22T10:15:00Z', hosts: ['10.0.1.5'], description: 'A web shell.' },
    });
    expect(filed.status, filed.text).toBe(201);
    const reports = async () => ((await overview()).json as Overview).waiting.incident_reports;
    expect(await reports()).toBe(1);
    // As an older version left it: the report, no marker.
    await db().send(new DeleteCommand({ TableName: tableName(), Key: keys.waiting('INCIDENT', filed.json.id as number) }));
    expect(await reports()).toBe(0);
    expect(await backfillWaiting()).toBe(1);
    expect(await reports()).toBe(1);
    const graded = await invoke('POST', `/api/v1/incidents/${filed.json.id}/grades`, { headers: admin, body: { points: 10, replaces: null } });
    expect(graded.status, graded.text).toBe(201);
    expect(await reports()).toBe(0);
    // Graded, it no longer waits: the upgrade's check refuses its marker.
    expect(await backfillWaiting()).toBe(0);
    expect(await reports()).toBe(0);
  });

  it('is for organisers only', async () => {
    expect((await invoke('GET', '/api/v1/overview', { headers: service })).status).toBe(403);
    expect((await invoke('GET', '/api/v1/overview')).status).toBe(401);
  });
});
