#!/usr/bin/env -S node --import tsx
/**
 * What a service's history costs to read: a page of `GET
 * /services/:id/scans` (one Query of the history index), and the fold's
 * recomputation of a service's SLA run when a result arrives late (one
 * consistent Query of every result of the service), as the history grows.
 *
 *   node --import tsx bench/history.ts [--results 2000] [--json]
 *
 * Its own process with its own DynamoDB Local (the data layer keeps one
 * client per process). AWS read units come from the bytes each Query
 * returns (4 KB per unit; half for an eventually consistent read);
 * DynamoDB Local's own figures are shown beside them.
 */
import { parseArgs } from 'node:util';
import { systemActor } from '#shared/data/audit';
import { loadCompetition } from '#shared/data/competition';
import { storedResults, scanHistoryPage, type HistoryPosition } from '#shared/data/results';
import { recordScanResult } from '#shared/app/scans';
import { listServiceRecords } from '#shared/data/services';
import { ensureTable } from '#shared/data/table';
import { commandObservers } from '#shared/data/client';
import { validateCompetition } from '#shared/domain/competition';
import { startDynamoDbLocal } from '../lib/local/dynamodb-local';
import { itemBytes } from './aws-units';
import { capacityMeter } from './capacity';
import { generateCompetition } from './generate';
import { percentile } from './load';

export interface HistoryCost {
  results: number;
  page: { size: number; pages: number; p50Ms: number; awsRcu: number; localRcu: number };
  slaRecompute: { results: number; p50Ms: number; awsRcu: number; localRcu: number }[];
}

const { values } = parseArgs({ options: { results: { type: 'string', default: '2000' }, json: { type: 'boolean', default: false } } });

process.env.DYNAMODB_RETURN_CAPACITY = '1';
process.env.LOG_LEVEL = 'silent';
const total = Number(values.results);
const dynamodb = await startDynamoDbLocal();
try {
  process.env.DYNAMODB_ENDPOINT = dynamodb.endpoint;
  process.env.TABLE_NAME = 'bench-history';
  await ensureTable(process.env.TABLE_NAME);
  const parsed = validateCompetition(generateCompetition(1, 1));
  if (!parsed.ok) throw new Error('the generated competition is invalid');
  await loadCompetition(parsed.value, { replace: false, loadedBy: 'bench', audit: { actor: systemActor('bench'), route: 'npm run bench' } });
  const [service] = await listServiceRecords();
  const id = service!.service.id;
  const meter = capacityMeter();
  // Bytes returned per Query, for AWS read units.
  let bytes = 0;
  commandObservers.add(({ output }) => {
    for (const item of (output as { Items?: Record<string, unknown>[] }).Items ?? []) bytes += itemBytes(item);
  });
  const rcu = (b: number, consistent: boolean) => Math.max(1, Math.ceil(b / 4096)) * (consistent ? 1 : 0.5);

  const slaRecompute: HistoryCost['slaRecompute'] = [];
  const started = Date.parse('2026-11-22T09:00:00Z');
  let written = 0;
  for (const level of [Math.round(total / 4), total]) {
    // One result a minute (a day of checks is 1 440), every fifth one failed.
    for (let next = written; next < level; next += 16) {
      await Promise.all(
        Array.from({ length: Math.min(16, level - next) }, (_, i) => {
          const n = next + i;
          const score = n % 5 === 0 ? 0 : service!.service.max_score;
          return recordScanResult(id, {
            scan_id: `h-${n}`,
            score,
            error: score ? null : 'down',
            time: new Date(started + n * 60_000).toISOString().replace(/\.\d{3}Z$/, 'Z'),
          });
        }),
      );
    }
    written = level;
    const times: number[] = [];
    let units = { aws: 0, local: 0 };
    for (let run = 0; run < 5; run++) {
      bytes = 0;
      const t = performance.now();
      const measured = await meter.during(() => storedResults(id));
      times.push(performance.now() - t);
      units = { aws: rcu(bytes, true), local: measured.read };
    }
    slaRecompute.push({ results: level, p50Ms: percentile(times, 50), awsRcu: units.aws, localRcu: units.local });
  }

  const size = 100;
  const pageTimes: number[] = [];
  let awsRcu = 0;
  let localRcu = 0;
  let pages = 0;
  let after: HistoryPosition | undefined;
  do {
    bytes = 0;
    const t = performance.now();
    const measured = await meter.during(() => scanHistoryPage(id, size, after));
    pageTimes.push(performance.now() - t);
    awsRcu += rcu(bytes, false);
    localRcu += measured.read;
    pages++;
    after = measured.result.next;
  } while (after && pages < 20);

  const result: HistoryCost = {
    results: total,
    page: { size, pages, p50Ms: percentile(pageTimes, 50), awsRcu: awsRcu / pages, localRcu: localRcu / pages },
    slaRecompute,
  };
  if (values.json) console.log(JSON.stringify(result));
  else console.log(formatHistoryCost(result));
} finally {
  await dynamodb.stop();
}
process.exit(0);

function formatHistoryCost(r: HistoryCost): string {
  return [
    `History page (GET /services/:id/scans, ${r.page.size} per page, ${r.page.pages} pages of ${r.results} results): ` +
      `p50 ${r.page.p50Ms.toFixed(1)} ms, ${r.page.awsRcu.toFixed(1)} AWS RCU (${r.page.localRcu.toFixed(1)} local) per page — one Query`,
    ...r.slaRecompute.map(
      (s) =>
        `SLA run recomputed after a late result, service with ${s.results} results: p50 ${s.p50Ms.toFixed(1)} ms, ${s.awsRcu} AWS RCU (${s.localRcu.toFixed(1)} local) — one consistent Query`,
    ),
  ].join('\n');
}
