#!/usr/bin/env -S node --import tsx
/**
 * `npm run rehearse [-- --size short|default|full] [--teams N --services N --round-seconds N --rounds N --viewers N]
 *                   [--seed N] [--out DIR]
 *                   [--api URL --table NAME [--region R | --endpoint URL] [--accounts-key ARN] [--cdn URL]]`
 *
 * A whole event, rehearsed on this machine: the local twin (./stage.ts:
 * DynamoDB Local, the API server attached to it, so that killing it is a
 * Lambda's crash, not a database's, and the stream consumer apart) or, with
 * --api, a deployed stage of its own; the blue teams' hosts on loopback
 * addresses following their scripts; the cloud pool's agent (the product's
 * own code, as `npm start` runs it) and a range pool of installed agents (one
 * with its clock ahead); spectators polling through the CDN stand-in;
 * organisers, blue team members and the red team at their work (adjustments,
 * live edits, password changes, the paperwork); and the faults on their
 * schedule. Every actor keeps a ledger; the hosts log every probe. At the end
 * it finalises, reads everything back, and writes report.json, report.md and
 * report.html (./report.ts) into the report's folder (default
 * rehearsals/<time>/, git-ignored). It exits 1 when anything acknowledged
 * was lost, a score is not what the hosts' logs give under the rules, a
 * spectator saw a score go back unexplained, or a fault did not happen.
 */
import '../../lib/local/node-20';
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { localStage, QUIET, remoteStage, type Stage } from './stage';
import { backoff, sleep, until } from './pace';
import { mapBounded } from '#shared/bounded';
import { playPaperwork, type PaperworkRecord } from './paperwork';
import { collectBeacons, playBeacons, type BeaconsRecord } from './beacons';
import { playLiveEdits, type LiveEditsRecord } from './live-edits';
import type { CollectedPaperwork } from './paperwork-report';
import { pollFoldLag, signIn, startViewer, writeUntilAnswered, type ActorContext, type Viewer } from './actors';
import { inject, type FaultRecord } from './faults';
import { Ledger, recordingProxy } from './ledger';
import { makePlan, RANGE_POOL, SIZES, SSH_ACCOUNT, SUBTYPE_ID, type Size } from './plan';
import { bundle, entryPoint, forked, Managed, ROOT } from './processes';
import { readCapacity, readHostLogs, writeReport, type BlueTeamRecord, type Collected } from './report';
import type { HostsTask } from './hosts';

