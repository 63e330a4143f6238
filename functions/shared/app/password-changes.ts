/**
 * Password change requests, the use case: a team asks (one account or a
 * pasted list), the setting decides when it applies, organisers approve,
 * reject and reset. Applying moves the request's sealed passwords into the
 * services' accounts in one transaction with the request's new state and its
 * audit entry; the agent reads them from its next round. No password is
 * ever opened here.
 */
import { readAccountsItem } from '#shared/data/accounts';
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
import { withPassword, type RequestedChange, type StoredAccounts } from '#shared/domain/password-changes';
import type { SettingsFields } from '#shared/domain/settings';
import type { FieldError } from '#shared/validation';
import { conflict, HttpProblem, notFound, serviceUnavailable, validationFailed } from '#shared/http/problem';
import { formatTimestamp } from '#shared/validation';

/** Attempts at applying before giving up (each lost only to a concurrent change of the same accounts). */
const ATTEMPTS = 5;

/**
 * A team's request: every row names one of the team's services (by id or by
 * its subtype's name) and a user its check has (or, if the settings allow,
 * a new one). A request with any row that does not is refused whole, each
 * row's reason in `errors` (`changes.<i>…`); nothing is stored.
 */
export async function requestPasswordChanges(input: {
  teamId: number;
  changes: RequestedChange[];
  /** Where each row came from, for its error's path (`changes.3`, or `list line 4`). */
  rowPath: (index: number) => string;
  requestedBy: string;
  settings: SettingsFields;
  audit: AuditContext;
}): Promise<PasswordChange> {
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
    if (!known && !input.settings.password_changes_may_add_users) {
      errors.push({
        path,
        message: `service ${service.id} (${service.subtype}) has no such user: its check signs in as ${users.join(', ')}`,
      });
      return;
    }
    if (rows.some((r) => r.service_id === service.id && r.username === change.username)) {
      errors.push({ path, message: `names the same user of service ${service.id} as an earlier row` });
      return;
    }
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
  return applyPasswordChange({ change, sealed }, 'immediately, as the settings say', input.audit);
}

/**
 * Applies a pending request: each named user's password set in its
 * service's accounts (a new user added), the request marked applied, in one
 * transaction. A lost race (a concurrent change of those accounts) is tried
 * again on what is there now.
 */
export async function applyPasswordChange(pending: PendingChange, decidedBy: string, audit: AuditContext): Promise<PasswordChange> {
  const { change, sealed } = pending;
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
      const stored = write.item as unknown as StoredAccounts<Sealed>;
      // A user an organiser removed since is not brought back by a request that did not add it.
      if (!row.new_account && !stored.accounts.some((a) => a.username === row.username)) {
        throw conflict('account_gone', `Service ${row.service_id}'s check no longer signs in as one of this request's users: send a new request.`);
      }
      const next = withPassword(stored, row.username, sealed[i]!, at);
      write.item = { ...write.item, ...next, version: write.version + 1 };
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
): Promise<PasswordChange> {
  const pending = await findPasswordChange(id);
  if (!pending) throw notFound(`No password change has id ${id}.`);
  if (pending.change.state !== 'pending') throw conflict('already_decided', `Password change ${id} is ${pending.change.state} already.`);
  if (decision.approve) return applyPasswordChange(pending, by, audit);
  const rejected = await decidePasswordChange(pending.change, { state: 'rejected', by, at: formatTimestamp(Date.now()), reason: decision.reason }, [], audit);
  if (!rejected) throw conflict('already_decided', `Password change ${id} was decided meanwhile.`);
  return rejected;
}

/** An immediate request still pending this long after it was sent failed to apply (a lost race, an outage): the job applies it. */
const STUCK_MS = 60_000;

/**
 * The every-minute pass: applies the delayed requests whose time has come,
 * and the immediate ones that failed to apply when sent. One that can no
 * longer apply (superseded, or a user removed since) is rejected with that
 * reason; one that fails otherwise is left for the next pass.
 */
export async function applyDuePasswordChanges(now: Date, audit: AuditContext): Promise<{ applied: number; rejected: number; failed: number }> {
  const outcome = { applied: 0, rejected: 0, failed: 0 };
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
    try {
      await applyPasswordChange(found, found.change.mode === 'delayed' ? 'the delay, as the settings say' : 'the retry of an immediate request', audit);
      outcome.applied++;
    } catch (error) {
      if (error instanceof HttpProblem && (error.code === 'superseded' || error.code === 'account_gone')) {
        if (await decidePasswordChange(found.change, { state: 'rejected', by: 'the schedule', at: formatTimestamp(now), reason: error.detail }, [], audit)) {
          outcome.rejected++;
        }
        continue;
      }
      outcome.failed++;
    }
  }
  return outcome;
}
