/**
 * A service's check accounts (`ACCOUNTS / SERVICE#<id>`): one item holding
 * what may be shown of them (`accounts`: user names, the kind of secret,
 * when it was set), a `version` every change moves, and each account's
 * secret sealed on its own (`sealed`, by user name; see data/sealing.ts)
 * under the service id as encryption context, so one account can be set
 * without opening the others. Reading the summaries never opens a seal; only
 * data/account-secrets.ts seals and opens.
 */
import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { GetCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import type { AccountsView, AccountSummary } from '#shared/domain/accounts';
import type { StoredAccounts } from '#shared/domain/password-changes';
import { auditPut, type AuditContext } from '#shared/data/audit';
import { transactionConditionFailed } from '#shared/data/operations';
import { db, tableName } from '#shared/data/client';
import { keys } from '#shared/data/keys';

type Item = Record<string, unknown>;

export const accountsKey = keys.serviceAccounts;

/** The encryption context a service's secrets are sealed under. */
export const accountsContext = (serviceId: number) => ({ service_id: String(serviceId) });

/** A service's accounts item as stored (undefined: it has none). */
export async function readAccountsItem(serviceId: number, options: { consistent?: boolean } = {}): Promise<Item | undefined> {
  const { Item } = await db().send(new GetCommand({ TableName: tableName(), Key: accountsKey(serviceId), ConsistentRead: options.consistent }));
  return Item;
}

/** What an admin sees of an accounts item: never a seal. A service without accounts is version 0, with none. */
export const accountsView = (item: Item | undefined): AccountsView => ({
  version: Number(item?.version ?? 0),
  accounts: (item?.accounts as AccountSummary[] | undefined) ?? [],
});

/** The change to write, with its audit entry, only if the item is still at `version` (0: none). */
export interface AccountsChange {
  serviceId: number;
  version: number;
  /** The new item (undefined: delete it). */
  item: Item | undefined;
  audit: AuditContext;
  before: AccountsView;
  after: (AccountsView & { secrets_set: string[] }) | null;
  /** The audit entry's action, when it is not a plain replace or delete (`accounts.reset`). */
  action?: string;
}

/** Writes the change and its audit entry at once; false when the item is no longer at the version read. */
export async function writeAccounts(change: AccountsChange): Promise<boolean> {
  const key = accountsKey(change.serviceId);
  const unchanged =
    change.version === 0
      ? { ConditionExpression: 'attribute_not_exists(pk)' }
      : { ConditionExpression: 'version = :v', ExpressionAttributeValues: { ':v': change.version } };
  const write = change.item
    ? { Put: { TableName: tableName(), Item: { ...change.item, ...key }, ...unchanged } }
    : { Delete: { TableName: tableName(), Key: key, ...unchanged } };
  try {
    await db().send(
      new TransactWriteCommand({
        TransactItems: [
          write,
          auditPut(change.audit, {
            action: change.action ?? (change.item ? 'accounts.replace' : 'accounts.delete'),
            target: `services/${change.serviceId}/accounts`,
            before: change.before.version === 0 ? null : change.before,
            after: change.after,
          }),
        ],
      }),
    );
    return true;
  } catch (error) {
    if (error instanceof ConditionalCheckFailedException) return false;
    if (transactionConditionFailed(error, 0)) return false;
    throw error;
  }
}

/** A stored map of seals by user name, as a Map: only the map's own entries, whatever a name is. */
const sealsOf = <Seal>(map: unknown): Map<string, Seal> =>
  // A Map already when the item was changed in this request (accountsFields), a plain map as the table gives it back.
  map instanceof Map ? new Map(map as Map<string, Seal>) : new Map(Object.entries((map as Record<string, Seal> | undefined) ?? {}));

/** A service's accounts item as the rules read it (domain/password-changes.ts StoredAccounts): its seals as Maps. */
export function storedAccountsOf<Seal>(item: Item): StoredAccounts<Seal> {
  const defaults = item.defaults as { accounts: AccountSummary[]; sealed: unknown } | undefined;
  return {
    accounts: (item.accounts as AccountSummary[] | undefined) ?? [],
    sealed: sealsOf<Seal>(item.sealed),
    ...(defaults ? { defaults: { accounts: defaults.accounts, sealed: sealsOf<Seal>(defaults.sealed) } } : {}),
  };
}

/** The item's fields for accounts the rules changed: the seals written as Maps (the SDK stores a Map as the same map). */
export function accountsFields<Seal>(stored: StoredAccounts<Seal>): Item {
  return {
    accounts: stored.accounts,
    sealed: new Map(stored.sealed),
    ...(stored.defaults ? { defaults: { accounts: stored.defaults.accounts, sealed: new Map(stored.defaults.sealed) } } : {}),
  };
}
