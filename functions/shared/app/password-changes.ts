/**
 * Password change requests, the use case: a team asks (one account or a
 * pasted list), the setting decides when it applies, organisers approve,
 * reject and reset. Applying moves the request's sealed passwords into the
 * services' accounts in one transaction with the request's new state and its
 * audit entry; the agent reads them from its next round. No password is
 * ever opened here.
 */
import { accountsFields, readAccountsItem, storedAccountsOf } from '#shared/data/accounts';
import { sealPassword } from '#shared/data/account-secrets';
import type { AuditContext } from '#shared/data/audit';
import {
  decidePasswordChange,
  findPasswordChange,
  listPasswordChanges,
  listTeamPasswordChanges,
  newPasswordChangeId,
  putPasswordChange,
  type AccountsWrite,
  type PasswordChange,
  type PendingChange,
} from '#shared/data/password-changes';
import type { Sealed } from '#shared/data/sealing';
import { listServiceRecords } from '#shared/data/services';
import { getTeamRecord } from '#shared/data/teams';
import { MAX_CHANGES, parsePasswordList, withPassword, type RequestedChange } from '#shared/domain/password-changes';
import { PasswordChangeRow } from '#shared/api/schemas/requests/team';
import { freshSettings } from '#shared/data/fresh';
import { parseWith, type FieldError } from '#shared/validation';
import { conflict, HttpProblem, notFound, serviceUnavailable, validationFailed } from '#shared/http/problem';
import { databaseUnavailableCause } from '#shared/data/client';
import { MAX_ACCOUNTS } from '#shared/domain/accounts';
import type { Logger } from '#shared/log';
import { failureFields } from '#shared/scheduled';
import { formatTimestamp } from '#shared/validation';

/** Attempts at applying before giving up (each lost only to a concurrent change of the same accounts). */
const ATTEMPTS = 5;

/** The rows a request names, each with the path its problems are reported under (`changes.3`, `list line 4`). */
type Rows = { changes: RequestedChange[]; paths: string[] };

/** A pasted list's rows, each checked as a `changes` row is; every bad line named (`list line 4`), never its password. */
function rowsOfList(list: string): Rows {
  const errors: FieldError[] = [];
  const rows: Rows = { changes: [], paths: [] };
  const parsed = parsePasswordList(list);
  // The JSON form's cap, before any row is read further: one request is one team's accounts after a red-team round.
  if (parsed.length > MAX_CHANGES)
    throw validationFailed([{ path: 'list', message: `holds ${parsed.length} lines: at most ${MAX_CHANGES} accounts in one request` }]);
  for (const row of parsed) {
    const path = `list line ${row.line}`;
    if ('error' in row) {
      errors.push({ path, message: row.error });
      continue;
    }
    const parsed = parseWith(PasswordChangeRow, row.change);
    if (parsed.ok) {
      rows.changes.push(parsed.value);
      rows.paths.push(path);
    } else errors.push(...parsed.errors.map((e) => ({ path: `${path}${e.path ? ` ${e.path}` : ''}`, message: e.message })));
  }
  if (errors.length === 0 && rows.changes.length === 0) errors.push({ path: 'list', message: 'holds no line: service,username,password' });
  if (errors.length > 0) throw validationFailed(errors);
  return rows;
}

/**
 * A team's request: every row names one of the team's services (by id or by
 * its subtype's name) and a user its check has (or, if the settings allow,
 * a new one). A request with any row that does not is refused whole, each
 * row's reason in `errors` (`changes.<i>…`); nothing is stored.
 */
