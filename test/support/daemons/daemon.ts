/**
 * What the test daemons (sshd, vsftpd, MariaDB, PostgreSQL, slapd, Dovecot) share:
 * each runs in the foreground on 127.0.0.1 and free ports, in a temporary
 * directory of its own, with real Unix users named with a per-run prefix
 * where it checks system passwords. A start records each thing it makes in a
 * Scope, which undoes them last-first at stop() or, if stop() never comes (a
 * failed start, a Ctrl-C: vitest exits on SIGINT without running the global
 * teardown), synchronously at process exit. Processes are stopped by pid
 * (their process group); SIGKILL of the test run itself is the one end this
 * cannot cover.
 *
 * The global setup starts the daemons; the tests, in forked workers, reach
 * them through the plain data it provides and the small functions here and in
 * each daemon's module that act on that data (a password, a file, SQL, a
 * directory entry).
 */
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { connect, createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** A Unix user as created: what a login check signs in with. */
export interface UnixUser {
  /** The Unix name: the run's prefix, the daemon's tag and the test's name for it. */
  name: string;
  password: string;
  home: string;
}

/** A daemon in the foreground, our child (and the leader of its own process group). */
export interface Foreground {
  pid: number;
  /** The end of its stdout and stderr, for error messages. */
  tail(): string;
  running(): boolean;
  /** How it ended, once it has and its output was read to the end (or a moment after: a session it forked may hold the pipe). */
  exited(): Promise<string>;
  /** Signals its process group and resolves once it has exited (SIGKILL after a grace period). */
  stop(): Promise<void>;
}

export interface SpawnOptions {
  /** What asks it to shut down (SIGTERM unless said). */
  stopSignal?: NodeJS.Signals;
  uid?: number;
  gid?: number;
  cwd?: string;
}

/** A daemon's command line, as Scope.serve() spawns it. */
export interface Launch {
  command: string;
  args: string[];
  options?: SpawnOptions;
}

/** How long a daemon may take to exit after its stop signal before it is killed outright. */
const STOP_GRACE_MS = 5_000;
/** How long the end waits for a set-up command still running (initdb takes about a second). */
const SET_UP_WAIT_MS = 30_000;
/** How long a daemon may take to answer after it was spawned. */
const READY_TIMEOUT_MS = 20_000;

/**
 * The per-run prefix of the Unix users: `sc` and the pid of the process that
 * starts the daemons, so that two runs on one machine never share a user and a
 * leftover says which run made it.
 */
export const runPrefix = () => `sc${process.pid}`;

export class Scope {
  readonly #undo: (() => void)[] = [];
  readonly #processes: Foreground[] = [];
  /** Set-up commands still running (their pids): the end waits for them before it undoes what they make. */
  readonly #setUp = new Set<number>();

  constructor(readonly name: string) {
    process.once('exit', this.undoNow);
  }

  /** Records a step that undoes something (synchronous: it may have to run at exit). */
  defer(step: () => void): void {
    this.#undo.push(step);
  }

  /** A temporary directory of its own, removed at the end. */
  tempDir(): string {
    const dir = mkdtempSync(join(tmpdir(), `scoring-${this.name}-`));
    this.defer(() => rmSync(dir, { recursive: true, force: true }));
    return dir;
  }

  /**
   * A real Unix user with a random password and the given home (not created:
   * each daemon wants it differently), deleted at the end.
   */
  async unixUser(tag: string, name: string, home: string): Promise<UnixUser> {
    const user: UnixUser = { name: `${runPrefix()}${tag}${name}`, password: randomBytes(12).toString('base64url'), home };
    // Recorded first: an end that comes while useradd runs waits for it, then deletes what it made.
    // --force: a session a test left open (or one still closing after a Ctrl-C) must not keep the user alive.
    this.defer(() => void spawnSync('/usr/sbin/userdel', ['--force', user.name], { stdio: 'ignore' }));
    await this.run('/usr/sbin/useradd', ['--no-create-home', '--home-dir', home, '--shell', '/bin/sh', user.name]);
    await this.run('/usr/sbin/chpasswd', [], { input: `${user.name}:${user.password}\n` });
    return user;
  }

  /**
   * Runs a set-up command to its end without blocking the event loop (the
   * daemons' set-up steps then overlap each other's and DynamoDB Local's
   * start-up); rejects with its stderr when it fails. In a process group of
   * its own, like the daemons: a Ctrl-C must not kill useradd halfway through
   * /etc/passwd or initdb halfway through its directory; the end waits for it.
   */
  run(command: string, args: string[], options: { input?: string; uid?: number; gid?: number; cwd?: string } = {}): Promise<string> {
    return new Promise((resolve, reject) => {
      const stdin = options.input === undefined ? 'ignore' : 'pipe';
      const child = spawn(command, args, { detached: true, stdio: [stdin, 'pipe', 'pipe'], uid: options.uid, gid: options.gid, cwd: options.cwd });
      if (child.pid) this.#setUp.add(child.pid);
      let stdout = '';
      let stderr = '';
      child.stdout!.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
      child.stderr!.on('data', (chunk: Buffer) => (stderr = (stderr + chunk.toString()).slice(-4000)));
      child.once('error', (error) => reject(new Error(`${command}: ${error.message}`)));
      child.once('close', (code, signal) => {
        if (child.pid) this.#setUp.delete(child.pid);
        if (code === 0) resolve(stdout);
        else reject(new Error(`${command} failed (${signal ?? `exit code ${code}`}): ${stderr.trim()}`));
      });
      // A command that exits without reading its input must not crash the run (its exit code tells).
      child.stdin?.on('error', () => {});
      child.stdin?.end(options.input);
    });
  }

  /**
   * Spawns a daemon in the foreground on a free port (`make` writes its
   * config and returns its command line; a daemon with a second port takes
   * another freePort() there) and waits until `ready` says it serves (by
   * default: its port accepts connections). Another process may take a port
   * between our probe and its bind: then it tries others.
   */
  async serve(
    make: (port: number) => Launch | Promise<Launch>,
    ready: (port: number) => Promise<boolean> = portAccepts,
  ): Promise<{ port: number; process: Foreground }> {
    for (let attempt = 1; ; attempt++) {
      const port = await freePort();
      const { command, args, options } = await make(port);
      const child = this.spawn(command, args, options);
      try {
        await waitUntil(child, () => ready(port));
        return { port, process: child };
      } catch (error) {
        await child.stop();
        // The daemons' own words for a port taken meanwhile (FreeRDP's shadow server says the last).
        if (attempt < 3 && /address already in use|could not bind|problem creating tcp listener/i.test(child.tail())) continue;
        throw error;
      }
    }
  }

  /** Starts a process in the foreground, stopped by pid at the end. */
  spawn(command: string, args: string[], options: SpawnOptions = {}): Foreground {
    const child = foreground(command, args, options);
    this.#processes.push(child);
    this.defer(() => stopNow(child, options.stopSignal ?? 'SIGTERM'));
    return child;
  }

  /** The ends of its processes' output, to name what went wrong. */
  tails(): string {
    return this.#processes.map((child) => child.tail().trimEnd()).join('\n');
  }

  /** Stops its processes (each by its own signal, waiting for them), then undoes the rest once no set-up command runs. */
  async stop(): Promise<void> {
    await Promise.all(this.#processes.map((child) => child.stop()));
    while (this.#setUp.size > 0) await new Promise((resolve) => setTimeout(resolve, 20));
    this.undoNow();
  }

  /** Undoes everything at once, synchronously: what process exit can still do. */
  readonly undoNow = (): void => {
    process.off('exit', this.undoNow);
    for (const pid of this.#setUp) waitGone(pid, SET_UP_WAIT_MS);
    for (const step of this.#undo.splice(0).reverse()) {
      try {
        step();
      } catch {
        // One step failing (a user already gone) must not keep the others from running.
      }
    }
  };
}

/**
 * Runs a daemon's start in a Scope of its own: on failure the scope is undone
 * at once and the error names the daemon and ends with its output.
 */
export async function startDaemon<T>(name: string, start: (scope: Scope) => Promise<T>): Promise<{ info: T; stop: () => Promise<void> }> {
  const scope = new Scope(name);
  try {
    const info = await start(scope);
    return { info, stop: () => scope.stop() };
  } catch (error) {
    const tails = scope.tails();
    await scope.stop();
    const message = error instanceof Error ? error.message : String(error);
    throw new Error(`${name} did not start: ${message}${tails ? `\n--- ${name}'s output ---\n${tails}` : ''}`, { cause: error });
  }
}

/**
 * Daemons started side by side: all of them, or none. When one fails to
 * start, those that did are stopped before the failure is thrown: a test's
 * afterAll never learns of a daemon whose sibling failed (Promise.all would
 * leave it running past the worker, which vitest may end without 'exit').
 */
export async function startTogether<T extends readonly Promise<Stoppable>[] | []>(starts: T): Promise<{ -readonly [K in keyof T]: Awaited<T[K]> }> {
  const settled: PromiseSettledResult<Stoppable>[] = await Promise.allSettled(starts as readonly Promise<Stoppable>[]);
  const failure = settled.find((result): result is PromiseRejectedResult => result.status === 'rejected');
  if (failure) {
    await Promise.all(settled.flatMap((result) => (result.status === 'fulfilled' ? [result.value.stop()] : [])));
    throw failure.reason;
  }
  return settled.map((result) => (result as PromiseFulfilledResult<Stoppable>).value) as { -readonly [K in keyof T]: Awaited<T[K]> };
}
type Stoppable = { stop: () => Promise<void> };

/** Sets a Unix user's password (a blue team changing it). */
export function setUnixPassword(name: string, password: string): void {
  execFileSync('/usr/sbin/chpasswd', { input: `${name}:${password}\n`, stdio: ['pipe', 'ignore', 'pipe'] });
}

/** A Unix user's numeric ids, from the system's user database. */
export function unixIds(name: string): { uid: number; gid: number } {
  const entry = execFileSync('getent', ['passwd', name], { encoding: 'utf8' }).split(':');
  return { uid: Number(entry[2]), gid: Number(entry[3]) };
}

/** A loopback port nothing listens on (as of now). */
export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', resolve);
  });
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** Whether a TCP connection to the port on 127.0.0.1 is accepted. */
export function portAccepts(port: number): Promise<boolean> {
  return new Promise<boolean>((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => (socket.destroy(), resolve(true)));
    socket.once('error', () => resolve(false));
  });
}

/** Polls `ready` until it says yes; fails early if the process exits, or after a deadline. */
/** Polls `ready` until it says yes; fails early if the process exits, or after READY_TIMEOUT_MS. */
export async function waitUntil(child: Foreground, ready: () => Promise<boolean>): Promise<void> {
  const deadline = Date.now() + READY_TIMEOUT_MS;
  let lastError: unknown;
  for (;;) {
    if (!child.running()) throw new Error(await child.exited());
    try {
      if (await ready()) return;
    } catch (error) {
      lastError = error;
    }
    if (Date.now() > deadline) {
      throw new Error(`not ready within ${READY_TIMEOUT_MS / 1000} s${lastError instanceof Error ? ` (last probe: ${lastError.message})` : ''}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

function foreground(command: string, args: string[], options: SpawnOptions): Foreground {
  // Its own process group: a Ctrl-C at the terminal reaches vitest alone, whose exit stops the daemon
  // (in order: before its directory and users go), and a stop reaches the sessions it forked too.
  const child = spawn(command, args, { detached: true, stdio: ['ignore', 'pipe', 'pipe'], uid: options.uid, gid: options.gid, cwd: options.cwd });
  let output = '';
  const keep = (chunk: Buffer) => (output = (output + chunk.toString()).slice(-4000));
  child.stdout!.on('data', keep);
  child.stderr!.on('data', keep);
  let spawnError: Error | undefined;
  child.once('error', (error) => {
    spawnError = error;
    output += `\n${error.message}`;
  });
  // 'exit', not 'close': a session it forked may hold its stderr open after it is gone.
  const exit = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const closed = new Promise<void>((resolve) => child.once('close', () => resolve()));
  const running = () => !spawnError && child.exitCode === null && child.signalCode === null;
  return {
    pid: child.pid ?? -1,
    tail: () => output,
    running,
    exited: async () => {
      if (spawnError) return `it could not be run: ${spawnError.message}`;
      await exit;
      await Promise.race([closed, new Promise((resolve) => setTimeout(resolve, 500))]);
      return child.signalCode ? `it was killed by ${child.signalCode}` : `it exited with code ${child.exitCode}`;
    },
    stop: async () => {
      if (!running()) return;
      signalGroup(child.pid!, options.stopSignal ?? 'SIGTERM');
      const timer = setTimeout(() => signalGroup(child.pid!, 'SIGKILL'), STOP_GRACE_MS);
      await exit;
      clearTimeout(timer);
    },
  };
}

/** Signals a daemon's process group: the daemon and the sessions it forked. */
function signalGroup(pid: number, signal: NodeJS.Signals): void {
  try {
    process.kill(-pid, signal);
  } catch {
    // Already gone.
  }
}

/** The synchronous stop, for process exit: signal its group, wait, SIGKILL if it takes too long. */
function stopNow(child: Foreground, signal: NodeJS.Signals): void {
  if (!child.running() || child.pid < 0) return;
  signalGroup(child.pid, signal);
  if (!waitGone(child.pid, STOP_GRACE_MS)) {
    signalGroup(child.pid, 'SIGKILL');
    waitGone(child.pid, 1_000);
  }
}

/**
 * Waits, blocking, until a child of ours has exited, by polling /proc: at
 * exit the event loop no longer runs, so it is never reaped and a zombie
 * counts as gone. Whether it went within the time.
 */
function waitGone(pid: number, ms: number): boolean {
  const gone = () => {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      return stat.slice(stat.lastIndexOf(')') + 2).startsWith('Z');
    } catch {
      return true;
    }
  };
  const nap = new Int32Array(new SharedArrayBuffer(4));
  for (const deadline = Date.now() + ms; Date.now() < deadline; Atomics.wait(nap, 0, 0, 10)) if (gone()) return true;
  return gone();
}