const { values } = parseArgs({
  options: {
    size: { type: 'string', default: 'default' },
    full: { type: 'boolean', default: false },
    teams: { type: 'string' },
    services: { type: 'string' },
    'round-seconds': { type: 'string' },
    rounds: { type: 'string' },
    viewers: { type: 'string' },
    seed: { type: 'string' },
    out: { type: 'string' },
    // A deployed stage of its own instead of the local twin (docs/operating.md, "A rehearsal stage").
    api: { type: 'string' },
    cdn: { type: 'string' },
    table: { type: 'string' },
    endpoint: { type: 'string' },
    region: { type: 'string' },
    'accounts-key': { type: 'string' },
  },
});
if (values.api && !values.table) throw new Error("--api needs --table: the stage's table, which scoring load and verify reach");
// A stage in AWS seals the check accounts the competition names (its AccountsKeyArn); the local twin (--endpoint) needs none.
if (values.api && !values.endpoint && !values['accounts-key']) throw new Error("--api needs --accounts-key: the stage's AccountsKeyArn output");
const named = values.full ? 'full' : values.size!;
if (!(named in SIZES)) throw new Error(`--size is ${Object.keys(SIZES).join(', ')}`);
const base: Size = SIZES[named as keyof typeof SIZES];
const number = (text: string | undefined, fallback: number) => (text === undefined ? fallback : Number(text));
const size: Size = {
  ...base,
  teams: number(values.teams, base.teams),
  servicesPerTeam: number(values.services, base.servicesPerTeam),
  roundSeconds: number(values['round-seconds'], base.roundSeconds),
  rounds: number(values.rounds, base.rounds),
  viewers: number(values.viewers, base.viewers),
};
if (size.teams > 250 || size.servicesPerTeam > 250) throw new Error('at most 250 teams and 250 services a team: each host is 127.<team>.<subnet>.<service>');
const seed = number(values.seed, Math.floor(Math.random() * 2 ** 31));
const out = resolve(values.out ?? join(ROOT, 'rehearsals', new Date().toISOString().replace(/[:.]/g, '-')));
// A rehearsal's files (its ledger, the hosts' logs, the stream's checkpoint, the server's data) are its own: another's
// left in the folder would be read as this one's.
if (existsSync(out) && readdirSync(out).length > 0) throw new Error(`${out} is not empty: name a new folder with --out, or remove it`);
const logs = join(out, 'logs');
mkdirSync(logs, { recursive: true });
const started = Date.now();
const agentDir = join(out, 'agent');
execFileSync(process.execPath, ['--import', 'tsx', 'bin/build-agent.ts', '--out', agentDir], { cwd: ROOT, stdio: 'ignore' });
const say = (line: string) => {
  const text = `${((Date.now() - started) / 1000).toFixed(1).padStart(6)} s  ${line}`;
  console.log(text);
  writeFileSync(join(out, 'rehearsal.log'), `${text}\n`, { flag: 'a' });
};

// The plan: the first round starts once the processes can be up. On a deployed stage every service is the range
// pool's: its Lambda agent cannot reach hosts on this machine.
const remote = values.api !== undefined;
// A minute's lead in AWS (its competition loaded over the network, its agents' tokens minted there) and at full size.
const lead = (remote && !values.endpoint) || named === 'full' ? 60_000 : 10_000;
const plan = makePlan(size, seed, Date.now(), lead, { deployed: remote });
writeFileSync(join(out, 'plan.json'), JSON.stringify(plan, null, 1));
const competitionFile = join(out, 'competition.json');
writeFileSync(competitionFile, JSON.stringify(plan.competition, null, 1));
say(
  `rehearsal of ${size.teams} teams × ${size.servicesPerTeam} services, ${size.rounds} rounds of ${size.roundSeconds} s, ${size.viewers} spectators (seed ${seed}); first round at ${new Date(plan.startsAt).toISOString()}; the report in ${out}`,
);

