#!/usr/bin/env -S node --import tsx
/**
 * What a void of 5 000 results costs: the preview (the set read from the
 * history index, each affected team's history read to recompute its total),
 * the confirmation (the set read again for its fingerprint), and the job the
 * stream consumer runs (one conditional UpdateItem per result, a job-item
 * update per chunk), until the fold has taken every flip.
 *
 *   node --import tsx bench/void.ts [--results 5000] [--json]
 *
 * Its own process with its own DynamoDB Local and the fold consumer on its
 * stream (as `npm start` runs it). AWS write units: a flip rewrites the
 * result item and its history-index entry (`voided` is projected), each
 * priced by size (1 KB per unit); read units from the bytes the Queries
 * return (4 KB per unit, consistent). DynamoDB Local's figures beside them.
 */
import { parseArgs } from 'node:util';
import { systemActor } from '#shared/data/audit';
import { commandObservers } from '#shared/data/client';
import { loadCompetition } from '#shared/data/competition';
import { storedResults } from '#shared/data/results';
import { recordScanResult } from '#shared/app/scans';
import { listServiceRecords } from '#shared/data/services';
import { ensureTable } from '#shared/data/table';
import { applyVoid, getVoidJob, previewVoid } from '#shared/app/voids';
import { validateCompetition } from '#shared/domain/competition';
import { handler as foldResults } from '../functions/scoring/fold-results';
import { startDynamoDbLocal } from '../lib/local/dynamodb-local';
import { startStreamPoller } from '../lib/local/stream-poller';
import { itemBytes } from './aws-units';
import { capacityMeter } from './capacity';
import { generateCompetition } from './generate';

export interface VoidCost {
  results: number;
  preview: { ms: number; awsRcu: number; localRcu: number };
  confirm: { ms: number; awsRcu: number };
  job: { ms: number; flipped: number; awsWcu: number; localWcu: number; awsRcu: number };
}

const { values } = parseArgs({ options: { results: { type: 'string', default: '5000' }, json: { type: 'boolean', default: false } } });

process.env.DYNAMODB_RETURN_CAPACITY = '1';
process.env.LOG_LEVEL = 'silent';
const total = Number(values.results);
const dynamodb = await startDynamoDbLocal();
let poller: Awaited<ReturnType<typeof startStreamPoller>> | undefined;
try {
  process.env.DYNAMODB_ENDPOINT = dynamodb.endpoint;
  process.env.TABLE_NAME = 'bench-void';
  await ensureTable(process.env.TABLE_NAME);
  const parsed = validateCompetition(generateCompetition(2, 5));
  if (!parsed.ok) throw new Error('the generated competition is invalid');
  const audit = { actor: systemActor('bench'), route: 'npm run bench' };
  await loadCompetition(parsed.value, { replace: false, loadedBy: 'bench', audit });
  poller = await startStreamPoller({
    endpoint: dynamodb.endpoint,
    tableName: process.env.TABLE_NAME,
    handler: foldResults,
    onError: (e) => console.error('fold', e),
  });
  const services = await listServiceRecords();
  const team = services[0]!.service.team.id;
  const ofTeam = services.filter((s) => s.service.team.id === team);
  // One team's results, one a minute per service from 09:00, every fifth failed; the void takes them all.
  const started = Date.parse('2026-11-22T09:00:00Z');
  const perService = Math.ceil(total / ofTeam.length);
  const time = (n: number) => new Date(started + n * 60_000).toISOString().replace(/\.\d{3}Z$/, 'Z');
  for (const s of ofTeam) {
    for (let next = 0; next < perService; next += 16) {
      await Promise.all(
        Array.from({ length: Math.min(16, perService - next) }, (_, i) => {
          const n = next + i;
          const score = n % 5 === 0 ? 0 : s.service.max_score;
          return recordScanResult(s.service.id, { scan_id: `v-${n}`, score, error: score ? null : 'down', time: time(n) });
        }),
      );
    }
  }
  await poller.caughtUp();
  const resultBytes = itemBytes((await storedResults(ofTeam[0]!.service.id))[0] as unknown as Record<string, unknown>);

  const meter = capacityMeter();
  let bytes = 0;
  commandObservers.add(({ command, output }) => {
    if (command.startsWith('Query')) for (const item of (output as { Items?: Record<string, unknown>[] }).Items ?? []) bytes += itemBytes(item);
  });
  const rcu = (b: number) => Math.ceil(b / 4096);
  const filter = { from: time(0), to: time(perService), team_id: team, subtype_id: null };

  bytes = 0;
  let t = performance.now();
  const preview = await meter.during(() => previewVoid('void', filter));
  const previewCost = { ms: performance.now() - t, awsRcu: rcu(bytes), localRcu: preview.read };

  bytes = 0;
  t = performance.now();
  const applied = await applyVoid(preview.result.preview_id, 'void', filter, audit);
  if (applied.kind !== 'started') throw new Error(`the void did not start: ${applied.kind}`);
  const confirmCost = { ms: performance.now() - t, awsRcu: rcu(bytes) };

  bytes = 0;
  t = performance.now();
  const job = await meter.during(async () => {
    for (;;) {
      const now = (await getVoidJob(preview.result.preview_id))!;
      if (now.status === 'done') return now;
      await new Promise((r) => setTimeout(r, 50));
    }
  });
  await poller.caughtUp();
  const jobMs = performance.now() - t;
  const wcu = (b: number) => Math.ceil(b / 1024);
  const chunks = Math.ceil(job.result.flipped / 100) + ofTeam.length;
  const result: VoidCost = {
    results: preview.result.count,
    preview: previewCost,
    confirm: confirmCost,
    job: {
      ms: jobMs,
      flipped: job.result.flipped,
      // Each flip: the result and its history-index entry; each step: the job item (about 1 KB).
      awsWcu: job.result.flipped * 2 * wcu(resultBytes) + chunks,
      localWcu: job.write,
      awsRcu: rcu(bytes),
    },
  };
  if (values.json) console.log(JSON.stringify(result));
  else console.log(formatVoidCost(result));
} finally {
  await poller?.stop();
  await dynamodb.stop();
}
process.exit(0);

function formatVoidCost(r: VoidCost): string {
  return [
    `Void of ${r.results} results — preview: ${(r.preview.ms / 1000).toFixed(1)} s, ${r.preview.awsRcu} AWS RCU (${r.preview.localRcu.toFixed(0)} local); ` +
      `confirm (set read again, after the preview's second settles): ${(r.confirm.ms / 1000).toFixed(1)} s, ${r.confirm.awsRcu} AWS RCU`,
    `  job to done and folded: ${(r.job.ms / 1000).toFixed(1)} s, ${r.job.flipped} results flipped, ~${r.job.awsWcu} AWS WCU (${r.job.localWcu.toFixed(0)} local, the fold's own writes included), ${r.job.awsRcu} AWS RCU of Queries`,
  ].join('\n');
}
