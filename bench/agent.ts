#!/usr/bin/env -S node --import tsx
/**
 * The scoring agent's checks, timed apart from reporting (the ingestion bench
 * measures the API's write rate), against servers on 127.0.0.1 only:
 *
 * 1. checks per second: HTTP (status and content), TCP, SSH and SMTP banners
 *    against well-behaved loopback servers;
 * 2. one round of 250 teams × 20 services (5 000 checks), 2% of them against
 *    silent listeners that time out, under the agent's concurrency limit;
 * 3. the same round end to end: the agent's own round code against the local
 *    server loaded with that competition (list the services and subtypes,
 *    mark each started, check, report every result through POST /scans in
 *    batches of 100; the stream consumer folds them into the scoreboard
 *    after, as the ingestion bench measures). Uses the
 *    DynamoDB Local of DYNAMODB_ENDPOINT when set (npm run bench's), its own
 *    otherwise.
 *
 *   npm run bench:agent [-- --concurrency 256 --timeout 5 --checks-only]
 *
 * `--checks-only` leaves out part 3 (about 1.5 min here): the default
 * `npm run bench` does, to stay within its 8 minutes; `--full` runs it.
 *
 * The servers share this process with the checks, so the figures are a floor
 * for the agent on a dedicated machine.
 *
 * Results are printed and written to bench/results/agent-latest.json.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createServer as createHttpServer } from 'node:http';
import { createServer, type Server, type Socket } from 'node:net';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import type { CheckDefinition } from '#shared/domain/check-definitions';
import type { Service } from '#shared/domain/model';
import { DEFAULT_SETTINGS } from '#shared/domain/settings';
import { createLogger } from '#shared/log';
import { startLocalStack } from '../lib/local/local-stack';
import { scoringApi } from '../functions/agent/api';
import { runChecks, runRound } from '../functions/agent/round';
import { concurrencyLimit, roundStartAt } from '../functions/agent/schedule';

const { values } = parseArgs({
  options: { concurrency: { type: 'string', default: '256' }, timeout: { type: 'string', default: '5' }, 'checks-only': { type: 'boolean', default: false } },
});
const concurrency = Number(values.concurrency);
const timeout = Number(values.timeout);

const servers: Server[] = [];
const sockets = new Set<Socket>();
async function listen(server: Server): Promise<number> {
  server.on('connection', (socket: Socket) => {
    sockets.add(socket);
    socket.on('error', () => undefined);
    socket.on('close', () => sockets.delete(socket));
  });
  servers.push(server);
  await new Promise<void>((done) => server.listen({ port: 0, host: '127.0.0.1', backlog: 4096 }, done));
  return (server.address() as { port: number }).port;
}

const ports = {
  http: await listen(createHttpServer({ keepAlive: false }, (_req, res) => res.end('<h1>Welcome</h1>')) as unknown as Server),
  tcp: await listen(createServer((s) => s.end())),
  ssh: await listen(createServer((s) => s.end('SSH-2.0-OpenSSH_9.2p1 Bench\r\n'))),
  smtp: await listen(createServer((s) => s.end('220 mail.bench.example ESMTP\r\n'))),
  silent: await listen(createServer(() => undefined)),
};

const KINDS: { kind: CheckDefinition; port: number }[] = [
  { kind: { check: 'http', path: '/', status: 200, content: 'Welcome', timeout_seconds: timeout }, port: ports.http },
  { kind: { check: 'tcp', timeout_seconds: timeout }, port: ports.tcp },
  { kind: { check: 'ssh', timeout_seconds: timeout }, port: ports.ssh },
  { kind: { check: 'smtp', timeout_seconds: timeout }, port: ports.smtp },
];

let nextId = 1;
function planned(team: number, check: CheckDefinition, port: number) {
  const id = nextId++;
  const teamInfo = { id: team, number: team, name: `Team ${team}`, logo: '', team_url: `team${team}.bench.example`, guest_division: false };
  const service: Service = {
    id,
    subtype: check.check,
    subtype_id: 1,
    team: teamInfo,
    url: `svc${id}.team${team}.bench.example`,
    port,
    last_scan: 0,
    last_scan_time: null,
    last_scan_error: null,
    in_progress: false,
    max_score: 10,
  };
  return { service, check, scanId: `bench-${id}` };
}

const settings = { id: 1, ...DEFAULT_SETTINGS };
// Every host name is 127.0.0.1: no resolver, no packet off the machine.
const deps = { resolver: async () => ({ address: '127.0.0.1' }), checkLimit: concurrencyLimit(concurrency) };

async function timed(plan: ReturnType<typeof planned>[]) {
  const started = performance.now();
  const outcomes = await runChecks(plan, settings, [], deps);
  const seconds = (performance.now() - started) / 1000;
  const passed = outcomes.filter((o) => o.outcome.passed).length;
  const errors = new Map<string, number>();
  for (const o of outcomes) if (!o.outcome.passed) errors.set(o.outcome.error, (errors.get(o.outcome.error) ?? 0) + 1);
  return {
    checks: plan.length,
    passed,
    failed: plan.length - passed,
    seconds: Number(seconds.toFixed(2)),
    checks_per_second: Math.round(plan.length / seconds),
    errors: Object.fromEntries(errors),
  };
}

console.log(`Agent checks on loopback (concurrency ${concurrency}, timeout ${timeout} s), Node ${process.version}`);
const perKind: Record<string, Awaited<ReturnType<typeof timed>>> = {};
for (const { kind, port } of KINDS) {
  await timed(Array.from({ length: 200 }, (_, i) => planned(i, kind, port))); // warm-up
  perKind[kind.check] = await timed(Array.from({ length: 3000 }, (_, i) => planned(i, kind, port)));
}
console.log('\nchecks/s against well-behaved servers (3 000 checks each)');
console.log('kind   checks/s  passed  seconds');
for (const [kind, r] of Object.entries(perKind))
  console.log(`${kind.padEnd(6)} ${String(r.checks_per_second).padStart(8)}  ${String(r.passed).padStart(6)}  ${String(r.seconds).padStart(7)}`);

// 250 teams × 20 services: 5 of each kind per team, and every 50th service silent.
const round: ReturnType<typeof planned>[] = [];
for (let team = 1; team <= 250; team++) {
  for (let s = 0; s < 20; s++) {
    const { kind, port } = KINDS[s % KINDS.length]!;
    const silent = (team * 20 + s) % 50 === 0;
    round.push(planned(team, kind, silent ? ports.silent : port));
  }
}
const roundResult = await timed(round);
const silentCount = round.filter((p) => p.service.port === ports.silent).length;
console.log(`\nOne round, 250 teams × 20 services (${round.length} checks, ${silentCount} against silent listeners)`);
console.log(
  `checks ${roundResult.seconds} s (${roundResult.checks_per_second} checks/s), ${roundResult.passed} passed, ${roundResult.failed} failed: ${JSON.stringify(roundResult.errors)}`,
);
console.log("(reporting is apart: the ingestion bench measures the API's write rate)");

const endToEnd = values['checks-only'] ? undefined : await roundEndToEnd();
if (endToEnd) {
  console.log(`\nThe same round end to end through the API (the agent's round code, reports by POST /scans in batches of 100)`);
  console.log(
    `${endToEnd.seconds} s in all: checks ${endToEnd.check_seconds} s, reporting ${endToEnd.report_seconds} s (${endToEnd.reports} reports: started, then results), ` +
      `${endToEnd.passed} passed, ${endToEnd.failed} failed, ${endToEnd.reports_failed} reports refused`,
  );
}

const results = {
  machine: { node: process.version },
  concurrency,
  timeout_seconds: timeout,
  per_kind: perKind,
  round_250x20: roundResult,
  round_250x20_end_to_end: endToEnd,
  at: new Date().toISOString(),
};
const dir = resolve(import.meta.dirname, 'results');
mkdirSync(dir, { recursive: true });
writeFileSync(resolve(dir, 'agent-latest.json'), `${JSON.stringify(results, null, 2)}\n`);

sockets.forEach((s) => s.destroy());
await Promise.all(servers.map((s) => new Promise((done) => s.close(done))));

/**
 * The round of part 2 as a competition on the local server: the same kinds,
 * ports and silent listeners; every host name resolves to 127.0.0.1.
 */
