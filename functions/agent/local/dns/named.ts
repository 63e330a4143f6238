import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { killWhenOwnerDies } from '#shared/watchdog';
import { freeDnsPort, type ZoneServer, type ZoneServerOptions } from './zone-server';

/**
 * BIND's `named` in the foreground on loopback, serving zone files we write:
 * the local agent's resolver where its operator prefers BIND to the zone
 * server of its own (`--zone-server named`; Debian's bind9). Zones change by
 * rewriting the files and sending SIGHUP, which makes named reload them.
 */
export class Named implements ZoneServer {
  private reloading?: Promise<void>;
  /** Each update's zone files have names of their own: named reloads a file only if it is newer than its last load, to the second. */
  private generation = 0;

  private constructor(
    private readonly child: ChildProcess,
    private readonly directory: string,
    readonly port: number,
    private zones: ReadonlyMap<string, string>,
    private readonly addresses: string[],
  ) {}

  static async start(options: ZoneServerOptions): Promise<Named> {
    const port = options.port || (await freeDnsPort(options.addresses[0] ?? '127.0.0.1'));
    const directory = mkdtempSync(join(tmpdir(), 'scoring-named-'));
    writeConfig(directory, options.addresses, port, options.zones, 0);
    // Debian puts named in /usr/sbin, which is on root's PATH only.
    const child = spawn('named', ['-g', '-c', join(directory, 'named.conf')], {
      stdio: ['ignore', 'ignore', 'pipe'],
      env: { ...process.env, PATH: `${process.env.PATH ?? ''}:/usr/sbin:/sbin` },
    });
    const named = new Named(child, directory, port, new Map(options.zones), options.addresses);
    // Whatever way this process ends, named goes with it: the exit handler, and a watchdog for SIGKILL.
    if (child.pid !== undefined) killWhenOwnerDies(child, directory);
    const stopOnExit = () => named.stopNow();
    process.once('exit', stopOnExit);
    child.once('exit', () => process.off('exit', stopOnExit));
    await named.nextRunning('start').catch(async (error: unknown) => {
      await named.stop();
      throw error;
    });
    return named;
  }

  /**
   * Rewrites the zones and has named reload them, resolving once it serves
   * them (it says `running` again): a round's first lookups must not race the
   * reload. Nothing happens when none changed.
   */
  async update(zones: ReadonlyMap<string, string>): Promise<boolean> {
    // Two callers at once (a round and a "check now"): the second waits for the first's reload, then compares.
    while (this.reloading) await this.reloading;
    if (sameZones(zones, this.zones)) return false;
    this.zones = new Map(zones);
    writeConfig(this.directory, this.addresses, this.port, zones, ++this.generation);
    this.reloading = this.nextRunning('reload');
    this.child.kill('SIGHUP');
    try {
      await this.reloading;
    } finally {
      this.reloading = undefined;
    }
    return true;
  }

  /** Resolves when named next logs `running` (it has loaded every zone), within 10 s; rejects when it exits first. */
  private nextRunning(what: 'start' | 'reload'): Promise<void> {
    const stderr = this.child.stderr!;
    return new Promise<void>((resolve, reject) => {
      let log = '';
      const done = (error?: Error) => {
        clearTimeout(timer);
        stderr.off('data', onData);
        this.child.off('error', onError);
        this.child.off('exit', onExit);
        // Read on, unheard: a pipe nobody reads would stop named once full.
        stderr.resume();
        if (error) reject(error);
        else resolve();
      };
      const onData = (chunk: Buffer) => {
        log = (log + chunk.toString()).slice(-4000);
        if (/running\s*$/m.test(log)) done();
      };
      const onError = (error: Error) => done(new Error(`cannot start named (Debian package bind9): ${error.message}`));
      const onExit = (code: number | null) => done(new Error(`named exited with ${code} before its ${what} was done:\n${log}`));
      const timer = setTimeout(() => done(new Error(`named did not finish its ${what} within 10 s:\n${log}`)), 10_000);
      stderr.on('data', onData);
      this.child.once('error', onError);
      this.child.once('exit', onExit);
    });
  }

  /**
   * Stops named and removes its directory once it has exited: named writes
   * files there while it shuts down, so removing them under it races it
   * (ENOTEMPTY). SIGKILL after 5 s if it has not gone.
   */
  async stop(): Promise<void> {
    if (this.running()) {
      const exited = new Promise<void>((resolve) => this.child.once('exit', () => resolve()));
      this.child.kill('SIGTERM');
      const killer = setTimeout(() => this.child.kill('SIGKILL'), 5000);
      await exited;
      clearTimeout(killer);
    }
    rmSync(this.directory, { recursive: true, force: true, maxRetries: 3 });
  }

  /** For a process `exit` handler, which cannot wait: signal named, remove what can be removed. */
  stopNow(): void {
    if (this.running()) this.child.kill('SIGTERM');
    try {
      rmSync(this.directory, { recursive: true, force: true });
    } catch {
      // named is still writing there; the directory is in the system's temporary folder.
    }
  }

  private running(): boolean {
    return this.child.exitCode === null && this.child.signalCode === null;
  }
}

function writeConfig(directory: string, addresses: string[], port: number, zones: ReadonlyMap<string, string>, generation: number): void {
  // The last generation's files go (named has read them); this one's are new names, so named loads each.
  for (const name of readdirSync(directory))
    if (/^zone-\d+-\d+\.db$/.test(name) && !name.endsWith(`-${generation - 1}.db`)) rmSync(join(directory, name), { force: true });
  const zoneClauses = [...zones.keys()].map((origin, index) => {
    writeFileSync(join(directory, `zone-${index}-${generation}.db`), zones.get(origin)!);
    return `zone "${origin}" { type primary; file "zone-${index}-${generation}.db"; };`;
  });
  writeFileSync(
    join(directory, 'named.conf'),
    [
      'options {',
      `  directory "${directory}";`,
      `  listen-on port ${port} { ${addresses.map((a) => `${a};`).join(' ')} };`,
      '  listen-on-v6 { none; };',
      '  pid-file none;',
      '  recursion no;',
      '  notify no;',
      '  allow-transfer { none; };',
      '  dnssec-validation no;',
      '};',
      'controls { };',
      ...zoneClauses,
      '',
    ].join('\n'),
  );
}

/** Whether two sets of zones are the same texts under the same names: an update that changes nothing reloads nothing. */
function sameZones(a: ReadonlyMap<string, string>, b: ReadonlyMap<string, string>): boolean {
  return a.size === b.size && [...a].every(([origin, text]) => b.get(origin) === text);
}
