import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { teamFields, type SuperType, type TeamRecord } from '#shared/domain/model';
import { db, tableName } from '#shared/data/client';
import { keys, PARTITION } from '#shared/data/keys';
import { queryPartition, withoutKeys } from '#shared/data/operations';

/** Every team with its totals, in id order: one Query on the teams partition. */
export async function listTeamRecords(): Promise<TeamRecord[]> {
  const items = await queryPartition(PARTITION.teams);
  return items.map(toTeamRecord);
}

export async function getTeamRecord(id: number, options: { consistent?: boolean } = {}): Promise<TeamRecord | undefined> {
  const result = await db().send(
    new GetCommand({ TableName: tableName(), Key: keys.team(id), ConsistentRead: options.consistent ?? false }),
  );
  return result.Item ? toTeamRecord(result.Item) : undefined;
}

export async function listSuperTypes(): Promise<SuperType[]> {
  const items = await queryPartition(PARTITION.superTypes);
  return items.map((item) => withoutKeys<SuperType>(item));
}

function toTeamRecord(item: Record<string, unknown>): TeamRecord {
  const record = withoutKeys<TeamRecord>(item);
  return { ...record, team: teamFields(record.team) };
}
