import { spawn, type ChildProcess } from 'node:child_process';
import { resolve } from 'node:path';

export const ROOT = resolve(import.meta.dirname, '../..');

export interface Finished {
  code: number | null;
  stdout: string;
  stderr: string;
}

/**
 * Runs one of the project's entry points (`bin/*.ts`) to completion, as the
 * npm scripts do: one Node process with tsx's loader (not the tsx CLI, whose
 * signal relay force-kills a child that is slow to acknowledge a signal).
 */
export function runTool(script: string, args: string[], env: Record<string, string> = {}): Promise<Finished> {
  return new Promise((resolveRun, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', resolve(ROOT, script), ...args], { cwd: ROOT, env: { ...process.env, ...env } });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    child.on('error', reject);
    child.on('close', (code) => resolveRun({ code, stdout, stderr }));
  });
}

/** Starts an entry point and resolves once its output matches `ready`. */
export function startTool(script: string, args: string[], ready: RegExp, env: Record<string, string> = {}) {
  const child = spawn(process.execPath, ['--import', 'tsx', resolve(ROOT, script), ...args], { cwd: ROOT, env: { ...process.env, ...env } });
  let output = '';
  const exited = new Promise<number | null>((r) => child.on('exit', (code) => r(code)));
  const started = new Promise<RegExpMatchArray>((resolveStart, reject) => {
    const onData = (d: Buffer) => {
      output += d.toString();
      const match = output.match(ready);
      if (match) resolveStart(match);
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    void exited.then((code) => reject(new Error(`exited with ${code} before it was ready:\n${output}`)));
  });
  return { child: child as ChildProcess, started, exited, output: () => output };
}
