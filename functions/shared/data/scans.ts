import type { ScanResult, StoredResult } from '#shared/domain/model';
import { keys } from '#shared/data/keys';
import { queryAll, queryPartition } from '#shared/data/operations';

const toScan = (item: Record<string, unknown>): ScanResult => ({
  scan_id: String(item.scan_id),
  score: Number(item.score),
  error: (item.error as string | null | undefined) ?? null,
  time: String(item.time),
  received_at: String(item.received_at),
  points: Number(item.points),
});

/** The history index (lsi1) of one service, newest first by check time (equal times by scan_id). */
function historyQuery(serviceId: number, options: { limit?: number; consistent?: boolean }) {
  return queryAll({
    IndexName: 'lsi1',
    KeyConditionExpression: 'pk = :pk',
    ExpressionAttributeValues: { ':pk': keys.servicePartition(serviceId) },
    ScanIndexForward: false,
    ConsistentRead: options.consistent ?? false,
    ...(options.limit !== undefined ? { Limit: options.limit } : {}),
  }, options.limit);
}

/** The newest `limit` results of a service, newest first by check time: one bounded Query. */
export async function recentScans(serviceId: number, limit: number): Promise<ScanResult[]> {
  return (await historyQuery(serviceId, { limit })).map(toScan);
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
