#!/usr/bin/env -S node --import tsx
/**
 * `npm run bench [-- --quick] [--teams 100 --services 10 --rounds 50 --concurrency 16 --duration 10]`
 *
 * Measures the service on the local twin (DynamoDB Local + the local API
 * Gateway): ingestion of scan reports, the public reads under load, how the
 * scoreboard's cost grows with rounds and teams, and each function's bundle
 * size and cold start. Prints a table and writes the same as JSON to
 * bench/results/. Starts and stops everything it uses.
 */
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { cpus, tmpdir, totalmem } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { loadCompetition } from '#shared/data/competition';
import { ensureTable } from '#shared/data/table';
import { createToken } from '#shared/data/tokens';
import { validateCompetition } from '#shared/domain/competition';
import { startDynamoDbLocal } from '../lib/local/dynamodb-local';
import { startLocalStack } from '../lib/local/local-stack';
import { capacityMeter } from './capacity';
import { measureColdStarts } from './cold-start';
import { generateCompetition } from './generate';
import { autocannon, percentile, runScanAgent } from './load';
import { runScript } from './process';
import { printReport } from './report';

const { values } = parseArgs({
  options: {
    quick: { type: 'boolean', default: false },
    teams: { type: 'string' },
    services: { type: 'string' },
    rounds: { type: 'string' },
    concurrency: { type: 'string', default: '16' },
    duration: { type: 'string' },
  },
});
const quick = values.quick;
const params = {
  teams: Number(values.teams ?? (quick ? 20 : 100)),
  servicesPerTeam: Number(values.services ?? (quick ? 5 : 10)),
  rounds: Number(values.rounds ?? (quick ? 5 : 50)),
  concurrency: Number(values.concurrency),
  readSeconds: Number(values.duration ?? (quick ? 2 : 5)),
  growthRounds: quick ? [5, 10, 20] : [10, 100, 1000],
  // The scoreboard reads team totals only, so a small competition shows how it grows with rounds.
  growthRoundsServices: { teams: 5, servicesPerTeam: 1 },
  // A team number is an octet of its addresses (settings.dns_address_template), so 255 teams is the ceiling.
  growthTeams: quick ? [10, 50, 100] : [10, 100, 250],
  coldStartRuns: quick ? 1 : 3,
};

process.env.DYNAMODB_RETURN_CAPACITY = '1';
process.env.LOG_LEVEL = 'silent';
const ADMIN = `ccdc_00000a11_${'a'.repeat(43)}`;
const AGENT = `ccdc_00000b22_${'b'.repeat(43)}`;
const log = (line: string) => process.stderr.write(`${line}\n`);

