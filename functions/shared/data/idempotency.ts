import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { DeleteCommand, GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { db, tableName } from '#shared/data/client';
import { keys } from '#shared/data/keys';

/**
 * Idempotency-Key records: one item per key (scoped to caller, method and
 * path by the caller of this module), claimed before the write it guards and
 * completed with the response that write produced.
 */

/** A key is remembered this long; DynamoDB's TTL deletes late, so expiry is also checked on every read. */
export const IDEMPOTENCY_KEY_LIFETIME_SECONDS = 24 * 60 * 60;
/**
 * A claim whose request never finished (its function timed out or crashed)
 * lapses after this: longer than any function's timeout, short enough that a
 * client retrying after an outage is not refused for long.
 */
const CLAIM_LEASE_SECONDS = 15;

export interface StoredResponse {
  statusCode: number;
  headers: Record<string, string>;
  body?: string;
}

export type Claim = { kind: 'claimed' } | { kind: 'replay'; response: StoredResponse } | { kind: 'other-body' } | { kind: 'in-flight' };

const nowSeconds = () => Math.floor(Date.now() / 1000);

/** Claims a key for a request with this body, or says why not: its first response, another body, or still running. */
export async function claimIdempotencyKey(scopeHash: string, bodyHash: string): Promise<Claim> {
  const now = nowSeconds();
  const expiresAt = now + IDEMPOTENCY_KEY_LIFETIME_SECONDS;
  try {
    await db().send(
      new PutCommand({
        TableName: tableName(),
        Item: {
          ...keys.idempotencyKey(scopeHash),
          state: 'in-flight',
          body_hash: bodyHash,
          lease_until: now + CLAIM_LEASE_SECONDS,
          expires_at: expiresAt,
          ttl: expiresAt,
        },
        ConditionExpression: 'attribute_not_exists(pk) OR expires_at <= :now OR (#state = :inFlight AND lease_until <= :now)',
        ExpressionAttributeNames: { '#state': 'state' },
        ExpressionAttributeValues: { ':now': now, ':inFlight': 'in-flight' },
      }),
    );
    return { kind: 'claimed' };
  } catch (error) {
    if (!(error instanceof ConditionalCheckFailedException)) throw error;
  }
  const { Item: item } = await db().send(new GetCommand({ TableName: tableName(), Key: keys.idempotencyKey(scopeHash), ConsistentRead: true }));
  // Gone or expired in between: another request just took or dropped it.
  if (!item || Number(item.expires_at) <= nowSeconds()) return { kind: 'in-flight' };
  if (item.body_hash !== bodyHash) return { kind: 'other-body' };
  if (item.state === 'done') return { kind: 'replay', response: item.response as StoredResponse };
  return { kind: 'in-flight' };
}

/** Stores the response of the request that holds the claim. */
export async function completeIdempotencyKey(scopeHash: string, response: StoredResponse): Promise<void> {
  await db().send(
    new UpdateCommand({
      TableName: tableName(),
      Key: keys.idempotencyKey(scopeHash),
      UpdateExpression: 'SET #state = :done, #response = :response REMOVE lease_until',
      ConditionExpression: '#state = :inFlight',
      ExpressionAttributeNames: { '#state': 'state', '#response': 'response' },
      ExpressionAttributeValues: { ':done': 'done', ':inFlight': 'in-flight', ':response': response },
    }),
  );
}

/** Gives a claim up when its request failed without effect, so that a retry with the same key runs again. */
export async function releaseIdempotencyKey(scopeHash: string): Promise<void> {
  try {
    await db().send(
      new DeleteCommand({
        TableName: tableName(),
        Key: keys.idempotencyKey(scopeHash),
        ConditionExpression: '#state = :inFlight',
        ExpressionAttributeNames: { '#state': 'state' },
        ExpressionAttributeValues: { ':inFlight': 'in-flight' },
      }),
    );
  } catch (error) {
    if (!(error instanceof ConditionalCheckFailedException)) throw error;
  }
}
