/**
 * The organisers' command-line tool's commands (`npm run scoring -- <command>`,
 * bin/scoring.ts runs them): against the running dev server's table (the
 * default) or a deployed table (`--table <name> [--region <region>]`,
 * standard AWS credential chain). `runScoring` runs one command line with the
 * streams it is given, so the tests run it in their own process.
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { userInfo } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { GetCallerIdentityCommand, STSClient } from '@aws-sdk/client-sts';
import { recordAudit, type AuditContext } from '#shared/data/audit';
import { CompetitionExistsError, CompetitionFinalError, competitionLoadedAt, loadCompetition } from '#shared/data/competition';
import { applyCompetitionUpdate, previewCompetitionUpdate, type UpdatePreview } from '#shared/app/competition-update';
import { describeStep } from '#shared/domain/competition-update';
import type { Competition } from '#shared/domain/competition';
import { markFinal } from '#shared/app/finalise';
import { FRESHNESS_MS } from '#shared/data/fresh';
import { getSettings } from '#shared/data/settings';
import { readExactStandings } from '#shared/data/teams';
import { finaliseRefusal } from '#shared/domain/final';
import { listIamPrincipals, registerIamPrincipal, revokeIamPrincipal } from '#shared/data/iam-principals';
import { createToken, listTokens, revokeToken } from '#shared/data/tokens';
import { readPools } from '#shared/data/pools';
import { verifyTotals } from '#shared/app/verify';
import { backfillIncidentIndex } from '#shared/data/incidents';
import { backfillWaiting } from '#shared/app/waiting';
import { applyVoid, getVoidJob, previewVoid } from '#shared/app/voids';
import type { VoidAction } from '#shared/domain/voids';
import { VoidBody } from '#shared/api/schemas/requests/scans';
import { TeamAccountName } from '#shared/api/schemas/requests/team';
import { formatTimestamp, parseWith, positiveIntFrom } from '#shared/validation';
import { createTeamAccount, removeTeamAccount } from '#shared/app/team-accounts';
import { listTeamAccounts } from '#shared/data/team-accounts';
import { endSessionsOf } from '#shared/data/sessions';
import { HttpProblem } from '#shared/http/problem';
import { normalizeIamArn } from '#shared/auth/iam-arns';
import { formatProblems, readCompetitionFile } from '../lib/local/competition-file';
import { localStateFile } from '../lib/local/local-stack';
import { exportResults } from '../lib/local/results-export';
import type { Role } from '#shared/api/routes';
import type { AccountHome } from '#shared/domain/roles';

const USAGE = `Usage: npm run scoring -- <command> [options]

Commands:
  validate <file>                      Check a competition file; list every problem with its line
  load <file> [--confirm <preview>] [--replace] [--override-final]
                                       Load a competition. Onto a running one: preview the live
                                       edits that make it what the file says (results stay), then
                                       apply exactly those with --confirm <preview>. --replace
                                       instead wipes it for a new event (a finalised one only
                                       with --override-final too)
  token create --role admin|service|agent [--pool <pool>] --name <name> [--expires <ISO time> | --expires-in <N>d|h]
                                       Create a token; it is printed once and never stored
  token list                           List tokens (never their secrets)
  token revoke <token-id>              Revoke a token at once
  iam grant --arn <arn> --role admin|service|agent [--pool <pool>]
                                       Register an IAM user or role for the IAM API (an assumed-role
                                       session ARN is registered as its role; an agent with its pool);
                                       it also needs the stack's AdminPolicyArn, ServicePolicyArn or
                                       AgentPolicyArn attached
  team-account create --team <id> --name <name>
                                       Create a blue team member's sign-in account; its generated
                                       password is printed once and stored only as a hash
  team-account create --red-team --name <name>
                                       The same for a red team member (of no team)
  team-account list [--team <id>]      List sign-in accounts (never a password)
  team-account delete <account-id>     Remove an account; its open sessions end
  team-account sign-out --team <id>    End every open session of a team (all its members);
                                       --red-team: of the red team
  iam list                             List registered IAM principals
  iam revoke --arn <arn>               Refuse that principal's signed requests from now on
  export [--out <dir>] [--include-hidden]
                                       Write the results: standings.csv, services.csv, results.json
                                       and SHA256SUMS (check with \`sha256sum -c SHA256SUMS\` in <dir>)
  finalise [--force] [--out <dir>] [--include-hidden]
                                       Lock the results after end_time plus the late-result grace
                                       (--force: before it), then write the final export with its
                                       SHA256SUMS to <dir> (default results/final)
  verify [--repair]                    Recompute every team's totals from its history (results,
                                       adjustments, SLA penalties); list any difference;
                                       --repair writes the recomputed figures back
  upgrade                              Bring what an older version stored up to this one's keys
                                       (each team's incident reports under its own index key);
                                       run once after deploying a new version, as often as you like
  void --from <time> --to <time> [--team <id>] [--subtype <id>] [--confirm <preview_id>]
  unvoid (the same options)            Preview voiding (or restoring) the results checked in
                                       [from, to): how many, each team's total before and after,
                                       a preview id. With --confirm <preview_id> (and the same
                                       filter): apply exactly that set, as a job the stream
                                       consumer runs; waits for it (at most --wait seconds, 60)

Every change (load, token create/revoke, team-account create/delete/sign-out, iam grant/revoke, finalise, verify --repair, void/unvoid) is recorded in the audit
trail (GET /api/v1/audit) with your AWS identity, or locally your OS user name.

Target (default: the running dev server's DynamoDB Local):
  --table <name>       a deployed table (the stack's TableName output)
  --region <region>    its region (else AWS_REGION / your AWS profile's)
  --endpoint <url>     a DynamoDB endpoint (e.g. another DynamoDB Local)
  --accounts-key <arn> the KMS key check accounts' secrets are sealed with (the stack's AccountsKeyArn output;
                       needed to load a file with accounts into a deployed table)`;

const OPTIONS = {
  table: { type: 'string' },
  region: { type: 'string' },
  endpoint: { type: 'string' },
  'accounts-key': { type: 'string' },
  replace: { type: 'boolean', default: false },
  'override-final': { type: 'boolean', default: false },
  force: { type: 'boolean', default: false },
  'red-team': { type: 'boolean', default: false },
  role: { type: 'string' },
  pool: { type: 'string' },
  arn: { type: 'string' },
  name: { type: 'string' },
  expires: { type: 'string' },
  'expires-in': { type: 'string' },
  out: { type: 'string' },
  'include-hidden': { type: 'boolean', default: false },
  repair: { type: 'boolean', default: false },
  from: { type: 'string' },
  to: { type: 'string' },
  team: { type: 'string' },
  subtype: { type: 'string' },
  confirm: { type: 'string' },
  wait: { type: 'string', default: '60' },
  help: { type: 'boolean', short: 'h' },
} as const;

class UsageError extends Error {}

/** Where a run of the tool prints and waits: the process's own streams, or a test's. */
export interface CliIo {
  out(line: string): void;
  err(line: string): void;
  sleep(ms: number): Promise<void>;
}

