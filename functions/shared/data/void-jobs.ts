/**
 * A void's item (`VOID#<id> / VOIDJOB`): written by the preview (its filter,
 * the preview's time, a fingerprint of the set and each team's change), turned
 * to `running` by the confirmation, then advanced step by step, each step
 * recorded on the item on the condition that nobody recorded it first. Its own
 * partition: the job's updates are its only writes. The item is on the
 * table's stream: every step's write wakes the stream consumer for the next.
 */
import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { VoidJobSchema, type TeamChange, type VoidJob, type VoidStatus } from '#shared/domain/voids';
import { inSchemaOrder } from '#shared/domain/shapes';
import { db, tableName } from '#shared/data/client';
import { idOfPartition, keys } from '#shared/data/keys';
import { withoutKeys } from '#shared/data/operations';

export type { TeamChange, VoidJob, VoidStatus };

/** Where a running job is: the service being walked (an index into `service_ids`) and where its last page ended. */
export interface VoidPosition {
  service: number;
  after: Record<string, unknown> | null;
}

/** What the item keeps beyond what the API shows: the services to walk, where the job is, and the set's fingerprint. */
export interface StoredVoidJob extends VoidJob {
  service_ids: number[];
  fingerprint: string;
  /** Steps taken (each write conditioned on it). */
  step: number;
  position: VoidPosition;
}

export const voidJobKey = keys.voidJob;

/** The job a stream record of a void item names. */
export const voidJobIdOf = (pk: string) => idOfPartition(pk);

/** The void as the API shows it: its schema's fields, in its order. */
export const publicView = (job: StoredVoidJob): VoidJob => inSchemaOrder(VoidJobSchema, job);

export async function readVoidJob(id: number): Promise<StoredVoidJob | undefined> {
  const { Item } = await db().send(new GetCommand({ TableName: tableName(), Key: voidJobKey(id), ConsistentRead: true }));
  return Item ? withoutKeys<StoredVoidJob>(Item) : undefined;
}

/** Stores a preview (a new id: the put never replaces one). */
export async function putVoidPreview(job: StoredVoidJob): Promise<void> {
  await db().send(new PutCommand({ TableName: tableName(), Item: { ...voidJobKey(job.preview_id), ...job }, ConditionExpression: 'attribute_not_exists(pk)' }));
}

/** The transaction item that starts a previewed job (refused if it is no longer `previewed`). */
export function startVoidJob(id: number, appliedAt: string) {
  return {
    Update: {
      TableName: tableName(),
      Key: voidJobKey(id),
      UpdateExpression: 'SET #status = :running, applied_at = :at',
      ConditionExpression: '#status = :previewed',
      ExpressionAttributeNames: { '#status': 'status' },
      ExpressionAttributeValues: { ':running': 'running', ':previewed': 'previewed', ':at': appliedAt },
    },
  };
}

/**
 * Records a step taken: the job moves to `next`, `flipped` more results
 * flipped, `done` when it walked every service, if nobody recorded this step
 * first (false: another consumer did; its record wakes the next step).
 */
export async function recordVoidStep(job: StoredVoidJob, next: VoidPosition, flipped: number, done: boolean): Promise<boolean> {
  try {
    await db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: voidJobKey(job.preview_id),
        UpdateExpression: `SET step = :next, #position = :position, flipped = flipped + :flipped${done ? ', #status = :done, finished_at = :at' : ''}`,
        ConditionExpression: 'step = :read',
        ExpressionAttributeNames: { '#position': 'position', ...(done ? { '#status': 'status' } : {}) },
        ExpressionAttributeValues: {
          ':read': job.step,
          ':next': job.step + 1,
          ':position': next,
          ':flipped': flipped,
          ...(done ? { ':done': 'done', ':at': new Date().toISOString() } : {}),
        },
      }),
    );
    return true;
  } catch (error) {
    if (error instanceof ConditionalCheckFailedException) return false;
    throw error;
  }
}
