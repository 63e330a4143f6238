#!/usr/bin/env -S node --import tsx
/**
 * `npm run bench [-- --quick | --full] [--teams 100 --services 10 --rounds 2 --concurrency 16 --duration 3]`
 *
 * Measures the service on the local twin (DynamoDB Local + the local API
 * Gateway + the stream consumer fed by the local poller): ingestion of scan
 * reports (steady after a warm-up, the same with the consumer paused,
 * bursts, a backlog, a batched round), the fold's lag as the scoreboard shows
 * it, what each result costs in AWS write units, the public reads under
 * load, how the scoreboard's cost grows with rounds and teams, each
 * function's bundle size and cold start (and one function's before and
 * after the bundling change), the page (and the console at 250 × 20), a
 * stalled database, a red team beacon's check-in, and with --full the agent's checks. Prints a table and writes the same as JSON to bench/results/; a
 * run at the default size (or --full) also rewrites the capacity profile
 * lib/cost/capacity-profile.json and the cost section of docs/deploying.md from what it
 * measured. Starts and stops everything it uses.
 *
 * `npm run bench` stretches the database call budget
 * (SCORING_DATABASE_CALL_BUDGET_MS): loading a generated competition into a
 * DynamoDB Local busy from the previous scenario can take longer than the 3 s
 * a request may wait, and the bench measures throughput, not timeouts (the
 * stalled-database part runs with the production budget).
 */
import '../lib/local/node-20';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, tmpdir, totalmem } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { loadCompetition } from '#shared/data/competition';
import { ensureTable } from '#shared/data/table';
import { createToken } from '#shared/data/tokens';
import { validateCompetition } from '#shared/domain/competition';
import { startDynamoDbLocal } from '../lib/local/dynamodb-local';
import { startFoldPoller, startLocalStack } from '../lib/local/local-stack';
import type { StreamPoller } from '../lib/local/stream-poller';
import { capacityMeter } from './capacity';
import { measurePoolRound } from './pool-round';
import { measureThroughCdn, spectatorPaths } from './cdn';
import { measureColdStarts } from './cold-start';
import { generateCompetition } from './generate';
import { forgetFreshCopies } from '#shared/data/fresh';
import { historyKeys, standingsPartitions } from '#shared/data/keys';
import { writeSnapshot } from '#shared/data/history';
import { RESOLUTIONS_SECONDS, resolutionsOf, sampleTimeOf } from '#shared/domain/history';
import { batchWrite, queryPartition } from '#shared/data/operations';
import { awsWritesDuring, itemBytes } from './aws-units';
import { autocannon, percentile, roundReports, runScanAgent, servicesOf, shuffled, type ScanReport } from './load';
import { runScript } from './process';
import { printReport, reportLines } from './report';
import { capacityProfileFrom, measureRequestTimes, replaceSection, writeCapacityProfile } from './capacity-profile';
import type { AuditContext } from '#shared/data/audit';

/** The bench's own setup writes, in the audit trail. */
const BENCH_AUDIT: AuditContext = { actor: { type: 'system', name: 'bench' }, route: 'npm run bench' };

