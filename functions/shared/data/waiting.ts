/**
 * What waits for an organiser, as markers (`WAITING / <kind>#<ids>`): one
 * small item per password change to decide, answer to grade, incident
 * report to grade and finding to review. Each is put and deleted in the
 * transaction that makes its thing wait or decides it, so the markers are
 * exactly the queues, and the console's overview counts every queue with one
 * Query of a few bytes an item (not the requests, reports, findings and
 * answers themselves, which may hold 50 000 characters each).
 *
 * An answer's marker names its version: a new version puts its own and
 * deletes the one before it; a grade or a revision request deletes the one of
 * the version it is of. So a grade of version 2 that lands after version 3
 * was sent leaves version 3 waiting, with no condition to lose.
 */
import { TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { keys, PARTITION, type Key, type WaitingKind } from '#shared/data/keys';
import { db, tableName } from '#shared/data/client';
import { queryAll, transactionConditionFailed } from '#shared/data/operations';

export const waitingPasswordChange = (id: number) => keys.waiting('PCR', id);
export const waitingAnswer = (injectId: number, teamId: number, version: number) => keys.waiting('ANSWER', injectId, teamId, version);
export const waitingIncident = (id: number) => keys.waiting('INCIDENT', id);
export const waitingFinding = (id: number) => keys.waiting('FINDING', id);

/** A transaction's item that marks something as waiting. */
export const markWaiting = (key: Key) => ({ Put: { TableName: tableName(), Item: { ...key } } });

/** A transaction's item that takes a marker away (none there is no failure: deciding twice, or a version graded after the next came). */
export const settleWaiting = (key: Key) => ({ Delete: { TableName: tableName(), Key: key } });

/**
 * Stores a new item that waits for an organiser (its id allocated: a Put
 * conditioned on its key being free) with its marker, in one transaction;
 * false when the key was taken.
 */
export async function putWaiting(item: Record<string, unknown>, marker: Key): Promise<boolean> {
  try {
    await db().send(
      new TransactWriteCommand({
        TransactItems: [{ Put: { TableName: tableName(), Item: item, ConditionExpression: 'attribute_not_exists(pk)' } }, markWaiting(marker)],
      }),
    );
    return true;
  } catch (error) {
    if (transactionConditionFailed(error)) return false;
    throw error;
  }
}

/** How many of each kind wait, from one Query of the markers' keys. */
export async function countWaiting(): Promise<Record<WaitingKind, number>> {
  const counts: Record<WaitingKind, number> = { PCR: 0, ANSWER: 0, INCIDENT: 0, FINDING: 0 };
  const markers = await queryAll({
    KeyConditionExpression: 'pk = :pk',
    ExpressionAttributeValues: { ':pk': PARTITION.waiting },
    ProjectionExpression: 'sk',
  });
  for (const { sk } of markers) {
    const kind = String(sk).split('#')[0] as WaitingKind;
    if (kind in counts) counts[kind] += 1;
  }
  return counts;
}

type Check = { Key: Key; ConditionExpression: string; ExpressionAttributeNames?: Record<string, string>; ExpressionAttributeValues?: Record<string, unknown> };

/**
 * Puts a marker for something that waited before markers were written
 * (`scoring upgrade`), only while the checks still hold, in one transaction:
 * a decision made meanwhile is never undone. False when one no longer held.
 */
async function markIfStill(marker: Key, checks: Check[]): Promise<boolean> {
  try {
    await db().send(
      new TransactWriteCommand({ TransactItems: [...checks.map((check) => ({ ConditionCheck: { TableName: tableName(), ...check } })), markWaiting(marker)] }),
    );
    return true;
  } catch (error) {
    if (transactionConditionFailed(error)) return false;
    throw error;
  }
}

const inState = (key: Key, state: string): Check => ({
  Key: key,
  ConditionExpression: '#state = :state',
  ExpressionAttributeNames: { '#state': 'state' },
  ExpressionAttributeValues: { ':state': state },
});
const absent = (key: Key): Check => ({ Key: key, ConditionExpression: 'attribute_not_exists(pk)' });

export const markPendingPasswordChange = (teamId: number, id: number) => {
  const { pk, sk } = keys.passwordChange(teamId, id);
  return markIfStill(waitingPasswordChange(id), [inState({ pk, sk }, 'pending')]);
};
/** A report waits while it has no first grade. */
export const markUngradedIncident = (teamId: number, id: number) => markIfStill(waitingIncident(id), [absent(keys.incidentGrade(teamId, id, 1))]);
export const markSubmittedFinding = (id: number) => markIfStill(waitingFinding(id), [inState(keys.finding(id), 'submitted')]);
/** An answer waits while it is its team's latest, no revision is asked of it, and no grade came after the `gradesRead` seen. */
export const markWaitingAnswer = (injectId: number, teamId: number, version: number, gradesRead: number) =>
  markIfStill(waitingAnswer(injectId, teamId, version), [
    absent(keys.submission(teamId, injectId, version + 1)),
    { Key: keys.submission(teamId, injectId, version), ConditionExpression: 'attribute_exists(pk) AND attribute_not_exists(revision_request)' },
    absent(keys.grade(teamId, injectId, gradesRead + 1)),
  ]);
