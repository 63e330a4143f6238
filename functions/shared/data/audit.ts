import { randomBytes } from 'node:crypto';
import { PutCommand, QueryCommand, type TransactWriteCommandInput } from '@aws-sdk/lib-dynamodb';
import { AuditEntrySchema, type AuditChange, type AuditEntry } from '#shared/domain/audit';
import type { TokenRole } from '#shared/domain/roles';
import { inSchemaOrder } from '#shared/domain/shapes';
import { db, tableName } from '#shared/data/client';
import { auditKeys } from '#shared/data/keys';

/**
 * The audit trail: who changed what, when, through which route or command.
 * Every admin and service-account write adds ONE entry item to the very
 * transaction that makes the change (`auditPut`), so a change and its record
 * land together or not at all; a refused or lost-race write leaves no entry,
 * and a replayed idempotent request (answered from its stored response, the
 * write not run again) leaves no second one.
 *
 * Keys: entries are spread over AUDIT_SHARDS partitions (`AUDIT#<n>`, n
 * random per entry) with the sort key `ENTRY#<time>#<random>`, so no single
 * partition carries every admin write (nor, the table having a local index,
 * its 10 GB item-collection cap); reading newest first queries every shard
 * (in parallel) and merges. Entries expire after AUDIT_RETENTION_DAYS (the
 * table's TTL attribute).
 */

export const AUDIT_SHARDS = 4;
export const AUDIT_RETENTION_DAYS = 400;

/** Who made a change. Never a secret: a token by its public id, never its hash. */
export type AuditActor =
  /** A request with a Bearer token. */
  | { type: 'token'; name: string; token_id: string; role: TokenRole }
  /** A SigV4-signed request: the caller's ARN. */
  | { type: 'iam'; name: string; arn: string; role: TokenRole }
  /** A member signed in: their account's name, team (none for the red team's) and session's public id. */
  | { type: 'session'; name: string; team_id: number; session_id: string; role: 'team' }
  | { type: 'session'; name: string; team_id: null; session_id: string; role: 'red-team' }
  /** The command-line tool: the caller's AWS identity (its ARN), or locally the OS user's name. */
  | { type: 'cli'; name: string; arn?: string }
  /** The service itself on someone's behalf: the local server's start-up registrations, the stack's grant helpers, tests. */
  | { type: 'system'; name: string };

/** What an entry says about where a change came from. */
export interface AuditContext {
  actor: AuditActor;
  /** `PATCH /api/v1/settings/1`, or the command line: `scoring token create`. */
  route: string;
  /** The request's id (requests only), to find its log lines. */
  requestId?: string;
}

export type { AuditChange, AuditEntry };

type TransactItem = NonNullable<TransactWriteCommandInput['TransactItems']>[number];

/** The entry of one change, as a TransactWrite item to add to the write that makes the change. */
export function auditPut(context: AuditContext, change: AuditChange, at = new Date()): TransactItem {
  const time = at.toISOString();
  const id = `${time}#${randomBytes(6).toString('hex')}`;
  const shard = randomBytes(1)[0]! % AUDIT_SHARDS;
  const entry: AuditEntry = {
    id,
    time,
    actor: context.actor,
    route: context.route,
    request_id: context.requestId ?? null,
    action: change.action,
    target: change.target,
    before: change.before ?? null,
    after: change.after ?? null,
  };
  return {
    Put: {
      TableName: tableName(),
      Item: { ...auditKeys.entry(shard, id), ...entry, ttl: Math.floor(at.getTime() / 1000) + AUDIT_RETENTION_DAYS * 86_400 },
      ConditionExpression: 'attribute_not_exists(pk)',
    },
  };
}

/**
 * Records a change that is not a DynamoDB write of this table (a final
 * export written to disk): a put of the entry on its own.
 */
export async function recordAudit(context: AuditContext, change: AuditChange): Promise<void> {
  await db().send(new PutCommand(auditPut(context, change).Put!));
}