const { values } = parseArgs({
  options: {
    quick: { type: 'boolean', default: false },
    full: { type: 'boolean', default: false },
    teams: { type: 'string' },
    services: { type: 'string' },
    rounds: { type: 'string' },
    concurrency: { type: 'string', default: '16' },
    duration: { type: 'string' },
  },
});
const quick = values.quick;
const full = values.full && !quick;
const params = {
  teams: Number(values.teams ?? (quick ? 20 : 100)),
  servicesPerTeam: Number(values.services ?? (quick ? 5 : 10)),
  // Measured steady rounds (one result per service each), after a warm-up that is not measured.
  rounds: Number(values.rounds ?? (quick ? 2 : full ? 20 : 2)),
  warmup: quick ? 50 : 300,
  // The same load with the stream consumer paused: the request path alone, then the consumer catching up alone.
  pausedFold: quick ? 200 : 1000,
  // Results sent one at a time to a team no other load touches, each followed until the scoreboard shows it.
  lagProbes: quick ? 5 : 20,
  // One spectator per page through the CDN: a round of results spread over this long, then a quiet spell (the pages poll every 20 s).
  viewerSeconds: quick ? 20 : 60,
  // One of the pages' 20 s intervals: every quiet poll is a 304 of one size, and the table scales it to a minute.
  viewerQuietSeconds: 20,
  // On the nudges nothing is asked and the socket's keep-alives come a minute apart: 10 quiet seconds say it as 20 do.
  nudgedQuietSeconds: 10,
  viewerTeams: quick ? 10 : 50,
  concurrency: Number(values.concurrency),
  burstConcurrency: 64,
  burstTeam: quick ? 100 : 500,
  burstService: quick ? 50 : 200,
  backlog: quick ? 200 : 1000,
  batchedRound: quick ? 500 : 2500,
  readSeconds: Number(values.duration ?? (quick ? 2 : full ? 5 : 2)),
  growthRounds: quick ? [5, 10, 20] : full ? [10, 100, 1000] : [10, 100],
  // The scoreboard reads team totals only, so a small competition shows how it grows with rounds.
  growthRoundsServices: { teams: 5, servicesPerTeam: 1 },
  // A team number is an octet of its addresses (settings.dns_address_template), so 255 teams is the ceiling.
  growthTeams: [10, 100, 250],
  // The scoreboard reads one TOTALS item per team whatever its services: few services load faster.
  growthTeamsServices: full ? Number(values.services ?? 10) : 2,
  // The growth series compares read units and latency across sizes, not throughput: a few connections
  // (16 on 250-team scoreboards drown DynamoDB Local, and no request finished within the window).
  growthConnections: 4,
  growthReadSeconds: full ? 3 : 2,
  coldStartRuns: quick ? 1 : full ? 3 : 1,
  // Each bundle's size, and the cold start of the largest (the slowest: import time grows with the bundle); --full times every one.
  coldStartTimed: full ? undefined : 12,
  // The before/after comparison of one function, in turns with an empty Node process.
  coldStartComparisonRuns: quick ? 3 : full ? 9 : 5,
  pageTeams: quick ? 20 : 100,
};

process.env.DYNAMODB_RETURN_CAPACITY = '1';
process.env.LOG_LEVEL = 'silent';
const ADMIN = `ccdc_00000a11_${'a'.repeat(43)}`;
const AGENT = `ccdc_00000b22_${'b'.repeat(43)}`;
const benchStarted = performance.now();
const log = (line: string) => process.stderr.write(`[${((performance.now() - benchStarted) / 1000).toFixed(0).padStart(4)} s] ${line}\n`);