/** Ends a run with this exit code (a refused file). */
class Exit extends Error {
  constructor(readonly code: number) {
    super(`exit ${code}`);
  }
}

// One run's arguments and streams (the tool runs one command per process; a test runs them one after another).
let values: ReturnType<typeof parseOptions>['values'];
let positionals: string[];
let argv: string[];
let io: CliIo;
let exitCode = 0;

const parseOptions = (args: string[]) => parseArgs({ args, allowPositionals: true, options: OPTIONS });

/** Runs one command line (without `node scoring.ts`) and returns its exit code: 0 done, 1 failed, 2 a usage error. */
export async function runScoring(args: string[], streams: CliIo): Promise<number> {
  io = streams;
  argv = args;
  exitCode = 0;
  auditContext = undefined;
  try {
    ({ values, positionals } = parseOptions(args));
    await main();
    return exitCode;
  } catch (error) {
    if (error instanceof Exit) return error.code;
    if (error instanceof UsageError || (error as { code?: string }).code?.startsWith('ERR_PARSE_ARGS')) {
      io.err((error as Error).message);
      return 2;
    }
    io.err(`Failed: ${(error as Error).message}`);
    return 1;
  }
}

async function main(): Promise<void> {
  const [command, sub, argument] = positionals;
  if (values.help || !command) return io.out(USAGE);
  if (command === 'validate') return validate(sub);
  selectTarget();
  if (command === 'load') return load(sub);
  if (command === 'token' && sub === 'create') return tokenCreate();
  if (command === 'token' && sub === 'list') return tokenList();
  if (command === 'token' && sub === 'revoke') return tokenRevoke(argument);
  if (command === 'team-account' && sub === 'create') return teamAccountCreate();
  if (command === 'team-account' && sub === 'list') return teamAccountList();
  if (command === 'team-account' && sub === 'delete') return teamAccountDelete(argument);
  if (command === 'team-account' && sub === 'sign-out') return teamSignOut();
  if (command === 'iam' && sub === 'grant') return iamGrant();
  if (command === 'iam' && sub === 'list') return iamList();
  if (command === 'iam' && sub === 'revoke') return iamRevoke();
  if (command === 'export') return exportCommand();
  if (command === 'verify') return verify();
  if (command === 'upgrade') return upgrade();
  if (command === 'void' || command === 'unvoid') return voidCommand(command);
  if (command === 'finalise' || command === 'finalize') return finalise();
  throw new UsageError(`Unknown command: ${positionals.join(' ')}`);
}