async function roundEndToEnd() {
  process.env.TABLE_NAME = `bench-agent-${Date.now()}`;
  const token = `ccdc_00000c33_${'c'.repeat(43)}`;
  const subtypes = KINDS.map(({ kind }, i) => ({ id: i + 1, name: kind.check.toUpperCase(), super_type_id: 1, max_score: 10, ...kind }));
  const competition = {
    settings: { competition_name: 'Agent bench 250x20', dns_address_template: '127.0.{team_number}', round_seconds: 60 },
    super_types: [{ id: 1, name: 'Services' }],
    subtypes,
    teams: Array.from({ length: 250 }, (_, t) => ({
      number: t + 1,
      name: `Team ${t + 1}`,
      logo: `https://bench.example/logos/${t + 1}.png`,
      team_url: `team${t + 1}.bench.example`,
      guest_division: false,
      services: Array.from({ length: 20 }, (_, s) => {
        const silent = ((t + 1) * 20 + s) % 50 === 0;
        return {
          subtype_id: (s % KINDS.length) + 1,
          url: `svc${s + 1}.team${t + 1}.bench.example`,
          port: silent ? ports.silent : KINDS[s % KINDS.length]!.port,
        };
      }),
    })),
  };
  const dir = mkdtempSync(join(tmpdir(), 'bench-agent-'));
  writeFileSync(join(dir, 'competition.json'), JSON.stringify(competition));
  const stack = await startLocalStack({
    port: 0,
    competitionFile: join(dir, 'competition.json'),
    serviceToken: token,
    site: false,
    ...(process.env.DYNAMODB_ENDPOINT ? { dynamodbEndpoint: process.env.DYNAMODB_ENDPOINT } : {}),
  });
  try {
    const api = scoringApi(`${stack.url}/api/v1`, { kind: 'bearer', token });
    const settings = await api.settings();
    const started = performance.now();
    const summary = await runRound(roundStartAt(Date.now(), settings.round_seconds), settings, {
      ...deps,
      api,
      log: createLogger({ component: 'bench-agent' }),
    });
    const seconds = (performance.now() - started) / 1000;
    return {
      seconds: Number(seconds.toFixed(2)),
      check_seconds: summary.check_seconds,
      report_seconds: summary.report_seconds,
      reports: summary.checks * 2,
      passed: summary.passed,
      failed: summary.failed,
      reports_failed: summary.reports_failed,
    };
  } finally {
    await stack.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}