const ledger = new Ledger(join(out, 'ledger.jsonl'));
/** How long a member waits for its "check now" before asking again: past the team's limit between two asks (20 s). */
const CHECK_NOW_PATIENCE_MS = 25_000;
const everything: Managed[] = [];
const viewers: Viewer[] = [];
let exitCode = 1;
let stage: Stage | undefined;
try {
  stage = remote
    ? await remoteStage({
        api: values.api!,
        cdn: values.cdn,
        table: values.table!,
        endpoint: values.endpoint,
        region: values.region,
        accountsKey: values['accounts-key'],
        competitionFile,
      })
    : await localStage(out, logs, competitionFile);
  const { origin, cdn, adminToken } = stage;
  if (stage.local) everything.push(stage.local.server, stage.local.consumer);
  say(stage.describe());

  // The organisers' setup: each team's www record (the DNS checks' expectation), the agents' tokens.
  const admin = { authorization: `Bearer ${adminToken}` };
  const teams = (await (await fetch(`${origin}/api/v1/teams`, { headers: admin })).json()) as { id: number; number: number }[];
  const teamId = new Map(teams.map((t) => [t.number, t.id]));
  const deadline = plan.endsAt + 60_000;
  for (const team of new Set(plan.hosts.filter((h) => h.kind === 'dns').map((h) => h.team))) {
    await writeUntilAnswered(
      ledger,
      'organiser',
      `${origin}/api/v1/dns`,
      { name: 'www', type: 'A', value: '1', team: teamId.get(team) },
      { token: adminToken, key: `www-${team}`, deadline },
    );
  }
  const mint = async (name: string, pool: string) => {
    const answer = await writeUntilAnswered(
      ledger,
      'organiser',
      `${origin}/api/v1/tokens`,
      { role: 'agent', pool, name, expires_at: new Date(Date.now() + 86_400_000).toISOString() },
      { token: adminToken, key: `token-${name}`, deadline },
    );
    const token = (answer.json as { token?: string }).token;
    if (!token) throw new Error(`could not mint ${name}'s token: ${answer.status} ${JSON.stringify(answer.json)}`);
    writeFileSync(join(out, `${name}.token`), `${token}\n`, { mode: 0o600 });
    return token;
  };

  // The blue teams' hosts, a few processes sharing them.
  const hostsFile = join(out, 'hosts');
  const allHosts = [...plan.hosts, plan.spare];
  writeFileSync(hostsFile, allHosts.map((h) => `${h.address} ${h.url}`).join('\n') + '\n');
  const zones: HostsTask['zones'] = {};
  for (let team = 1; team <= size.teams; team++) {
    const zone = (www: string) =>
      `$ORIGIN team${team}.rehearsal.example.\n$TTL 60\n@ IN SOA ns1.rehearsal.example. hostmaster.rehearsal.example. 1 60 60 60 60\n@ IN NS ns1.rehearsal.example.\nwww IN A ${www}\n`;
    zones[team] = { good: zone(`127.${team}.${plan.subnet}.1`), broken: zone(`127.${team}.${plan.subnet}.250`) };
  }
  const hostProcesses = Array.from({ length: size.hostProcesses }, (_, n) => {
    const task: HostsTask = {
      startsAt: plan.startsAt,
      hosts: allHosts.filter((_, i) => i % size.hostProcesses === n),
      zones,
      account: SSH_ACCOUNT,
      log: join(out, `hosts-${n}.jsonl`),
    };
    const { start, ready } = forked(join(ROOT, 'bench/rehearsal/hosts.ts'), task);
    let child: ReturnType<typeof start> | undefined;
    const managed = new Managed(`hosts-${n}`, () => (child = start()), logs);
    return { managed, ready: () => ready(child!) };
  });
  for (const h of hostProcesses) await h.managed.run();
  await Promise.all(hostProcesses.map((h) => h.ready()));
  everything.push(...hostProcesses.map((h) => h.managed));
  say(`${allHosts.length} hosts listening on 127.<team>.${plan.subnet}.<service>, in ${size.hostProcesses} process(es)`);

  // The agents: the cloud pool's as npm start runs it; the range pool's installed bundles (one 90 s ahead).
  const cloudProxy = await recordingProxy('agent (cloud)', () => origin, ledger);
  // The range pool's agents name themselves in the path: each one's reports are known as its own (the one whose clock
  // runs a little ahead stamps its checks ahead, which the oracle allows for).
  const rangeProxy = await recordingProxy(`agent (${RANGE_POOL})`, () => origin, ledger, { namedCallers: true });
  // On a deployed stage the cloud pool is its Lambda agent's, with nothing to check: every service is the range's.
  const cloud = new Managed(
    'agent-cloud',
    entryPoint('bin/agent.ts', ['--forever', '--pool', 'cloud', '--name', 'cloud-1', '--hosts', hostsFile, '--api', `${cloudProxy.url}/api/v1`], {
      ...QUIET,
      SCORING_AGENT_TOKEN: await mint('agent-cloud', 'cloud'),
    }),
    logs,
  );
  const rangeAgent = async (name: string, nodeOptions: string[] = [], env: Record<string, string> = {}) => {
    const config = join(out, `${name}.json`);
    const credential = join(out, `${name}.token`);
    await mint(name, RANGE_POOL);
    writeFileSync(
      config,
      JSON.stringify({ api: `${rangeProxy.url}/${name}/api/v1`, pool: RANGE_POOL, name, credential_file: credential, resolver: 'hosts', hosts: hostsFile }),
    );
    return new Managed(name, bundle(join(agentDir, 'scoring-agent.mjs'), ['--config', config, '--forever'], { ...QUIET, ...env }, nodeOptions), logs);
  };
  const rangeAgents = [await rangeAgent('range-a-1'), await rangeAgent('range-a-2')];
  const movedClock = ['--import', join(ROOT, 'test/support/clock-ahead.mjs')];
  const fastAgent = await rangeAgent('range-a-fast', movedClock, { CLOCK_AHEAD_SECONDS: String(plan.clockAheadSeconds) });
  const nearAgent = await rangeAgent('range-a-near', movedClock, { CLOCK_AHEAD_SECONDS: String(plan.clockSlightlyAheadSeconds) });
  const agents = [...(remote ? [] : [cloud]), ...rangeAgents, fastAgent, nearAgent];
  for (const agent of agents) await agent.run();
  everything.push(...agents);
  say(
    `agents: ${remote ? '' : 'cloud-1 (bin/agent.ts), '}range-a-1 and range-a-2 (the installed bundle), range-a-fast and range-a-near (their clocks ${plan.clockAheadSeconds} s and ${plan.clockSlightlyAheadSeconds} s ahead)`,
  );

  // Spectators from the first round on, arriving over one poll's interval; the organisers' overview for the fold's lag.
  await until(plan.startsAt);
  say('round 1 begins');
  for (let v = 0; v < size.viewers; v++) viewers.push(startViewer(`spectator-${v + 1}`, cdn, ledger, Math.floor((v * 20_000) / size.viewers)));
  const foldLag = pollFoldLag(origin, adminToken, ledger);

  // The organisers while the board runs: adjustments (one taking points off), a service added.
  const runMs = plan.endsAt - plan.startsAt;
  const organisers = (async () => {
    await until(plan.startsAt + runMs * 0.3);
    const adjust = (team: number, superType: number, points: number, key: string) =>
      writeUntilAnswered(
        ledger,
        'organiser',
        `${origin}/api/v1/teams/${teamId.get(team)}/adjustments`,
        { super_type_id: superType, points, reason: `rehearsal ${key}` },
        { token: adminToken, key, deadline },
      );
    await adjust(1, 2, 15, 'adjust-1');
    await adjust(Math.min(2, size.teams), 3, -7, 'adjust-2');
    await until(plan.startsAt + runMs * 0.4);
    const added = await writeUntilAnswered(
      ledger,
      'organiser',
      `${origin}/api/v1/services`,
      { team_id: teamId.get(1), subtype_id: SUBTYPE_ID.http, url: plan.spare.url, port: plan.spare.port },
      { token: adminToken, key: 'spare-service', deadline },
    );
    say(`organiser: adjustments made; ${plan.spare.url} added (${added.status})`);
  })();

  // Blue team members: signed in, a password change request (the host takes the new password once it is applied),
  // a "check now" of a host that stays up.
  const serviceIds = new Map(
    ((await (await fetch(`${origin}/api/v1/services`, { headers: admin })).json()) as { id: number; url: string }[]).map((s) => [s.url, s.id]),
  );
  const actors: ActorContext = { origin, adminToken, ledger, plan, teamId, serviceIds, deadline, say };
  // The paperwork: an inject answered and graded, incident reports, the red team's findings ruled on, announcements.
  // The red team's beacons: implants calling back through the CDN stand-in from their hosts' addresses (not on a
  // deployed stage: its CDN sees this machine's public address for every team).
  const beaconsPlayed = remote
    ? undefined
    : playBeacons(actors, cdn).catch((error: unknown): BeaconsRecord => ({ beacons: [], problems: [`the beacons stopped: ${(error as Error).message}`] }));
  const paperwork = playPaperwork(actors).catch((error: unknown): PaperworkRecord => ({
    teams: [],
    problems: [`the paperwork stopped: ${(error as Error).message}`],
  }));
  const liveEdits = playLiveEdits(actors).catch((error: unknown): LiveEditsRecord => ({
    problems: [`the live edits stopped: ${(error as Error).message}`],
  }));
  const blueTeams = (async () => {
    const records: BlueTeamRecord[] = [];
    await Promise.all(
      plan.blueTeams.map(async (blue) => {
        const actor = `blue team ${blue.team}`;
        const record: BlueTeamRecord = { team: blue.team, ssh: blue.ssh, checkNow: blue.checkNow };
        records.push(record);
        const token = await signIn(actors, `blue-${blue.team}`, { team_id: teamId.get(blue.team)! });
        await until(plan.startsAt + blue.changeAt);
        const change = await writeUntilAnswered(
          ledger,
          actor,
          `${origin}/api/v1/team/${teamId.get(blue.team)}/password-changes`,
          { changes: [{ service: serviceIds.get(blue.ssh), username: SSH_ACCOUNT.username, password: blue.newPassword }] },
          { token, key: `password-${blue.team}`, deadline },
        );
        record.change = { status: change.status, state: (change.json as { state?: string }).state ?? null, at: Date.now() };
        if (record.change.state === 'applied') {
          const owner = hostProcesses[allHosts.findIndex((h) => h.url === blue.ssh) % size.hostProcesses]!;
          owner.managed.child?.send({ password: { url: blue.ssh, password: blue.newPassword } });
        }
        say(`${actor}: its SSH password changed, the request ${record.change.state ?? `answered ${change.status}`}`);
        if (!blue.checkNow) return;
        await until(plan.startsAt + blue.checkNowAt);
        // A member whose job is not done in a while asks again, as one would: a fault can take the agent that
        // had taken it (the job shows running until it is lost), or leave the job queued past the wait.
        record.checkNowAsks = 0;
        while (record.checkNowOutcome === undefined && Date.now() < plan.endsAt) {
          record.checkNowAsks++;
          const asked = await writeUntilAnswered(
            ledger,
            actor,
            `${origin}/api/v1/team/${teamId.get(blue.team)}/checks`,
            { service_id: serviceIds.get(blue.checkNow) },
            { token, key: `check-${blue.team}-${record.checkNowAsks}`, deadline },
          );
          const job = (asked.json as { id?: number }).id;
          for (const end = Date.now() + CHECK_NOW_PATIENCE_MS; job !== undefined && Date.now() < end; await sleep(1000)) {
            const jobs = await ledger.fetch(actor, `${origin}/api/v1/team/${teamId.get(blue.team)}/checks`, { headers: { authorization: `Bearer ${token}` } });
            const found = Array.isArray(jobs.json)
              ? (jobs.json as { id: number; state: string; outcome: { passed: boolean } | null }[]).find((j) => j.id === job)
              : undefined;
            if (found?.state === 'done') {
              record.checkNowOutcome = found.outcome;
              break;
            }
          }
        }
        say(
          `${actor}: "check now" of ${blue.checkNow} ${record.checkNowOutcome ? (record.checkNowOutcome.passed ? 'passed' : 'failed') : 'never ran'}, asked ${record.checkNowAsks} time(s)`,
        );
      }),
    );
    return records;
  })();

  // The faults, one at a time, each at its time (or as soon as the one before has ended).
  const faults: FaultRecord[] = [];
  const roundMs = size.roundSeconds * 1000;
  const targets = {
    // The server side's processes and files: the local twin's only (a deployed stage's faults there are not played).
    local: stage.local,
    // Whichever of them holds a slice first is the one killed, or paused (the one a little ahead takes most).
    rangeAgents: [...rangeAgents, nearAgent],
    fastAgent,
    rangeProxy,
    roundMs,
    origin,
    ledger,
    say,
  };
  for (const fault of plan.faults) {
    await until(plan.startsAt + fault.at);
    faults.push(await inject(fault, targets));
  }
  await organisers;
  const blueTeamRecords = await blueTeams;
  const paperworkRecord = await paperwork;
  const beaconsRecord = await beaconsPlayed;
  const liveEditsRecord = await liveEdits;

  // The end: the last round's reports (its checks time out within 2 s), the agents stopped, the fold caught up, then finalise.
  await until(plan.endsAt + 3000);
  for (const agent of agents) await agent.stop();
  viewers.forEach((v) => v.stop());
  foldLag.stop();
  const settled = await settledScoreboard(origin, adminToken);
  say(`the last round's results folded (${settled ? 'the scoreboard settled' : 'the scoreboard was still moving after 60 s'})`);
  const finalised = await writeUntilAnswered(
    ledger,
    'organiser',
    `${origin}/api/v1/competition/finalise`,
    { force: true },
    { token: adminToken, key: 'finalise', deadline: Date.now() + 60_000 },
  );
  say(`finalised (${finalised.status})`);

  // Everything read back, as an organiser, and verify run on the table.
  const collected: Collected = await collect(origin, adminToken, out, beaconsRecord !== undefined);
  let verify: { code: number; output: string };
  try {
    verify = {
      code: 0,
      output: execFileSync(process.execPath, ['--import', 'tsx', 'bin/scoring.ts', 'verify', ...stage.tableArgs], {
        cwd: ROOT,
        encoding: 'utf8',
        env: { ...process.env, ...QUIET },
      }),
    };
  } catch (error) {
    const e = error as { status?: number; stdout?: string; stderr?: string };
    verify = { code: e.status ?? 1, output: `${e.stdout ?? ''}${e.stderr ?? ''}` };
  }
  await cloudProxy.close();
  await rangeProxy.close();
  await ledger.close();
  const unexpectedExits = everything.flatMap((m) => m.unexpectedExits.map((e) => ({ process: m.name, ...e })));
  const observed = {
    unexpectedExits,
    blueTeams: blueTeamRecords,
    paperwork: paperworkRecord,
    ...(beaconsRecord ? { beacons: beaconsRecord } : {}),
    liveEdits: liveEditsRecord,
    viewers: viewers.map((v) => ({ name: v.name, polls: v.polls })),
    faults,
    foldLagSeconds: [...foldLag.samples.values()],
    foldLagByTime: Object.fromEntries(foldLag.samples),
    verify,
    pids: Object.fromEntries(everything.map((m) => [m.name, m.pids])),
    durationMs: Date.now() - started,
  };
  // Kept whole, so that the report can be made again from the folder (node --import tsx bench/rehearsal/report.ts DIR).
  writeFileSync(join(out, 'observed.json'), JSON.stringify(observed));
  await stage.flushed();
  const report = writeReport(out, { plan, collected, hostLog: readHostLogs(out), ledger: ledger.entries, capacity: readCapacity(out), ...observed });
  say(report.summary);
  exitCode = report.ok ? 0 : 1;
} catch (error) {
  say(`the rehearsal could not run to its end: ${(error as Error).stack ?? String(error)}`);
} finally {
  viewers.forEach((v) => v.stop());
  for (const m of everything.reverse()) await m.stop();
  await stage?.stop();
}
process.exit(exitCode);