const dynamodb = await startDynamoDbLocal();
const meter = capacityMeter();
let stack: Awaited<ReturnType<typeof startLocalStack>> | undefined;
/** The fold of the table the server is switched to (useTable): the consumer writes to TABLE_NAME. */
let tableFold: StreamPoller | undefined;
try {
  // 1. A competition of the requested size, loaded with the command-line tool.
  const mainTable = 'bench-main';
  process.env.TABLE_NAME = mainTable;
  process.env.DYNAMODB_ENDPOINT = dynamodb.endpoint;
  await ensureTable(mainTable);
  const file = join(mkdtempSync(join(tmpdir(), 'bench-')), 'competition.json');
  writeFileSync(file, JSON.stringify(generateCompetition(params.teams, params.servicesPerTeam)));
  log(`loading ${params.teams} teams × ${params.servicesPerTeam} services with the command-line tool…`);
  const loadStarted = performance.now();
  await runScript('bin/scoring.ts', ['load', file, '--table', mainTable, '--endpoint', dynamodb.endpoint]);
  const loadSeconds = (performance.now() - loadStarted) / 1000;
  rmSync(dirname(file), { recursive: true, force: true });

  stack = await startLocalStack({ port: 0, dynamodbEndpoint: dynamodb.endpoint, adminToken: ADMIN, serviceToken: AGENT, cdn: { port: 0 } });
  const api = `${stack.url}/api/v1`;
  const services = await servicesOf(api, ADMIN);

  // 2. Growth: the scoreboard as rounds accumulate, and as teams are added (each in its own table, with its own fold).
  // First, while DynamoDB Local holds little: after the ingestion below, loading a 250-team table took it 84 s.
  // The main table's consumer waits meanwhile (it folds into whichever table TABLE_NAME names).
  await stack.fold.caughtUp(600_000);
  await stack.fold.pause();
  const byRounds = [];
  {
    const { teams: t, servicesPerTeam: s } = params.growthRoundsServices;
    const growthServices = await useTable(`bench-rounds`, t, s);
    let done = 0;
    for (const level of params.growthRounds) {
      log(`scoreboard after ${level} rounds (${t} teams × ${s} services)…`);
      await runScanAgent({ url: stack.url, token: AGENT, reports: roundReports(growthServices, done, level), concurrency: params.concurrency, batch: 100 });
      await tableFold!.caughtUp(600_000);
      done = level;
      byRounds.push({ rounds: level, ...(await measureRead(`${api}/teams/scoreboard`, params.growthReadSeconds, params.growthConnections)) });
    }
  }
  const byTeams = [];
  for (const level of params.growthTeams) {
    log(`scoreboard with ${level} teams…`);
    const loadStarted = performance.now();
    await useTable(`bench-teams-${level}`, level, params.growthTeamsServices);
    log(`  loaded in ${((performance.now() - loadStarted) / 1000).toFixed(1)} s`);
    byTeams.push({
      teams: level,
      awsRcu: await scoreboardAwsRcu(),
      ...(await measureRead(`${api}/teams/scoreboard`, params.growthReadSeconds, params.growthConnections)),
    });
  }

  // What one request of each kind takes, one at a time, on the last (largest) competition: the capacity profile's durations.
  log('one request at a time, for the capacity profile…');
  const profileServices = await servicesOf(api, ADMIN);
  const profiled = profileServices[0]!;
  const requestTimes = await measureRequestTimes({ api, agentToken: AGENT, adminToken: ADMIN, service: { ...profiled, team: { id: profiled.team } }, meter });
  log('what a shared round costs a pool (its agents reading the pool, claiming its slices, sending heartbeats)…');
  const poolRound = await measurePoolRound({ api, token: AGENT, meter });
  // One spectator on each page, through the CDN (issue #64's size, 50 teams × 10 services), polling, then nudged:
  // its own process and DynamoDB Local (bench/viewers.ts), so that the tables above do not slow its fold.
  log(`one viewer of each page through the CDN (${params.viewerTeams} teams × 10 services), polling then nudged, on a DynamoDB Local of its own…`);
  const { viewer, pushViewer } = lastJsonLine(
    (
      await runScript('bench/viewers.ts', [
        '--json',
        ...['--teams', String(params.viewerTeams), '--seconds', String(params.viewerSeconds)],
        ...['--quiet', String(params.viewerQuietSeconds), '--nudged-quiet', String(params.nudgedQuietSeconds), '--concurrency', String(params.concurrency)],
      ])
    ).stdout,
  );

  // Back to the main table, its fold still running; nothing kept from the growth tables' settings counts for it.
  await tableFold?.stop();
  tableFold = undefined;
  process.env.TABLE_NAME = mainTable;
  forgetFreshCopies();
  stack.fold.resume();

  // 3. Ingestion scenarios through the HTTP API, each followed by the wait until the fold has caught up.
  const scenario = async (name: string, reports: ScanReport[], concurrency: number, options: { batch?: number; pauseFold?: boolean } = {}) => {
    const { batch, pauseFold } = options;
    log(`${name}: ${reports.length} results at concurrency ${concurrency}${batch ? `, ${batch} per POST /scans` : ''}…`);
    const measured = await meter.during(() =>
      awsWritesDuring(async () => {
        if (pauseFold) await stack!.fold.pause();
        const run = await runScanAgent({ url: stack!.url, token: AGENT, reports, concurrency, batch });
        if (pauseFold) stack!.fold.resume();
        const lagStarted = performance.now();
        await stack!.fold.caughtUp(600_000);
        return { run, foldLagMs: performance.now() - lagStarted };
      }),
    );
    const { run, foldLagMs } = measured.result.result;
    const n = run.count;
    return {
      name,
      reports: n,
      requests: run.requests,
      concurrency,
      statuses: run.statuses,
      perSecond: n / run.seconds,
      p50: percentile(run.latencies, 50),
      p99: percentile(run.latencies, 99),
      foldLagMs,
      foldPaused: pauseFold === true,
      awsWcuRequest: measured.result.requestUnits / n,
      awsWcuRequestIndex: measured.result.requestIndexUnits / n,
      awsWcuFold: measured.result.foldUnits / n,
      awsWcuFoldByKind: Object.fromEntries(Object.entries(measured.result.foldUnitsByKind).map(([kind, units]) => [kind, units! / n])),
      localWcu: measured.write / n,
      localRcu: measured.read / n,
      callsRequest: measured.result.requestCalls / n,
      callsFold: measured.result.foldCalls / n,
    };
  };
  const toReport = (s: { id: number; max_score: number }, scanId: string, extra: Partial<ScanReport> = {}): ScanReport => {
    const score = Math.random() < 0.8 ? s.max_score : 0;
    return { service_id: s.id, scan_id: scanId, score, error: score === s.max_score ? null : 'timeout', ...extra };
  };
  const firstTeam = services.filter((s) => s.team === services[0]!.team);
  // The last team is the fold-lag probes' own: no other load changes its total.
  const probeTeam = services.at(-1)!.team;
  const loadServices = services.filter((s) => s.team !== probeTeam);
  log(`warm-up: ${params.warmup} results at concurrency ${params.concurrency} (not measured)…`);
  await runScanAgent({
    url: stack.url,
    token: AGENT,
    reports: roundReports(loadServices, 0, 1, 'warmup').slice(0, params.warmup),
    concurrency: params.concurrency,
  });
  await stack.fold.caughtUp(600_000);
  const steady = await scenario(`steady: ${params.rounds} rounds, one request per result`, roundReports(loadServices, 0, params.rounds), params.concurrency);
  const pausedRounds = Math.ceil(params.pausedFold / loadServices.length);
  const pausedReports = roundReports(loadServices, params.rounds, params.rounds + pausedRounds).slice(0, params.pausedFold);
  const ingestion = [
    steady,
    await scenario('steady, stream consumer paused (request path alone)', pausedReports, params.concurrency, { pauseFold: true }),
    await scenario(
      `burst: one team (${firstTeam.length} services)`,
      Array.from({ length: params.burstTeam }, (_, i) => toReport(firstTeam[i % firstTeam.length]!, `burst-team-${i}`)),
      params.burstConcurrency,
    ),
    await scenario(
      'burst: one service',
      Array.from({ length: params.burstService }, (_, i) => toReport(services[1]!, `burst-service-${i}`)),
      params.burstConcurrency,
    ),
    await scenario(
      'backlog flush, past times',
      shuffled(
        Array.from({ length: params.backlog }, (_, i) => {
          const service = loadServices[i % Math.min(loadServices.length, 100)]!;
          return toReport(service, `backlog-${i}`, { time: new Date(Date.now() - (60 + Math.floor(Math.random() * 540)) * 1000).toISOString() });
        }),
      ),
      params.concurrency,
    ),
    await scenario(
      'batched round via POST /scans',
      roundReports(loadServices, 0, Math.ceil(params.batchedRound / loadServices.length), 'batched').slice(0, params.batchedRound),
      4,
      { batch: 100 },
    ),
  ];

  // The fold's lag as a spectator sees it: a result answered 201 until GET /teams/scoreboard shows it.
  log(`fold lag: ${params.lagProbes} results, each followed on the scoreboard…`);
  const foldLag = await foldLagProbes(
    api,
    services.find((s) => s.team === probeTeam)!,
    params.lagProbes,
  );

  // 4. The public reads under load.
  const teams = (await (await fetch(`${api}/teams`)).json()) as { id: number; number: number }[];
  const middle = teams[Math.floor(teams.length / 2)]!;
  const reads = [];
  for (const path of ['/teams/scoreboard', `/teams/${middle.id}/scorecard`, '/services/status', '/services', `/services?team=${middle.number}`, '/teams']) {
    log(`loading GET ${path} for ${params.readSeconds}s…`);
    // GET /services takes seconds at 1 000 services: 16 at once would all still be running when the time is up (and count for nothing).
    const connections = path === '/services' ? 4 : params.concurrency;
    reads.push({ path, connections, ...(await measureRead(`${api}${path}`, params.readSeconds, connections)) });
  }
  // The score history of an 8-hour day (480 samples a team): from its samples, as every read did before the
  // minute's job rendered it, then from the rendered window, in this run, on the same table.
  reads.push(...(await measureHistoryReads(api)));
  // A poll whose ETag is current: answered from the public version alone.
  log(`loading GET /teams/scoreboard with a current If-None-Match for ${params.readSeconds}s…`);
  reads.push({
    path: '/teams/scoreboard (If-None-Match: 304)',
    ...(await measureRead(`${api}/teams/scoreboard`, params.readSeconds, params.concurrency, { 'if-none-match': await versionTag(`${api}/teams/scoreboard`) })),
  });

  // What spectators get through the CDN (the local stand-in), beside the origin.
  log('the origin and through the CDN stand-in…');
  const cdn = await measureThroughCdn({
    originApi: api,
    cdnApi: `${stack.cdnUrl}/api/v1`,
    cdn: stack.cdn!,
    paths: spectatorPaths(middle.id),
    seconds: params.readSeconds,
    connections: params.concurrency,
    // The public reads above are the origin's figures (same connections, same seconds).
    originMeasured: Object.fromEntries(reads.map((r) => [r.path, r])),
  });

  // 5. Cold starts of the bundles the stack deploys.
  log(`bundling every function and timing the cold starts of ${params.coldStartTimed === undefined ? 'every one' : `the ${params.coldStartTimed} largest`}…`);
  process.env.TABLE_NAME = mainTable;
  const coldStarts = await measureColdStarts({
    endpoint: dynamodb.endpoint,
    table: mainTable,
    adminToken: ADMIN,
    runs: params.coldStartRuns,
    comparisonRuns: params.coldStartComparisonRuns,
    ...(params.coldStartTimed === undefined ? {} : { timed: params.coldStartTimed }),
  });

  // 6. Figures from their own processes (each starts what it needs; the data
  // layer's one client per process would otherwise cling to this table).
  log('the web page: weight, time to draw, Lighthouse…');
  const page = lastJsonLine((await runScript('bench/page.ts', ['--teams', String(params.pageTeams)])).stdout);
  log('a stalled database: time to answer…');
  // With the production call budget: the answer to a stalled database is what it measures.
  const { SCORING_DATABASE_CALL_BUDGET_MS: _stretched, ...productionEnv } = process.env;
  const stalled = lastJsonLine((await runScript('bench/stalled.ts', ['--json'], { env: productionEnv })).stdout);
  // The agent's checks against the real daemons took the default run about 2 min of its 8: --full only, as its round
  // end to end through the API (npm run bench:agent runs both).
  let agent;
  if (full) {
    log("the scoring agent's checks against loopback servers…");
    await runScript('bench/agent.ts', []);
    agent = JSON.parse(readFileSync(resolve(import.meta.dirname, 'results/agent-latest.json'), 'utf8'));
  }
  const history = lastJsonLine((await runScript('bench/history.ts', ['--json', '--results', quick ? '500' : '2000'])).stdout);
  const voids = lastJsonLine((await runScript('bench/void.ts', ['--json', '--results', quick ? '1000' : full ? '5000' : '2000'])).stdout);
  // Debriefs at an event's size: 250 teams, a sample of them built (issue #62).
  const debriefs = lastJsonLine(
    (await runScript('bench/debriefs.ts', ['--json', '--teams', quick ? '50' : '250', '--sample', quick ? '2' : '5', '--results', quick ? '10' : '30'])).stdout,
  );

  // A red team beacon's check-in: counted, not, refused, and a team's beacons at once (issue #63).
  const beacons = lastJsonLine((await runScript('bench/beacons.ts', ['--json', '--rounds', quick ? '10' : '30'])).stdout);

  const when = new Date().toISOString();
  // The cost model's inputs, from a run at the default size or larger (a quick or resized run would misstate them).
  const profileRun = !quick && values.teams === undefined && values.services === undefined && values.rounds === undefined;
  const scoreboard250 = byTeams.find((x) => x.teams === 250);
  const capacityProfile = scoreboard250 && capacityProfileFrom({ when, steady, scoreboard250, times: requestTimes });
  if (profileRun && capacityProfile) {
    await writeCapacityProfile(capacityProfile);
    log('wrote lib/cost/capacity-profile.json and the cost section of docs/deploying.md (npm run cost -- --markdown)');
  }

  const report = {
    when,
    machine: { cores: cpus().length, cpu: cpus()[0]?.model ?? 'unknown', memoryGiB: Math.round(totalmem() / 2 ** 30), node: process.version },
    parameters: params,
    load: { seconds: loadSeconds, items: params.teams * (1 + params.servicesPerTeam) },
    ingestion,
    foldLag,
    reads,
    cdn,
    viewer,
    pushViewer,
    growth: { byRounds, byTeams },
    coldStarts,
    page,
    stalled,
    agent,
    requestTimes,
    poolRound,
    capacityProfile: capacityProfile ? { written: profileRun, ...capacityProfile } : undefined,
    seconds: (performance.now() - benchStarted) / 1000,
    history,
    voids,
    debriefs,
    beacons,
  };
  const outDir = resolve(import.meta.dirname, 'results');
  mkdirSync(outDir, { recursive: true });
  const outFile = join(outDir, `bench-${report.when.replace(/[:.]/g, '-')}.json`);
  writeFileSync(outFile, JSON.stringify(report, null, 2));
  writeFileSync(join(outDir, 'latest.json'), JSON.stringify(report, null, 2));
  printReport(report);
  console.log(`\nJSON: ${outFile}`);
  // The latest default run's figures are the benchmark page's (docs/benchmark.md); a quick or resized run leaves them.
  if (profileRun) {
    replaceSection('docs/benchmark.md', 'bench', ['```', ...reportLines(report).filter((line, i) => i > 0 || line !== ''), '```'].join('\n'));
    console.log('wrote the figures to docs/benchmark.md');
  }
} finally {
  await tableFold?.stop();
  await stack?.stop();
  await dynamodb.stop();
}
process.exit(0);

