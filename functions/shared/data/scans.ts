import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import type { ScanResult } from '#shared/domain/model';
import { db, tableName } from '#shared/data/client';
import { keys } from '#shared/data/keys';
import { queryPartition } from '#shared/data/operations';

const toScan = (item: Record<string, unknown>): ScanResult => ({
  scan_id: String(item.scan_id),
  score: Number(item.score),
  error: (item.error as string | null) ?? null,
  time: String(item.time),
  points: Number(item.points),
});

/** The newest `limit` results of a service, newest first: one bounded Query. */
export async function recentScans(serviceId: number, limit: number): Promise<ScanResult[]> {
  const result = await db().send(
    new QueryCommand({
      TableName: tableName(),
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
      ExpressionAttributeValues: { ':pk': keys.servicePartition(serviceId), ':prefix': keys.scanPrefix },
      ScanIndexForward: false,
      Limit: limit,
    }),
  );
  return (result.Items ?? []).map(toScan);
}

/** A service's whole scan history, oldest first (results export and audits, not request paths). */
export async function scanHistory(serviceId: number): Promise<ScanResult[]> {
  const items = await queryPartition(keys.servicePartition(serviceId), { consistent: true, skPrefix: keys.scanPrefix });
  return items.map(toScan);
}
