/**
 * The local event source mapping keeps its place as AWS's does
 * (lib/local/stream-poller.ts, `checkpointFile`): a consumer started again on
 * the checkpoint gets only what follows what was answered, and a batch that
 * was handed over but never answered (the consumer died mid-batch) comes
 * again: at least once, never from the stream's start. And it gathers a
 * batch for the stack's batching window, as the mapping does.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { DynamoDBStreamEvent } from 'aws-lambda';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recordScanResult } from '#shared/app/scans';
import { listServiceRecords } from '#shared/data/services';
import { startStreamPoller, type StreamPoller } from '../../lib/local/stream-poller';
import { useFreshTable } from '../support/database';
import { dynamodbEndpoint } from '../support/dynamodb-endpoint';

const dir = mkdtempSync(join(tmpdir(), 'stream-checkpoint-'));
const checkpointFile = join(dir, 'checkpoint.json');
let serviceId: number;
beforeAll(async () => {
  await useFreshTable('sample');
  serviceId = (await listServiceRecords())[0]!.service.id;
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/**
 * A consumer that notes the scan ids it is handed, and each batch's; `fail` makes it throw instead of answering (a
 * crash mid-batch).
 */
async function consumer(options: {
  checkpoint: boolean;
  fail?: boolean;
  batchingWindowMs?: number;
}): Promise<{ poller: StreamPoller; seen: string[]; batches: string[][] }> {
  const seen: string[] = [];
  const batches: string[][] = [];
  const handler = (event: DynamoDBStreamEvent) => {
    const batch: string[] = [];
    for (const record of event.Records) {
      const scanId = record.dynamodb?.NewImage?.scan_id?.S;
      if (scanId) batch.push(scanId);
    }
    seen.push(...batch);
    if (batch.length > 0) batches.push(batch);
    return options.fail ? Promise.reject(new Error('the consumer died mid-batch')) : Promise.resolve({ batchItemFailures: [] });
  };
  const poller = await startStreamPoller({
    endpoint: dynamodbEndpoint(),
    tableName: process.env.TABLE_NAME!,
    handler,
    onError: () => undefined,
    ...(options.checkpoint ? { checkpointFile } : {}),
    ...(options.batchingWindowMs !== undefined ? { batchingWindowMs: options.batchingWindowMs } : {}),
  });
  return { poller, seen, batches };
}

const report = (scanId: string) => recordScanResult(serviceId, { scan_id: scanId, score: 1, error: null });

describe('the local event source mapping', () => {
  it('goes on from its checkpoint after a restart, and hands a batch never answered over again', async () => {
    const first = await consumer({ checkpoint: true });
    for (const id of ['a', 'b', 'c']) await report(id);
    await expect.poll(() => first.seen, { timeout: 20_000 }).toEqual(['a', 'b', 'c']);
    await first.poller.caughtUp();
    await first.poller.stop();

    await report('d');
    await report('e');
    const second = await consumer({ checkpoint: true });
    await expect.poll(() => second.seen, { timeout: 20_000 }).toEqual(['d', 'e']);
    await second.poller.caughtUp();
    await second.poller.stop();

    // Handed over, never answered: the place stays before it.
    await report('f');
    const dying = await consumer({ checkpoint: true, fail: true });
    await expect.poll(() => dying.seen.includes('f'), { timeout: 20_000 }).toBe(true);
    await dying.poller.stop();
    const third = await consumer({ checkpoint: true });
    await expect.poll(() => third.seen, { timeout: 20_000 }).toEqual(['f']);
    await third.poller.stop();

    // Without its checkpoint a consumer starts at the trim horizon: everything again.
    const fresh = await consumer({ checkpoint: false });
    await expect.poll(() => fresh.seen, { timeout: 20_000 }).toEqual(['a', 'b', 'c', 'd', 'e', 'f']);
    await fresh.poller.stop();
  }, 90_000);

  it('gathers a batch for the batching window from its first record, as the mapping does: a round reported in a burst is one batch', async () => {
    const gathering = await consumer({ checkpoint: false });
    await gathering.poller.caughtUp();
    const before = gathering.batches.length;
    // Three reports a little apart, well within the stack's 1 s window (FOLD_BATCHING_WINDOW_SECONDS), nobody waiting.
    for (const id of ['g1', 'g2', 'g3']) {
      await report(id);
      await new Promise((resolve) => setTimeout(resolve, 150));
    }
    await expect.poll(() => gathering.seen.includes('g3'), { timeout: 20_000 }).toBe(true);
    expect(gathering.batches.slice(before)).toEqual([['g1', 'g2', 'g3']]);
    await gathering.poller.stop();
  }, 60_000);

  it('cuts the window short for a caller waiting for the fold (a test wants its records folded, not the timing)', async () => {
    // A window of a minute: caughtUp() would wait it out if the wait did not close it.
    const waited = await consumer({ checkpoint: false, batchingWindowMs: 60_000 });
    await waited.poller.caughtUp(20_000);
    await report('w1');
    await waited.poller.caughtUp(20_000);
    expect(waited.seen).toContain('w1');
    await waited.poller.stop();
  }, 60_000);
});
