import { spawn, type ChildProcess } from 'node:child_process';
import { createSocket } from 'node:dgram';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { killWhenOwnerDies } from '#shared/watchdog';

/**
 * BIND's `named` in the foreground on loopback, serving zone files we write:
 * the local agent's resolver (the competition's own DNS, never the system's)
 * and the demo's blue-team DNS servers. Zones change by rewriting the files
 * and sending SIGHUP, which makes named reload them.
 */
export interface NamedOptions {
  /** Loopback addresses to answer on. */
  addresses: string[];
  /** 0 picks a free port. */
  port?: number;
  /** Zone origin (without the trailing dot) → zone file text. */
  zones: Map<string, string>;
}

export class Named {
  private constructor(
    private readonly child: ChildProcess,
    private readonly directory: string,
    readonly port: number,
    private zones: Map<string, string>,
    private readonly addresses: string[],
  ) {}

  static async start(options: NamedOptions): Promise<Named> {
    const port = options.port || (await freePort(options.addresses[0] ?? '127.0.0.1'));
    const directory = mkdtempSync(join(tmpdir(), 'scoring-named-'));
    writeConfig(directory, options.addresses, port, options.zones);
    const child = spawn('named', ['-g', '-c', join(directory, 'named.conf')], { stdio: ['ignore', 'ignore', 'pipe'] });
    const named = new Named(child, directory, port, new Map(options.zones), options.addresses);
    // Whatever way this process ends, named goes with it: the exit handler, and a watchdog for SIGKILL.
    if (child.pid !== undefined) killWhenOwnerDies(child, directory);
    const stopOnExit = () => named.stopNow();
    process.once('exit', stopOnExit);
    child.once('exit', () => process.off('exit', stopOnExit));
    await new Promise<void>((resolve, reject) => {
      let log = '';
      const onData = (chunk: Buffer) => {
        log = (log + chunk.toString()).slice(-4000);
        if (/running\s*$/m.test(log)) {
          child.stderr?.off('data', onData);
          child.stderr?.resume();
          resolve();
        }
      };
      child.stderr?.on('data', onData);
      child.once('error', (error) => reject(new Error(`cannot start named (Debian package bind9): ${error.message}`)));
      child.once('exit', (code) => reject(new Error(`named exited with ${code} before it was ready:\n${log}`)));
    }).catch(async (error: unknown) => {
      await named.stop();
      throw error;
    });
    return named;
  }

  /** Rewrites the zones and has named reload them; nothing happens when none changed. */
  update(zones: Map<string, string>): boolean {
    const same = zones.size === this.zones.size && [...zones].every(([origin, text]) => this.zones.get(origin) === text);
    if (same) return false;
    this.zones = new Map(zones);
    writeConfig(this.directory, this.addresses, this.port, zones);
    this.child.kill('SIGHUP');
    return true;
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

function writeConfig(directory: string, addresses: string[], port: number, zones: Map<string, string>): void {
  const zoneClauses = [...zones.keys()].map((origin, index) => {
    writeFileSync(join(directory, `zone-${index}.db`), zones.get(origin)!);
    return `zone "${origin}" { type primary; file "zone-${index}.db"; };`;
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

/** A port free on the address for both UDP and TCP (DNS uses both). */
async function freePort(address: string): Promise<number> {
  for (let attempt = 0; attempt < 20; attempt++) {
    const port = await new Promise<number>((resolve, reject) => {
      const server = createServer().listen(0, address, () => {
        const { port } = server.address() as { port: number };
        server.close(() => resolve(port));
      });
      server.once('error', reject);
    });
    const udpFree = await new Promise<boolean>((resolve) => {
      const socket = createSocket('udp4');
      socket.once('error', () => resolve(false));
      socket.bind(port, address, () => socket.close(() => resolve(true)));
    });
    if (udpFree) return port;
  }
  throw new Error(`no free port on ${address}`);
}
