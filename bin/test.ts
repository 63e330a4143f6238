#!/usr/bin/env -S node --import tsx
/**
 * The whole suite (`npm test`): the static checks (bin/static-checks.ts) and
 * vitest side by side. The tests leave part of the two cores idle (the
 * rehearsal and the browser files wait on rounds, servers and pages), and the
 * checks fill it: they run in a child process at the lowest CPU priority
 * (nice 19), so they take mostly what the tests leave rather than standing in
 * the first files' way with their 98 s of CPU (the machine's speed varies too
 * much between runs to say by how much that shortens the suite). Vitest's output streams as it runs; the static checks' comes after it,
 * whole, so that a type error is not lost in the tests' scroll. The run fails
 * if either does. Arguments go to vitest (`npm test -- test/unit`).
 *
 *   npm test
 */
import { spawn } from 'node:child_process';
import { setPriority } from 'node:os';
import { resolve } from 'node:path';

const LOWEST_PRIORITY = 19;

const vitest = spawn('npx', ['vitest', 'run', ...process.argv.slice(2)], { stdio: 'inherit' });
const testsExit = new Promise<number>((resolve) => {
  vitest.once('error', () => resolve(1));
  vitest.once('close', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
});
// Ctrl-C reaches both children through the terminal's process group; a SIGTERM sent to this process alone is passed on.
process.once('SIGTERM', () => {
  vitest.kill('SIGTERM');
  checker.kill('SIGTERM');
});

/** The checks in a child at the lowest priority, before it starts any work (the format check's process inherits it). */
const checker = spawn(process.execPath, ['--import', 'tsx', 'bin/static-checks.ts', '--json'], {
  cwd: resolve(import.meta.dirname, '..'),
  stdio: ['ignore', 'pipe', 'pipe'],
});
if (checker.pid !== undefined) setPriority(checker.pid, LOWEST_PRIORITY);
/** What the checks said (each one's line, a failed one's output) and which failed. */
interface Checked {
  summary: string;
  failed: string[];
}
const checked = new Promise<Checked>((done) => {
  let out = '';
  let err = '';
  checker.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
  checker.stderr.on('data', (chunk: Buffer) => (err += chunk.toString()));
  const failedRun = (why: string): Checked => ({ summary: `✗ static checks: ${why}\n${err}${out}`, failed: ['static checks'] });
  checker.once('error', (error) => done(failedRun(error.message)));
  checker.once('close', (code, signal) => {
    try {
      done(code === 0 ? (JSON.parse(out) as Checked) : failedRun(`bin/static-checks.ts ended with ${code ?? signal}`));
    } catch {
      done(failedRun('bin/static-checks.ts printed no results'));
    }
  });
});

const testsCode = await testsExit;
const checks = await checked;
process.stdout.write(`\nStatic checks, run beside the tests:\n${checks.summary}`);
const failed = [...checks.failed, ...(testsCode !== 0 ? ['tests'] : [])];
if (failed.length > 0) {
  process.stderr.write(`failed: ${failed.join(', ')}\n`);
  process.exit(1);
}
