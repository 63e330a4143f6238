/**
 * Voiding results: a result's `voided` flag, flipped by a conditional
 * UpdateItem. The fold sees the flip on the stream (a MODIFY) and takes the
 * result's points, max_points and check back out of its team's totals (or
 * puts them back), and re-evaluates the service's SLA run from its history.
 */
import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { db, tableName } from '#shared/data/client';
import { keys } from '#shared/data/keys';

/**
 * Sets a result's `voided` flag. False when there is nothing to change (the
 * result is already in that state, or does not exist): flipping is
 * idempotent, so a job retried after a crash flips only what is left.
 */
export async function flipResult(serviceId: number, scanId: string, voided: boolean): Promise<boolean> {
  try {
    await db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.scanResult(serviceId, scanId),
        UpdateExpression: 'SET voided = :voided',
        ConditionExpression: voided
          ? 'attribute_exists(pk) AND (attribute_not_exists(voided) OR voided = :false)'
          : 'attribute_exists(pk) AND voided = :true',
        ExpressionAttributeValues: voided ? { ':voided': true, ':false': false } : { ':voided': false, ':true': true },
      }),
    );
    return true;
  } catch (error) {
    if (error instanceof ConditionalCheckFailedException) return false;
    throw error;
  }
}
