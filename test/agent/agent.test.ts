import { randomUUID } from 'node:crypto';
import { createServer as createHttpServer } from 'node:http';
import { createServer, type Server, type Socket } from 'node:net';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '#shared/log';
import { startLocalStack, type LocalStack } from '../../lib/local/local-stack';
import { pollCheckJobs, runAgent } from '../../functions/agent/agent';
import { runCheckJob } from '../../functions/agent/check-job';
import { scoringApi, type ScoringApi } from '../../functions/agent/api';
import { CompetitionDns, CompetitionZones } from '../../functions/agent/local/competition-dns';
import { ZoneDns } from '../../functions/agent/local/dns/server';
import { ZONE_SERVERS } from '../../functions/agent/local/dns/zone-server';
import { hostsFileResolver, loopbackOnly, withLiterals } from '../../functions/agent/resolve';
import { runRound } from '../../functions/agent/round';
import { runScheduledMinute } from '../../functions/agent/handler';
import { lambdaFanOut } from '../../functions/agent/fan-out';
import { hmacMailToken } from '#shared/mail-token';
import { concurrencyLimit, roundStartAt } from '../../functions/agent/schedule';
import { ENV_TOKENS, IAM_KEYS } from '../support/server';
import { sdkAuthorization } from '../support/sigv4';
import { servicesWithReasons } from '../support/reasons';
import { awayFromRoundEnd as awayFromRoundEnd_ } from '../support/rounds';
import { dynamodbEndpoint } from '../support/dynamodb-endpoint';

/**
 * The agent end to end on loopback: the real local server (SigV4 for the
 * agent's service key), real targets, and a name server serving the zone the
 * API exports, so a record created through the API is resolved and scored.
 */
const servers: Server[] = [];
const sockets = new Set<Socket>();
let stack: LocalStack;
let nameServer: ZoneDns;
let agentApi: ScoringApi;
const dir = mkdtempSync(join(tmpdir(), 'agent-test-'));