export async function requestPasswordChanges(request: {
  teamId: number;
  /** The rows as sent: `changes` (JSON), or `list` (pasted lines, read here). */
  rows: { changes?: RequestedChange[]; list?: string };
  requestedBy: string;
  audit: AuditContext;
  log: Logger;
}): Promise<PasswordChange> {
  const sent =
    request.rows.list !== undefined
      ? rowsOfList(request.rows.list)
      : { changes: request.rows.changes!, paths: request.rows.changes!.map((_, i) => `changes.${i}`) };
  const input = { ...request, changes: sent.changes, rowPath: (i: number) => sent.paths[i]!, settings: (await freshSettings()).settings };
  const team = await getTeamRecord(input.teamId);
  if (!team) throw notFound(`No team has id ${input.teamId}.`);
  const services = await listServiceRecords({ teamNumber: team.team.number });
  const matchesOf = input.changes.map((change) =>
    services.filter(({ service: s }) =>
      typeof change.service === 'number' ? s.id === change.service : s.subtype.toLowerCase() === change.service.trim().toLowerCase(),
    ),
  );
  // The accounts of the services the rows name, and only those.
  const named = [...new Set(matchesOf.flatMap((matches) => (matches.length === 1 ? [matches[0]!.service.id] : [])))];
  const accountsOf = new Map(await Promise.all(named.map(async (id) => [id, await readAccountsItem(id, { consistent: true })] as const)));
  const errors: FieldError[] = [];
  const rows: { service_id: number; subtype: string; username: string; new_account: boolean; password: string }[] = [];
  // Rows already taken, by service and user (a Map of Sets: names are data, never object keys), and users added, by service.
  const taken = new Map<number, Set<string>>();
  const added = new Map<number, number>();
  input.changes.forEach((change, i) => {
    const path = input.rowPath(i);
    const matches = matchesOf[i]!;
    // What a row says is never repeated back: a list with its columns swapped would echo a password.
    if (matches.length === 0) {
      errors.push({ path, message: `names no service of team ${team.team.number}: give its id or its subtype's name` });
      return;
    }
    if (matches.length > 1) {
      errors.push({
        path,
        message: `names a subtype the team has ${matches.length} services of (${matches.map((m) => m.service.id).join(', ')}): give the service's id`,
      });
      return;
    }
    const service = matches[0]!.service;
    const item = accountsOf.get(service.id);
    const users = ((item?.accounts as { username: string }[] | undefined) ?? []).map((a) => a.username);
    if (!item) {
      errors.push({ path, message: `service ${service.id} (${service.subtype}) has no login check accounts: there is nothing to change` });
      return;
    }
    const known = users.includes(change.username);
    const takenOfService = taken.get(service.id) ?? new Set<string>();
    if (!known && !input.settings.password_changes_may_add_users) {
      errors.push({
        path,
        message: `service ${service.id} (${service.subtype}) has no such user: its check signs in as ${users.join(', ')}`,
      });
      return;
    }
    if (takenOfService.has(change.username)) {
      errors.push({ path, message: `names the same user of service ${service.id} as an earlier row` });
      return;
    }
    // A service's check signs in as at most MAX_ACCOUNTS users: what the competition file allows, and what keeps its item small.
    if (!known && users.length + (added.get(service.id) ?? 0) >= MAX_ACCOUNTS) {
      errors.push({ path, message: `would give service ${service.id} (${service.subtype}) more than ${MAX_ACCOUNTS} accounts` });
      return;
    }
    if (!known) added.set(service.id, (added.get(service.id) ?? 0) + 1);
    takenOfService.add(change.username);
    taken.set(service.id, takenOfService);
    rows.push({ service_id: service.id, subtype: service.subtype, username: change.username, new_account: !known, password: change.password });
  });
  if (errors.length > 0) throw validationFailed(errors);

  const now = new Date();
  const mode = input.settings.password_changes;
  const change: PasswordChange = {
    id: await newPasswordChangeId(),
    team_id: input.teamId,
    state: 'pending',
    mode,
    requested_by: input.requestedBy,
    requested_at: formatTimestamp(now),
    apply_at: mode === 'delayed' ? formatTimestamp(now.getTime() + input.settings.password_change_delay_seconds * 1000) : null,
    decided_by: null,
    decided_at: null,
    reason: null,
    changes: rows.map(({ password: _secret, ...row }) => row),
  };
  const sealed = await Promise.all(rows.map((row) => sealPassword(row.service_id, row.password)));
  await putPasswordChange(change, sealed, input.audit);
  if (mode !== 'immediate' && !(mode === 'delayed' && input.settings.password_change_delay_seconds === 0)) return change;
  const settled = await settle({ change, sealed }, 'immediately, as the settings say', input.audit, input.log);
  // A lost race or an outage: still pending, and the every-minute pass tries again.
  return settled === 'pending' ? change : settled;
}

