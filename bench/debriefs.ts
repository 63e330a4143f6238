#!/usr/bin/env -S node --import tsx
/**
 * What teams' debriefs cost (issue #62) at an event's size: 250 teams × 20
 * services loaded; a sample of teams given a history of results; each of
 * their debriefs built as the export worker builds it (the field read once,
 * then the team's own items by key), timed and priced in AWS read units
 * (consistent: a Query 4 KB of what it returns, an item read 4 KB an item), and what it keeps
 * (gzipped) measured; the organisers' table of ranks over all 250, its time,
 * units and bytes (JSON and CSV). A team's build reads each of its services'
 * results once, so its units grow with the results: the figure for a 72-hour
 * event of 60-second rounds is worked out from the measured bytes per result.
 *
 *   node --import tsx bench/debriefs.ts [--teams 250] [--services 20] [--sample 5] [--results 30] [--json]
 */
import { gzipSync } from 'node:zlib';
import { parseArgs } from 'node:util';
import { builtDebrief, fieldOf, summaryOfDebriefs } from '#shared/app/debriefs';
import { mapBounded } from '#shared/bounded';
import { recordScanResult } from '#shared/app/scans';
import { systemActor } from '#shared/data/audit';
import { commandObservers } from '#shared/data/client';
import { loadCompetition } from '#shared/data/competition';
import { listServiceRecords } from '#shared/data/services';
import { ensureTable } from '#shared/data/table';
import { validateCompetition } from '#shared/domain/competition';
import { summaryCsv } from '#shared/domain/debrief-table';
import { startDynamoDbLocal } from '../lib/local/dynamodb-local';
import { itemBytes } from './aws-units';
import { formatDebriefCost, type DebriefCost } from './debrief-figures';
import { generateCompetition } from './generate';

const { values } = parseArgs({
  options: {
    teams: { type: 'string', default: '250' },
    services: { type: 'string', default: '20' },
    sample: { type: 'string', default: '5' },
    results: { type: 'string', default: '30' },
    json: { type: 'boolean', default: false },
  },
});
const [teams, servicesPerTeam, sample, resultsPerService] = [values.teams, values.services, values.sample, values.results].map(Number) as [
  number,
  number,
  number,
  number,
];

process.env.LOG_LEVEL = 'silent';
const dynamodb = await startDynamoDbLocal();
try {
  process.env.DYNAMODB_ENDPOINT = dynamodb.endpoint;
  process.env.TABLE_NAME = 'bench-debriefs';
  await ensureTable(process.env.TABLE_NAME);
  const parsed = validateCompetition(generateCompetition(teams, servicesPerTeam));
  if (!parsed.ok) throw new Error('the generated competition is invalid');
  await loadCompetition(parsed.value, { replace: false, loadedBy: 'bench', audit: { actor: systemActor('bench'), route: 'npm run bench' } });

  // The sample's history: a result a minute per service, every fifth failed with a reason.
  const services = await listServiceRecords();
  const sampled = [...new Set(services.map((s) => s.service.team.id))].slice(0, sample);
  const started = Date.parse('2026-11-22T09:00:00Z');
  const time = (n: number) => new Date(started + n * 60_000).toISOString().replace(/\.\d{3}Z$/, 'Z');
  const writes = services
    .filter((s) => sampled.includes(s.service.team.id))
    .flatMap((record) => Array.from({ length: resultsPerService }, (_, n) => ({ record, n })));
  await mapBounded(writes, 16, ({ record, n }) => {
    const score = n % 5 === 0 ? 0 : record.service.max_score;
    return recordScanResult(record.service.id, { scan_id: `d-${n}`, score, error: score ? null : 'connection refused on port 80', time: time(n) });
  });

  // AWS read units, consistent: a Query 4 KB of what it returns, rounded up per call; a GetItem or BatchGetItem 4 KB
  // per item, each rounded up (DynamoDB's rule). Bytes as DynamoDB sizes items (./aws-units).
  let units = 0;
  let resultBytes = 0;
  commandObservers.add(({ command, input, output }) => {
    const answer = output as { Items?: Record<string, unknown>[]; Item?: Record<string, unknown>; Responses?: Record<string, Record<string, unknown>[]> };
    if (command.startsWith('Query')) {
      const items = answer.Items ?? [];
      units += Math.max(1, Math.ceil(items.reduce((sum, item) => sum + itemBytes(item), 0) / 4096));
      if (JSON.stringify(input).includes('SCANID#') && items[0]) resultBytes = itemBytes(items[0]);
    } else if (command.startsWith('GetItem')) {
      units += Math.max(1, Math.ceil(itemBytes(answer.Item ?? {}) / 4096));
    } else if (command.startsWith('BatchGet')) {
      for (const item of Object.values(answer.Responses ?? {}).flat()) units += Math.ceil(itemBytes(item) / 4096);
    }
  });
  const measured = async <T>(work: () => Promise<T>) => {
    units = 0;
    const t = performance.now();
    const result = await work();
    return { result, ms: performance.now() - t, awsRcu: units };
  };

  const field = await measured(() => fieldOf(undefined));
  const runs: number[] = [];
  const buildUnits: number[] = [];
  let storedBytes = 0;
  for (const team of sampled) {
    const built = await measured(() => builtDebrief(team, field.result));
    runs.push(Math.round(built.ms));
    buildUnits.push(built.awsRcu);
    storedBytes = Math.max(storedBytes, gzipSync(JSON.stringify(built.result)).length);
  }
  const median = (list: number[]) => [...list].sort((a, b) => a - b)[Math.floor(list.length / 2)]!;
  // What a build costs whatever the results: a team of the same size with none (its histories are empty Queries).
  const unsampled = [...new Set(services.map((s) => s.service.team.id))].filter((id) => !sampled.includes(id)).slice(0, 3);
  const fixedRuns: number[] = [];
  for (const team of unsampled) fixedRuns.push(Math.round((await measured(() => builtDebrief(team, field.result))).ms));
  const fixedMs = fixedRuns.length > 0 ? median(fixedRuns) : 0;
  const summary = await measured(() => summaryOfDebriefs());
  const at72h = 72 * 60;
  const cost: DebriefCost = {
    teams,
    servicesPerTeam,
    resultsPerService,
    field: { ms: Math.round(field.ms), awsRcu: field.awsRcu },
    perTeam: { medianMs: median(runs), runs, awsRcu: median(buildUnits), storedBytes, resultBytes },
    // Each service's results are one Query's pages: its units grow with the bytes, the rest of the build's stay.
    perTeamAt72h: {
      results: at72h,
      awsRcu: median(buildUnits) + servicesPerTeam * Math.ceil(((at72h - resultsPerService) * resultBytes) / 4096),
      // Its time grows with the results it reads: the sample's time per result beyond a team's without any, on this
      // machine's DynamoDB Local.
      ms: Math.round(fixedMs + (Math.max(0, median(runs) - fixedMs) * at72h) / resultsPerService),
    },
    summary: {
      ms: Math.round(summary.ms),
      awsRcu: summary.awsRcu,
      jsonBytes: Buffer.byteLength(JSON.stringify(summary.result)),
      csvBytes: Buffer.byteLength(summaryCsv(summary.result)),
    },
  };
  if (values.json) console.log(JSON.stringify(cost));
  else console.log(formatDebriefCost(cost));
} finally {
  await dynamodb.stop();
}
process.exit(0);
