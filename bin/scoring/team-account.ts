/** `team-account create|list|delete|sign-out`: the sign-in accounts of blue and red team members. */
import { TeamAccountName } from '#shared/api/schemas/requests/team';
import { parseWith, positiveIntFrom } from '#shared/validation';
import { createTeamAccount, removeTeamAccount } from '#shared/app/team-accounts';
import { listTeamAccounts } from '#shared/data/team-accounts';
import { endSessionsOf } from '#shared/data/sessions';
import { HttpProblem } from '#shared/http/problem';
import type { AccountHome } from '#shared/domain/roles';
import { printTable, UsageError, type Run, type Values } from './context';

function teamOption(values: Values): number {
  const team = positiveIntFrom(values.team);
  if (team === undefined) throw new UsageError('--team is required: the team id (see GET /api/v1/teams).');
  return team;
}

/** `--team <id>`, or `--red-team`: whose accounts or sessions a command means. */
function homeOption(values: Values): AccountHome {
  if (values['red-team'] && values.team !== undefined) throw new UsageError('Give --team or --red-team, not both.');
  return values['red-team'] ? 'red' : teamOption(values);
}

export async function teamAccountCreate(run: Run): Promise<void> {
  const { values, io } = run;
  const home = homeOption(values);
  const name = parseWith(TeamAccountName, values.name ?? '');
  if (!name.ok) throw new UsageError(`--name ${name.errors[0]!.message}.`);
  try {
    const account = await createTeamAccount({ home, name: name.value, audit: await run.audit() });
    io.err(`Created account ${account.id} "${account.name}" for ${home === 'red' ? 'the red team' : `team ${home}`}.`);
    io.err('This is the only time its password is shown; hand it to the member now:');
    io.out(account.password);
  } catch (error) {
    if (error instanceof HttpProblem && error.status < 500) throw new UsageError(error.detail);
    throw error;
  }
}

export async function teamAccountList({ values, io }: Run): Promise<void> {
  const accounts = await listTeamAccounts(values.team === undefined ? undefined : teamOption(values));
  if (accounts.length === 0) return io.out('No team accounts.');
  printTable(
    io,
    ['ID', 'TEAM', 'CREATED', 'NAME'],
    accounts.map((a) => [String(a.id), a.team_id === null ? 'red team' : String(a.team_id), a.created_at, a.name]),
  );
}

export async function teamAccountDelete(run: Run, id: string | undefined): Promise<void> {
  const accountId = positiveIntFrom(id);
  if (accountId === undefined) throw new UsageError('Name the account id to remove (see `team-account list`).');
  const account = await removeTeamAccount(accountId, await run.audit());
  if (!account) throw new UsageError(`No team account has id ${accountId}.`);
  run.io.out(`Removed account ${accountId} "${account.name}"; its sessions have ended.`);
}

export async function teamSignOut(run: Run): Promise<void> {
  const home = homeOption(run.values);
  const ended = await endSessionsOf(home, await run.audit());
  run.io.out(`Ended ${ended} open session${ended === 1 ? '' : 's'} of ${home === 'red' ? 'the red team' : `team ${home}`}.`);
}