/** The JSON figures a child benchmark prints as its last line. */
function lastJsonLine(stdout: string) {
  return JSON.parse(stdout.trim().split('\n').at(-1)!);
}

/** Switches the running server to a fresh table holding a generated competition. */
async function useTable(name: string, teams: number, servicesPerTeam: number) {
  await tableFold?.stop();
  process.env.TABLE_NAME = name;
  await ensureTable(name);
  tableFold = await startFoldPoller(dynamodb.endpoint, name);
  const competition = validateCompetition(generateCompetition(teams, servicesPerTeam));
  if (!competition.ok) throw new Error(JSON.stringify(competition.errors));
  await loadCompetition(competition.value, { replace: false, loadedBy: 'bench', audit: BENCH_AUDIT });
  await createToken({ role: 'admin', name: 'bench admin', expiresAt: null, token: ADMIN, audit: BENCH_AUDIT });
  await createToken({ role: 'service', name: 'bench agent', expiresAt: null, token: AGENT, audit: BENCH_AUDIT });
  return servicesOf(`${stack!.url}/api/v1`, ADMIN);
}

/**
 * The scoreboard's read units in AWS terms (eventually consistent: 0.5 RCU
 * per 4 KB): the teams Query by its bytes, one BatchGetItem key per team's
 * TOTALS (each at least 0.5, found or not), the super types and the settings.
 */
