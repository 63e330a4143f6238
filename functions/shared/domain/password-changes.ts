/**
 * Password change requests (PCRs): a blue team tells the scoring engine the
 * password it gave one of its services' users, so the login checks keep
 * signing in after the team rotates it. Pure: the pasted list's parsing, the
 * request's states, and what applying or resetting does to a service's
 * accounts (their summaries and their sealed secrets, opaque here).
 */
import * as v from 'valibot';
import { UsernameSchema, type AccountSummary } from '#shared/domain/accounts';
import { Id, named, Time } from '#shared/domain/shapes';
import { PasswordText, PositiveInt } from '#shared/validation';

/** What happens to a new request: applied at once, after a delay, or when an organiser approves it. */
export const PASSWORD_CHANGE_MODES = ['immediate', 'delayed', 'approval'] as const;
export type PasswordChangeMode = (typeof PASSWORD_CHANGE_MODES)[number];

/** `failed`: applying it went wrong (its reason says how); it never applies, and the team may send it again. */
export const PASSWORD_CHANGE_STATES = ['pending', 'applied', 'rejected', 'failed'] as const;
export type PasswordChangeState = (typeof PASSWORD_CHANGE_STATES)[number];

/** A request as stored (its sealed passwords kept beside it while it waits, data/password-changes.ts), and as the team and organisers read it. */
export const PasswordChangeSchema = named(
  'PasswordChange',
  "A blue team's password change request: who asked, when, for which accounts, its state and who decided. Never a password.",
  v.strictObject({
    id: Id,
    team_id: Id,
    state: v.pipe(
      v.picklist(PASSWORD_CHANGE_STATES),
      v.description(
        '`applied`: the agent signs in with the new passwords from its next round; `failed`: it could not be applied (`reason` says why) and never will be: send it again.',
      ),
    ),
    mode: v.pipe(v.picklist(PASSWORD_CHANGE_MODES), v.description('The setting `password_changes` when it was asked: how it is decided.')),
    requested_by: v.pipe(v.string(), v.description("The member's account (or the organiser) who asked.")),
    requested_at: Time,
    apply_at: v.pipe(v.nullable(Time), v.description('A delayed request: when it applies.')),
    decided_by: v.nullable(v.string()),
    decided_at: v.nullable(Time),
    // Why an organiser rejected it, or why it could not be applied (rejected by the schedule, or failed).
    reason: v.pipe(v.nullable(v.string()), v.description('Why it was rejected.')),
    changes: v.array(
      v.strictObject({
        service_id: Id,
        subtype: v.string(),
        username: v.string(),
        new_account: v.pipe(v.boolean(), v.description("A user the service's check did not have: applying adds it.")),
      }),
    ),
  }),
);
export type PasswordChange = v.InferOutput<typeof PasswordChangeSchema>;

/** At most this many accounts in one request (a pasted list after a red-team round: a team's every service and user). */
export const MAX_CHANGES = 50;

/** One account a team changed the password of: the service by id or by its subtype's name, the user, the new password. */
export const PasswordChangeRow = v.strictObject({
  service: v.pipe(
    v.union([PositiveInt, v.pipe(v.string(), v.trim(), v.minLength(1, 'must not be empty'), v.maxLength(64))], 'must be a service id or its subtype’s name'),
    v.description('The service: its id, or its subtype’s name (`SSH`), one of the team’s own.'),
  ),
  username: UsernameSchema,
  password: v.pipe(PasswordText(256), v.description('The new password (never shown again, nor stored in the clear).')),
});

/** One row as sent: the service by id or by its subtype's name (`SSH`), the user, the new password. */
export type RequestedChange = v.InferOutput<typeof PasswordChangeRow>;

/** One line of a parsed list, or why it is not one (`line` counts from 1). */
export type ParsedRow = { line: number; change: RequestedChange } | { line: number; error: string };

/**
 * A pasted list, `service,username,password` per line (RFC 4180: a field in
 * double quotes may hold commas, line breaks and `""` for a quote; CRLF or
 * LF). A first line that reads `service,username,password` is a header and
 * skipped; blank lines are skipped. A service that is all digits is an id.
 */
