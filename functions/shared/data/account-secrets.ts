/**
 * The check accounts' secrets, sealed and opened: the only module that
 * handles them in the clear. It is imported by the load (which seals) and by
 * the secrets route's function (which opens); nothing else bundles it, and
 * in AWS only that function's role may decrypt.
 */
import { accountSummary, type CheckAccount } from '#shared/domain/accounts';
import { accountsContext, accountsKey } from '#shared/data/accounts';
import { keys, PARTITION } from '#shared/data/keys';
import { accountsKeyProvider } from '#shared/data/kms-key-provider';
import { queryPartition } from '#shared/data/operations';
import { open, seal, type Sealed } from '#shared/data/sealing';

/** A service's accounts item, the secrets sealed under its id. */
export async function accountsItem(serviceId: number, accounts: CheckAccount[]): Promise<Record<string, unknown>> {
  const secrets = accounts.map((a) => (a.private_key === undefined ? { p: a.password } : { k: a.private_key }));
  return {
    ...accountsKey(serviceId),
    service_id: serviceId,
    accounts: accounts.map(accountSummary),
    sealed: await seal(accountsKeyProvider(), accountsContext(serviceId), JSON.stringify(secrets)),
  };
}

/** Every service's accounts with their secrets, by service id: one Query, each seal opened under its own service's id. */
export async function readAccountSecrets(): Promise<Map<number, CheckAccount[]>> {
  const provider = accountsKeyProvider();
  const items = await queryPartition(PARTITION.accounts, { consistent: true });
  const opened = await Promise.all(
    items.map(async (item) => {
      const serviceId = Number(item.service_id);
      if (item.sk !== keys.serviceAccounts(serviceId).sk) throw new Error(`accounts item ${String(item.sk)} names service ${serviceId}`);
      const sealed = item.sealed as Sealed;
      if (sealed.by !== provider.name) {
        throw new Error(
          `service ${serviceId}'s accounts were sealed by ${sealed.by}, and this function opens with ${provider.name}: load them again with --accounts-key`,
        );
      }
      const secrets = JSON.parse(await open(provider, accountsContext(serviceId), sealed)) as { p?: string; k?: string }[];
      const summaries = item.accounts as { username: string }[];
      const accounts = summaries.map((s, i): CheckAccount =>
        secrets[i]?.k === undefined ? { username: s.username, password: secrets[i]?.p } : { username: s.username, private_key: secrets[i]!.k },
      );
      return [serviceId, accounts] as const;
    }),
  );
  return new Map(opened);
}
