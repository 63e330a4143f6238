/**
 * Check accounts, the use case: an admin replaces or deletes a service's
 * accounts. The change is made to the accounts as they are now and written
 * only if nobody wrote in between (If-Match makes that the client's
 * condition; without it a lost race is tried again on the newer item), in
 * one transaction with its audit entry, which says whose secrets were set,
 * never what they are. Secrets are sealed here and never opened.
 */
import { accountsFields, accountsView, readAccountsItem, storedAccountsOf, writeAccounts } from '#shared/data/accounts';
import { accountsItem } from '#shared/data/account-secrets';
import type { AuditContext } from '#shared/data/audit';
import { getServiceDefinition } from '#shared/data/services';
import type { AccountsView, CheckAccount } from '#shared/domain/accounts';
import { withDefault } from '#shared/domain/password-changes';
import type { Sealed } from '#shared/data/sealing';
import { ifMatchPasses, etagOf } from '#shared/http/conditional';
import { notFound, preconditionFailed, serviceUnavailable } from '#shared/http/problem';

/** Attempts at a write without If-Match before it gives up (each lost only to another writer). */
const ATTEMPTS = 5;

/** Replaces a service's accounts (creates them when it has none); the new view. */
export async function replaceAccounts(serviceId: number, accounts: CheckAccount[], ifMatch: string | undefined, audit: AuditContext): Promise<AccountsView> {
  return change(serviceId, ifMatch, audit, async (before) => {
    const item = await accountsItem(serviceId, accounts, before.version + 1);
    return { item, after: { ...accountsView(item), secrets_set: accounts.map((a) => a.username) } };
  });
}

/**
 * Resets one user of a service to its default secret (what the competition
 * file or the organiser's last replace set, before any password change
 * request); a user a request added is removed. The new view.
 */
export async function resetAccount(serviceId: number, username: string, ifMatch: string | undefined, audit: AuditContext): Promise<AccountsView> {
  return change(
    serviceId,
    ifMatch,
    audit,
    async (before, current) => {
      const stored = storedAccountsOf<Sealed>(current ?? {});
      if (!before.accounts.some((a) => a.username === username) && !stored.defaults?.accounts.some((a) => a.username === username)) {
        throw notFound(`Service ${serviceId} has no user ${JSON.stringify(username)}.`);
      }
      const item = { ...current, ...accountsFields(withDefault(stored, username)), version: before.version + 1 };
      return { item, after: { ...accountsView(item), secrets_set: [username] } };
    },
    'accounts.reset',
  );
}

/** Deletes a service's accounts: its login check then has none to sign in with. */
export async function deleteAccounts(serviceId: number, ifMatch: string | undefined, audit: AuditContext): Promise<void> {
  await change(serviceId, ifMatch, audit, async (before) => {
    if (before.version === 0) throw notFound(`Service ${serviceId} has no check accounts.`);
    return { item: undefined, after: null };
  });
}

async function change(
  serviceId: number,
  ifMatch: string | undefined,
  audit: AuditContext,
  make: (
    before: AccountsView,
    current: Record<string, unknown> | undefined,
  ) => Promise<{ item: Record<string, unknown> | undefined; after: (AccountsView & { secrets_set: string[] }) | null }>,
  action?: string,
): Promise<AccountsView> {
  if (!(await getServiceDefinition(serviceId))) throw notFound(`No service has id ${serviceId}.`);
  for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
    const current = await readAccountsItem(serviceId, { consistent: true });
    const before = accountsView(current);
    // No accounts: no representation (GET is a 404), so only a write without If-Match creates them.
    if (!ifMatchPasses(ifMatch, current ? etagOf(before) : undefined)) {
      throw preconditionFailed(`The accounts of service ${serviceId} changed since that ETag: read them again (GET) and retry with the new one.`);
    }
    const { item, after } = await make(before, current);
    if (await writeAccounts({ serviceId, version: before.version, item, audit, before, after, action })) return accountsView(item);
    if (ifMatch !== undefined)
      throw preconditionFailed(`The accounts of service ${serviceId} changed meanwhile: read them again (GET) and retry with the new ETag.`);
  }
  throw serviceUnavailable('accounts_busy', `The accounts of service ${serviceId} kept changing; try again.`, 1);
}
