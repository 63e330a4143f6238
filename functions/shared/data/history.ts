import { gunzipSync, gzipSync } from 'node:zlib';
import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { DeleteCommand, GetCommand, PutCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { MAX_SAMPLES, storedWindow, windowSamples, windowWith, type ResolutionSeconds, type Snapshot, type StoredWindow } from '#shared/domain/history';
import { db, tableName } from '#shared/data/client';
import { historyKeys } from '#shared/data/keys';
import { backoff, batchWrite } from '#shared/data/operations';
import { createLogger } from '#shared/log';

/**
 * A window compressed beyond this is not kept, and reads query the samples
 * instead (DynamoDB's items stop at 400 KB). 250 teams × 500 samples of
 * random round scores compress to about 70 KB.
 */
const MAX_WINDOW_BYTES = 300 * 1024;
/** Renders of one resolution's window at once (two runs of the minute's job) retry on the version they lost to. */
const WINDOW_ATTEMPTS = 5;

/**
 * Renders each resolution's window with one snapshot, then writes the
 * snapshot to each resolution it belongs to (at most four small puts a
 * minute). In that order: a sample's stream record moves the history's
 * public version (the window's does not), so a read under the new version
 * finds the window that holds it. Writing the same sample time again
 * replaces it, so a repeated scheduled run is harmless.
 */
export async function writeSnapshot(snapshot: Snapshot, resolutions: readonly ResolutionSeconds[]): Promise<void> {
  await Promise.all(resolutions.map((r) => renderWindow(r, snapshot)));
  await batchWrite(
    resolutions.map((r) => ({ PutRequest: { Item: { ...historyKeys.sample(r, snapshot.time), time: snapshot.time, totals: snapshot.totals } } })),
  );
}

interface StoredWindowItem {
  samples: Snapshot[];
  version: number;
}

async function readStoredWindow(resolution: ResolutionSeconds, consistent: boolean): Promise<StoredWindowItem | undefined> {
  const { Item } = await db().send(new GetCommand({ TableName: tableName(), Key: historyKeys.window(resolution), ConsistentRead: consistent }));
  if (!Item) return undefined;
  return { samples: windowSamples(JSON.parse(gunzipSync(Item.body as Uint8Array).toString('utf8')) as StoredWindow), version: Item.version as number };
}

/**
 * The resolution's newest samples (MAX_SAMPLES at most, oldest first) as
 * rendered by the last snapshot: one item read. Undefined when none is
 * rendered (before the first snapshot since an upgrade, or a window too big to keep).
 */
export async function readWindow(resolution: ResolutionSeconds): Promise<Snapshot[] | undefined> {
  return (await readStoredWindow(resolution, false))?.samples;
}

/**
 * The stored window with `sample` in its place, written at the version read:
 * two runs at once each add their own sample. Without a window yet (a new
 * event, or one upgraded mid-way), it is built from the resolution's samples.
 */
async function renderWindow(resolution: ResolutionSeconds, sample: Snapshot): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    const stored = await readStoredWindow(resolution, true);
    const samples = windowWith(stored?.samples ?? (await readSamples(resolution, { limit: MAX_SAMPLES })), sample);
    const body = gzipSync(JSON.stringify(storedWindow(samples)));
    const condition = stored
      ? {
          ConditionExpression: '#version = :version',
          ExpressionAttributeNames: { '#version': 'version' },
          ExpressionAttributeValues: { ':version': stored.version },
        }
      : { ConditionExpression: 'attribute_not_exists(pk)' };
    const tooBig = body.length > MAX_WINDOW_BYTES;
    try {
      if (tooBig) {
        createLogger({ route: 'RecordScoreSnapshot' }).warn('score history window too big to keep: reads query the samples', {
          resolution,
          bytes: body.length,
        });
        if (stored) await db().send(new DeleteCommand({ TableName: tableName(), Key: historyKeys.window(resolution), ...condition }));
      } else {
        const item = { ...historyKeys.window(resolution), body, version: (stored?.version ?? 0) + 1 };
        await db().send(new PutCommand({ TableName: tableName(), Item: item, ...condition }));
      }
      return;
    } catch (error) {
      if (!(error instanceof ConditionalCheckFailedException) || attempt >= WINDOW_ATTEMPTS) throw error;
      await backoff(attempt);
    }
  }
}

/** The oldest sample ever recorded (every snapshot is in the finest resolution): one item read. */
export async function firstSampleTime(finest: ResolutionSeconds): Promise<string | undefined> {
  const page = await db().send(
    new QueryCommand({
      TableName: tableName(),
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
      ExpressionAttributeValues: { ':pk': historyKeys.partition(finest), ':prefix': historyKeys.samplePrefix },
      ProjectionExpression: '#time',
      ExpressionAttributeNames: { '#time': 'time' },
      Limit: 1,
    }),
  );
  return page.Items?.[0]?.time as string | undefined;
}

/**
 * The newest `limit` samples of a resolution, after `since` and up to `until`
 * (inclusive) when given, oldest first. Reads newest first and stops at the limit, so the cost is bounded
 * however long the event ran.
 */
export async function readSamples(resolution: ResolutionSeconds, options: { since?: string; until?: string; limit: number }): Promise<Snapshot[]> {
  // Nothing lies after `since` and up to `until` (and DynamoDB refuses a BETWEEN whose bounds are crossed).
  if (options.since !== undefined && options.until !== undefined && options.since >= options.until) return [];
  const samples: Snapshot[] = [];
  const lower = `${historyKeys.samplePrefix}${options.since ?? ''}`;
  let startKey: Record<string, unknown> | undefined;
  do {
    const page = await db().send(
      new QueryCommand({
        TableName: tableName(),
        // The prefix sorts below every sample key and '~' above it, so one range covers both cases.
        KeyConditionExpression: 'pk = :pk AND sk BETWEEN :lower AND :upper',
        ExpressionAttributeValues: {
          ':pk': historyKeys.partition(resolution),
          ':lower': options.since ? `${lower}\u0000` : lower,
          ':upper': `${historyKeys.samplePrefix}${options.until ?? '~'}`,
        },
        ScanIndexForward: false,
        Limit: options.limit - samples.length,
        ExclusiveStartKey: startKey,
      }),
    );
    for (const item of page.Items ?? []) samples.push({ time: item.time as string, totals: item.totals as Record<string, number> });
    startKey = page.LastEvaluatedKey;
  } while (startKey && samples.length < options.limit);
  return samples.reverse();
}