const dynamodb = await startDynamoDbLocal();
const meter = capacityMeter();
let stack: Awaited<ReturnType<typeof startLocalStack>> | undefined;
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

  stack = await startLocalStack({ port: 0, dynamodbEndpoint: dynamodb.endpoint, adminToken: ADMIN, serviceToken: AGENT });
  const api = `${stack.url}/api/v1`;
  const services = await servicesOf(api);

  // 2. Ingestion: R rounds of scan reports through the HTTP API.
  log(`replaying ${params.rounds} rounds of ${services.length} scan reports at concurrency ${params.concurrency}…`);
  const ingestion = await meter.during(() =>
    runScanAgent({ url: stack!.url, token: AGENT, services, fromRound: 0, toRound: params.rounds, concurrency: params.concurrency }),
  );

  // 3. The public reads under load.
  const teams = (await (await fetch(`${api}/teams`)).json()) as { id: number; number: number }[];
  const middle = teams[Math.floor(teams.length / 2)]!;
  const reads = [];
  for (const path of ['/teams/scoreboard', `/teams/${middle.id}/scorecard`, `/services?team=${middle.number}`, '/teams']) {
    log(`loading GET ${path} for ${params.readSeconds}s…`);
    reads.push({ path, ...(await measureRead(`${api}${path}`, params.readSeconds)) });
  }

  // 4. Growth: the scoreboard as rounds accumulate, and as teams are added.
  const byRounds = [];
  {
    const { teams: t, servicesPerTeam: s } = params.growthRoundsServices;
    const growthServices = await useTable(`bench-rounds`, t, s);
    let done = 0;
    for (const level of params.growthRounds) {
      log(`scoreboard after ${level} rounds (${t} teams × ${s} services)…`);
      await runScanAgent({ url: stack.url, token: AGENT, services: growthServices, fromRound: done, toRound: level, concurrency: params.concurrency });
      done = level;
      byRounds.push({ rounds: level, ...(await measureRead(`${api}/teams/scoreboard`, Math.min(params.readSeconds, 3))) });
    }
  }
  const byTeams = [];
  for (const level of params.growthTeams) {
    log(`scoreboard with ${level} teams…`);
    await useTable(`bench-teams-${level}`, level, params.servicesPerTeam);
    byTeams.push({ teams: level, ...(await measureRead(`${api}/teams/scoreboard`, Math.min(params.readSeconds, 3))) });
  }

  // 5. Cold starts of the bundles the stack deploys.
  log('bundling every function and timing cold starts…');
  process.env.TABLE_NAME = mainTable;
  const coldStarts = await measureColdStarts({ endpoint: dynamodb.endpoint, table: mainTable, adminToken: ADMIN, runs: params.coldStartRuns });

  const report = {
    when: new Date().toISOString(),
    machine: { cores: cpus().length, cpu: cpus()[0]?.model ?? 'unknown', memoryGiB: Math.round(totalmem() / 2 ** 30), node: process.version },
    parameters: params,
    load: { seconds: loadSeconds, items: params.teams * (1 + params.servicesPerTeam) },
    ingestion: {
      reports: ingestion.result.count,
      statuses: ingestion.result.statuses,
      seconds: ingestion.result.seconds,
      perSecond: ingestion.result.count / ingestion.result.seconds,
      p50: percentile(ingestion.result.latencies, 50),
      p99: percentile(ingestion.result.latencies, 99),
      wcuPerReport: ingestion.write / ingestion.result.count,
      rcuPerReport: ingestion.read / ingestion.result.count,
      dynamodbCallsPerReport: ingestion.commands / ingestion.result.count,
    },
    reads,
    growth: { byRounds, byTeams },
    coldStarts,
  };
  const outDir = resolve(import.meta.dirname, 'results');
  mkdirSync(outDir, { recursive: true });
  const outFile = join(outDir, `bench-${report.when.replace(/[:.]/g, '-')}.json`);
  writeFileSync(outFile, JSON.stringify(report, null, 2));
  writeFileSync(join(outDir, 'latest.json'), JSON.stringify(report, null, 2));
  printReport(report);
  console.log(`\nJSON: ${outFile}`);
} finally {
  await stack?.stop();
  await dynamodb.stop();
}
process.exit(0);

async function servicesOf(api: string) {
  const response = await fetch(`${api}/services`, { headers: { authorization: `Bearer ${ADMIN}` } });
  return ((await response.json()) as { id: number; max_score: number }[]).map(({ id, max_score }) => ({ id, max_score }));
}

/** Switches the running server to a fresh table holding a generated competition. */
async function useTable(name: string, teams: number, servicesPerTeam: number) {
  process.env.TABLE_NAME = name;
  await ensureTable(name);
  const competition = validateCompetition(generateCompetition(teams, servicesPerTeam));
  if (!competition.ok) throw new Error(JSON.stringify(competition.errors));
  await loadCompetition(competition.value, { replace: false, loadedBy: 'bench' });
  await createToken({ role: 'admin', name: 'bench admin', expiresAt: null, token: ADMIN });
  await createToken({ role: 'service', name: 'bench agent', expiresAt: null, token: AGENT });
  return servicesOf(`${stack!.url}/api/v1`);
}

async function measureRead(url: string, seconds: number) {
  const bytes = (await (await fetch(url)).arrayBuffer()).byteLength;
  const run = await meter.during(() => autocannon(url, { connections: params.concurrency, seconds }));
  return {
    rps: run.result.rps,
    p50: run.result.p50,
    p99: run.result.p99,
    requests: run.result.requests,
    failures: run.result.errors + run.result.non2xx,
    bytes,
    rcuPerRequest: run.read / Math.max(1, run.result.requests),
    // Eventually consistent reads cost 0.5 RCU per 4 KB: what the returned bytes alone would need.
    minRcuPerRequest: Math.ceil(bytes / 4096) * 0.5,
  };
}