/** Codes of a request that can no longer apply, whatever is tried: it is rejected with that reason. */
const CANNOT_APPLY = new Set(['superseded', 'account_gone']);

/**
 * Applies a pending request and settles it either way: applied; rejected
 * when it can no longer apply (a later request set one of its accounts, or
 * a user was removed since); failed, with its reason, when applying went
 * wrong otherwise. Only what may pass (the accounts changing meanwhile, the
 * database not answering) leaves it pending, for the every-minute pass:
 * never a request that fails the same way every minute. Asked by a person
 * (`answer`: an organiser's approval), what they can act on is answered as
 * it is (409, 503) and nothing is settled.
 */
async function settle(
  pending: PendingChange,
  decidedBy: string,
  audit: AuditContext,
  log: Logger,
  options: { answer?: boolean } = {},
): Promise<PasswordChange | 'pending'> {
  try {
    return await applyPasswordChange(pending, decidedBy, audit);
  } catch (error) {
    if (options.answer && (error instanceof HttpProblem || databaseUnavailableCause(error) !== undefined)) throw error;
    if (error instanceof HttpProblem && error.code === 'already_decided') return (await findPasswordChange(pending.change.id))?.change ?? 'pending';
    if ((error instanceof HttpProblem && error.code === 'accounts_busy') || databaseUnavailableCause(error) !== undefined) return 'pending';
    const cannot = error instanceof HttpProblem && CANNOT_APPLY.has(error.code);
    if (!cannot) log.error('a password change request failed to apply', { request: pending.change.id, team: pending.change.team_id, ...failureFields(error) });
    const outcome = cannot
      ? { state: 'rejected' as const, reason: (error as HttpProblem).detail }
      : { state: 'failed' as const, reason: `It could not be applied (${error instanceof Error ? error.name : 'error'}): send it again, or ask an organiser.` };
    const decided = await decidePasswordChange(pending.change, { ...outcome, by: decidedBy, at: formatTimestamp(Date.now()) }, [], audit);
    return decided || ((await findPasswordChange(pending.change.id))?.change ?? 'pending');
  }
}

/**
 * Applies a pending request: each named user's password set in its
 * service's accounts (a new user added), the request marked applied, in one
 * transaction. A lost race (a concurrent change of those accounts) is tried
 * again on what is there now.
 */