/** Points the data layer at the chosen table. */
function selectTarget(): void {
  if (values.region) process.env.AWS_REGION = values.region;
  if (values.table) {
    process.env.TABLE_NAME = values.table;
    if (values.endpoint) process.env.DYNAMODB_ENDPOINT = values.endpoint;
    else delete process.env.DYNAMODB_ENDPOINT;
    return;
  }
  const stateFile = localStateFile();
  if (!existsSync(stateFile)) {
    throw new UsageError('No table given and no dev server running: start it with `npm start`, or pass --table <name>.');
  }
  const local = JSON.parse(readFileSync(stateFile, 'utf8')) as { endpoint: string; table: string; pid: number };
  if (!processAlive(local.pid)) throw new UsageError(`The dev server that wrote ${stateFile} is gone: start it with \`npm start\`.`);
  process.env.DYNAMODB_ENDPOINT = local.endpoint;
  process.env.TABLE_NAME = local.table;
}

function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

function readValid(file: string | undefined) {
  if (!file) throw new UsageError('Name the competition file.');
  const parsed = readCompetitionFile(file);
  if (!parsed.ok) {
    io.err(`${file} is not valid (${parsed.problems.length} problem${parsed.problems.length === 1 ? '' : 's'}); nothing was loaded:`);
    io.err(formatProblems(file, parsed.problems));
    throw new Exit(1);
  }
  return parsed;
}

function validate(file: string | undefined): void {
  const { competition } = readValid(file);
  const services = competition.teams.reduce((n, t) => n + t.services.length, 0);
  io.out(`${file} is valid: ${competition.teams.length} teams, ${services} services.`);
}

async function load(file: string | undefined): Promise<void> {
  const { competition, namedSettings } = readValid(file);
  if (!values.replace && (await competitionLoadedAt())) return loadOntoRunning(file!, competition, namedSettings);
  const hasAccounts = competition.subtypes.some((s) => s.accounts) || competition.teams.some((t) => t.services.some((s) => s.accounts));
  if (values['accounts-key']) process.env.ACCOUNTS_KEY_ID = values['accounts-key'];
  // A deployed table's secrets are sealed with its KMS key, never with the local twin's development key.
  if (hasAccounts && values.table && !values.endpoint && !process.env.ACCOUNTS_KEY_ID) {
    throw new UsageError(`${file} has check accounts: pass --accounts-key <AccountsKeyArn> (the stack's output) so their secrets are sealed with KMS.`);
  }
  let lastReport = 0;
  try {
    const audit = await cliAudit();
    const summary = await loadCompetition(competition, {
      replace: values.replace,
      overrideFinal: values['override-final'],
      audit,
      loadedBy: `command-line tool (${audit.actor.name})`,
      onProgress: ({ phase, done, total }) => {
        if (done === total || Date.now() - lastReport > 1000) {
          lastReport = Date.now();
          io.err(`  ${phase}: ${done}/${total} items`);
        }
      },
    });
    io.out(
      `Loaded ${summary.teams} teams, ${summary.services} services, ${summary.superTypes} super types and ${summary.subtypes} subtypes into ${process.env.TABLE_NAME}.`,
    );
  } catch (error) {
    if (error instanceof CompetitionExistsError || error instanceof CompetitionFinalError) throw new UsageError(error.message);
    throw error;
  }
}

