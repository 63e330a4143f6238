/**
 * Command checks, the agent's half (issue #46): programs the agent's
 * operator lists as recipes in the agent's own configuration, run with the
 * placeholders an organiser's check definition fills. The organiser never
 * supplies a program or a free argument: a program allow-list alone would
 * not do (`smbclient -c '!cmd'` runs a shell, `python3` runs anything), so
 * the whole command line is the operator's, and only whole arguments are
 * left open.
 *
 * - A placeholder is a whole argument (`{host}`), never part of one.
 * - `{host}` is the address the check resolved (and the allow-list passed),
 *   `{port}` the service's port, `{username}` the round's account's name;
 *   any other placeholder is filled by the definition, with a value that
 *   may not start with `-` (it could be read as an option) nor hold NUL.
 * - The password reaches the program by an environment variable or its
 *   standard input, never argv (`ps` shows argv to every user of the box).
 * - The program starts with an empty environment plus what the recipe names:
 *   the agent's own credential is in its environment.
 * - Its own process group, killed whole at the timeout; its output is read
 *   up to OUTPUT_LIMIT bytes (then the group is killed too).
 */
import { spawn } from 'node:child_process';
import * as v from 'valibot';
import type { CheckAccount } from '#shared/domain/accounts';
import { AGENT_PLACEHOLDERS, isSafePlaceholderValue, PLACEHOLDER_NAME_PATTERN, RECIPE_NAME_PATTERN, type CommandCheck } from '#shared/domain/check-definitions';
import { matcherOf } from './match';
import { fail, pass, printable, timeoutMessage, type CheckOutcome, type ProbeTarget } from './probe';

/** A whole-argument placeholder, `{name}`; and one inside an argument, which a recipe may not have. */
const PLACEHOLDER = new RegExp(`^\\{(${PLACEHOLDER_NAME_PATTERN})\\}$`);
const PLACEHOLDER_INSIDE = new RegExp(`\\{${PLACEHOLDER_NAME_PATTERN}\\}`);
/** What a command's output is read up to (the match rules' own limit). */
export const OUTPUT_LIMIT = 256 * 1024;

const Argument = v.pipe(
  v.string(),
  v.maxLength(4096),
  v.check((arg) => !arg.includes('\0'), 'must not hold NUL'),
  v.check((arg) => PLACEHOLDER.test(arg) || !PLACEHOLDER_INSIDE.test(arg), 'a placeholder is a whole argument ({name}), never part of one'),
);

/** One recipe, as the operator writes it in the agent's configuration. */
export const RecipeSchema = v.strictObject({
  /** An absolute path: nothing is looked up in a PATH. */
  program: v.pipe(v.string(), v.regex(/^\/[^\0]*$/, 'must be an absolute path')),
  args: v.pipe(v.array(Argument), v.maxLength(64)),
  /** The program's whole environment, besides the password's variable (none of the agent's own). */
  env: v.optional(v.record(v.pipe(v.string(), v.regex(/^[A-Za-z_][A-Za-z0-9_]*$/, 'must be a variable name')), v.pipe(v.string(), v.maxLength(4096))), {}),
  /** How the round's password reaches it: a variable, or a line on its standard input. Never argv. None: the check logs in to nothing. */
  password: v.optional(
    v.union([v.strictObject({ env: v.pipe(v.string(), v.regex(/^[A-Za-z_][A-Za-z0-9_]*$/, 'must be a variable name')) }), v.literal('stdin')]),
  ),
});
export type Recipe = v.InferOutput<typeof RecipeSchema>;

export const RecipesSchema = v.pipe(
  v.record(v.pipe(v.string(), v.regex(new RegExp(RECIPE_NAME_PATTERN), 'must be a recipe name: lower-case letters, digits and hyphens')), RecipeSchema),
  v.check((recipes) => Object.keys(recipes).length <= 100, 'at most 100 recipes'),
);
export type Recipes = v.InferOutput<typeof RecipesSchema>;

/** The placeholders a recipe leaves to the definition (all but the agent's own), in order of first use. */
export function definitionPlaceholders(recipe: Recipe): string[] {
  const names = recipe.args.map((arg) => PLACEHOLDER.exec(arg)?.[1]).filter((name): name is string => name !== undefined);
  return [...new Set(names.filter((name) => !(AGENT_PLACEHOLDERS as readonly string[]).includes(name)))];
}

/** What the agent fills in for one run. */
export interface CommandFill {
  /** The resolved address (the allow-list already passed it). */
  host: string;
  port: number;
  account?: { username: string; password: string };
  /** The definition's values, by placeholder. */
  values: Record<string, string>;
}

/** The argv the recipe makes with these values, or why it cannot be made (a missing or unsafe value). */
export function commandLine(recipe: Recipe, fill: CommandFill): { argv: string[] } | { error: string } {
  const argv: string[] = [];
  for (const arg of recipe.args) {
    const name = PLACEHOLDER.exec(arg)?.[1];
    if (name === undefined) {
      argv.push(arg);
      continue;
    }
    if (name === 'host') argv.push(fill.host);
    else if (name === 'port') argv.push(String(fill.port));
    else if (name === 'username') {
      if (!fill.account) return { error: 'the recipe signs in ({username}), but the service has no account' };
      argv.push(fill.account.username);
    } else {
      const value = fill.values[name];
      if (value === undefined) return { error: `the definition gives no value for {${name}}` };
      if (!isSafePlaceholderValue(value)) return { error: `the value for {${name}} may not start with "-" nor hold NUL` };
      argv.push(value);
    }
  }
  if (recipe.password && !fill.account) return { error: 'the recipe takes a password, but the service has no account' };
  return { argv };
}