/**
 * What one GET /teams/scoreboard reads in AWS, from the items it reads: one
 * Query per shard of the standings projection (a Query is charged on the sum
 * of the items it returns, rounded up to 4 KB once) and the public version's
 * GetItem, eventually consistent. The settings and the super types are kept
 * 5 s by each function (data/fresh.ts): under load they cost no read per request.
 */
async function scoreboardAwsRcu(): Promise<number> {
  const half = (bytes: number) => Math.max(0.5, Math.ceil(bytes / 4096) * 0.5);
  const shards = await Promise.all(standingsPartitions().map((pk) => queryPartition(pk)));
  return shards.reduce((n, items) => n + half(items.reduce((sum, item) => sum + itemBytes(item), 0)), 0) + 0.5;
}

async function measureRead(url: string, seconds: number, connections = params.concurrency, headers?: Record<string, string>) {
  const bytes = (await (await fetch(url, { headers })).arrayBuffer()).byteLength;
  const run = await meter.during(() => autocannon(url, { connections, seconds, headers }));
  // A conditional read expects 304s (which autocannon counts as non-2xx): then a 2xx is the failure.
  const conditional = headers?.['if-none-match'] !== undefined;
  return {
    rps: run.result.rps,
    p50: run.result.p50,
    p99: run.result.p99,
    requests: run.result.requests,
    failures: run.result.errors + (conditional ? run.result.requests - run.result.non2xx : run.result.non2xx),
    bytes,
    rcuPerRequest: run.read / Math.max(1, run.result.requests),
    // Eventually consistent reads cost 0.5 RCU per 4 KB: what the returned bytes alone would need.
    minRcuPerRequest: Math.ceil(bytes / 4096) * 0.5,
  };
}