export function parsePasswordList(text: string): ParsedRow[] {
  const rows: ParsedRow[] = [];
  const records = csvRecords(text);
  if ('error' in records) return [{ line: records.line, error: records.error }];
  let first = true;
  for (const { line, fields } of records) {
    if (fields.length === 1 && fields[0]!.trim() === '') continue;
    const header = first && fields.map((f) => f.trim().toLowerCase()).join(',') === 'service,username,password';
    first = false;
    if (header) continue;
    if (fields.length !== 3) {
      rows.push({ line, error: `has ${fields.length} field${fields.length === 1 ? '' : 's'}: a line is service,username,password` });
      continue;
    }
    const [service, username, password] = fields as [string, string, string];
    const name = service.trim();
    rows.push({ line, change: { service: /^[1-9]\d{0,9}$/.test(name) ? Number(name) : name, username, password } });
  }
  return rows;
}

/** RFC 4180 records with the line each starts on, or the first syntax error. */
function csvRecords(text: string): { line: number; fields: string[] }[] | { line: number; error: string } {
  const records: { line: number; fields: string[] }[] = [];
  let fields: string[] = [];
  let field = '';
  let line = 1;
  let start = 1;
  let i = 0;
  let quoted = false;
  let afterQuote = false;
  const endRecord = () => {
    fields.push(field);
    records.push({ line: start, fields });
    fields = [];
    field = '';
    afterQuote = false;
  };
  while (i < text.length) {
    const c = text[i]!;
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        field += '"';
        i += 2;
        continue;
      }
      if (c === '"') {
        quoted = false;
        afterQuote = true;
        i++;
        continue;
      }
      if (c === '\n') line++;
      field += c;
      i++;
      continue;
    }
    if (c === '"') {
      if (field !== '' || afterQuote) return { line, error: 'has a quote inside an unquoted field: quote the whole field and double the quote ("")' };
      quoted = true;
      i++;
      continue;
    }
    if (c === ',') {
      fields.push(field);
      field = '';
      afterQuote = false;
      i++;
      continue;
    }
    if (c === '\r' && text[i + 1] === '\n') i++;
    if (c === '\n' || c === '\r') {
      endRecord();
      line++;
      start = line;
      i++;
      continue;
    }
    if (afterQuote) return { line, error: 'has text after a closing quote' };
    field += c;
    i++;
  }
  if (quoted) return { line: start, error: 'has a quoted field that is never closed' };
  if (field !== '' || fields.length > 0) endRecord();
  return records;
}

/**
 * A service's accounts as stored, seals opaque: what applying and resetting
 * change. The seals are a Map by user name: a name is data, never an
 * object's key, so `constructor` or `toString` is a user like any other
 * (data/accounts.ts turns the stored map into one, and writes it back as a
 * Map, which the SDK stores as the same map).
 */
export interface StoredAccounts<Seal> {
  accounts: AccountSummary[];
  sealed: ReadonlyMap<string, Seal>;
  /** What the competition file (or the organiser's last replace) set: what a reset goes back to. */
  defaults?: { accounts: AccountSummary[]; sealed: ReadonlyMap<string, Seal> };
}

/**
 * The accounts with one user's password set (a user new to them is added at
 * the end). The first change keeps what was there as the defaults a reset
 * goes back to (an organiser's replace of the accounts sets new ones).
 */
export function withPassword<Seal>(stored: StoredAccounts<Seal>, username: string, seal: Seal, setAt: string): StoredAccounts<Seal> {
  const summary: AccountSummary = { username, credential: 'password', set_at: setAt };
  const known = stored.accounts.some((a) => a.username === username);
  return {
    defaults: stored.defaults ?? { accounts: stored.accounts, sealed: stored.sealed },
    accounts: known ? stored.accounts.map((a) => (a.username === username ? summary : a)) : [...stored.accounts, summary],
    sealed: new Map(stored.sealed).set(username, seal),
  };
}

/** The accounts with one user back to its default secret, or without that user when it has none (one a request added). */
export function withDefault<Seal>(stored: StoredAccounts<Seal>, username: string): StoredAccounts<Seal> {
  const defaults = stored.defaults ?? { accounts: stored.accounts, sealed: stored.sealed };
  const summary = defaults.accounts.find((a) => a.username === username);
  const seal = defaults.sealed.get(username);
  if (!summary || seal === undefined) {
    const sealed = new Map(stored.sealed);
    sealed.delete(username);
    return { ...stored, accounts: stored.accounts.filter((a) => a.username !== username), sealed };
  }
  const known = stored.accounts.some((a) => a.username === username);
  return {
    ...stored,
    accounts: known ? stored.accounts.map((a) => (a.username === username ? summary : a)) : [...stored.accounts, summary],
    sealed: new Map(stored.sealed).set(username, seal),
  };
}