export interface CommandResult {
  /** Null when it was killed (timeout, too much output) or never started. */
  exitCode: number | null;
  /** Its standard output and error, as text. */
  output: string;
  /** The same, as the bytes it wrote (an exact text or a digest is compared with these). */
  bytes: Buffer;
  timedOut: boolean;
  /** It wrote more than OUTPUT_LIMIT bytes: what was read is its first part. */
  truncated: boolean;
  /** Why it did not start (ENOENT: the program is not there). */
  startError?: string;
}

/**
 * Runs the recipe's program once: argv from `commandLine`, the environment
 * the recipe names (and the password's variable), the password on standard
 * input if the recipe says so, in a process group of its own that is killed
 * whole at `timeoutMs` or once the output passes OUTPUT_LIMIT.
 * `onSpawn` hears the child's pid (the tests read its /proc entries).
 */
export function runCommand(
  recipe: Recipe,
  argv: string[],
  password: string | undefined,
  timeoutMs: number,
  onSpawn?: (pid: number) => void,
): Promise<CommandResult> {
  return new Promise((resolve) => {
    const env: Record<string, string> = { ...recipe.env };
    if (recipe.password && recipe.password !== 'stdin' && password !== undefined) env[recipe.password.env] = password;
    const child = spawn(recipe.program, argv, { env, detached: true, stdio: ['pipe', 'pipe', 'pipe'], shell: false });
    const chunks: Buffer[] = [];
    let bytes = 0;
    let truncated = false;
    let timedOut = false;
    let settled = false;
    const killGroup = () => {
      try {
        if (child.pid !== undefined) process.kill(-child.pid, 'SIGKILL');
      } catch {
        // Already gone.
      }
    };
    const timer = setTimeout(() => {
      timedOut = true;
      killGroup();
    }, timeoutMs);
    const read = (chunk: Buffer) => {
      if (truncated) return;
      const room = OUTPUT_LIMIT - bytes;
      chunks.push(chunk.subarray(0, room));
      bytes += Math.min(room, chunk.length);
      if (chunk.length > room) {
        truncated = true;
        killGroup();
      }
    };
    child.stdout.on('data', read);
    child.stderr.on('data', read);
    child.stdin.on('error', () => {}); // a program that never reads its input closes the pipe under us
    if (recipe.password === 'stdin' && password !== undefined) child.stdin.end(`${password}\n`);
    else child.stdin.end();
    const finish = (result: Omit<CommandResult, 'output' | 'bytes' | 'timedOut' | 'truncated'>) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      // Whatever it left behind in its group goes with it.
      killGroup();
      const bytes = Buffer.concat(chunks);
      resolve({ ...result, output: bytes.toString('utf8'), bytes, timedOut, truncated });
    };
    child.once('spawn', () => onSpawn?.(child.pid!));
    child.once('error', (error: NodeJS.ErrnoException) => finish({ exitCode: null, startError: error.code ?? error.message }));
    child.once('close', (code) => finish({ exitCode: timedOut || truncated ? null : code }));
  });
}

/**
 * A command check: the definition's recipe from this agent's own list, run
 * against the resolved address. What the agent lacks or cannot do (no such
 * recipe, a value that does not fit, a program that is not there) is the
 * agent's error; a status other than 0 is the service's (`command failed`),
 * and so is output that does not meet the match rules.
 */
export async function checkCommand(
  target: ProbeTarget,
  check: CommandCheck,
  account: CheckAccount | undefined,
  recipes: Recipes | undefined,
): Promise<CheckOutcome> {
  const recipe = recipes?.[check.recipe];
  if (!recipe) return fail('agent error', `this agent has no recipe named ${check.recipe} (its operator lists them in its configuration)`);
  const line = commandLine(recipe, {
    host: target.address,
    port: target.port,
    ...(account?.password !== undefined ? { account: { username: account.username, password: account.password } } : {}),
    values: check.args ?? {},
  });
  if ('error' in line) return fail('agent error', line.error);
  const result = await runCommand(recipe, line.argv, account?.password, check.timeout_seconds * 1000);
  if (result.startError) return fail('agent error', `the recipe's program ${recipe.program} did not start (${result.startError})`);
  if (result.timedOut) return fail('timeout', timeoutMessage(check.timeout_seconds, `${check.recipe} to finish`));
  if (result.exitCode !== 0) {
    const last = result.output.trim().split('\n').at(-1) ?? '';
    const status = result.truncated ? `wrote more than ${OUTPUT_LIMIT / 1024} KiB` : `exited with status ${result.exitCode}`;
    return fail('command failed', `${check.recipe} ${status}${last ? `: ${printable(last, 80)}` : ''}`);
  }
  const problem = matcherOf(check).problem(result.bytes, !result.truncated, `the output of ${check.recipe}`);
  return problem ? fail('content mismatch', problem) : pass();
}
