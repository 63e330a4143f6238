/**
 * How many upload forms a team asked for in the current window
 * (`UPLOADS#<team> / WINDOW#<n>`): one conditional ADD per form, so
 * concurrent requests cannot pass the limit together, on the team's own
 * key. A window's item expires with the table's TTL.
 */
import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { db, tableName } from '#shared/data/client';
import { keys } from '#shared/data/keys';

/** Counts one form against the team's window; the seconds until the next window when the window is full. */
export async function takeUploadForm(
  teamId: number,
  limit: { forms: number; windowSeconds: number },
  now: number,
): Promise<{ retryAfterSeconds: number } | undefined> {
  const windowMs = limit.windowSeconds * 1000;
  const window = Math.floor(now / windowMs);
  try {
    await db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.uploadForms(teamId, window),
        UpdateExpression: 'ADD forms :one SET #ttl = :ttl',
        ConditionExpression: 'attribute_not_exists(forms) OR forms < :limit',
        ExpressionAttributeNames: { '#ttl': 'ttl' },
        ExpressionAttributeValues: { ':one': 1, ':limit': limit.forms, ':ttl': Math.floor(((window + 2) * windowMs) / 1000) },
      }),
    );
    return undefined;
  } catch (error) {
    if (error instanceof ConditionalCheckFailedException) return { retryAfterSeconds: Math.max(1, Math.ceil(((window + 1) * windowMs - now) / 1000)) };
    throw error;
  }
}
