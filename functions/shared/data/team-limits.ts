/**
 * How much of something a team (or the red team) did in the current window
 * (`LIMITS#<team> / <KIND>#<n>`: upload forms, incident reports, findings):
 * one conditional ADD per act, so concurrent requests cannot pass the limit
 * together, on the team's own key. A window's item expires with the table's TTL.
 */
import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { db, tableName } from '#shared/data/client';
import { keys } from '#shared/data/keys';
import type { AccountHome } from '#shared/domain/roles';

/** A limit: at most `count` acts of one kind a window of `windowSeconds`. */
export interface TeamLimit {
  kind: 'uploads' | 'incidents' | 'findings' | 'beacons';
  count: number;
  windowSeconds: number;
}

/**
 * Counts one act against the team's window (or, with `member`, that member's
 * own window in their team's partition); the seconds until the next window
 * when this one is full.
 */
export async function takeFromWindow(home: AccountHome, limit: TeamLimit, now: number, member?: string): Promise<{ retryAfterSeconds: number } | undefined> {
  const windowMs = limit.windowSeconds * 1000;
  const window = Math.floor(now / windowMs);
  try {
    await db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.teamWindow(home, member === undefined ? limit.kind : `${limit.kind}@${member}`, window),
        UpdateExpression: 'ADD acts :one SET #ttl = :ttl',
        ConditionExpression: 'attribute_not_exists(acts) OR acts < :limit',
        ExpressionAttributeNames: { '#ttl': 'ttl' },
        ExpressionAttributeValues: { ':one': 1, ':limit': limit.count, ':ttl': Math.floor(((window + 2) * windowMs) / 1000) },
      }),
    );
    return undefined;
  } catch (error) {
    if (error instanceof ConditionalCheckFailedException) return { retryAfterSeconds: Math.max(1, Math.ceil(((window + 1) * windowMs - now) / 1000)) };
    throw error;
  }
}