/**
 * `load` onto a running competition: the live edits that make it what the
 * file says, previewed with a fingerprint; with `--confirm <fingerprint>`,
 * exactly those applied (app/competition-update.ts).
 */
async function loadOntoRunning(file: string, competition: Competition, namedSettings: string[]): Promise<void> {
  const showRefusals = (preview: UpdatePreview) => {
    if (preview.final) io.err(`The competition was finalised at ${preview.final.at} by ${preview.final.by}: nothing may change. Nothing was changed.`);
    if (preview.plan.refused.length === 0) return;
    io.err(`${file} changes what a running event cannot take live; nothing was changed:`);
    for (const line of preview.plan.refused) io.err(`  - ${line}`);
    io.err('Make those changes another way, or start a new event with --replace (which removes every result).');
  };
  const showPlan = (preview: UpdatePreview) => {
    if (preview.plan.steps.length === 0) return io.out(`The running competition already is what ${file} says: nothing to change.`);
    io.out(`A competition is running: loading ${file} onto it would make ${preview.plan.steps.length} live edit(s), keeping every result:`);
    for (const step of preview.plan.steps) io.out(`  - ${describeStep(step)}`);
    io.out("Check accounts are not compared (their secrets are sealed): set a service's with PUT /api/v1/services/{id}/accounts.");
    io.out(`Preview ${preview.fingerprint}. Apply exactly this: npm run scoring -- load ${file} --confirm ${preview.fingerprint}`);
  };
  if (values.confirm === undefined) {
    const preview = (await previewCompetitionUpdate(competition, namedSettings))!;
    if (preview.plan.refused.length > 0 || preview.final) {
      showRefusals(preview);
      throw new Exit(1);
    }
    return showPlan(preview);
  }
  const outcome = await applyCompetitionUpdate(competition, namedSettings, values.confirm, await cliAudit(), (line) => io.err(`  done: ${line}`));
  switch (outcome.kind) {
    case 'missing':
      throw new UsageError('No competition is loaded.');
    case 'changed':
      io.err(`The event or ${file} changed since preview ${values.confirm}: nothing was changed. The plan as it is now:`);
      if (outcome.preview.plan.refused.length > 0 || outcome.preview.final) showRefusals(outcome.preview);
      else showPlan(outcome.preview);
      throw new Exit(1);
    case 'refused':
      showRefusals(outcome.preview);
      throw new Exit(1);
    case 'stopped':
      io.err(`Stopped at "${outcome.failed}": ${outcome.error.message}`);
      io.err(`${outcome.done.length} edit(s) before it were applied. Load the file again to preview what remains.`);
      throw new Exit(1);
    case 'applied':
      io.out(`Applied ${outcome.done.length} live edit(s) from ${file}; each is in the audit trail. Results earned so far stay.`);
  }
}

async function tokenCreate(): Promise<void> {
  const role = values.role as Role | undefined;
  if (role !== 'admin' && role !== 'service' && role !== 'agent') throw new UsageError('--role must be admin, service or agent.');
  await agentPoolOption(role, 'token');
  if (!values.name?.trim()) throw new UsageError('--name is required: who or what holds this token.');
  const { token, record } = await createToken({
    role,
    ...(values.pool ? { pool: values.pool } : {}),
    name: values.name.trim(),
    expiresAt: expiry(),
    audit: await cliAudit(),
  });
  const of = record.pool ? ` of pool ${record.pool}` : '';
  io.err(`Created ${role} token ${record.token_id}${of} for "${record.name}"${record.expires_at ? `, expires ${record.expires_at}` : ''}.`);
  io.err('This is the only time the token is shown; store it now:');
  io.out(token);
}

