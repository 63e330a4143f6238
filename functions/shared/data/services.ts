import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { serviceFields, type ServiceRecord } from '#shared/domain/model';
import { db, tableName } from '#shared/data/client';
import { keys, PARTITION } from '#shared/data/keys';
import { queryIndex, queryPartition, withoutKeys } from '#shared/data/operations';

export interface ServiceFilter {
  teamNumber?: number;
  subtypeId?: number;
}

/**
 * Services in id order, narrowed by team number and/or subtype. Each filter
 * has its own index; with both, the team's (small) list is narrowed in memory.
 */
export async function listServiceRecords(filter: ServiceFilter = {}): Promise<ServiceRecord[]> {
  let items;
  if (filter.teamNumber !== undefined) {
    items = await queryIndex('gsi1', 'gsi1pk', keys.servicesOfTeamNumber(filter.teamNumber).gsi1pk);
  } else if (filter.subtypeId !== undefined) {
    items = await queryIndex('gsi2', 'gsi2pk', keys.servicesOfSubtype(filter.subtypeId).gsi2pk);
  } else {
    items = await queryPartition(PARTITION.services);
  }
  const records = items.map(toServiceRecord);
  // With both filters the team's index was queried: narrow it to the subtype.
  const narrow = filter.teamNumber !== undefined && filter.subtypeId !== undefined;
  return narrow ? records.filter((r) => r.service.subtype_id === filter.subtypeId) : records;
}

export async function getServiceRecord(id: number, options: { consistent?: boolean } = {}): Promise<ServiceRecord | undefined> {
  const result = await db().send(
    new GetCommand({ TableName: tableName(), Key: keys.service(id), ConsistentRead: options.consistent ?? false }),
  );
  return result.Item ? toServiceRecord(result.Item) : undefined;
}

export function toServiceRecord(item: Record<string, unknown>): ServiceRecord {
  const record = withoutKeys<ServiceRecord>(item);
  return { ...record, service: serviceFields(record.service) };
}