/** The paperwork as organisers see it at the end: findings and their rulings, injects with answers and grades, reports, announcements. */
async function collectPaperwork(get: <T>(path: string) => Promise<T>): Promise<CollectedPaperwork> {
  const findings = await get<CollectedPaperwork['findings']>('/api/v1/red-team/findings');
  const injects = await get<CollectedPaperwork['injects']>('/api/v1/injects');
  const incidents = await get<CollectedPaperwork['incidents']>('/api/v1/incidents');
  const each = async <T>(ids: number[], path: (id: number) => string) =>
    Object.fromEntries(await Promise.all(ids.map(async (id) => [String(id), await get<T>(path(id))] as const)));
  const submissions: CollectedPaperwork['submissions'] = {};
  for (const inject of injects) {
    const items: CollectedPaperwork['submissions'][string] = [];
    let cursor: string | null = null;
    do {
      const page: { items: typeof items; cursor: string | null } = await get(
        `/api/v1/submissions?inject_id=${inject.id}&limit=25${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
      );
      items.push(...page.items);
      cursor = page.cursor;
    } while (cursor);
    submissions[String(inject.id)] = items;
  }
  return {
    findings,
    rulings: await each(
      findings.map((f) => f.id),
      (id) => `/api/v1/red-team/findings/${id}/reviews`,
    ),
    injects,
    grades: await each(
      injects.map((i) => i.id),
      (id) => `/api/v1/injects/${id}/grades`,
    ),
    submissions,
    incidents,
    incidentGrades: await each(
      incidents.map((r) => r.id),
      (id) => `/api/v1/incidents/${id}/grades`,
    ),
    announcements: await get('/api/v1/announcements'),
  };
}

/** Waits until the organisers' scoreboard stops moving for 3 s (the fold has caught up), at most 60 s. */
async function settledScoreboard(api: string, token: string): Promise<boolean> {
  let last = '';
  let stableSince = Date.now();
  for (const end = Date.now() + 60_000; Date.now() < end; await sleep(1000)) {
    const text = await (await fetch(`${api}/api/v1/teams/scoreboard`, { headers: { authorization: `Bearer ${token}` } })).text();
    if (text !== last) {
      last = text;
      stableSince = Date.now();
    } else if (Date.now() - stableSince >= 3000) return true;
  }
  return false;
}

/** The API's view at the end: every service with its whole history, every team's adjustments, the scoreboard, the settings. */
async function collect(api: string, token: string, dir: string, beacons: boolean): Promise<Collected> {
  const headers = { authorization: `Bearer ${token}` };
  // Read as a client should: a 429 or 503 (a full event's histories read back at once are thousands of reads) waited out.
  const get = async <T>(path: string) => {
    for (let attempt = 1; ; attempt++) {
      const response = await fetch(`${api}${path}`, { headers });
      if (response.ok) return (await response.json()) as T;
      if ((response.status !== 429 && response.status !== 503) || attempt === 8) throw new Error(`GET ${path}: ${response.status} ${await response.text()}`);
      await sleep(backoff(attempt));
    }
  };
  const services = await get<{ id: number; subtype_id: number; url: string; max_score: number; team: { id: number; number: number } }[]>('/api/v1/services');
  const histories = await mapBounded(services, 16, async (s) => {
    const items: Collected['services'][number]['results'] = [];
    let cursor: string | null = null;
    do {
      const page: { items: typeof items; cursor: string | null } = await get(
        `/api/v1/services/${s.id}/scans?limit=500${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
      );
      items.push(...page.items);
      cursor = page.cursor;
    } while (cursor);
    return { ...s, results: items };
  });
  const teamIds = [...new Set(services.map((s) => s.team.id))];
  const adjustments = (await mapBounded(teamIds, 16, (id) => get<Collected['adjustments']>(`/api/v1/teams/${id}/adjustments`))).flat();
  const collected: Collected = {
    services: histories,
    adjustments,
    paperwork: await collectPaperwork(get),
    ...(beacons ? { beacons: await collectBeacons(get) } : {}),
    scoreboard: await get('/api/v1/teams/scoreboard'),
    settings: await get('/api/v1/settings/1'),
    subtypes: await get('/api/v1/subtypes'),
  };
  writeFileSync(join(dir, 'collected.json'), JSON.stringify(collected));
  return collected;
}
