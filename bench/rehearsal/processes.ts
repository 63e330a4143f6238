import { fork, spawn, type ChildProcess } from 'node:child_process';
import { createWriteStream } from 'node:fs';
import { join, resolve } from 'node:path';

/** The project's root: the entry points are run from it. */
export const ROOT = resolve(import.meta.dirname, '../..');

/** Every managed process, killed when the rehearsal's own process exits, however it exits (one listener for all). */
const LIVING = new Set<Managed>();
process.once('exit', () => LIVING.forEach((managed) => managed.child?.kill('SIGKILL')));

/**
 * One of the rehearsal's processes (the API server, the stream consumer, an
 * agent, a host process): started, its output kept in a file of its own,
 * killed or paused by the faults, started again on the same arguments.
 * Gone with the rehearsal however it ends (an exit handler).
 */
export class Managed {
  child?: ChildProcess;
  readonly pids: number[] = [];
  /** Every time it ended of itself (not killed by a fault, nor stopped at the end): the report fails on any. */
  readonly unexpectedExits: { at: number; code: number | null; signal: string | null }[] = [];
  private meantToEnd = false;

  constructor(
    readonly name: string,
    private readonly start: () => ChildProcess,
    private readonly logDir: string,
    /** What its output says once it is ready (undefined: at once). */
    private readonly ready?: RegExp,
  ) {
    LIVING.add(this);
  }

  /** Starts it; resolves once it says it is ready (within two minutes). */
  async run(): Promise<void> {
    const child = this.start();
    this.child = child;
    this.meantToEnd = false;
    this.pids.push(child.pid!);
    child.once('exit', (code, signal) => {
      if (!this.meantToEnd) this.unexpectedExits.push({ at: Date.now(), code, signal });
    });
    const log = createWriteStream(join(this.logDir, `${this.name}.log`), { flags: 'a' });
    let said = '';
    const onData = (chunk: Buffer) => {
      log.write(chunk);
      if (said.length < 100_000) said += chunk.toString();
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.once('exit', () => log.end());
    if (!this.ready) return;
    const ready = this.ready;
    await new Promise<void>((resolveReady, reject) => {
      const timer = setTimeout(() => reject(new Error(`${this.name} was not ready within 120 s:\n${said.slice(-3000)}`)), 120_000);
      const check = () => {
        if (ready.test(said)) {
          clearTimeout(timer);
          child.stdout?.off('data', check);
          child.stderr?.off('data', check);
          resolveReady();
        }
      };
      child.stdout?.on('data', check);
      child.stderr?.on('data', check);
      child.once('exit', (code, signal) => {
        clearTimeout(timer);
        if (!ready.test(said)) reject(new Error(`${this.name} ended (${signal ?? code}) before it was ready:\n${said.slice(-3000)}`));
      });
      check();
    });
  }

  /** Killed outright (SIGKILL: no exit handler runs, as a crashed Lambda or agent); resolves once it has gone. */
  async kill(): Promise<void> {
    const child = this.child;
    if (!child || child.exitCode !== null || child.signalCode !== null) return;
    const gone = new Promise((r) => child.once('exit', r));
    this.meantToEnd = true;
    child.kill('SIGKILL');
    await gone;
  }

  signal(signal: 'SIGSTOP' | 'SIGCONT'): void {
    this.child?.kill(signal);
  }

  /** Stopped for good at the rehearsal's end: SIGTERM, then SIGKILL after 10 s. */
  async stop(): Promise<void> {
    this.meantToEnd = true;
    const child = this.child;
    if (!child || child.exitCode !== null || child.signalCode !== null) return;
    const gone = new Promise((r) => child.once('exit', r));
    child.kill('SIGCONT');
    child.kill('SIGTERM');
    const killer = setTimeout(() => child.kill('SIGKILL'), 10_000);
    await gone;
    clearTimeout(killer);
  }
}

/**
 * A project entry point (`bin/*.ts`) run by Node with tsx's loader, as the npm scripts do. An IPC channel only so
 * that it sees the rehearsal end, however it ends (the server, the stream consumer and the agent leave then).
 */
export function entryPoint(script: string, args: string[], env: Record<string, string>): () => ChildProcess {
  return () =>
    spawn(process.execPath, ['--import', 'tsx', join(ROOT, script), ...args], {
      cwd: ROOT,
      env: { ...process.env, NODE_NO_WARNINGS: '1', ...env },
      stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
    });
}

/** A bundled file (the installed agent) run by Node alone, with options for Node itself (a moved clock). */
export function bundle(file: string, args: string[], env: Record<string, string>, nodeOptions: string[] = []): () => ChildProcess {
  return () =>
    spawn(process.execPath, [...nodeOptions, file, ...args], {
      cwd: ROOT,
      env: { ...process.env, NODE_NO_WARNINGS: '1', ...env },
      stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
    });
}

/** A forked module (the host processes), told its task over IPC, ready when it says so. */
export function forked(file: string, task: unknown): { start: () => ChildProcess; ready: (child: ChildProcess) => Promise<void> } {
  return {
    start: () => {
      const child = fork(file, [], {
        execArgv: ['--import', 'tsx'],
        cwd: ROOT,
        stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
        env: { ...process.env, NODE_NO_WARNINGS: '1' },
      });
      child.send(task as object);
      return child;
    },
    ready: (child) =>
      new Promise((resolveReady, reject) => {
        child.once('message', () => resolveReady());
        child.once('exit', (code) => reject(new Error(`the host process ended (${code}) before it listened`)));
      }),
  };
}