async function listen(server: Server): Promise<number> {
  servers.push(server);
  server.on('connection', (socket: Socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return (server.address() as { port: number }).port;
}

const admin = { authorization: `Bearer ${ENV_TOKENS.admin}`, 'content-type': 'application/json' };

beforeAll(async () => {
  const web = await listen(createHttpServer((_req, res) => res.end('Welcome, team one')) as unknown as Server);
  const ssh = await listen(createServer((s) => s.end('SSH-2.0-OpenSSH_9.2\r\n')));
  const silent = await listen(createServer(() => undefined));
  const closed = await listen(createServer());
  await new Promise((resolve) => servers.pop()!.close(resolve));
  nameServer = await ZoneDns.start({ addresses: ['127.0.0.1'], zones: new Map() });

  const competition = `
settings: { dns_address_template: "127.0.{team_number}", round_seconds: 60, dns_nameservers: [ns1.scoring.example] }
super_types: [{ id: 1, name: Services }]
subtypes:
  - { id: 1, name: Web, super_type_id: 1, max_score: 10, check: http, content: Welcome, timeout_seconds: 2 }
  - { id: 2, name: SSH, super_type_id: 1, max_score: 7, check: ssh, timeout_seconds: 2 }
  - { id: 3, name: SMTP, super_type_id: 1, max_score: 5, check: smtp, timeout_seconds: 1 }
  - { id: 4, name: Database, super_type_id: 1, max_score: 5, check: tcp, timeout_seconds: 2 }
  - { id: 5, name: DNS, super_type_id: 1, max_score: 5, check: dns, query: www, timeout_seconds: 2 }
  - { id: 6, name: Notes, super_type_id: 1, max_score: 5 }
teams:
  - number: 1
    name: One
    team_url: one.example
    services:
      - { subtype_id: 1, url: www.one.example, port: ${web} }
      - { subtype_id: 2, url: shell.one.example, port: ${ssh} }
      - { subtype_id: 3, url: mail.one.example, port: ${silent} }
      - { subtype_id: 4, url: db.one.example, port: ${closed} }
      - { subtype_id: 5, url: ns.one.example, port: ${nameServer.port} }
      - { subtype_id: 1, url: remote.one.example, port: 80 }
      - { subtype_id: 1, url: lost.one.example, port: 80 }
      - { subtype_id: 6, url: notes.one.example, port: 80 }
`;
  writeFileSync(join(dir, 'competition.yaml'), competition);
  writeFileSync(
    join(dir, 'hosts'),
    ['127.0.0.1 www.one.example shell.one.example mail.one.example db.one.example ns.one.example', '10.0.0.1 remote.one.example', ''].join('\n'),
  );
  process.env.TABLE_NAME = `agent-${randomUUID()}`;
  stack = await startLocalStack({
    port: 0,
    dynamodbEndpoint: dynamodbEndpoint(),
    competitionFile: join(dir, 'competition.yaml'),
    adminToken: ENV_TOKENS.admin,
    serviceToken: ENV_TOKENS.service,
    // As in AWS: the agent signs as an IAM principal registered as the cloud pool's agent.
    iamKeys: `${IAM_KEYS.agent.accessKeyId}:${IAM_KEYS.agent.secretAccessKey}:agent:cloud`,
  });
  agentApi = scoringApi(`${stack.url}/api/v1`, { kind: 'sigv4', credentials: () => IAM_KEYS.agent, region: 'us-east-1' });

  // The record, created through the API, reaches the team's name server through the API's zone export.
  const created = await fetch(`${stack.url}/api/v1/dns`, {
    method: 'POST',
    headers: admin,
    body: JSON.stringify({ name: 'www', type: 'A', value: '10', team: 1 }),
  });
  expect(created.status).toBe(201);
  const zone = await (await fetch(`${stack.url}/api/v1/teams/1/dns.zone`, { headers: admin })).text();
  await nameServer.update(new Map([['one.example', zone]]));
}, 60_000);

afterAll(async () => {
  await nameServer?.stop();
  sockets.forEach((s) => s.destroy());
  await Promise.all(servers.map((s) => new Promise((resolve) => s.close(resolve))));
  await stack?.stop();
  rmSync(dir, { recursive: true, force: true });
});

const log = createLogger({ component: 'agent-test' });
const mailToken = hmacMailToken('agent test mail key');
const resolver = () => loopbackOnly(withLiterals(hostsFileResolver(join(dir, 'hosts'))));

/** Every service with its newest failure's full reason (the public reads show its category only). */
async function services() {
  await stack.fold.caughtUp(); // results reach the services' state through the stream consumer
  return servicesWithReasons(stack.url, ENV_TOKENS.admin);
}

/**
 * A round `offset` ms from now (a past one: the API takes claims of a round once it has begun at its clock, decision
 * 0083, and a past round is one no other test checks), and the agents' clock in it: it starts 2 s into the round and
 * ticks. A clock merely `offset` could reach the round's end while a test runs (one run in forty started in its last
 * 3 s), and an agent claims nothing of a round that is over.
 */
function clockInRound(offset: number, roundSeconds = 120, from = Date.now()): { evenMinute: number; now: () => number } {
  const evenMinute = Math.floor((from + offset) / (roundSeconds * 1000)) * roundSeconds * 1000;
  const startedAt = Date.now();
  return { evenMinute, now: () => evenMinute + 2_000 + (Date.now() - startedAt) };
}

/** Agent runs on the real clock that count checks begin in a round with time left (test/support/rounds.ts). */
const awayFromRoundEnd = async () => awayFromRoundEnd_((await agentApi.settings()).round_seconds);

describe('the scoring agent', () => {
  it('checks every service with a check definition and reports each result, failures with their reason', async () => {
    await awayFromRoundEnd();
    const summaries = await runAgent({ api: agentApi, rounds: 1, concurrency: 4, log, mailToken, resolverForRound: async () => resolver() });
    expect(summaries).toHaveLength(1);
    expect(summaries[0]).toMatchObject({ checks: 7, passed: 3, failed: 4, unchecked: 1, reports_failed: 0 });

    const byUrl = Object.fromEntries((await services()).map((s) => [`${s.url}`, s]));
    expect(Object.values(byUrl).every((s) => !s.in_progress)).toBe(true);
    const result = (url: string) => [byUrl[url]!.last_scan, byUrl[url]!.last_scan_reason];
    expect(result('www.one.example')).toEqual([10, null]);
    expect(result('shell.one.example')).toEqual([7, null]);
    expect(result('ns.one.example')).toEqual([5, null]);
    expect(result('mail.one.example')).toEqual([0, 'timeout after 1 s waiting for the banner']);
    expect(result('db.one.example')).toEqual([0, 'connection refused']);
    expect(result('remote.one.example')).toEqual([0, "target 10.0.0.1 outside the agent's allowed ranges (127.0.0.0/8)"]);
    expect(result('lost.one.example')).toEqual([0, 'cannot resolve lost.one.example: not in the hosts file']);
    expect(byUrl['notes.one.example']!.last_scan_time).toBeNull();
  }, 60_000);

  it("builds the competition's zones from what a service account reads, as the admin-only export renders them", async () => {
    const zones = new CompetitionZones(agentApi); // signed with the service key
    const built = await zones.current();
    const exported = await (await fetch(`${stack.url}/api/v1/teams/1/dns.zone`, { headers: admin })).text();
    const withoutSerial = (zone: string) => zone.replace(/(\tSOA\t\S+ \S+ )\d+/, '$1<serial>');
    expect(withoutSerial(built.get('one.example')!)).toBe(withoutSerial(exported));
    expect(built.get('one.example')).toMatch(/^www\tIN\tA\t127\.0\.1\.10$/m);
    // The serial stays while nothing changes, and grows when a record does.
    const serial = (zone: string) => Number(/\tSOA\t\S+ \S+ (\d+)/.exec(zone)![1]);
    const first = serial(built.get('one.example')!);
    expect(serial((await zones.current()).get('one.example')!)).toBe(first);
    const txt = await fetch(`${stack.url}/api/v1/dns`, {
      method: 'POST',
      headers: admin,
      body: JSON.stringify({ name: 'notes', type: 'TXT', value: 'zone test', team: 1 }),
    });
    expect(txt.status).toBe(201);
    const after = (await zones.current()).get('one.example')!;
    expect(serial(after)).toBeGreaterThan(first);
    expect(after).toMatch(/^notes\tIN\tTXT\t"zone test"$/m);
    const id = ((await txt.json()) as { id: number }).id;
    expect((await fetch(`${stack.url}/api/v1/dns/${id}`, { method: 'DELETE', headers: admin })).status).toBe(204);
  }, 60_000);

  it.each(ZONE_SERVERS)(
    "resolves through the competition's zones, served by its own zone server (%s), a record created through the API from the next round",
    async (kind) => {
      const zones = new CompetitionDns(agentApi, kind);
      try {
        const resolve = await zones.refresh();
        expect(await resolve('www.one.example')).toEqual({ address: '127.0.1.10' });
        expect(await resolve('WWW.One.Example')).toEqual({ address: '127.0.1.10' });
        expect(await resolve('ftp.one.example')).toEqual({ category: 'dns', error: "cannot resolve ftp.one.example: NXDOMAIN in the competition's DNS" });
        expect(await resolve('www.elsewhere.example')).toMatchObject({
          category: 'dns',
          error: expect.stringMatching(/^cannot resolve www\.elsewhere\.example: /),
        });
        const created = await fetch(`${stack.url}/api/v1/dns`, {
          method: 'POST',
          headers: admin,
          body: JSON.stringify({ name: 'ftp', type: 'A', value: '21', team: 1 }),
        });
        expect(created.status).toBe(201);
        expect(await (await zones.refresh())('ftp.one.example')).toEqual({ address: '127.0.1.21' });
        const { id } = (await created.json()) as { id: number };
        expect((await fetch(`${stack.url}/api/v1/dns/${id}`, { method: 'DELETE', headers: admin })).status).toBe(204);
      } finally {
        await zones.stop();
      }
    },
    60_000,
  );

  it('reports a round again under the same scan ids, so a restarted agent counts nothing twice', async () => {
    const settings = await agentApi.settings();
    const start = roundStartAt(Date.now(), settings.round_seconds);
    const deps = { api: agentApi, resolver: resolver(), checkLimit: concurrencyLimit(4), log, mailToken };
    await runRound(start, settings, deps);
    const again = await runRound(start, settings, deps);
    expect(again.reports_failed).toBe(0);
    const www = (await services()).find((s) => s.url === 'www.one.example')!;
    const detail = (await (await fetch(`${stack.url}/api/v1/services/${www.id}`)).json()) as { recent_scans: { scan_id: string }[] };
    const ids = detail.recent_scans.map((s) => s.scan_id);
    expect(
      ids.filter(
        (id) =>
          id.includes(`svc${www.id}`) &&
          id.startsWith(
            `r${new Date(start)
              .toISOString()
              .replace(/[-:]/g, '')
              .replace(/\.000Z$/, 'Z')}`,
          ),
      ),
    ).toHaveLength(1);
  }, 60_000);

  it("runs a service's own check in place of its subtype's, from the next round, and its subtype's again once it is removed", async () => {
    const www = (await services()).find((s) => s.url === 'www.one.example')!;
    const path = `${stack.url}/api/v1/services/${www.id}/check`;
    const own = await fetch(path, { method: 'PUT', headers: admin, body: JSON.stringify({ check: 'http', content: 'team two', timeout_seconds: 2 }) });
    expect(own.status).toBe(200);
    const settings = await agentApi.settings();
    const deps = { api: agentApi, resolver: resolver(), checkLimit: concurrencyLimit(4), log, mailToken };
    const round = roundStartAt(Date.now(), settings.round_seconds) + 7 * settings.round_seconds * 1000;
    await runRound(round, settings, deps);
    const checked = (await services()).find((s) => s.id === www.id)!;
    expect([checked.last_scan, checked.last_scan_reason]).toEqual([0, expect.stringContaining('team two')]);
    expect((await fetch(path, { method: 'DELETE', headers: { ...admin, 'if-match': own.headers.get('etag')! } })).status).toBe(204);
    await runRound(round + settings.round_seconds * 1000, settings, deps);
    expect((await services()).find((s) => s.id === www.id)!.last_scan).toBe(10);
  }, 60_000);

  it("shares a pool's round: agents split its slices, and a slice its agent left mid-round is taken once the lease runs out (issue #45)", async () => {
    const settings = await agentApi.settings();
    // Rounds an hour and more ago, each with the agents' clock in it: counted from one moment, so that none is another
    // when the clock passes a round's end during the test.
    const from = Date.now();
    const earlier = (rounds: number) => clockInRound(-(60 + rounds) * settings.round_seconds * 1000, settings.round_seconds, from);
    const deps = { api: agentApi, resolver: resolver(), checkLimit: concurrencyLimit(8), log, mailToken };
    const scansOf = async (start: number) => {
      const prefix = `r${new Date(start)
        .toISOString()
        .replace(/[-:]/g, '')
        .replace(/\.000Z$/, 'Z')}`;
      const counts = await Promise.all(
        (await services())
          .filter((s) => s.url !== 'notes.one.example')
          .map(async (s) => {
            const detail = (await (await fetch(`${stack.url}/api/v1/services/${s.id}`)).json()) as { recent_scans: { scan_id: string }[] };
            return detail.recent_scans.filter((scan) => scan.scan_id.startsWith(prefix)).length;
          }),
      );
      return counts;
    };

    // Two agents at once: every slice checked by exactly one of them, every service once.
    const { evenMinute: shared, now: inShared } = earlier(11);
    const [a, b] = await Promise.all([
      runRound(shared, settings, { ...deps, now: inShared, share: { agent: 'a' } }),
      runRound(shared, settings, { ...deps, now: inShared, share: { agent: 'b' } }),
    ]);
    expect([...a.slices!, ...b.slices!].sort((x, y) => x - y)).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
    expect(a.checks + b.checks).toBe(7);
    expect(await scansOf(shared)).toEqual([1, 1, 1, 1, 1, 1, 1]);

    // An agent takes a slice and dies: the other checks the rest, waits out the lease, and checks that one too.
    const { evenMinute: abandoned, now: inAbandoned } = earlier(12);
    const round = new Date(abandoned).toISOString();
    const taken = await agentApi.claimSlice('cloud', { round, agent: 'dead', lease_seconds: 5 });
    expect(taken).toMatchObject({ slice: 0, of: 8 });
    const survivor = await runRound(abandoned, settings, { ...deps, now: inAbandoned, share: { agent: 'survivor' } });
    expect(survivor.slices).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
    expect(await scansOf(abandoned)).toEqual([1, 1, 1, 1, 1, 1, 1]);
    expect(await agentApi.claimSlice('cloud', { round, agent: 'late', lease_seconds: 5 })).toMatchObject({ slice: null, retry_at: null });

    // A live agent keeps its slice by renewing the lease; another agent cannot renew it, nor can anyone once it is done.
    const { evenMinute: renewed } = earlier(13);
    const renewedRound = new Date(renewed).toISOString();
    const held = await agentApi.claimSlice('cloud', { round: renewedRound, agent: 'keeper', lease_seconds: 5 });
    const kept = await agentApi.claimSlice('cloud', { round: renewedRound, agent: 'keeper', lease_seconds: 60, renew: held.slice! });
    expect(kept).toMatchObject({ slice: held.slice, of: 8, retry_at: null });
    expect(Date.parse(kept.lease_until!) - Date.parse(held.lease_until!)).toBeGreaterThanOrEqual(50_000);
    const stolen = await agentApi.claimSlice('cloud', { round: renewedRound, agent: 'thief', lease_seconds: 60, renew: held.slice! }).catch((e: unknown) => e);
    expect(stolen).toMatchObject({ status: 409, code: 'lease_lost' });
    await agentApi.claimSlice('cloud', { round: renewedRound, agent: 'keeper', lease_seconds: 5, done: held.slice! });
    const afterDone = await agentApi
      .claimSlice('cloud', { round: renewedRound, agent: 'keeper', lease_seconds: 5, renew: held.slice! })
      .catch((e: unknown) => e);
    expect(afterDone).toMatchObject({ status: 409, code: 'lease_lost' });
  }, 60_000);

  it("leaves a round its clock runs ahead of to the pool, saying so; a clock a moment ahead waits for the round's start (decision 0083)", async () => {
    const settings = await agentApi.settings();
    const deps = { api: agentApi, resolver: resolver(), checkLimit: concurrencyLimit(8), log, mailToken };
    // Three rounds ahead of the API: its claims are refused until the round begins, which is past this round's end for the agent.
    const far = roundStartAt(Date.now(), settings.round_seconds) + 3 * settings.round_seconds * 1000;
    const farClock = Date.now();
    const refused = await agentApi.claimSlice('cloud', { round: new Date(far).toISOString(), agent: 'fast', lease_seconds: 5 }).catch((e: unknown) => e);
    expect(refused).toMatchObject({ status: 409, code: 'round_not_begun', retryAfterSeconds: expect.any(Number) });
    expect((refused as { retryAfterSeconds: number }).retryAfterSeconds).toBeGreaterThan(2 * settings.round_seconds);
    const skipped = await runRound(far, settings, { ...deps, now: () => far + 2_000 + (Date.now() - farClock), share: { agent: 'fast' } });
    expect([skipped.checks, skipped.slices]).toEqual([0, []]);
    // A round two seconds ahead of the API, on a clock inside it: it waits the Retry-After, then checks the whole round.
    const near = Math.ceil((Date.now() + 1_500) / 1000) * 1000;
    const nearClock = Date.now();
    const waited = await runRound(near, settings, { ...deps, now: () => near + 500 + (Date.now() - nearClock), share: { agent: 'nearly' } });
    expect([waited.checks, waited.slices]).toEqual([7, [0, 1, 2, 3, 4, 5, 6, 7]]);
  }, 60_000);

  it('runs for good through the API out of reach: it tries the settings again, and its rounds go on (the rehearsal cut one off)', async () => {
    let refused = 2;
    const cutOff = new Proxy(agentApi, {
      get: (api, name: keyof ScoringApi) =>
        name === 'settings' ? () => (refused-- > 0 ? Promise.reject(new Error('/settings/1: 0 unreachable: fetch failed')) : api.settings()) : api[name],
    });
    const stop = new AbortController();
    // Tried again every 0.5 s here (5 s as run): the wait is a constant, the path the same.
    const running = runAgent({
      api: cutOff,
      rounds: 'forever',
      concurrency: 4,
      log,
      mailToken,
      signal: stop.signal,
      resolverForRound: async () => resolver(),
      settingsRetryMs: 500,
    });
    // Its first round runs once the settings are read again, at the second try after the first refusal.
    await expect.poll(() => refused, { timeout: 20_000 }).toBeLessThan(0);
    stop.abort();
    // Stopped at once once its round is done, though the stop came while it read the settings (not at the next round).
    const stoppedAt = Date.now();
    const summaries = await running;
    expect(Date.now() - stoppedAt).toBeLessThan(15_000);
    expect(summaries.length).toBeGreaterThanOrEqual(1);
    expect(summaries[0]!.checks).toBeGreaterThan(0);
    // A run of a number of rounds still says at once that the API is out of reach.
    refused = 1;
    await expect(runAgent({ api: cutOff, rounds: 1, concurrency: 4, log, mailToken, resolverForRound: async () => resolver() })).rejects.toThrow(/unreachable/);
  }, 60_000);

  it('sends a heartbeat when it starts and after each round, which the pool shows as alive', async () => {
    const share = { agent: 'beating', version: 'test', host: 'here' };
    await awayFromRoundEnd();
    const [summary] = await runAgent({ api: agentApi, rounds: 1, concurrency: 4, log, mailToken, share, resolverForRound: async () => resolver() });
    const cloud = await agentApi.pool('cloud');
    const beating = cloud.agents.find((x) => x.agent === 'beating')!;
    // The round is the clock's current one: started late in it, the agent checks what it can before its end.
    expect(summary!.checks).toBeGreaterThan(0);
    expect(beating).toMatchObject({ version: 'test', host: 'here', alive: true, checks: summary!.checks });
    expect(Date.parse(beating.round!)).toBe(Date.parse(summary!.round));
    expect([beating.failed_team, beating.failed_agent]).toEqual([summary!.failed - summary!.agent_errors, summary!.agent_errors]);
    expect(beating.round_finished_at! >= beating.round_started_at!).toBe(true);
  }, 60_000);

  it('in AWS, runs the round scheduled in the invoked minute, and nothing in a minute without one', async () => {
    const patched = await fetch(`${stack.url}/api/v1/settings/1`, { method: 'PATCH', headers: admin, body: JSON.stringify({ round_seconds: 120 }) });
    expect(patched.status).toBe(200);
    // A round six hours ago, on a clock in it: no other test checks it, and to this agent it is not over.
    const { evenMinute, now } = clockInRound(-6 * 3_600_000);
    const deps = { api: agentApi, resolver: resolver(), log, mailToken, now };
    expect(await runScheduledMinute(new Date(evenMinute + 60_000).toISOString(), deps)).toEqual([]);
    const [summary] = await runScheduledMinute(new Date(evenMinute + 1_000).toISOString(), deps);
    expect(summary).toMatchObject({ round: new Date(evenMinute).toISOString(), checks: 7, reports_failed: 0 });
  }, 60_000);

  it("fans a round with more services than one invocation checks out: each invocation claims the cloud pool's slices, every service checked once (issue #45)", async () => {
    // A round twelve hours ago (round_seconds is 120 since the test above), on a clock in it
    // (a claim's round must lie within a day of the API's now).
    const { evenMinute, now } = clockInRound(-12 * 3_600_000);
    const time = new Date(evenMinute + 2_000).toISOString();
    // Lambda's asynchronous invocation, played in this process: each runs the same entry point, named by its place.
    const invoked: { time?: string; invocation: { index: number; of: number } }[] = [];
    const running: Promise<unknown>[] = [];
    const deps = {
      api: agentApi,
      resolver: resolver(),
      log,
      mailToken,
      now,
      servicesPerInvocation: 3,
      fanOut: async (event: { time?: string; invocation: { index: number; of: number } }) => {
        invoked.push(event);
        running.push(runScheduledMinute(event.time, { api: agentApi, resolver: resolver(), log, mailToken, now }, event.invocation));
      },
    };
    const first = await runScheduledMinute(time, deps);
    const summaries = [...first, ...((await Promise.all(running)) as (typeof first)[]).flat()];
    // Eight services, seven of them checked, three per invocation: three invocations, the scheduler's one of them.
    expect(invoked).toEqual([
      { time, invocation: { index: 1, of: 3 } },
      { time, invocation: { index: 2, of: 3 } },
    ]);
    expect(summaries.every((s) => s.round === new Date(evenMinute).toISOString() && s.reports_failed === 0)).toBe(true);
    // The round's eight slices, each claimed by exactly one invocation (whichever asked first), every check run once.
    expect(summaries.flatMap((s) => s.slices ?? []).sort((x, y) => x - y)).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
    expect(summaries.reduce((n, s) => n + s.checks, 0)).toBe(7);
    // Each invocation said it is alive, by its place in the fan-out.
    const names = (await agentApi.pool('cloud')).agents.map((x) => x.agent);
    expect(names).toEqual(expect.arrayContaining(['lambda', 'lambda-2-of-3', 'lambda-3-of-3']));
    // Every checked service has exactly one result of that round.
    const roundId = `r${new Date(evenMinute)
      .toISOString()
      .replace(/[-:]/g, '')
      .replace(/\.000Z$/, 'Z')}`;
    for (const service of (await services()).filter((s) => s.url !== 'notes.one.example')) {
      const history = (await (await fetch(`${stack.url}/api/v1/services/${service.id}/scans`)).json()) as { items: { scan_id: string }[] };
      expect(
        history.items.filter((h) => h.scan_id.startsWith(roundId)),
        service.url,
      ).toHaveLength(1);
    }
  }, 60_000);

  it("fans out through Lambda's Invoke API: asynchronously, signed for lambda with the function's credentials", async () => {
    const received: { method?: string; url?: string; headers: Record<string, string | string[] | undefined>; body: string }[] = [];
    const lambda = createHttpServer((req, res) => {
      let body = '';
      req.on('data', (chunk: Buffer) => (body += chunk.toString()));
      req.on('end', () => {
        received.push({ method: req.method, url: req.url, headers: req.headers, body });
        if (req.url!.includes('/functions/missing/')) return void res.writeHead(404).end('{"Message":"Function not found"}');
        res.writeHead(req.headers['x-amz-invocation-type'] === 'Event' ? 202 : 400).end();
      });
    });
    await new Promise<void>((resolve) => lambda.listen(0, '127.0.0.1', resolve));
    try {
      const credentials = { accessKeyId: 'AKIDAGENTROLE', secretAccessKey: 'agent-role-secret', sessionToken: 'session-token' };
      const endpoint = `http://127.0.0.1:${(lambda.address() as { port: number }).port}`;
      const invoke = lambdaFanOut({ functionName: 'scoring-dev-Agent', region: 'eu-west-1', credentials: () => credentials, endpoint });
      await invoke({ time: '2026-11-25T12:00:00Z', invocation: { index: 1, of: 2 } });
      const [request] = received;
      expect(request).toMatchObject({ method: 'POST', url: '/2015-03-31/functions/scoring-dev-Agent/invocations' });
      expect(JSON.parse(request!.body)).toEqual({ time: '2026-11-25T12:00:00Z', invocation: { index: 1, of: 2 } });
      expect(request!.headers['x-amz-security-token']).toBe('session-token');
      const authorization = String(request!.headers.authorization);
      expect(authorization).toMatch(
        /^AWS4-HMAC-SHA256 Credential=AKIDAGENTROLE\/\d{8}\/eu-west-1\/lambda\/aws4_request, SignedHeaders=[^,]*x-amz-invocation-type/,
      );
      // The signature is the AWS SDK's for the same request at the same instant.
      const signedHeaders = { 'content-type': 'application/json', 'x-amz-invocation-type': 'Event' };
      expect(authorization).toBe(await sdkAuthorization(request!, { endpoint, service: 'lambda', region: 'eu-west-1', credentials, signedHeaders }));
      // Lambda refusing the invocation is the dispatcher's error, not a silent loss.
      const refused = lambdaFanOut({ functionName: 'missing', region: 'eu-west-1', credentials: () => credentials, endpoint });
      await expect(refused({ invocation: { index: 1, of: 2 } })).rejects.toThrow(
        /the invocation 2\/2 was not started: Lambda refused to invoke .*: HTTP 404 {"Message":"Function not found"}/,
      );
    } finally {
      await new Promise((resolve) => lambda.close(resolve));
    }
  });
});

describe('the event schedule', () => {
  const setWindow = async (window: { start_time: string | null; end_time: string | null }) => {
    const answer = await fetch(`${stack.url}/api/v1/settings/1`, { method: 'PATCH', headers: admin, body: JSON.stringify(window) });
    expect(answer.status).toBe(200);
  };

  it('checks nothing before start_time, nor from end_time on, and every service again inside the window', async () => {
    const before = await services();
    const settings = await agentApi.settings();
    const now = Date.now();
    const deps = { api: agentApi, resolver: resolver(), checkLimit: concurrencyLimit(4), log, mailToken };
    try {
      await setWindow({ start_time: new Date(now + 3_600_000).toISOString(), end_time: null });
      expect(await runRound(now, await agentApi.settings(), deps)).toMatchObject({ checks: 0, outside_schedule: true });
      await setWindow({ start_time: null, end_time: new Date(now - 1000).toISOString() });
      expect(await runRound(now, await agentApi.settings(), deps)).toMatchObject({ checks: 0, outside_schedule: true });
      // Nothing was marked started nor reported.
      expect(await services()).toEqual(before);
      await setWindow({ start_time: new Date(now - 3_600_000).toISOString(), end_time: new Date(now + 3_600_000).toISOString() });
      const inside = await runRound(now, await agentApi.settings(), deps);
      expect(inside.outside_schedule).toBeUndefined();
      expect(inside.checks).toBe(7);
    } finally {
      await setWindow({ start_time: settings.start_time, end_time: settings.end_time });
    }
  });
});

describe('"check now"', () => {
  const ask = async (serviceId: number) => {
    const answer = await fetch(`${stack.url}/api/v1/services/${serviceId}/checks`, { method: 'POST', headers: admin });
    expect(answer.status).toBe(202);
    return ((await answer.json()) as { id: number }).id;
  };
  const jobs = async () =>
    (await (await fetch(`${stack.url}/api/v1/team/1/checks`, { headers: admin })).json()) as {
      id: number;
      state: string;
      outcome: { passed: boolean; reason: string | null; category: string | null } | null;
    }[];
  const idOf = async (url: string) => (await services()).find((s) => s.url === url)!.id;

  it('runs one service’s check as a round would and reports it on the job, never as a scan; a job runs once', async () => {
    const before = await services();
    const [web, db, notes] = [await idOf('www.one.example'), await idOf('db.one.example'), await idOf('notes.one.example')];
    const asked = [await ask(web), await ask(db), await ask(notes)];
    const deps = { api: agentApi, resolver: resolver(), log, mailToken };
    expect(await Promise.all(asked.map((id) => runCheckJob(id, deps)))).toEqual([
      { check_job: asked[0], taken: true, passed: true },
      { check_job: asked[1], taken: true, passed: false },
      { check_job: asked[2], taken: true, passed: false },
    ]);
    const shown = new Map((await jobs()).map((j) => [j.id, j]));
    expect(shown.get(asked[0]!)).toMatchObject({ state: 'done', outcome: { passed: true, reason: null, category: null } });
    expect(shown.get(asked[1]!)).toMatchObject({ state: 'done', outcome: { passed: false, reason: 'connection refused', category: 'connection refused' } });
    expect(shown.get(asked[2]!)).toMatchObject({
      state: 'done',
      outcome: { passed: false, reason: 'its subtype has no check for the agent to run', category: 'agent error' },
    });
    // Taken already: another agent (or a second invocation) does nothing.
    expect(await runCheckJob(asked[0]!, deps)).toEqual({ check_job: asked[0], taken: false });
    // Not scored: every service reads as before.
    expect(await services()).toEqual(before);
  });

  it('is taken from the queue by a polling agent (the local one)', async () => {
    const asked = [await ask(await idOf('shell.one.example')), await ask(await idOf('mail.one.example'))];
    const stop = new AbortController();
    const polling = pollCheckJobs({ api: agentApi, log, mailToken, resolver: async () => resolver(), pool: 'cloud' }, 100, stop.signal);
    try {
      await expect
        .poll(async () => (await jobs()).filter((j) => asked.includes(j.id)).map((j) => [j.state, j.outcome?.reason]), { timeout: 20_000 })
        .toEqual([
          ['done', 'timeout after 1 s waiting for the banner'],
          ['done', null],
        ]);
    } finally {
      stop.abort();
      await polling;
    }
  });
});
