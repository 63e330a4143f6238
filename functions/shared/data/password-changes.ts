/**
 * Password change requests as stored (`PCRS#<team> / PCR#<id>`, and in gsi2
 * under `PCRS`): who asked, when, for which accounts, its state and who
 * decided. While a request waits, its passwords are kept sealed beside it
 * under each service's own encryption context, so that applying it moves
 * the seals into the services' accounts without opening one; they are
 * removed when it is decided. Nothing here ever holds a password in the clear.
 */
import { GetCommand, QueryCommand, TransactWriteCommand, type TransactWriteCommandInput } from '@aws-sdk/lib-dynamodb';
import { PasswordChangeSchema, type PasswordChange, type PasswordChangeState } from '#shared/domain/password-changes';
import { inSchemaOrder } from '#shared/domain/shapes';
import { auditPut, type AuditChange, type AuditContext } from '#shared/data/audit';
import { transactionConditionFailed } from '#shared/data/operations';
import { db, tableName } from '#shared/data/client';
import { allocateId } from '#shared/data/counters';
import { accountsKey } from '#shared/data/accounts';
import { keys } from '#shared/data/keys';
import { markWaiting, settleWaiting, waitingPasswordChange } from '#shared/data/waiting';
import type { Sealed } from '#shared/data/sealing';

export type { PasswordChange };

type Item = Record<string, unknown>;

const HISTORY_LIMIT = 100;

/** A request as every answer shows it: its schema's fields, in its order; one not decided (or not delayed) has them null. */
const toChange = (item: Item): PasswordChange =>
  inSchemaOrder(PasswordChangeSchema, {
    ...item,
    apply_at: item.apply_at ?? null,
    decided_by: item.decided_by ?? null,
    decided_at: item.decided_at ?? null,
    reason: item.reason ?? null,
  });

/** A stored request with its sealed passwords (by the change's index): what applying it moves into the accounts. */
export interface PendingChange {
  change: PasswordChange;
  sealed: Sealed[];
}

export const newPasswordChangeId = () => allocateId('password-change');

/** Stores a new request (pending) with its audit entry: never a password, only the seals. */
export async function putPasswordChange(change: PasswordChange, sealed: Sealed[], audit: AuditContext): Promise<void> {
  await db().send(
    new TransactWriteCommand({
      TransactItems: [
        {
          Put: {
            TableName: tableName(),
            Item: { ...keys.passwordChange(change.team_id, change.id), ...change, sealed },
            ConditionExpression: 'attribute_not_exists(pk)',
          },
        },
        markWaiting(waitingPasswordChange(change.id)),
        auditPut(audit, { action: 'password-change.request', target: `teams/${change.team_id}/password-changes/${change.id}`, before: null, after: change }),
      ],
    }),
  );
}

/** A team's requests, newest first (the latest HISTORY_LIMIT). */
export async function listTeamPasswordChanges(teamId: number): Promise<PasswordChange[]> {
  const { Items = [] } = await db().send(
    new QueryCommand({
      TableName: tableName(),
      KeyConditionExpression: 'pk = :pk',
      ExpressionAttributeValues: { ':pk': keys.teamPasswordChanges(teamId) },
      ScanIndexForward: false,
      Limit: HISTORY_LIMIT,
      ConsistentRead: true,
    }),
  );
  return Items.map(toChange);
}

/** Every team's requests, newest first (the latest `limit`), optionally in one state: the organisers' list (gsi2). */
export async function listPasswordChanges(options: { state?: PasswordChangeState; limit: number }): Promise<PasswordChange[]> {
  const found: PasswordChange[] = [];
  let start: Item | undefined;
  do {
    const page = await db().send(
      new QueryCommand({
        TableName: tableName(),
        IndexName: 'gsi2',
        KeyConditionExpression: 'gsi2pk = :pcrs',
        ExpressionAttributeValues: { ':pcrs': 'PCRS', ...(options.state ? { ':state': options.state } : {}) },
        ...(options.state ? { FilterExpression: '#state = :state', ExpressionAttributeNames: { '#state': 'state' } } : {}),
        ScanIndexForward: false,
        ExclusiveStartKey: start,
      }),
    );
    found.push(...(page.Items ?? []).map(toChange));
    start = page.LastEvaluatedKey;
  } while (start && found.length < options.limit);
  return found.slice(0, options.limit);
}