function expiry(): string | null {
  if (values.expires) {
    const at = Date.parse(values.expires);
    if (Number.isNaN(at) || at <= Date.now()) throw new UsageError('--expires must be a future ISO 8601 time.');
    return formatTimestamp(at);
  }
  const relative = values['expires-in'];
  if (!relative) return null;
  const match = /^(\d+)([dh])$/.exec(relative);
  if (!match || Number(match[1]) === 0) throw new UsageError('--expires-in takes a number of days or hours, e.g. 3d or 12h.');
  const hours = Number(match[1]) * (match[2] === 'd' ? 24 : 1);
  return formatTimestamp(Date.now() + hours * 3_600_000);
}

async function tokenList(): Promise<void> {
  const tokens = await listTokens();
  if (tokens.length === 0) return io.out('No tokens.');
  const now = Date.now();
  const rows = tokens.map((t) => [
    t.token_id,
    t.pool ? `${t.role} (${t.pool})` : t.role,
    t.revoked_at ? `revoked ${t.revoked_at}` : t.expires_at && Date.parse(t.expires_at) <= now ? `expired ${t.expires_at}` : 'active',
    t.created_at,
    t.expires_at ?? 'never',
    t.name,
  ]);
  printTable(['ID', 'ROLE', 'STATE', 'CREATED', 'EXPIRES', 'NAME'], rows);
}

async function tokenRevoke(tokenId: string | undefined): Promise<void> {
  if (!tokenId) throw new UsageError('Name the token id to revoke (see `token list`).');
  if (!(await revokeToken(tokenId, await cliAudit()))) throw new UsageError(`No active token has id ${tokenId}.`);
  io.out(`Revoked token ${tokenId}; it is refused from the next request on.`);
}

function teamOption(): number {
  const team = positiveIntFrom(values.team);
  if (team === undefined) throw new UsageError('--team is required: the team id (see GET /api/v1/teams).');
  return team;
}

/** `--team <id>`, or `--red-team`: whose accounts or sessions a command means. */
function homeOption(): AccountHome {
  if (values['red-team'] && values.team !== undefined) throw new UsageError('Give --team or --red-team, not both.');
  return values['red-team'] ? 'red' : teamOption();
}

async function teamAccountCreate(): Promise<void> {
  const home = homeOption();
  const name = parseWith(TeamAccountName, values.name ?? '');
  if (!name.ok) throw new UsageError(`--name ${name.errors[0]!.message}.`);
  try {
    const account = await createTeamAccount({ home, name: name.value, audit: await cliAudit() });
    io.err(`Created account ${account.id} "${account.name}" for ${home === 'red' ? 'the red team' : `team ${home}`}.`);
    io.err('This is the only time its password is shown; hand it to the member now:');
    io.out(account.password);
  } catch (error) {
    if (error instanceof HttpProblem && error.status < 500) throw new UsageError(error.detail);
    throw error;
  }
}

async function teamAccountList(): Promise<void> {
  const accounts = await listTeamAccounts(values.team === undefined ? undefined : teamOption());
  if (accounts.length === 0) return io.out('No team accounts.');
  printTable(
    ['ID', 'TEAM', 'CREATED', 'NAME'],
    accounts.map((a) => [String(a.id), a.team_id === null ? 'red team' : String(a.team_id), a.created_at, a.name]),
  );
}

async function teamAccountDelete(id: string | undefined): Promise<void> {
  const accountId = positiveIntFrom(id);
  if (accountId === undefined) throw new UsageError('Name the account id to remove (see `team-account list`).');
  const account = await removeTeamAccount(accountId, await cliAudit());
  if (!account) throw new UsageError(`No team account has id ${accountId}.`);
  io.out(`Removed account ${accountId} "${account.name}"; its sessions have ended.`);
}

async function teamSignOut(): Promise<void> {
  const home = homeOption();
  const ended = await endSessionsOf(home, await cliAudit());
  io.out(`Ended ${ended} open session${ended === 1 ? '' : 's'} of ${home === 'red' ? 'the red team' : `team ${home}`}.`);
}

