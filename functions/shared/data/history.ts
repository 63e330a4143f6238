import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import type { ResolutionSeconds, Snapshot } from '#shared/domain/history';
import { db, tableName } from '#shared/data/client';
import { historyKeys } from '#shared/data/keys';
import { batchWrite } from '#shared/data/operations';

/**
 * Writes one snapshot to each resolution it belongs to (at most four small
 * puts a minute). Writing the same sample time again replaces it, so a
 * repeated scheduled run is harmless.
 */
export async function writeSnapshot(snapshot: Snapshot, resolutions: readonly ResolutionSeconds[]): Promise<void> {
  await batchWrite(
    resolutions.map((r) => ({ PutRequest: { Item: { ...historyKeys.sample(r, snapshot.time), time: snapshot.time, totals: snapshot.totals } } })),
  );
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
