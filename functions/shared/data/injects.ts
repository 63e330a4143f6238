/**
 * Injects (`INJECTS / INJECT#<id>`): one item each, the whole inject, with
 * the `version` every edit moves. One small partition: organisers list them
 * all, a team's page reads them all and keeps what it may see.
 *
 * Beside them, the schedule (`SETTINGS / INJECT_SCHEDULE`): each published
 * inject's due time, points and super type, an attribute `i<id>` each, all
 * the board's maxima need (a few bytes an inject, where the injects with
 * their texts would cost the scoreboard a read unit per 4 KB). The inject's
 * write keeps it in the same transaction.
 */
import { GetCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { inOrder, scheduled, type Inject, type ScheduledInject } from '#shared/domain/injects';
import { auditPut, type AuditContext } from '#shared/data/audit';
import { db, tableName } from '#shared/data/client';
import { keys, PARTITION } from '#shared/data/keys';
import { queryPartition, transactionConditionFailed, withoutKeys } from '#shared/data/operations';

/** An inject item as read: its fields in the one order every answer shows. */
const toInject = (item: Record<string, unknown>): Inject => inOrder(withoutKeys<Inject>(item));

/** Every inject, in id order (consistent when an edit reads them). */
export async function listInjects(options: { consistent?: boolean } = {}): Promise<Inject[]> {
  return (await queryPartition(PARTITION.injects, options)).map(toInject);
}

/** One inject as stored now (consistent), or undefined. */
export async function readInject(id: number): Promise<Inject | undefined> {
  const { Item } = await db().send(new GetCommand({ TableName: tableName(), Key: keys.inject(id), ConsistentRead: true }));
  return Item ? toInject(Item) : undefined;
}

/** The published injects' place in the board's maxima. */
export async function readInjectSchedule(): Promise<ScheduledInject[]> {
  const { Item } = await db().send(new GetCommand({ TableName: tableName(), Key: keys.injectSchedule() }));
  return Object.entries(Item ?? {})
    .filter(([name]) => /^i\d+$/.test(name))
    .map(([, entry]) => entry as ScheduledInject);
}

/** The schedule's entry for an inject, when its publication, due time, points or super type change. */
function scheduleUpdate(before: Inject | null, after: Inject) {
  const entry = scheduled(after);
  const previous = scheduled(before);
  if (!entry || (previous && previous.due_at === entry.due_at && previous.points === entry.points && previous.super_type_id === entry.super_type_id)) return [];
  return [
    {
      Update: {
        TableName: tableName(),
        Key: keys.injectSchedule(),
        UpdateExpression: 'SET #inject = :entry',
        ExpressionAttributeNames: { '#inject': `i${after.id}` },
        ExpressionAttributeValues: { ':entry': entry },
      },
    },
  ];
}

/** How a write of an inject ended: written, lost to another edit (or an id taken), or its super type is gone. */
export type InjectWrite = 'written' | 'stale' | 'super-type-gone';

/**
 * Writes an inject whole (a create when `before` is null), if it is still
 * at `before`'s version, with its audit entry. A super type it comes into
 * must exist, and counts it (`injects_made`): a super type an inject was
 * ever in is never retired, as one an adjustment was made in is not.
 */
export async function writeInject(before: Inject | null, after: Inject, audit: AuditContext): Promise<InjectWrite> {
  const key = keys.inject(after.id);
  try {
    await db().send(
      new TransactWriteCommand({
        TransactItems: [
          {
            Put: {
              TableName: tableName(),
              Item: { ...key, ...after },
              ...(before
                ? { ConditionExpression: 'version = :version', ExpressionAttributeValues: { ':version': before.version } }
                : { ConditionExpression: 'attribute_not_exists(pk)' }),
            },
          },
          auditPut(audit, { action: before ? 'inject.update' : 'inject.create', target: `injects/${after.id}`, before, after }),
          // Only when it comes into a super type: every other edit of every inject would contend on that one item.
          ...(before?.super_type_id === after.super_type_id
            ? []
            : [
                {
                  Update: {
                    TableName: tableName(),
                    Key: keys.superType(after.super_type_id),
                    UpdateExpression: 'ADD injects_made :one',
                    ConditionExpression: 'attribute_exists(pk)',
                    ExpressionAttributeValues: { ':one': 1 },
                  },
                },
              ]),
          ...scheduleUpdate(before, after),
        ],
      }),
    );
    return 'written';
  } catch (error) {
    if (transactionConditionFailed(error, 0)) return 'stale';
    if (transactionConditionFailed(error, 2)) return 'super-type-gone';
    throw error;
  }
}