/** One request by id, with its seals while it waits (consistent). */
export async function findPasswordChange(id: number): Promise<PendingChange | undefined> {
  const { Items = [] } = await db().send(
    new QueryCommand({
      TableName: tableName(),
      IndexName: 'gsi2',
      KeyConditionExpression: 'gsi2pk = :pcrs AND gsi2sk = :sk',
      ExpressionAttributeValues: { ':pcrs': 'PCRS', ':sk': keys.passwordChange(0, id).gsi2sk },
    }),
  );
  const indexed = Items[0];
  if (!indexed) return undefined;
  const { Item } = await db().send(new GetCommand({ TableName: tableName(), Key: { pk: indexed.pk, sk: indexed.sk }, ConsistentRead: true }));
  return Item ? { change: toChange(Item), sealed: (Item.sealed as Sealed[] | undefined) ?? [] } : undefined;
}

/** A service's accounts item as it will be written: the whole item, conditioned on the version read (0: none). */
export interface AccountsWrite {
  serviceId: number;
  version: number;
  item: Item;
}

type TransactItem = NonNullable<TransactWriteCommandInput['TransactItems']>[number];

/**
 * Decides a pending request in one transaction: the accounts it changes
 * (each conditioned on the version read), the request itself (conditioned on
 * still pending; its seals removed) and its audit entry. False when the
 * request was decided meanwhile or an accounts item changed: read again.
 */
export async function decidePasswordChange(
  change: PasswordChange,
  outcome: { state: 'applied' | 'rejected' | 'failed'; by: string; at: string; reason?: string },
  accounts: AccountsWrite[],
  audit: AuditContext,
): Promise<PasswordChange | false> {
  const decided: PasswordChange = { ...change, state: outcome.state, decided_by: outcome.by, decided_at: outcome.at, reason: outcome.reason ?? null };
  const { pk, sk } = keys.passwordChange(change.team_id, change.id);
  const accountWrites: TransactItem[] = accounts.map(({ serviceId, version, item }) => ({
    Put: {
      TableName: tableName(),
      Item: { ...item, ...accountsKey(serviceId) },
      ...(version === 0
        ? { ConditionExpression: 'attribute_not_exists(pk)' }
        : { ConditionExpression: 'version = :v', ExpressionAttributeValues: { ':v': version } }),
    },
  }));
  const entry: AuditChange = {
    action: `password-change.${({ applied: 'apply', rejected: 'reject', failed: 'fail' } as const)[outcome.state]}`,
    target: `teams/${change.team_id}/password-changes/${change.id}`,
    before: change,
    after: decided,
  };
  try {
    await db().send(
      new TransactWriteCommand({
        TransactItems: [
          ...accountWrites,
          {
            Update: {
              TableName: tableName(),
              Key: { pk, sk },
              UpdateExpression: 'SET #state = :state, decided_by = :by, decided_at = :at, reason = :reason REMOVE sealed',
              ConditionExpression: '#state = :pending',
              ExpressionAttributeNames: { '#state': 'state' },
              ExpressionAttributeValues: {
                ':state': decided.state,
                ':by': decided.decided_by,
                ':at': decided.decided_at,
                ':reason': decided.reason,
                ':pending': 'pending',
              },
            },
          },
          settleWaiting(waitingPasswordChange(change.id)),
          auditPut(audit, entry),
        ],
      }),
    );
    return decided;
  } catch (error) {
    if (transactionConditionFailed(error)) return false;
    throw error;
  }
}