/** An agent credential names an existing pool (--pool); no other credential names one. */
async function agentPoolOption(role: Role, credential: 'token' | 'principal'): Promise<void> {
  if ((role === 'agent') !== (values.pool !== undefined))
    throw new UsageError(`An agent ${credential} names its pool (--pool), and no other ${credential} names one.`);
  if (values.pool !== undefined && !(await readPools({ consistent: true })).pools.some((p) => p.name === values.pool)) {
    throw new UsageError(`No pool is named ${values.pool}: create it first (PUT /api/v1/pools/{name}).`);
  }
}

function iamArn(): string {
  const arn = values.arn?.trim();
  if (!arn) throw new UsageError('--arn is required: the IAM user or role ARN (arn:aws:iam::<account>:role/<name>).');
  if (!normalizeIamArn(arn)) throw new UsageError(`--arn "${arn}" is not an IAM user, role or assumed-role ARN.`);
  return arn;
}

async function iamGrant(): Promise<void> {
  const arn = iamArn();
  const role = values.role as Role | undefined;
  if (role !== 'admin' && role !== 'service' && role !== 'agent') throw new UsageError('--role must be admin, service or agent.');
  await agentPoolOption(role, 'principal');
  const record = await registerIamPrincipal({ arn, role, ...(values.pool ? { pool: values.pool } : {}), source: 'cli', audit: await cliAudit() });
  io.out(`Registered ${record.arn} as ${role}${record.pool ? ` of the pool ${record.pool}` : ''}.`);
}

async function iamList(): Promise<void> {
  const principals = await listIamPrincipals();
  if (principals.length === 0) return io.out('No IAM principals registered.');
  printTable(
    ['ROLE', 'POOL', 'SOURCE', 'CREATED', 'ARN'],
    principals.map((p) => [p.role, p.pool ?? '-', p.source, p.created_at, p.arn]),
  );
}

async function iamRevoke(): Promise<void> {
  const arn = iamArn();
  if (!(await revokeIamPrincipal(arn, await cliAudit()))) throw new UsageError(`${arn} is not registered.`);
  io.out(`Removed ${arn}; its signed requests are refused from the next one on.`);
}

async function exportCommand(): Promise<void> {
  const written = await writeExport(values.out ?? 'results');
  io.out(`Wrote ${written.map((f) => join(values.out ?? 'results', f.name)).join(', ')}.`);
}

/** The results files and a SHA256SUMS manifest of them (the format `sha256sum -c` checks). */
async function writeExport(dir: string): Promise<{ name: string; sha256: string }[]> {
  const results = await exportResults({ includeHidden: values['include-hidden'] });
  mkdirSync(dir, { recursive: true });
  const files = {
    'standings.csv': results.csv.standings,
    'services.csv': results.csv.services,
    'grades.csv': results.csv.grades,
    'results.json': `${JSON.stringify(results.json, null, 2)}\n`,
  };
  const digests = Object.entries(files).map(([name, content]) => {
    writeFileSync(join(dir, name), content);
    return { name, sha256: createHash('sha256').update(content, 'utf8').digest('hex') };
  });
  const manifest = digests.map((f) => `${f.sha256}  ${f.name}\n`).join('');
  writeFileSync(join(dir, 'SHA256SUMS'), manifest);
  return [...digests, { name: 'SHA256SUMS', sha256: createHash('sha256').update(manifest, 'utf8').digest('hex') }];
}

/**
 * Locks the results, then writes the final export. The lock is exact for
 * every transactional write (adjustments, voids, settings, loads); scan
 * reports see it within their settings cache, so the export waits that out
 * and for the totals to stop moving (the fold catching up) before reading
 * them: the export is the locked state.
 */
