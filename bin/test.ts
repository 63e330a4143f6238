#!/usr/bin/env -S node --import tsx
/**
 * The whole suite (`npm test`): the static checks (bin/static-checks.ts) and
 * vitest side by side. One after the other they took about 60 s plus vitest's
 * time on a clean clone; the tests leave part of the two cores idle (they wait
 * on DynamoDB Local, servers and a browser), which the static checks fill.
 * Vitest's output streams as it runs; the static checks' comes after it, whole,
 * so that a type error is not lost in the tests' scroll. The run fails if
 * either does. Arguments go to vitest (`npm test -- test/unit`).
 *
 *   npm test
 */
import { spawn } from 'node:child_process';
import { staticChecks, summary } from './static-checks.ts';

const vitest = spawn('npx', ['vitest', 'run', ...process.argv.slice(2)], { stdio: 'inherit' });
const testsExit = new Promise<number>((resolve) => {
  vitest.once('error', () => resolve(1));
  vitest.once('close', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
});
// Ctrl-C reaches vitest through the terminal's process group; a SIGTERM sent to this process alone is passed on.
process.once('SIGTERM', () => vitest.kill('SIGTERM'));

const checks = await staticChecks(false);
const testsCode = await testsExit;
process.stdout.write(`\nStatic checks, run beside the tests:\n${summary(checks)}`);
const failed = [...checks.filter((c) => !c.ok).map((c) => c.check), ...(testsCode !== 0 ? ['tests'] : [])];
if (failed.length > 0) {
  process.stderr.write(`failed: ${failed.join(', ')}\n`);
  process.exit(1);
}
