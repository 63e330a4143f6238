import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { db, tableName } from '#shared/data/client';
import { keys } from '#shared/data/keys';

export type CountedEntity =
  | 'team'
  | 'service'
  | 'dns'
  | 'adjustment'
  | 'void'
  | 'team-account'
  | 'password-change'
  | 'check-job'
  | 'inject'
  | 'incident'
  | 'announcement'
  | 'export'
  | 'finding'
  | 'beacon';

/**
 * Allocates `count` new ids for an entity with one atomic ADD: ids are never
 * handed out twice, even to concurrent writers. A write that fails after
 * allocating leaves a gap, never a reuse.
 */
export async function allocateIds(entity: CountedEntity, count = 1): Promise<number[]> {
  const result = await db().send(
    new UpdateCommand({
      TableName: tableName(),
      Key: keys.counter(entity),
      UpdateExpression: 'ADD #last :count',
      ExpressionAttributeNames: { '#last': 'last_id' },
      ExpressionAttributeValues: { ':count': count },
      ReturnValues: 'UPDATED_NEW',
    }),
  );
  const last = Number(result.Attributes?.last_id);
  return Array.from({ length: count }, (_, i) => last - count + 1 + i);
}

export async function allocateId(entity: CountedEntity): Promise<number> {
  const [id] = await allocateIds(entity, 1);
  return id!;
}