/**
 * GET /teams/scoreboard/history at 480 one-minute samples: the samples written
 * the way the minute's job writes them, then read with the windows removed (a
 * Query of 480 items, as before the job rendered them), then once the next
 * minute's snapshot has rendered the window again (one item).
 */
async function measureHistoryReads(api: string) {
  const SAMPLES = 480;
  const now = Date.parse(sampleTimeOf(new Date()));
  log(`the score history: ${SAMPLES} samples…`);
  const { scoreboard } = (await (await fetch(`${api}/teams/scoreboard`)).json()) as { scoreboard: { team: { id: number }; total_score: number }[] };
  const totalsAt = (minutesAgo: number) =>
    Object.fromEntries(scoreboard.map((row) => [String(row.team.id), Math.round((row.total_score * (SAMPLES - minutesAgo)) / SAMPLES)]));
  // The samples as the minute's job writes them (without rendering a window each time: the read below is the one without).
  const samples = Array.from({ length: SAMPLES - 1 }, (_, i) => SAMPLES - 1 - i).flatMap((ago) => {
    const time = new Date(now - ago * 60_000).toISOString().replace('.000Z', 'Z');
    return resolutionsOf(time).map((r) => ({ PutRequest: { Item: { ...historyKeys.sample(r, time), time, totals: totalsAt(ago) } } }));
  });
  await batchWrite([...samples, ...RESOLUTIONS_SECONDS.map((r) => ({ DeleteRequest: { Key: historyKeys.window(r) } }))]);
  const url = `${api}/teams/scoreboard/history`;
  const fromSamples = { path: `/teams/scoreboard/history (${SAMPLES - 1} samples, Query)`, ...(await measureRead(url, params.readSeconds)) };
  // The next minute's snapshot: no window yet, so it is built from the samples, then kept.
  await writeSnapshot({ time: new Date(now).toISOString().replace('.000Z', 'Z'), totals: totalsAt(0) }, [60]);
  const fromWindow = { path: `/teams/scoreboard/history (${SAMPLES} samples, window)`, ...(await measureRead(url, params.readSeconds)) };
  return [fromSamples, fromWindow];
}

