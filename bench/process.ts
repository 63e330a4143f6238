import { spawn } from 'node:child_process';
import { resolve } from 'node:path';

export const ROOT = resolve(import.meta.dirname, '..');

/**
 * Runs a program to completion and returns its output and wall time; fails
 * with its stderr when it exits non-zero. The benchmark's load generators and
 * cold-start probes all run as their own processes through this.
 */
export function runProcess(
  command: string,
  args: string[],
  options: { env?: NodeJS.ProcessEnv; stdin?: string } = {},
): Promise<{ stdout: string; ms: number }> {
  return new Promise((resolveRun, reject) => {
    const started = performance.now();
    const child = spawn(command, args, { cwd: ROOT, env: options.env ?? process.env });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d));
    child.stderr.on('data', (d: Buffer) => (stderr += d));
    child.on('error', reject);
    child.on('close', (code) => {
      if (code !== 0) reject(new Error(`${command} ${args.slice(0, 3).join(' ')} failed (${code}): ${stderr.slice(0, 800)}`));
      else resolveRun({ stdout, ms: performance.now() - started });
    });
    child.stdin.end(options.stdin ?? '');
  });
}

/** One of the project's TypeScript entry points, as the npm scripts run them. */
export function runScript(script: string, args: string[], options: { env?: NodeJS.ProcessEnv; stdin?: string } = {}) {
  return runProcess(process.execPath, ['--import', 'tsx', resolve(ROOT, script), ...args], options);
}
