/**
 * The organisers' command-line tool (`npm run scoring -- <command>`,
 * bin/scoring.ts runs it): against the running dev server's table (the
 * default) or a deployed table (`--table <name> [--region <region>]`,
 * standard AWS credential chain). `runScoring` runs one command line with the
 * streams it is given, so the tests run it in their own process. Each command
 * has its own file beside this one; COMMANDS is the one way to reach them.
 */
import { createRun, Exit, selectTarget, UsageError, type CliIo, type Run } from './context';
import { USAGE } from './usage';
import { validate } from './validate';
import { load } from './load';
import { tokenCreate, tokenList, tokenRevoke } from './token';
import { teamAccountCreate, teamAccountDelete, teamAccountList, teamSignOut } from './team-account';
import { iamGrant, iamList, iamRevoke } from './iam';
import { exportCommand } from './export';
import { verify } from './verify';
import { upgrade } from './upgrade';
import { voidCommand } from './void';
import { finalise } from './finalise';

export type { CliIo } from './context';

/** A command: what it does with the run and its operand, the word after the command's own (a file, an id). */
type Command = (run: Run, operand: string | undefined) => void | Promise<void>;

/** Every command by name; a command with subcommands maps each of its subcommands' names. */
const COMMANDS: Record<string, Command | Record<string, Command>> = {
  validate,
  load,
  token: { create: tokenCreate, list: tokenList, revoke: tokenRevoke },
  'team-account': { create: teamAccountCreate, list: teamAccountList, delete: teamAccountDelete, 'sign-out': teamSignOut },
  iam: { grant: iamGrant, list: iamList, revoke: iamRevoke },
  export: exportCommand,
  verify,
  upgrade,
  void: (run) => voidCommand(run, 'void'),
  unvoid: (run) => voidCommand(run, 'unvoid'),
  finalise,
  finalize: finalise,
};

/** Runs one command line (without `node scoring.ts`) and returns its exit code: 0 done, 1 failed, 2 a usage error. */
export async function runScoring(args: string[], streams: CliIo): Promise<number> {
  try {
    const run = createRun(args, streams);
    await dispatch(run);
    return run.exitCode;
  } catch (error) {
    if (error instanceof Exit) return error.code;
    if (error instanceof UsageError || (error as { code?: string }).code?.startsWith('ERR_PARSE_ARGS')) {
      streams.err((error as Error).message);
      return 2;
    }
    streams.err(`Failed: ${(error as Error).message}`);
    return 1;
  }
}

async function dispatch(run: Run): Promise<void> {
  const [name, sub] = run.positionals;
  if (run.values.help || !name) return run.io.out(USAGE);
  const entry = own(COMMANDS, name);
  const command = typeof entry === 'function' ? entry : own(entry, sub);
  // validate reads only its file, so a file can be checked before any table exists; every other command line (an unknown one too) needs a table first.
  if (command !== validate) selectTarget(run.values);
  if (!command) throw new UsageError(`Unknown command: ${run.positionals.join(' ')}`);
  return command(run, run.positionals[typeof entry === 'function' ? 1 : 2]);
}

/** A table's own entry: a typed name such as `toString` finds no Object.prototype member. */
const own = <T>(table: Record<string, T> | undefined, key: string | undefined): T | undefined =>
  table !== undefined && key !== undefined && Object.hasOwn(table, key) ? table[key] : undefined;
