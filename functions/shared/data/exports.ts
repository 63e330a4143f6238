/**
 * Export jobs as stored (`EXPORT#<id> / EXPORT`): queued by the request,
 * taken once by the worker (a conditional update from `queued`), then done
 * or failed (conditional on `running`), so a second invocation of one job
 * (Lambda's retry, a duplicate event) finds it taken and does nothing. Jobs
 * expire with the table's TTL with their ZIPs.
 */
import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { allocateId } from '#shared/data/counters';
import { db, tableName } from '#shared/data/client';
import { keys } from '#shared/data/keys';
import { withoutKeys } from '#shared/data/operations';
import { EXPORT_KEPT_SECONDS, type AnyExportJob } from '#shared/domain/exports';
import { formatTimestamp } from '#shared/validation';

const toJob = (item: Record<string, unknown>): AnyExportJob => {
  const j = withoutKeys<Record<string, unknown> & { ttl?: number }>(item);
  const fields = {
    id: j.id as number,
    state: j.state as AnyExportJob['state'],
    requested_by: j.requested_by as string,
    requested_at: j.requested_at as string,
    started_at: (j.started_at as string | undefined) ?? null,
    finished_at: (j.finished_at as string | undefined) ?? null,
    key: (j.key as string | undefined) ?? null,
    bytes: (j.bytes as number | undefined) ?? null,
    error: (j.error as string | undefined) ?? null,
  };
  // A job stored before kinds existed is a submissions export.
  if (j.kind === 'debriefs') return { ...fields, kind: 'debriefs', teams: j.teams as number, settles_after: (j.settles_after as string | undefined) ?? null };
  return { ...fields, kind: 'submissions', inject_id: j.inject_id as number, submissions: j.submissions as number, files: j.files as number };
};

export const newExportJobId = () => allocateId('export');

export async function putExportJob(job: AnyExportJob): Promise<void> {
  await db().send(
    new PutCommand({
      TableName: tableName(),
      Item: { ...keys.exportJob(job.id), ...job, ttl: Math.floor(Date.parse(job.requested_at) / 1000) + EXPORT_KEPT_SECONDS },
      ConditionExpression: 'attribute_not_exists(pk)',
    }),
  );
}

export async function readExportJob(id: number): Promise<AnyExportJob | undefined> {
  const { Item } = await db().send(new GetCommand({ TableName: tableName(), Key: keys.exportJob(id), ConsistentRead: true }));
  return Item ? toJob(Item) : undefined;
}

/** Moves a job from `from` to `state` with these fields; undefined when it was not in `from` (taken, or ended). */
async function move(id: number, from: AnyExportJob['state'], state: AnyExportJob['state'], fields: Partial<AnyExportJob>): Promise<AnyExportJob | undefined> {
  const set = { ...fields, state };
  try {
    const { Attributes } = await db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.exportJob(id),
        UpdateExpression: `SET ${Object.keys(set)
          .map((name, i) => `#f${i} = :v${i}`)
          .join(', ')}`,
        ConditionExpression: '#state = :from',
        ExpressionAttributeNames: { '#state': 'state', ...Object.fromEntries(Object.keys(set).map((name, i) => [`#f${i}`, name])) },
        ExpressionAttributeValues: { ':from': from, ...Object.fromEntries(Object.values(set).map((value, i) => [`:v${i}`, value])) },
        ReturnValues: 'ALL_NEW',
      }),
    );
    return Attributes ? toJob(Attributes) : undefined;
  } catch (error) {
    if (error instanceof ConditionalCheckFailedException) return undefined;
    throw error;
  }
}

/** The worker takes a queued job; undefined when it is not queued (another invocation took it). */
export const startExportJob = (id: number, now = new Date()) => move(id, 'queued', 'running', { started_at: formatTimestamp(now) });

export const finishExportJob = (id: number, result: { key: string; bytes: number }, now = new Date()) =>
  move(id, 'running', 'done', { ...result, finished_at: formatTimestamp(now) });

export const failExportJob = (id: number, from: 'queued' | 'running', error: string, now = new Date()) =>
  move(id, from, 'failed', { error, finished_at: formatTimestamp(now) });
