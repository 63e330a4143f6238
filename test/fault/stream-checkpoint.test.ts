/**
 * The local event source mapping keeps its place as AWS's does
 * (lib/local/stream-poller.ts, `checkpointFile`): a consumer started again on
 * the checkpoint gets only what follows what was answered, and a batch that
 * was handed over but never answered (the consumer died mid-batch) comes
 * again: at least once, never from the stream's start.
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

/** A consumer that notes the scan ids it is handed; `fail` makes it throw instead of answering (a crash mid-batch). */
async function consumer(options: { checkpoint: boolean; fail?: boolean }): Promise<{ poller: StreamPoller; seen: string[] }> {
  const seen: string[] = [];
  const handler = (event: DynamoDBStreamEvent) => {
    for (const record of event.Records) {
      const scanId = record.dynamodb?.NewImage?.scan_id?.S;
      if (scanId) seen.push(scanId);
    }
    return options.fail ? Promise.reject(new Error('the consumer died mid-batch')) : Promise.resolve({ batchItemFailures: [] });
  };
  const poller = await startStreamPoller({
    endpoint: dynamodbEndpoint(),
    tableName: process.env.TABLE_NAME!,
    handler,
    onError: () => undefined,
    ...(options.checkpoint ? { checkpointFile } : {}),
  });
  return { poller, seen };
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
});
