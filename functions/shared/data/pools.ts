/**
 * The pools item (`POOLS / POOLS`): every pool and what it checks, in one
 * item under one version. Pools are few and change by an organiser's hand;
 * keeping them whole makes "no subtype, team or service in two pools" a
 * check of one value, guarded by one condition. A write also moves the
 * settings' definitions mark, so every function's kept copy of the pools
 * (data/fresh.ts) is read again.
 */
import { GetCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { auditPut, type AuditContext } from '#shared/data/audit';
import { db, tableName } from '#shared/data/client';
import { keys } from '#shared/data/keys';
import { transactionConditionFailed } from '#shared/data/operations';
import { definitionsMoved } from '#shared/data/settings';
import { withCloud, type Pool } from '#shared/domain/pools';

export interface StoredPools {
  /** Every pool, `cloud` first. */
  pools: Pool[];
  /** 0 before an organiser first wrote one. */
  version: number;
}

export async function readPools(options: { consistent?: boolean } = {}): Promise<StoredPools> {
  const { Item } = await db().send(new GetCommand({ TableName: tableName(), Key: keys.pools(), ConsistentRead: options.consistent ?? false }));
  const stored = (Item?.pools as Pool[] | undefined) ?? [];
  return { pools: withCloud(stored.map(toPool)), version: Number(Item?.version ?? 0) };
}

const toPool = (pool: Pool): Pool => ({
  name: pool.name,
  description: pool.description,
  subtypes: (pool.subtypes ?? []).map(Number),
  teams: (pool.teams ?? []).map(Number),
  services: (pool.services ?? []).map(Number),
});

export type PoolsWrite = 'written' | 'stale' | 'no-competition';

/**
 * Writes every pool if the item is still at `before.version`, with the
 * definitions mark and the change's audit entry in the same transaction.
 * `stale`: someone wrote first (read again); `no-competition`: there are no
 * settings yet, so nothing to place.
 */
export async function writePools(
  before: StoredPools,
  after: Pool[],
  change: { action: string; target: string; before: Pool | Pool[] | null; after: Pool | Pool[] | null },
  audit: AuditContext,
): Promise<PoolsWrite> {
  try {
    await db().send(
      new TransactWriteCommand({
        TransactItems: [
          {
            Put: {
              TableName: tableName(),
              Item: { ...keys.pools(), pools: after, version: before.version + 1, updated_at: new Date().toISOString() },
              ConditionExpression: before.version === 0 ? 'attribute_not_exists(pk)' : 'version = :version',
              ExpressionAttributeValues: before.version === 0 ? undefined : { ':version': before.version },
            },
          },
          definitionsMoved(),
          auditPut(audit, change),
        ],
      }),
    );
    return 'written';
  } catch (error) {
    if (transactionConditionFailed(error, 0)) return 'stale';
    if (transactionConditionFailed(error, 1)) return 'no-competition';
    throw error;
  }
}
