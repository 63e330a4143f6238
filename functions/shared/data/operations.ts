import { TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import { BatchGetCommand, BatchWriteCommand, QueryCommand, type QueryCommandInput } from '@aws-sdk/lib-dynamodb';
import { db, tableName } from '#shared/data/client';
import type { Key } from '#shared/data/keys';

type Item = Record<string, unknown>;
type QueryOptions = Omit<QueryCommandInput, 'TableName' | 'ExclusiveStartKey'>;

/** A Query followed to its last page (or until `atMost` items): no request path may return a partial list. */
export async function queryAll(options: QueryOptions, atMost?: number): Promise<Item[]> {
  const items: Item[] = [];
  let startKey: Record<string, unknown> | undefined;
  do {
    const page = await db().send(new QueryCommand({ ...options, TableName: tableName(), ExclusiveStartKey: startKey }));
    items.push(...(page.Items ?? []));
    startKey = page.LastEvaluatedKey;
  } while (startKey && (atMost === undefined || items.length < atMost));
  return items;
}

/** Every item of one partition (or of its sort keys under `skPrefix`), in sort-key order, or the reverse with `newestFirst`. */
export function queryPartition(pk: string, options: { consistent?: boolean; skPrefix?: string; newestFirst?: boolean } = {}) {
  return queryAll({
    KeyConditionExpression: options.skPrefix ? 'pk = :pk AND begins_with(sk, :prefix)' : 'pk = :pk',
    ExpressionAttributeValues: { ':pk': pk, ...(options.skPrefix ? { ':prefix': options.skPrefix } : {}) },
    ConsistentRead: options.consistent ?? false,
    ...(options.newestFirst ? { ScanIndexForward: false } : {}),
  });
}

/** Every item of one index partition, in index sort-key order. */
export function queryIndex(indexName: string, partitionAttribute: string, value: string) {
  return queryAll({
    IndexName: indexName,
    KeyConditionExpression: '#pk = :pk',
    ExpressionAttributeNames: { '#pk': partitionAttribute },
    ExpressionAttributeValues: { ':pk': value },
  });
}

const BATCH_GET_LIMIT = 100;
const BATCH_WRITE_LIMIT = 25;

/** BatchGetItem in chunks, retrying unprocessed keys; items come back in no particular order. */
export async function batchGet(keyList: Key[], options: { consistent?: boolean } = {}): Promise<Item[]> {
  const items: Item[] = [];
  for (let i = 0; i < keyList.length; i += BATCH_GET_LIMIT) {
    let pending: Key[] | undefined = keyList.slice(i, i + BATCH_GET_LIMIT);
    for (let attempt = 0; pending && pending.length > 0; attempt++) {
      if (attempt > 0) await backoff(attempt);
      const result = await db().send(new BatchGetCommand({ RequestItems: { [tableName()]: { Keys: pending, ConsistentRead: options.consistent ?? false } } }));
      items.push(...(result.Responses?.[tableName()] ?? []));
      pending = result.UnprocessedKeys?.[tableName()]?.Keys as Key[] | undefined;
    }
  }
  return items;
}

type WriteRequest = { PutRequest: { Item: Item } } | { DeleteRequest: { Key: Key } };

/** BatchWriteItem in chunks, retrying unprocessed items. For bulk loads, not request paths. */
export async function batchWrite(requests: WriteRequest[], onProgress?: (done: number) => void): Promise<void> {
  for (let i = 0; i < requests.length; i += BATCH_WRITE_LIMIT) {
    let pending: WriteRequest[] | undefined = requests.slice(i, i + BATCH_WRITE_LIMIT);
    for (let attempt = 0; pending && pending.length > 0; attempt++) {
      if (attempt > 0) await backoff(attempt);
      const result = await db().send(new BatchWriteCommand({ RequestItems: { [tableName()]: pending } }));
      pending = result.UnprocessedItems?.[tableName()] as WriteRequest[] | undefined;
    }
    onProgress?.(Math.min(i + BATCH_WRITE_LIMIT, requests.length));
  }
}

export function backoff(attempt: number): Promise<void> {
  const ms = Math.min(1000, 10 * 2 ** attempt) * (0.5 + Math.random());
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/** The item without its key attributes. */
export function withoutKeys<T>(item: Item): T {
  const { pk, sk, gsi1pk, gsi1sk, gsi2pk, gsi2sk, lsi1sk, ...rest } = item;
  return rest as T;
}

/**
 * Whether a TransactWrite was cancelled because a condition failed: the
 * condition of its item at `index`, or (without one) of any of its items.
 */
export function transactionConditionFailed(error: unknown, index?: number): boolean {
  if (!(error instanceof TransactionCanceledException)) return false;
  const reasons = error.CancellationReasons ?? [];
  return index === undefined ? reasons.some((r) => r.Code === 'ConditionalCheckFailed') : reasons[index]?.Code === 'ConditionalCheckFailed';
}

/**
 * The condition of a live edit's write: the item exists and still has the
 * `version` the editor read (an item written at load has none, which counts
 * as 1). Its names and values are `#version`, `:version` and `:one`.
 */
export const STILL_AT_VERSION = 'attribute_exists(pk) AND (#version = :version OR (attribute_not_exists(#version) AND :version = :one))';
