/**
 * The check accounts' secrets, sealed and opened: the only module that
 * handles them in the clear. Sealing (the load, the admin's replace) needs
 * the key's GenerateDataKey; opening, its Decrypt, which in AWS only the
 * secrets route's function holds.
 */
import { accountSummary, type CheckAccount } from '#shared/domain/accounts';
import { accountsContext, accountsKey } from '#shared/data/accounts';
import { keys, PARTITION } from '#shared/data/keys';
import { accountsKeyProvider } from '#shared/data/kms-key-provider';
import { queryPartition } from '#shared/data/operations';
import { open, seal, type Sealed } from '#shared/data/sealing';
import { formatTimestamp } from '#shared/validation';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { db, tableName } from '#shared/data/client';

/** An account's secret as sealed: which kind, and its text. */
const secretOf = (a: CheckAccount) => JSON.stringify(a.private_key === undefined ? { p: a.password } : { k: a.private_key });

/** A service's accounts item at `version`, each secret sealed on its own under the service's id, set at `setAt`. */
export async function accountsItem(
  serviceId: number,
  accounts: CheckAccount[],
  version = 1,
  setAt = formatTimestamp(Date.now()),
): Promise<Record<string, unknown>> {
  const provider = accountsKeyProvider();
  const sealed = await Promise.all(accounts.map(async (a) => [a.username, await seal(provider, accountsContext(serviceId), secretOf(a))] as const));
  return {
    ...accountsKey(serviceId),
    service_id: serviceId,
    version,
    accounts: accounts.map((a) => accountSummary(a, setAt)),
    // A Map: the SDK stores it as the same map, whatever the names (`constructor` included).
    sealed: new Map(sealed),
  };
}

/**
 * Every service's accounts with their secrets, by service id (one Query), or
 * one service's (one GetItem): each seal opened under its own service's id.
 * `within`: only these services' (an agent's pool); the others' are not opened.
 */
export async function readAccountSecrets(serviceId?: number, within?: Set<number>): Promise<Map<number, CheckAccount[]>> {
  const provider = accountsKeyProvider();
  const read = serviceId === undefined ? await queryPartition(PARTITION.accounts, { consistent: true }) : await oneServiceItem(serviceId);
  const items = within ? read.filter((item) => within.has(Number(item.service_id))) : read;
  const opened = await Promise.all(
    items.map(async (item) => {
      const serviceId = Number(item.service_id);
      if (item.sk !== keys.serviceAccounts(serviceId).sk) throw new Error(`accounts item ${String(item.sk)} names service ${serviceId}`);
      const seals = item.sealed as Record<string, Sealed>;
      const accounts = await Promise.all(
        (item.accounts as { username: string }[]).map(async ({ username }): Promise<CheckAccount> => {
          const sealed = Object.hasOwn(seals, username) ? seals[username] : undefined;
          if (sealed === undefined) throw new Error(`service ${serviceId}'s accounts have no secret for one of their users`);
          if (sealed.by !== provider.name) {
            throw new Error(
              `service ${serviceId}'s accounts were sealed by ${sealed.by}, and this function opens with ${provider.name}: load them again with --accounts-key`,
            );
          }
          const secret = JSON.parse(await open(provider, accountsContext(serviceId), sealed)) as { p?: string; k?: string };
          return secret.k === undefined ? { username, password: secret.p } : { username, private_key: secret.k };
        }),
      );
      return [serviceId, accounts] as const;
    }),
  );
  return new Map(opened);
}

async function oneServiceItem(serviceId: number): Promise<Record<string, unknown>[]> {
  const { Item } = await db().send(new GetCommand({ TableName: tableName(), Key: accountsKey(serviceId), ConsistentRead: true }));
  return Item ? [Item] : [];
}

/** A new password for one of a service's users, sealed as its accounts item keeps it (a request's, until it applies). */
export function sealPassword(serviceId: number, password: string): Promise<Sealed> {
  return seal(accountsKeyProvider(), accountsContext(serviceId), secretOf({ username: '', password }));
}