export async function applyPasswordChange(pending: PendingChange, decidedBy: string, audit: AuditContext): Promise<PasswordChange> {
  const { change, sealed } = pending;
  // Each row's password, sealed when it was sent: without them there is nothing to apply (a store gone wrong).
  if (sealed.length !== change.changes.length || sealed.some((s) => s === undefined || s === null)) {
    throw new Error(`password change ${change.id} has ${sealed.length} sealed passwords for ${change.changes.length} rows`);
  }
  // A later request already applied to one of these accounts wins: an old one approved late must not undo it.
  const later = (await listTeamPasswordChanges(change.team_id)).find(
    (other) =>
      other.id > change.id &&
      other.state === 'applied' &&
      other.changes.some((o) => change.changes.some((c) => c.service_id === o.service_id && c.username === o.username)),
  );
  if (later) throw conflict('superseded', `Password change ${later.id}, sent later, has set one of these accounts already.`);
  for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
    const at = formatTimestamp(Date.now());
    const writes = new Map<number, AccountsWrite>();
    for (const [i, row] of change.changes.entries()) {
      let write = writes.get(row.service_id);
      if (!write) {
        const item = await readAccountsItem(row.service_id, { consistent: true });
        write = { serviceId: row.service_id, version: Number(item?.version ?? 0), item: item ?? { service_id: row.service_id, accounts: [], sealed: {} } };
        writes.set(row.service_id, write);
      }
      const stored = storedAccountsOf<Sealed>(write.item);
      // A user an organiser removed since is not brought back by a request that did not add it.
      if (!row.new_account && !stored.accounts.some((a) => a.username === row.username)) {
        throw conflict('account_gone', `Service ${row.service_id}'s check no longer signs in as one of this request's users: send a new request.`);
      }
      const next = withPassword(stored, row.username, sealed[i]!, at);
      write.item = { ...write.item, ...accountsFields(next), version: write.version + 1 };
    }
    const decided = await decidePasswordChange(change, { state: 'applied', by: decidedBy, at }, [...writes.values()], audit);
    if (decided) return decided;
    const now = await findPasswordChange(change.id);
    if (now?.change.state !== 'pending') throw conflict('already_decided', `Password change ${change.id} was ${now?.change.state ?? 'removed'} meanwhile.`);
  }
  throw serviceUnavailable('accounts_busy', `The accounts of password change ${change.id} kept changing; try again.`, 1);
}

/** An organiser decides a waiting request. */
export async function decideRequest(
  id: number,
  decision: { approve: true } | { approve: false; reason: string },
  by: string,
  audit: AuditContext,
  log: Logger,
): Promise<PasswordChange> {
  const pending = await findPasswordChange(id);
  if (!pending) throw notFound(`No password change has id ${id}.`);
  if (pending.change.state !== 'pending') throw conflict('already_decided', `Password change ${id} is ${pending.change.state} already.`);
  if (decision.approve) {
    const settled = await settle(pending, by, audit, log, { answer: true });
    if (settled === 'pending') throw conflict('already_decided', `Password change ${id} was decided meanwhile.`);
    return settled;
  }
  const rejected = await decidePasswordChange(pending.change, { state: 'rejected', by, at: formatTimestamp(Date.now()), reason: decision.reason }, [], audit);
  if (!rejected) throw conflict('already_decided', `Password change ${id} was decided meanwhile.`);
  return rejected;
}

/** An immediate request still pending this long after it was sent failed to apply (a lost race, an outage): the job applies it. */
const STUCK_MS = 60_000;

/**
 * The every-minute pass: applies the delayed requests whose time has come,
 * and the immediate ones that could not be applied when sent (a lost race,
 * an outage). Each is settled as `settle` says: only one that may pass is
 * left for the next pass.
 */
export async function applyDuePasswordChanges(
  now: Date,
  audit: AuditContext,
  log: Logger,
): Promise<{ applied: number; rejected: number; failed: number; left: number }> {
  const outcome = { applied: 0, rejected: 0, failed: 0, left: 0 };
  const pending = await listPasswordChanges({ state: 'pending', limit: 10_000 });
  const due = pending
    .filter(
      (c) =>
        (c.mode === 'delayed' && c.apply_at !== null && Date.parse(c.apply_at) <= now.getTime()) ||
        (c.mode === 'immediate' && Date.parse(c.requested_at) <= now.getTime() - STUCK_MS),
    )
    .sort((a, b) => a.id - b.id);
  for (const { id } of due) {
    const found = await findPasswordChange(id);
    if (found?.change.state !== 'pending') continue;
    const settled = await settle(found, found.change.mode === 'delayed' ? 'the delay, as the settings say' : 'the retry of an immediate request', audit, log);
    if (settled === 'pending') outcome.left++;
    else if (settled.state !== 'pending') outcome[settled.state]++;
  }
  return outcome;
}
