/**
 * The README's tour as a test: its shell blocks, read from the Markdown,
 * run in order in one bash session (so the variables one block sets reach
 * the next), and every `# → …` line under a command checked against what
 * that command printed. A command with a check after it runs as written,
 * its output kept in a file of its own; nothing else of the tour is changed.
 *
 * The checks a line may say:
 *   # → {"field": value, …}   some object in the JSON answer (at any depth) has these fields
 *                             (nested objects: these fields of them; arrays and values: equal)
 *   # → 6 items               the JSON answer is an array of 6
 *   # → "text"                the output holds this text (a JSON string: \t is a tab)
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { isDeepStrictEqual } from 'node:util';
import { join } from 'node:path';

export type Expectation = { kind: 'fields'; fields: Record<string, unknown> } | { kind: 'items'; count: number } | { kind: 'text'; text: string };

export interface TourStep {
  /** Where it starts: `README.md:120`. */
  where: string;
  /** The shell text to run (the checked command wrapped to keep its output in $TOUR_OUTPUT). */
  source: string;
  /** The checked command as the tour writes it. */
  command?: string;
  expectations: { text: string; expectation: Expectation }[];
}

const ARROW = /^# → (.*)$/;

/** One check line's words as a check; throws when they say none of the three. */
export function parseExpectation(text: string): Expectation {
  const items = /^(\d+) items?$/.exec(text);
  if (items) return { kind: 'items', count: Number(items[1]) };
  if (text.startsWith('{')) return { kind: 'fields', fields: JSON.parse(text) as Record<string, unknown> };
  if (text.startsWith('"')) return { kind: 'text', text: JSON.parse(text) as string };
  throw new Error(`"# → ${text}" says none of: {"field": value}, N items, "text"`);
}

/**
 * The tour's steps: every ```sh block between the line that starts with
 * `from` and the next that starts with `to`, cut after each checked command.
 * A checked command is the last command line above the check, with the
 * lines before it that end in a backslash.
 */
export function tourSteps(file: string, from: string, to: string): TourStep[] {
  const lines = readFileSync(file, 'utf8').split('\n');
  const start = lines.findIndex((line) => line.startsWith(from));
  const end = lines.findIndex((line, i) => i > start && line.startsWith(to));
  if (start < 0 || end < 0) throw new Error(`${file} has no section from "${from}" to "${to}"`);
  const name = file.split('/').at(-1)!;
  const steps: TourStep[] = [];
  let pending: { text: string; line: number }[] = [];
  let inBlock = false;
  const flush = () => {
    if (pending.some((p) => p.text.trim() !== ''))
      steps.push({ where: `${name}:${pending[0]!.line}`, source: pending.map((p) => p.text).join('\n'), expectations: [] });
    pending = [];
  };
  for (let i = start; i < end; i++) {
    const text = lines[i]!;
    if (!inBlock) {
      inBlock = text.trim() === '```sh';
      continue;
    }
    if (text.trim() === '```') {
      flush();
      inBlock = false;
      continue;
    }
    const arrow = ARROW.exec(text);
    if (!arrow) {
      pending.push({ text, line: i + 1 });
      continue;
    }
    const check = { text: arrow[1]!, expectation: parseExpectation(arrow[1]!) };
    // A second check line under the same command joins the first's step.
    if (pending.length === 0 && steps.at(-1)?.command !== undefined) {
      steps.at(-1)!.expectations.push(check);
      continue;
    }
    let last = pending.length - 1;
    while (last >= 0 && (pending[last]!.text.trim() === '' || pending[last]!.text.trim().startsWith('#'))) last--;
    if (last < 0) throw new Error(`${name}:${i + 1}: a check with no command above it`);
    let first = last;
    while (first > 0 && pending[first - 1]!.text.trimEnd().endsWith('\\')) first--;
    const command = pending
      .slice(first, last + 1)
      .map((p) => p.text)
      .join('\n');
    const before = pending.slice(0, first).map((p) => p.text);
    steps.push({
      where: `${name}:${pending[first]!.line}`,
      // On a line of its own after the command: a comment at the command's end must not swallow the redirection.
      source: [...before, '{', command, '} > "$TOUR_OUTPUT" 2>&1'].join('\n'),
      command,
      expectations: [check],
    });
    pending = [];
  }
  if (inBlock) throw new Error(`${name}: a block that does not end`);
  return steps;
}

/** Whether `actual` holds what a check says; the reason when not. */
export function meets(output: string, expectation: Expectation): string | undefined {
  if (expectation.kind === 'text') return output.includes(expectation.text) ? undefined : `does not hold ${JSON.stringify(expectation.text)}`;
  let answer: unknown;
  try {
    answer = JSON.parse(output);
  } catch {
    return 'is not JSON';
  }
  if (expectation.kind === 'items') {
    return Array.isArray(answer) && answer.length === expectation.count ? undefined : `is not an array of ${expectation.count}`;
  }
  return someObject(answer, (candidate) => hasFields(candidate, expectation.fields)) ? undefined : `has no object with ${JSON.stringify(expectation.fields)}`;
}