async function finalise(): Promise<void> {
  const dir = values.out ?? join('results', 'final');
  const current = await getSettings({ consistent: true });
  if (!current) throw new UsageError('No competition is loaded.');
  const audit = await cliAudit();
  if (current.final) {
    io.err(`Already finalised at ${current.final.at} by ${current.final.by}; writing the final export again.`);
  } else {
    const refusal = finaliseRefusal(current.settings, new Date());
    if (refusal && !values.force) throw new UsageError(`${refusal} Pass --force to lock the results now anyway.`);
    const outcome = await markFinal(audit, { forced: refusal !== undefined });
    if (outcome.kind === 'missing') throw new UsageError('No competition is loaded.');
    io.err(
      `Finalised at ${outcome.final.at}${refusal ? ' (forced)' : ''}: scan reports, adjustments, voids and scoring settings are refused from now on (409 competition_final).`,
    );
  }
  const final = (await getSettings({ consistent: true }))!.final!;
  const cacheLapses = Date.parse(final.at) + FRESHNESS_MS + REQUEST_SLACK_MS - Date.now();
  if (cacheLapses > 0) {
    io.err(`Waiting ${Math.ceil(cacheLapses / 1000)} s for scan reports already under way to land…`);
    await sleep(cacheLapses);
  }
  await totalsSettled();
  const written = await writeExport(dir);
  await recordAudit(audit, {
    action: 'competition.final_export',
    target: 'competition',
    before: null,
    after: { final, include_hidden: values['include-hidden'], files: Object.fromEntries(written.map((f) => [f.name, f.sha256])) },
  });
  io.out(`Wrote the final results to ${dir}/: ${written.map((f) => f.name).join(', ')}.`);
  io.out(`SHA256SUMS: ${written.at(-1)!.sha256} (recorded in the audit trail; publish it to let anyone check the files)`);
}

/** Beyond the scan path's settings cache: a report that read the settings just before may still be writing (functions time out at 10 s). */
const REQUEST_SLACK_MS = 10_000;
const SETTLE_READS_MS = 2_000;
const SETTLE_LIMIT_MS = 120_000;

/** Waits until two readings of every team's totals, SETTLE_READS_MS apart, agree: the fold has caught up with what was accepted. */
async function totalsSettled(): Promise<void> {
  const reading = async () => JSON.stringify((await readExactStandings()).teams.map((t) => t.totals));
  const giveUp = Date.now() + SETTLE_LIMIT_MS;
  let previous = await reading();
  for (;;) {
    await sleep(SETTLE_READS_MS);
    const next = await reading();
    if (next === previous) return;
    if (Date.now() > giveUp)
      throw new Error('The totals kept changing for 2 minutes after finalising; is the fold consumer failing? Run finalise again to retry the export.');
    previous = next;
  }
}

const sleep = (ms: number) => io.sleep(ms);

/**
 * Who runs the tool, for the audit trail: against a deployed table the AWS
 * identity its credentials belong to (STS GetCallerIdentity); against a local
 * DynamoDB the OS user's name.
 */
let auditContext: Promise<AuditContext> | undefined;

/** The command as typed, without the target options (which table is not what was done). */
function commandLine(): string[] {
  const args = argv;
  return args.filter((arg, i) => !TARGET_OPTIONS.has(arg.split('=')[0]!) && !(TARGET_OPTIONS.has(args[i - 1]!) && !args[i - 1]!.includes('=')));
}
const TARGET_OPTIONS = new Set(['--table', '--region', '--endpoint', '--accounts-key']);
function cliAudit(): Promise<AuditContext> {
  const route = `scoring ${commandLine().join(' ')}`;
  auditContext ??= (async (): Promise<AuditContext> => {
    if (values.table && !values.endpoint) {
      const { Arn } = await new STSClient({}).send(new GetCallerIdentityCommand({}));
      if (!Arn) throw new Error('AWS did not say who these credentials belong to.');
      return { actor: { type: 'cli', name: Arn, arn: Arn }, route };
    }
    return { actor: { type: 'cli', name: userInfo().username }, route };
  })();
  return auditContext;
}

/** What older versions stored, brought up to this one's keys (each step idempotent). */
async function upgrade(): Promise<void> {
  const incidents = await backfillIncidentIndex();
  io.out(`${incidents} incident report${incidents === 1 ? '' : 's'} given its team's index key.`);
  const waiting = await backfillWaiting();
  io.out(`${waiting} thing${waiting === 1 ? '' : 's'} waiting for an organiser marked for the overview; nothing else to upgrade.`);
}