/** An actor for what the service does on its own behalf or for a tool (not a request). */
export const systemActor = (name: string): AuditActor => ({ type: 'system', name });

export interface AuditPage {
  items: AuditEntry[];
  /** The id of the page's last entry, where the next page starts; absent on the last page. */
  next?: string;
}

/** Which entries a page holds: a target and its parts (`teams/3` also matches `teams/3/adjustments/7`), and an action or its kind (`team.` matches `team.create` and `team.update`). */
export interface AuditFilter {
  target?: string;
  action?: string;
}

/**
 * One page of the trail, newest first: one Query per shard, in parallel,
 * each asking for a page and one more after `after`, merged by id (time,
 * then random part). A shard that has more than it read (the one more,
 * DynamoDB's Limit or its 1 MB page end) bounds the page at the last entry
 * it read: nothing older is shown, since its unread entries could be newer
 * than others'. A filter is a FilterExpression: the shards read as many
 * entries as without one, so a filtered page may hold fewer than `limit`
 * (even none) and still have a next one.
 */
export async function auditPage(limit: number, after?: string, filter: AuditFilter = {}): Promise<AuditPage> {
  const conditions: string[] = [];
  const values: Record<string, unknown> = {};
  if (filter.target !== undefined) {
    conditions.push('(#target = :target OR begins_with(#target, :targetParts))');
    Object.assign(values, { ':target': filter.target, ':targetParts': `${filter.target}/` });
  }
  if (filter.action !== undefined) {
    conditions.push('begins_with(#action, :action)');
    values[':action'] = filter.action;
  }
  const names = { ...(filter.target !== undefined ? { '#target': 'target' } : {}), ...(filter.action !== undefined ? { '#action': 'action' } : {}) };
  const shards = await Promise.all(
    Array.from({ length: AUDIT_SHARDS }, async (_, shard) => {
      const result = await db().send(
        new QueryCommand({
          TableName: tableName(),
          KeyConditionExpression: after ? 'pk = :pk AND sk < :after' : 'pk = :pk AND begins_with(sk, :prefix)',
          ...(conditions.length > 0 ? { FilterExpression: conditions.join(' AND '), ExpressionAttributeNames: names } : {}),
          ExpressionAttributeValues: {
            ':pk': auditKeys.partition(shard),
            ...(after ? { ':after': auditKeys.entry(shard, after).sk } : { ':prefix': auditKeys.entryPrefix }),
            ...values,
          },
          ScanIndexForward: false,
          Limit: limit + 1,
        }),
      );
      const items = (result.Items ?? []).map(toEntry);
      // Where this shard stopped reading, if it did not read to its end.
      const stoppedAt = result.LastEvaluatedKey ? String(result.LastEvaluatedKey.sk).slice(auditKeys.entryPrefix.length) : undefined;
      return { items, stoppedAt };
    }),
  );
  const bound = shards
    .map((s) => s.stoppedAt)
    .reduce<string | undefined>((highest, id) => (id === undefined ? highest : highest === undefined || id > highest ? id : highest), undefined);
  const merged = shards
    .flatMap((s) => s.items)
    .filter((entry) => bound === undefined || entry.id >= bound)
    .sort((a, b) => (a.id < b.id ? 1 : a.id > b.id ? -1 : 0));
  const items = merged.slice(0, limit);
  if (merged.length > limit) return { items, next: items[items.length - 1]!.id };
  return bound === undefined ? { items } : { items, next: bound };
}

/**
 * An entry as every answer shows it: its schema's fields in its order, its
 * actor's too (stored maps lose their order); one stored without a request
 * id, a before or an after has them null.
 */
const toEntry = (item: Record<string, unknown>): AuditEntry =>
  inSchemaOrder(AuditEntrySchema, { ...item, request_id: item.request_id ?? null, before: item.before ?? null, after: item.after ?? null });