function hasFields(actual: unknown, expected: Record<string, unknown>): boolean {
  if (typeof actual !== 'object' || actual === null || Array.isArray(actual)) return false;
  return Object.entries(expected).every(([key, value]) => {
    const held = (actual as Record<string, unknown>)[key];
    if (typeof value === 'object' && value !== null && !Array.isArray(value)) return hasFields(held, value as Record<string, unknown>);
    return key in actual && isDeepStrictEqual(held, value);
  });
}

function someObject(value: unknown, test: (candidate: unknown) => boolean): boolean {
  if (test(value)) return true;
  if (typeof value !== 'object' || value === null) return false;
  return Object.values(value).some((inner) => someObject(inner, test));
}

/**
 * One bash session run step by step, as a reader pastes the blocks into one
 * terminal: `set -euo pipefail`, so a failing command ends it and the step
 * that ran it says so. Its own process group, so the server the tour starts
 * in the background ends with it.
 */
export class TourShell {
  private output = '';
  private readonly exited: Promise<number | null>;
  private count = 0;

  private constructor(
    private readonly child: ChildProcess,
    private readonly outputs: string,
  ) {
    child.stdout!.on('data', (d: Buffer) => (this.output += d.toString()));
    child.stderr!.on('data', (d: Buffer) => (this.output += d.toString()));
    this.exited = new Promise((resolve) => child.once('exit', (code) => resolve(code)));
    process.once('exit', () => this.kill('SIGKILL'));
  }

  /** `argv`: how to start bash (under `unshare`, say); `outputs`: a directory for the checked commands' outputs. */
  static start(argv: string[], options: { cwd: string; env: Record<string, string>; outputs: string }): TourShell {
    const child = spawn(argv[0]!, argv.slice(1), { cwd: options.cwd, env: options.env, detached: true, stdio: ['pipe', 'pipe', 'pipe'] });
    child.stdin!.write('set -euo pipefail\n');
    return new TourShell(child, options.outputs);
  }

  /** All the session printed so far (the server's lines too). */
  printed(): string {
    return this.output;
  }

  /** Runs a step; resolves to its checked command's output, or rejects with what the session printed when it ended instead. */
  async run(step: TourStep, timeoutMs: number): Promise<string> {
    const n = ++this.count;
    const file = join(this.outputs, `step-${n}.out`);
    const marker = `__TOUR_STEP_${n}_DONE__`;
    this.child.stdin!.write(`export TOUR_OUTPUT='${file}'\n${step.source}\nprintf '\\n%s\\n' '${marker}'\n`);
    let poll: NodeJS.Timeout | undefined;
    let timer: NodeJS.Timeout | undefined;
    const done = await Promise.race([
      new Promise<'done'>((resolve) => {
        poll = setInterval(() => this.output.includes(`\n${marker}\n`) && resolve('done'), 100);
      }),
      this.exited.then((code) => `the session ended (exit code ${code})`),
      new Promise<string>((resolve) => (timer = setTimeout(resolve, timeoutMs, `no end within ${timeoutMs / 1000} s`))),
    ]);
    clearInterval(poll);
    clearTimeout(timer);
    const kept = step.command !== undefined ? readIfThere(file) : '';
    if (done !== 'done') {
      throw new Error(
        `${step.where}: ${done}\n--- the step ---\n${step.source}\n--- its output ---\n${kept}\n--- the session's last lines ---\n${this.output.slice(-6000)}`,
      );
    }
    return kept;
  }

  /** Ends the session and everything it started (its process group), SIGKILL after 15 s. */
  async stop(): Promise<void> {
    this.kill('SIGTERM');
    const killer = setTimeout(() => this.kill('SIGKILL'), 15_000);
    await this.exited;
    // The group outlives its leader: wait until every member has gone, bounded.
    for (let i = 0; i < 150 && this.groupAlive(); i++) await new Promise((resolve) => setTimeout(resolve, 100));
    clearTimeout(killer);
    this.kill('SIGKILL');
  }

  private groupAlive(): boolean {
    return spawnSync('pgrep', ['-g', String(this.child.pid)]).status === 0;
  }

  private kill(signal: NodeJS.Signals): void {
    try {
      process.kill(-this.child.pid!, signal);
    } catch {
      // Gone already.
    }
  }
}

function readIfThere(file: string): string {
  try {
    return readFileSync(file, 'utf8');
  } catch {
    return '';
  }
}