/** A public view's version tag (`"v-…"`), once the public version has settled (a content tag before). */
async function versionTag(url: string): Promise<string> {
  for (let attempt = 0; attempt < 100; attempt++) {
    const etag = (await fetch(url)).headers.get('etag');
    if (etag?.startsWith('"v-')) return etag;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`${url} never carried a version tag`);
}

/**
 * Sends results one at a time for a service of a team no other load touches
 * and times each from its 201 until GET /teams/scoreboard shows the team's
 * new total (polled every 50 ms): the lag a spectator sees.
 */
async function foldLagProbes(api: string, service: { id: number; max_score: number; team: number }, count: number) {
  const totalOf = async () => {
    const board = (await (await fetch(`${api}/teams/scoreboard`)).json()) as { scoreboard: { team: { id: number }; total_score: number }[] };
    return board.scoreboard.find((row) => row.team.id === service.team)?.total_score ?? 0;
  };
  const lags: number[] = [];
  let missed = 0;
  for (let i = 0; i < count; i++) {
    const before = await totalOf();
    const response = await fetch(`${api}/services/${service.id}/scans`, {
      method: 'POST',
      headers: { authorization: `Bearer ${AGENT}`, 'content-type': 'application/json' },
      body: JSON.stringify({ scan_id: `lag-${i}`, score: service.max_score, error: null }),
    });
    await response.arrayBuffer();
    const answered = performance.now();
    if (response.status !== 201) throw new Error(`a fold-lag probe answered ${response.status}`);
    let seen = false;
    while (performance.now() - answered < 30_000) {
      if ((await totalOf()) > before) {
        seen = true;
        break;
      }
      await new Promise((r) => setTimeout(r, 50));
    }
    if (seen) lags.push(performance.now() - answered);
    else missed++;
    await new Promise((r) => setTimeout(r, 200));
  }
  return { probes: count, missed, p50: percentile(lags, 50), p99: percentile(lags, 99), max: Math.max(0, ...lags) };
}
