/**
 * Result items (`SERVICE#<id> / SCANID#<scan_id>`): one per check, keyed by
 * the agent's scan_id (a conditional put makes a resend count once), in the
 * service's partition beside its STATE, and in the history index (lsi1)
 * newest first by check time. Written once when reported; afterwards only
 * their `voided` flag changes.
 */
import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { GetCommand, PutCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { RecordedScan, ScanResult, StoredResult } from '#shared/domain/model';
import { db, tableName } from '#shared/data/client';
import { keys } from '#shared/data/keys';
import { queryAll, queryPartition } from '#shared/data/operations';

export const resultKey = keys.scanResult;

export const toScan = (item: Record<string, unknown>): ScanResult => ({
  scan_id: String(item.scan_id),
  score: Number(item.score),
  error: (item.error as string | null | undefined) ?? null,
  time: String(item.time),
  received_at: String(item.received_at),
  points: Number(item.points),
});

/** A result with its failure's category: what the history routes read (the public is shown the category in place of the reason). */
const toRecordedScan = (item: Record<string, unknown>): RecordedScan => ({
  ...toScan(item),
  category: (item.category as RecordedScan['category'] | undefined) ?? null,
});

/** The key condition on a service's history index: all of it, or the checks made before `before` (a scoreboard freeze). */
function historyRange(serviceId: number, before: string | undefined) {
  return before === undefined
    ? { KeyConditionExpression: 'pk = :pk', ExpressionAttributeValues: { ':pk': keys.servicePartition(serviceId) } }
    : {
        KeyConditionExpression: 'pk = :pk AND lsi1sk < :before',
        ExpressionAttributeValues: { ':pk': keys.servicePartition(serviceId), ':before': keys.scanHistoryBound(before) },
      };
}

/** The history index (lsi1) of one service, newest first by check time (equal times by scan_id). */
function historyQuery(serviceId: number, options: { limit?: number; consistent?: boolean; before?: string }) {
  return queryAll(
    {
      IndexName: 'lsi1',
      ...historyRange(serviceId, options.before),
      ScanIndexForward: false,
      ConsistentRead: options.consistent ?? false,
      ...(options.limit !== undefined ? { Limit: options.limit } : {}),
    },
    options.limit,
  );
}

/** The newest `limit` results of a service (checked before `before`, when given), newest first by check time: one bounded Query. */
export async function recentScans(serviceId: number, limit: number, before?: string): Promise<RecordedScan[]> {
  return (await historyQuery(serviceId, { limit, before })).map(toRecordedScan);
}

/** Where a page of history resumes: the last result of the page before (check time, then scan_id). */
export interface HistoryPosition {
  time: string;
  scan_id: string;
}

/** A result as the history lists it: voided results stay listed, marked. */
export interface HistoryEntry extends RecordedScan {
  voided: boolean;
}

export interface HistoryPage {
  items: HistoryEntry[];
  /** Where the next page starts; absent on the last page. */
  next?: HistoryPosition;
}

/**
 * One page of a service's history (checked before `before`, when given), newest first by check time: one Query.
 * It asks for one result more than the page so that the last page says so
 * (no empty page behind a cursor); the next page starts after the page's last result.
 */
export async function scanHistoryPage(serviceId: number, limit: number, after?: HistoryPosition, before?: string): Promise<HistoryPage> {
  // A position at or past `before` (a cursor from a live page) resumes where the bounded range begins: DynamoDB refuses a start key outside it.
  const resumeAt = after && !(before !== undefined && after.time >= before) ? after : undefined;
  const page = await db().send(
    new QueryCommand({
      TableName: tableName(),
      IndexName: 'lsi1',
      ...historyRange(serviceId, before),
      ScanIndexForward: false,
      Limit: limit + 1,
      ...(resumeAt ? { ExclusiveStartKey: keys.scanHistoryPosition(serviceId, resumeAt.time, resumeAt.scan_id) } : {}),
    }),
  );
  const items = (page.Items ?? []).map((item) => ({ ...toRecordedScan(item), voided: item.voided === true }));
  // A Query also stops at 1 MB: then there is more even with fewer items than asked.
  const more = items.length > limit || (page.LastEvaluatedKey !== undefined && items.length > 0);
  const shown = items.slice(0, limit);
  const last = shown[shown.length - 1];
  return more && last ? { items: shown, next: { time: last.time, scan_id: last.scan_id } } : { items: shown };
}

/** A service's whole history, newest first by check time (results export and audits, not request paths). */
export async function scanHistory(serviceId: number): Promise<ScanResult[]> {
  return (await historyQuery(serviceId, { consistent: true })).map(toScan);
}

/** Every stored result of a service with what the fold reads (audits: a recomputation from the history). */
export async function storedResults(serviceId: number): Promise<StoredResult[]> {
  const items = await queryPartition(keys.servicePartition(serviceId), { consistent: true, skPrefix: keys.scanResultPrefix });
  return items.map((item) => ({ ...toScan(item), ...(item as unknown as StoredResult) }));
}

/** Stores a new result: one conditional PutItem. `exists`: that scan_id has a result already (a resend, or a duplicate that won the race). */
export async function putResult(item: StoredResult): Promise<'stored' | 'exists'> {
  try {
    await db().send(
      new PutCommand({
        TableName: tableName(),
        Item: { ...resultKey(item.service_id, item.scan_id), ...keys.scanHistorySortKey(item.time, item.scan_id), ...item },
        ConditionExpression: 'attribute_not_exists(pk)',
      }),
    );
    return 'stored';
  } catch (error) {
    if (error instanceof ConditionalCheckFailedException) return 'exists';
    throw error;
  }
}

/** The result of one scan_id, read consistently. */
export async function findResult(serviceId: number, scanId: string): Promise<ScanResult | undefined> {
  const result = await db().send(new GetCommand({ TableName: tableName(), Key: resultKey(serviceId, scanId), ConsistentRead: true }));
  return result.Item ? toScan(result.Item) : undefined;
}

/** A transaction item that holds only while the scan has no result. */
export const noResultYet = (serviceId: number, scanId: string) => ({
  ConditionCheck: { TableName: tableName(), Key: resultKey(serviceId, scanId), ConditionExpression: 'attribute_not_exists(pk)' },
});

/**
 * Sets a result's `voided` flag for a void job. False when there is nothing to
 * change (the result is already so, not flipped by this job, or gone).
 * Flipping again what the same job flipped counts as flipped: a step retried
 * after a crash counts the results it had flipped before the crash.
 */
export async function flipResult(serviceId: number, scanId: string, voided: boolean, jobId?: number): Promise<boolean> {
  const flippable = voided ? ['attribute_not_exists(voided)', 'voided = :false'] : ['voided = :true'];
  if (jobId !== undefined) flippable.push('void_job = :job');
  try {
    await db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: resultKey(serviceId, scanId),
        UpdateExpression: jobId === undefined ? 'SET voided = :voided REMOVE void_job' : 'SET voided = :voided, void_job = :job',
        ConditionExpression: `attribute_exists(pk) AND ${flippable.length > 1 ? `(${flippable.join(' OR ')})` : flippable[0]}`,
        ExpressionAttributeValues: {
          ':voided': voided,
          ...(voided ? { ':false': false } : { ':true': true }),
          ...(jobId === undefined ? {} : { ':job': jobId }),
        },
      }),
    );
    return true;
  } catch (error) {
    if (error instanceof ConditionalCheckFailedException) return false;
    throw error;
  }
}

/** One page of a service's results checked in [from, to), from the history index (newest first). */
export async function resultsCheckedBetween(serviceId: number, range: { from: string; to: string }, after: Record<string, unknown> | null, limit?: number) {
  const page = await db().send(
    new QueryCommand({
      TableName: tableName(),
      IndexName: 'lsi1',
      // `T#<to>` sorts before every `T#<to>#<scan_id>`: the range is [from, to).
      KeyConditionExpression: 'pk = :pk AND lsi1sk BETWEEN :from AND :to',
      ExpressionAttributeValues: {
        ':pk': keys.servicePartition(serviceId),
        ':from': keys.scanHistoryBound(range.from),
        ':to': keys.scanHistoryBound(range.to),
      },
      ConsistentRead: true,
      ...(after ? { ExclusiveStartKey: after } : {}),
      ...(limit ? { Limit: limit } : {}),
    }),
  );
  return { items: page.Items ?? [], next: page.LastEvaluatedKey ?? null };
}
