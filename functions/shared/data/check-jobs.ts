/**
 * "Check now" jobs as stored (`CHECKJOB#<id> / CHECKJOB`), each in its
 * team's list (gsi2, `CHECKS#<team>`) and, until an agent takes it, in the
 * queue (gsi1, `CHECKS#QUEUED`: the keys are removed when it starts, so the
 * queue holds only waiting jobs). A team's requests pass one conditional
 * update of its limit item (`CHECKLIMIT#<team>`) in the same transaction as
 * the job: concurrent requests cannot get past the limit. Jobs expire with
 * the table's TTL after a day.
 */
import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { GetCommand, PutCommand, QueryCommand, TransactWriteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { CHECK_JOB_KEPT_SECONDS, CHECK_JOB_LOST_AFTER_SECONDS, StoredCheckJobSchema, type CheckJob, type CheckOutcome } from '#shared/domain/check-jobs';
import { inSchemaOrder } from '#shared/domain/shapes';
import { db, tableName } from '#shared/data/client';
import { allocateId } from '#shared/data/counters';
import { keys } from '#shared/data/keys';
import { transactionConditionFailed } from '#shared/data/operations';
import { formatTimestamp } from '#shared/validation';

type Item = Record<string, unknown>;

/** How many of a team's jobs its list shows, newest first. */
const TEAM_LIST_LIMIT = 20;
/** How many queued jobs one read of the queue returns, oldest first. */
const QUEUE_READ_LIMIT = 100;

/** A job as stored, its schema's fields in its order; one stored without `started_at` or `outcome` has them null. */
const toJob = (item: Item): CheckJob => inSchemaOrder(StoredCheckJobSchema, { ...item, started_at: item.started_at ?? null, outcome: item.outcome ?? null });

export const newCheckJobId = () => allocateId('check-job');

/** The job was not stored: the team asked again too soon, and may in this many seconds. */
export interface Limited {
  retryAfterSeconds: number;
}

/**
 * Stores a queued job. With `limit` (a team's own request), only if the team's
 * last request is at least `intervalSeconds` old, and the limit moves on in
 * the same transaction.
 */
export async function putCheckJob(job: CheckJob, limit?: { intervalSeconds: number; now: number }): Promise<Limited | undefined> {
  const put = {
    TableName: tableName(),
    Item: {
      ...keys.checkJob(job.id),
      ...keys.checkJobOfTeam(job.team_id, job.id),
      ...keys.queuedCheckJob(job.id),
      ...job,
      ttl: Math.floor(Date.parse(job.requested_at) / 1000) + CHECK_JOB_KEPT_SECONDS,
    },
    ConditionExpression: 'attribute_not_exists(pk)',
  };
  if (!limit) {
    await db().send(new PutCommand(put));
    return undefined;
  }
  const limitKey = keys.checkLimit(job.team_id);
  try {
    await db().send(
      new TransactWriteCommand({
        TransactItems: [
          {
            Update: {
              TableName: tableName(),
              Key: limitKey,
              UpdateExpression: 'SET next_at = :next, #ttl = :ttl',
              ConditionExpression: 'attribute_not_exists(next_at) OR next_at <= :now',
              ExpressionAttributeNames: { '#ttl': 'ttl' },
              ExpressionAttributeValues: {
                ':next': limit.now + limit.intervalSeconds * 1000,
                ':now': limit.now,
                ':ttl': Math.floor(limit.now / 1000) + CHECK_JOB_KEPT_SECONDS,
              },
            },
          },
          { Put: put },
        ],
      }),
    );
    return undefined;
  } catch (error) {
    if (!transactionConditionFailed(error, 0)) throw error;
    const { Item } = await db().send(new GetCommand({ TableName: tableName(), Key: limitKey, ConsistentRead: true }));
    return { retryAfterSeconds: Math.max(1, Math.ceil((Number(Item?.next_at ?? limit.now) - limit.now) / 1000)) };
  }
}

export async function findCheckJob(id: number): Promise<CheckJob | undefined> {
  const { Item } = await db().send(new GetCommand({ TableName: tableName(), Key: keys.checkJob(id), ConsistentRead: true }));
  return Item ? toJob(Item) : undefined;
}

/** A team's latest jobs, newest first (gsi2: a job may take a moment to appear). */
export async function listTeamCheckJobs(teamId: number): Promise<CheckJob[]> {
  const { Items = [] } = await db().send(
    new QueryCommand({
      TableName: tableName(),
      IndexName: 'gsi2',
      KeyConditionExpression: 'gsi2pk = :team',
      ExpressionAttributeValues: { ':team': keys.teamCheckJobs(teamId) },
      ScanIndexForward: false,
      Limit: TEAM_LIST_LIMIT,
    }),
  );
  return Items.map(toJob);
}

/** The jobs no agent has taken yet, oldest first. */
export async function listQueuedCheckJobs(): Promise<CheckJob[]> {
  const { Items = [] } = await db().send(
    new QueryCommand({
      TableName: tableName(),
      IndexName: 'gsi1',
      KeyConditionExpression: 'gsi1pk = :queued',
      ExpressionAttributeValues: { ':queued': keys.queuedCheckJobs() },
      Limit: QUEUE_READ_LIMIT,
    }),
  );
  return Items.map(toJob);
}

/**
 * An agent takes a queued job: it leaves the queue. Undefined when it is not
 * queued any more (another agent took it) or was asked too long ago to be
 * worth running (it shows as lost).
 */
export async function startCheckJob(id: number, now: number): Promise<CheckJob | undefined> {
  return conditionalUpdate(id, {
    UpdateExpression: 'SET #state = :running, started_at = :now REMOVE gsi1pk, gsi1sk',
    ConditionExpression: '#state = :queued AND requested_at >= :oldest',
    ExpressionAttributeValues: {
      ':running': 'running',
      ':queued': 'queued',
      ':now': formatTimestamp(now),
      ':oldest': formatTimestamp(now - CHECK_JOB_LOST_AFTER_SECONDS * 1000),
    },
  });
}

/** The agent's outcome of a job it started. Undefined when the job is not running (done already, or never started). */
export async function finishCheckJob(id: number, outcome: CheckOutcome): Promise<CheckJob | undefined> {
  return conditionalUpdate(id, {
    UpdateExpression: 'SET #state = :done, outcome = :outcome',
    ConditionExpression: '#state = :running',
    ExpressionAttributeValues: { ':done': 'done', ':running': 'running', ':outcome': outcome },
  });
}

async function conditionalUpdate(
  id: number,
  update: { UpdateExpression: string; ConditionExpression: string; ExpressionAttributeValues: Item },
): Promise<CheckJob | undefined> {
  try {
    const { Attributes } = await db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.checkJob(id),
        ...update,
        ConditionExpression: `attribute_exists(pk) AND ${update.ConditionExpression}`,
        ExpressionAttributeNames: { '#state': 'state' },
        ReturnValues: 'ALL_NEW',
      }),
    );
    return toJob(Attributes!);
  } catch (error) {
    if (error instanceof ConditionalCheckFailedException) return undefined;
    throw error;
  }
}
