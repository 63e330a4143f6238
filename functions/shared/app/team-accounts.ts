/**
 * Members' accounts and sign-in, blue teams' and the red team's, one way for
 * the admin routes, the command line and the sign-in route.
 */
import { decoyHash, generatePassword, hashPassword, verifyPassword } from '#shared/auth/passwords';
import type { AuditContext } from '#shared/data/audit';
import { beginAttempt, clearAttempts } from '#shared/data/sign-in-attempts';
import { deleteTeamAccount, findTeamAccount, homeOf, putTeamAccount, type TeamAccount } from '#shared/data/team-accounts';
import { AccountGone, endSession, endSessionsOf, startSession, type Session } from '#shared/data/sessions';
import type { AccountHome } from '#shared/domain/roles';
import { getTeamRecord } from '#shared/data/teams';
import type { Team } from '#shared/domain/model';
import { badRequest, conflict, HttpProblem, tooManyRequests, unauthorized } from '#shared/http/problem';

/** Creates an account (a team's member's, or the red team's) with a generated password, returned this once. */
export async function createTeamAccount(input: { home: AccountHome; name: string; audit: AuditContext }): Promise<TeamAccount & { password: string }> {
  if (input.home !== 'red' && !(await getTeamRecord(input.home, { consistent: true }))) {
    throw badRequest('unknown_team', `No team has id ${input.home}.`, [{ path: 'team_id', message: 'names no team' }]);
  }
  const password = generatePassword();
  const account = await putTeamAccount({ name: input.name, home: input.home, passwordHash: await hashPassword(password), audit: input.audit });
  if (!account) throw conflict('name_taken', `An account named ${input.name} exists already: names are unique across teams and the red team.`);
  return { ...account, password };
}

/** Removes an account and ends its open sessions; undefined when there is none with that id. */
export async function removeTeamAccount(id: number, audit: AuditContext): Promise<TeamAccount | undefined> {
  const account = await deleteTeamAccount(id, audit);
  if (account) await endSessionsOf(homeOf(account), audit, { account: account.name });
  return account;
}

/**
 * Sign-in: refused unchecked while the name is locked (429), else the
 * password is checked (an unknown name against a decoy hash, in the same
 * time); a wrong one is 401 and counts towards the lock. A member of a
 * hidden team is refused (403 `team_hidden`). A red team member signs in
 * the same way, to a session of no team.
 */
export async function signIn(name: string, password: string): Promise<{ token: string; session: Session; team: Team | null }> {
  const verdict = await beginAttempt(name);
  if (!verdict.go) {
    throw tooManyRequests(
      'sign_in_locked',
      `Too many failed sign-ins for this name: it is locked. Try again in ${verdict.retryAfterSeconds} seconds.`,
      verdict.retryAfterSeconds,
    );
  }
  const account = await findTeamAccount(name);
  const matches = await verifyPassword(password, account?.passwordHash ?? (await decoyHash()));
  // A blue team member's team must still be there; a red team member has none.
  const team = account && matches && account.team_id !== null ? await getTeamRecord(account.team_id, { consistent: true }) : undefined;
  if (!account || !matches || (account.team_id !== null && !team)) throw unauthorized('The name or the password is wrong.');
  await clearAttempts(name);
  if (team?.hidden) throw teamHidden(team.team.id);
  let started: Awaited<ReturnType<typeof startSession>>;
  try {
    started = await startSession({ id: account.id, name: account.name, home: homeOf(account) });
  } catch (error) {
    // Removed between the password check and here: as if it had never been.
    if (error instanceof AccountGone) throw unauthorized('The name or the password is wrong.');
    throw error;
  }
  // Hidden meanwhile? Its hiding ends the sessions it finds after it is written; this one may have come after that
  // read, so the team is read again now that the session exists: one of the two sees the other.
  if (team && (await getTeamRecord(team.team.id, { consistent: true }))?.hidden !== false) {
    await endSession(started.token);
    throw teamHidden(team.team.id);
  }
  return { ...started, team: team?.team ?? null };
}

const teamHidden = (id: number) => new HttpProblem(403, 'team_hidden', `Team ${id} is hidden: its members may not sign in until an organiser shows it again.`);