async function verify(): Promise<void> {
  const teams = await verifyTotals({ repair: values.repair, ...(values.repair ? { audit: await cliAudit() } : {}) });
  const wrong = teams.filter((t) => t.differences.length > 0);
  for (const t of wrong) {
    const state = t.repaired ? 'repaired' : t.settled ? 'differs' : 'results still folding';
    io.out(`Team ${t.team.number} (${t.team.name}): ${state}`);
    printTable(
      ['  figure', 'stored', 'recomputed'],
      t.differences.map((d) => [`  ${d.figure}`, String(d.stored), String(d.recomputed)]),
    );
  }
  const unrepaired = wrong.filter((t) => !t.repaired);
  io.out(
    `${teams.length} teams checked: ${teams.length - wrong.length} match their history${wrong.length ? `, ${wrong.length} differ` : ''}${values.repair ? `, ${wrong.length - unrepaired.length} repaired` : ''}.`,
  );
  if (unrepaired.length > 0) exitCode = 1;
}

/**
 * Voids (or restores) results as POST /api/v1/scans/void would: preview first,
 * then confirm that preview. The job itself runs in the table's stream
 * consumer (the deployed one, or the local server's), not here.
 */
async function voidCommand(action: VoidAction): Promise<void> {
  const asNumber = (text: string | undefined) => (text === undefined ? undefined : /^\d+$/.test(text) ? Number(text) : text);
  const parsed = parseWith(VoidBody, {
    from: values.from,
    to: values.to,
    ...(values.team === undefined ? {} : { team_id: asNumber(values.team) }),
    ...(values.subtype === undefined ? {} : { subtype_id: asNumber(values.subtype) }),
    dry_run: values.confirm === undefined,
    ...(values.confirm === undefined ? {} : { preview_id: asNumber(values.confirm) }),
  });
  if (!parsed.ok) {
    const option = (path: string) => ({ team_id: '--team ', subtype_id: '--subtype ', preview_id: '--confirm ' })[path] ?? (path ? `--${path} ` : '');
    throw new UsageError(parsed.errors.map((e) => `${option(e.path)}${e.message}`).join('; '));
  }
  const { filter, dry_run: dryRun, preview_id: previewId } = parsed.value;
  if (dryRun) {
    const preview = await previewVoid(action, filter);
    io.out(`Preview ${preview.preview_id}: ${preview.count} result(s) would be ${action === 'void' ? 'voided' : 'restored'}.`);
    printTable(
      ['team id', 'total before', 'total after'],
      preview.teams.map((t) => [String(t.team_id), String(t.total_before), String(t.total_after)]),
    );
    const filterOptions = commandLine().filter(
      (arg, i, all) => arg !== action && !(all[i - 1] === '--confirm' || arg === '--confirm' || arg.startsWith('--confirm=')),
    );
    io.out(`Apply exactly this set: npm run scoring -- ${action} ${filterOptions.join(' ')} --confirm ${preview.preview_id}`);
    return;
  }
  const outcome = await applyVoid(previewId!, action, filter, await cliAudit());
  switch (outcome.kind) {
    case 'not-found':
      throw new UsageError(`No preview has id ${previewId}.`);
    case 'mismatch':
      throw new UsageError(outcome.detail);
    case 'changed':
      throw new UsageError(`The results of preview ${previewId} changed since it was made (another void or unvoid): nothing was done; preview again.`);
    case 'final':
      throw new UsageError('The competition is final: its results can no longer change.');
    case 'started':
      break;
  }
  const deadline = Date.now() + Number(values.wait) * 1000;
  let job = outcome.job;
  while (job.status !== 'done' && Date.now() < deadline) {
    await sleep(500);
    job = (await getVoidJob(previewId!)) ?? job;
  }
  if (job.status !== 'done') {
    io.out(
      `Void ${previewId} is running: ${job.flipped} of ${job.count} flipped so far (the stream consumer carries on; run the same command again to follow it).`,
    );
    return;
  }
  io.out(`Void ${previewId} done: ${job.flipped} result(s) ${action === 'void' ? 'voided' : 'restored'}; recorded in the audit trail.`);
  printTable(
    ['team id', 'total before', 'total after'],
    job.teams.map((t) => [String(t.team_id), String(t.total_before), String(t.total_after)]),
  );
}

function printTable(header: string[], rows: string[][]): void {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  for (const row of [header, ...rows])
    io.out(
      row
        .map((cell, i) => cell.padEnd(widths[i]!))
        .join('  ')
        .trimEnd(),
    );
}
