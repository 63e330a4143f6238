/**
 * What every command of the organisers' tool shares: its options, one run's
 * context (the options, the streams, the exit code, who is running it), its
 * refusals, the choice of table, and the way it reads a competition file and
 * prints a table.
 */
import { existsSync, readFileSync } from 'node:fs';
import { userInfo } from 'node:os';
import { parseArgs } from 'node:util';
import { GetCallerIdentityCommand, STSClient } from '@aws-sdk/client-sts';
import type { AuditContext } from '#shared/data/audit';
import { readPools } from '#shared/data/pools';
import type { Role } from '#shared/api/routes';
import { formatProblems, readCompetitionFile } from '../../lib/local/competition-file';
import { localStateFile } from '../../lib/local/local-stack';

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

const parseOptions = (args: string[]) => parseArgs({ args, allowPositionals: true, options: OPTIONS });

/** The options of one command line, every command's alike (a command reads those it takes). */
export type Values = ReturnType<typeof parseOptions>['values'];

/** A command line the tool refuses: its message is printed alone and the run exits 2. */
export class UsageError extends Error {}

/** Ends a run with this exit code (a refused file). */
export class Exit extends Error {
  constructor(readonly code: number) {
    super(`exit ${code}`);
  }
}

/** Where a run of the tool prints and waits: the process's own streams, or a test's. */
export interface CliIo {
  out(line: string): void;
  err(line: string): void;
  sleep(ms: number): Promise<void>;
}

/** The options that choose the table: which table is not what was done, so the audit trail leaves them out. */
const TARGET_OPTIONS = new Set(['--table', '--region', '--endpoint', '--accounts-key']);

/**
 * One run of the tool, handed to the command it runs: built once per command
 * line, so nothing of one run (a test runs many in one process) reaches the
 * next. Its members are plain values and closures: a command may destructure it.
 */
export interface Run {
  readonly values: Values;
  readonly positionals: string[];
  readonly io: CliIo;
  /** The command as typed, without the target options. */
  readonly commandLine: string[];
  /** 0 unless the command failed without throwing. */
  readonly exitCode: number;
  /** Ends the run with this exit code once the command returns (verify lists every difference before it fails). */
  fail(code: number): void;
  /** Who runs the tool, for the audit trail: asked once per run, when a command first changes something. */
  audit(): Promise<AuditContext>;
}

/** Parses the command line (without `node scoring.ts`); a malformed one throws parseArgs' ERR_PARSE_ARGS_* error. */
export function createRun(argv: string[], io: CliIo): Run {
  const { values, positionals } = parseOptions(argv);
  const commandLine = argv.filter((arg, i) => !TARGET_OPTIONS.has(arg.split('=')[0]!) && !(TARGET_OPTIONS.has(argv[i - 1]!) && !argv[i - 1]!.includes('=')));
  let exitCode = 0;
  let audit: Promise<AuditContext> | undefined;
  return {
    values,
    positionals,
    io,
    commandLine,
    get exitCode() {
      return exitCode;
    },
    fail: (code) => {
      exitCode = code;
    },
    audit: () => (audit ??= whoRuns(values, `scoring ${commandLine.join(' ')}`)),
  };
}

/**
 * Who runs the tool: against a deployed table the AWS identity its
 * credentials belong to (STS GetCallerIdentity); against a local DynamoDB the
 * OS user's name.
 */
async function whoRuns(values: Values, route: string): Promise<AuditContext> {
  if (values.table && !values.endpoint) {
    const { Arn } = await new STSClient({}).send(new GetCallerIdentityCommand({}));
    if (!Arn) throw new Error('AWS did not say who these credentials belong to.');
    return { actor: { type: 'cli', name: Arn, arn: Arn }, route };
  }
  return { actor: { type: 'cli', name: userInfo().username }, route };
}

/** Points the data layer at the chosen table. */
export function selectTarget(values: Values): void {
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

/** The competition file, parsed; an invalid one has each problem printed with its line and ends the run (exit 1). */
export function readValid(io: CliIo, file: string | undefined) {
  if (!file) throw new UsageError('Name the competition file.');
  const parsed = readCompetitionFile(file);
  if (!parsed.ok) {
    io.err(`${file} is not valid (${parsed.problems.length} problem${parsed.problems.length === 1 ? '' : 's'}); nothing was loaded:`);
    io.err(formatProblems(file, parsed.problems));
    throw new Exit(1);
  }
  return parsed;
}

/** An agent credential names an existing pool (--pool); no other credential names one. */
export async function agentPoolOption(values: Values, role: Role, credential: 'token' | 'principal'): Promise<void> {
  if ((role === 'agent') !== (values.pool !== undefined))
    throw new UsageError(`An agent ${credential} names its pool (--pool), and no other ${credential} names one.`);
  if (values.pool !== undefined && !(await readPools({ consistent: true })).pools.some((p) => p.name === values.pool)) {
    throw new UsageError(`No pool is named ${values.pool}: create it first (PUT /api/v1/pools/{name}).`);
  }
}

export function printTable(io: CliIo, header: string[], rows: string[][]): void {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  for (const row of [header, ...rows])
    io.out(
      row
        .map((cell, i) => cell.padEnd(widths[i]!))
        .join('  ')
        .trimEnd(),
    );
}
