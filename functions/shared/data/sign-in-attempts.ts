/**
 * Failed sign-ins, counted per account name (`SIGNIN#<name> / ATTEMPTS`),
 * whether or not an account has that name (so a lock-out tells nobody which
 * names exist). Every attempt is counted as failed *before* its password is
 * checked, with one conditional update: concurrent attempts cannot slip past
 * the limit, and a locked name costs no hashing. A correct password then
 * clears the count.
 */
import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { db, tableName } from '#shared/data/client';
import { keys } from '#shared/data/keys';

/** Failures in a row before a name is locked. */
export const SIGN_IN_FAILURE_LIMIT = 10;
/** How long a locked name refuses every attempt, the correct password included (SIGNIN_LOCK_SECONDS changes it). */
export const signInLockSeconds = () => Number(process.env.SIGNIN_LOCK_SECONDS ?? 300);

/** `go`: check the password now. `locked`: refuse it unchecked, for this many more seconds. */
export type AttemptVerdict = { go: true } | { go: false; retryAfterSeconds: number };

export async function beginAttempt(name: string, now = Date.now()): Promise<AttemptVerdict> {
  const key = keys.signInAttempts(name);
  try {
    const { Attributes } = await db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: key,
        UpdateExpression: 'SET failures = if_not_exists(failures, :zero) + :one, #ttl = :ttl',
        ConditionExpression: 'attribute_not_exists(locked_until) OR locked_until <= :now',
        ExpressionAttributeNames: { '#ttl': 'ttl' },
        ExpressionAttributeValues: { ':zero': 0, ':one': 1, ':now': now, ':ttl': Math.floor(now / 1000) + 86_400 },
        ReturnValues: 'UPDATED_NEW',
      }),
    );
    if (Number(Attributes?.failures) <= SIGN_IN_FAILURE_LIMIT) return { go: true };
    // Over the limit: lock the name (the first to get here does; later ones find it locked).
    const until = now + signInLockSeconds() * 1000;
    await db()
      .send(
        new UpdateCommand({
          TableName: tableName(),
          Key: key,
          UpdateExpression: 'SET locked_until = :until, failures = :zero',
          ConditionExpression: 'attribute_not_exists(locked_until) OR locked_until <= :now',
          ExpressionAttributeValues: { ':until': until, ':zero': 0, ':now': now },
        }),
      )
      .catch((error: unknown) => {
        if (!(error instanceof ConditionalCheckFailedException)) throw error;
      });
    return { go: false, retryAfterSeconds: signInLockSeconds() };
  } catch (error) {
    if (!(error instanceof ConditionalCheckFailedException)) throw error;
    const { Item } = await db().send(new GetCommand({ TableName: tableName(), Key: key, ConsistentRead: true }));
    const until = Number(Item?.locked_until ?? now);
    return { go: false, retryAfterSeconds: Math.max(1, Math.ceil((until - now) / 1000)) };
  }
}

/** The right password: the count starts again. */
export async function clearAttempts(name: string): Promise<void> {
  await db().send(
    new UpdateCommand({
      TableName: tableName(),
      Key: keys.signInAttempts(name),
      UpdateExpression: 'SET failures = :zero',
      ExpressionAttributeValues: { ':zero': 0 },
    }),
  );
}
