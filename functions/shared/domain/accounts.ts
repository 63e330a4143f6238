/**
 * Check accounts: the users a login check signs in as (a password, or an SSH
 * private key). A subtype's accounts are the default for its services; a
 * service's own replace them. Each round the agent picks one at random, so
 * one account left unchanged cannot carry a service.
 *
 * The secret is the one thing in the product that must never travel: it is
 * kept encrypted (data/accounts.ts), and everything that shows an account
 * shows its summary, never the secret.
 */
import * as v from 'valibot';
import { Count, Time, named } from '#shared/domain/shapes';

export const MAX_ACCOUNTS = 20;

/**
 * A user name: printable ASCII, with spaces inside it but not at its ends,
 * for the directory's DNs (`CN=Scoring Bot,OU=Service Accounts,DC=corp,DC=local`,
 * Active Directory's usual form, is longer than a Unix name may be too).
 */
export const UsernameSchema = v.pipe(
  v.string(),
  v.minLength(1, 'must not be empty'),
  v.maxLength(256),
  v.regex(/^[\x21-\x7e]([\x20-\x7e]*[\x21-\x7e])?$/, 'must be printable ASCII, without spaces at its ends'),
  // The one name the table's maps of a service's secrets (keyed by user) cannot hold: the SDK reads it back as the map's prototype.
  v.check((name) => name !== '__proto__', 'is a name the stored accounts cannot hold (__proto__): use another'),
);

/** An account in a competition file: the user and its password or private key (PEM or OpenSSH), not both. */
export const AccountSchema = v.pipe(
  v.strictObject({
    username: UsernameSchema,
    password: v.optional(v.pipe(v.string(), v.minLength(1, 'must not be empty'), v.maxLength(256))),
    private_key: v.optional(
      v.pipe(
        v.string(),
        v.maxLength(16_384),
        v.regex(/^-----BEGIN [A-Z ]*PRIVATE KEY-----/, 'must be a private key in PEM or OpenSSH form (-----BEGIN … PRIVATE KEY-----)'),
      ),
    ),
  }),
  v.check((a) => (a.password === undefined) !== (a.private_key === undefined), 'needs a password or a private_key, not both'),
);

/** One account as the competition file (or an admin) gives it: a user name and exactly one secret. */
export type CheckAccount = v.InferOutput<typeof AccountSchema>;

/**
 * What may be shown of an account anywhere: who, what kind of secret and when
 * it was last set, never the secret itself. (`credential` says what kind of
 * secret it signs in with: the name `secret` would suggest the value; it never is.)
 */
export const AccountSummarySchema = named(
  'AccountSummary',
  'A check account as anything but the secrets route shows it: who, what kind of secret and when it was set, never the secret.',
  v.strictObject({ username: v.string(), credential: v.picklist(['password', 'private key']), set_at: Time }),
);

export type AccountSummary = v.InferOutput<typeof AccountSummarySchema>;

/** A service's accounts as an admin reads them: their summaries and the version every change moves (the ETag is this). */
export const AccountsViewSchema = named(
  'AccountsView',
  "A service's check accounts without their secrets, and the version every change moves.",
  v.strictObject({ version: Count, accounts: v.array(AccountSummarySchema) }),
);

export type AccountsView = v.InferOutput<typeof AccountsViewSchema>;

/** A list of accounts: one at least, each user once. */
export const AccountsSchema = v.pipe(
  v.array(AccountSchema),
  v.minLength(1, 'must hold at least one account'),
  v.maxLength(MAX_ACCOUNTS, `must hold at most ${MAX_ACCOUNTS} accounts`),
  v.check((list) => new Set(list.map((a) => a.username)).size === list.length, 'names a username twice'),
);

export const accountSummary = (account: CheckAccount, setAt: string): AccountSummary => ({
  username: account.username,
  credential: account.private_key === undefined ? 'password' : 'private key',
  set_at: setAt,
});

/** The accounts a service checks with: its own, else its subtype's (none: a check without a login). */
export const serviceAccounts = (own: CheckAccount[] | undefined, subtypeDefault: CheckAccount[] | undefined): CheckAccount[] => own ?? subtypeDefault ?? [];

/** Each round's account for a service, picked with `random` (in [0, 1)). */
export function pickAccount(accounts: CheckAccount[], random: () => number = Math.random): CheckAccount | undefined {
  if (accounts.length === 0) return undefined;
  return accounts[Math.min(accounts.length - 1, Math.floor(random() * accounts.length))];
}
