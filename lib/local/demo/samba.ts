/**
 * Samba's smbd as a throwaway file server, for the demo's blue teams
 * (DemoFileServers) and the SMB check's tests (test/support/daemons/smbd.ts):
 * everything it keeps (its passwords, locks, state, cache, pid file, RPC
 * sockets) in one directory of its own, its shares read-only, listening on
 * the given loopback addresses and port only, with no NetBIOS, printers or
 * guest access. It runs in the foreground
 * (`--foreground --no-process-group --debug-stdout`) as root, as smbd must
 * to become the users it serves.
 */
import { spawn, spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import type { CheckAccount } from '#shared/domain/accounts';
import { ntlmIdentity } from '../../../functions/agent/kinds/ntlm';

export const SMBD = '/usr/sbin/smbd';
export const SMBPASSWD = '/usr/bin/smbpasswd';

export interface SmbdShare {
  name: string;
  path: string;
  /** The share's own settings (`valid users`, `server smb encrypt`…), `name = value`. */
  settings?: Record<string, string>;
}

export interface SmbdConfig {
  /** Where smbd keeps its files: a directory of its own. */
  dir: string;
  port: number;
  /** The loopback addresses it listens on (and no other). */
  addresses: string[];
  shares: SmbdShare[];
  /** Global settings over these defaults (`server signing`, `server min protocol`…). */
  settings?: Record<string, string>;
  /**
   * The SMB user names the server takes, each to the Unix user it stands
   * for (smbd serves a file as its Unix user): a `username map`.
   */
  usernameMap?: Record<string, string>;
}

/** Writes nothing: the smb.conf text for these settings, its directories under `dir` (makeSmbdDirectories makes them). */
export function smbdConf({ dir, port, addresses, shares, settings = {}, usernameMap }: SmbdConfig): string {
  const global: Record<string, string> = {
    'server role': 'standalone server',
    'smb ports': String(port),
    // An address with a mask is taken as it is, configured on an interface or not (127.0.N.x are loopback's without being listed).
    interfaces: addresses.map((address) => `${address}/8`).join(' '),
    'bind interfaces only': 'yes',
    'disable netbios': 'yes',
    'private dir': join(dir, 'private'),
    'lock directory': join(dir, 'lock'),
    'state directory': join(dir, 'state'),
    'cache directory': join(dir, 'cache'),
    'pid directory': join(dir, 'pid'),
    'ncalrpc dir': join(dir, 'ncalrpc'),
    'passdb backend': `tdbsam:${join(dir, 'private', 'passdb.tdb')}`,
    'map to guest': 'never',
    'load printers': 'no',
    printing: 'bsd',
    'printcap name': '/dev/null',
    'disable spoolss': 'yes',
    'usershare max shares': '0',
    'log level': '0',
    ...(usernameMap ? { 'username map': join(dir, 'users.map') } : {}),
    ...settings,
  };
  const section = (name: string, fields: Record<string, string>) =>
    [`[${name}]`, ...Object.entries(fields).map(([key, value]) => `  ${key} = ${value}`)].join('\n');
  return `${[section('global', global), ...shares.map((share) => section(share.name, { path: share.path, 'read only': 'yes', ...share.settings }))].join('\n\n')}\n`;
}

/**
 * smbd's directories under `dir`: its secrets root's alone; the rest
 * everyone's to read, as Debian makes them. A session's process runs as its
 * user, and looks in the lock directory (msg.lock/<pid>) to tell whether
 * another session's process is alive: unable to, it takes every other
 * process for dead and drops their share modes, and two sessions reading
 * one file at once break each other's CLOSE (and panic smbd).
 */
export function makeSmbdDirectories(dir: string): void {
  mkdirSync(join(dir, 'private'), { recursive: true, mode: 0o700 });
  for (const name of ['lock', 'state', 'cache', 'pid', 'ncalrpc']) {
    mkdirSync(join(dir, name), { recursive: true });
    chmodSync(join(dir, name), 0o755);
  }
}

/** A username map's lines: `unix = "SMB name"`, the SMB name quoted (it may hold spaces). */
export const usernameMapText = (map: Record<string, string>) =>
  Object.entries(map)
    .map(([smbName, unixName]) => `${unixName} = "${smbName}"\n`)
    .join('');

/** smbd's command line for the configuration file at `conf`. */
export const smbdArgs = (conf: string) => ['--foreground', '--no-process-group', '--debug-stdout', '--configfile', conf];

/** smbpasswd's arguments to set (adding if need be) a user's SMB password, which it reads twice from stdin. */
export const smbpasswdArgs = (conf: string, unixName: string) => ['-c', conf, '-a', '-s', unixName];
export const smbpasswdInput = (password: string) => `${password}\n${password}\n`;

/** How long a demo file server may take to listen. */
const LISTEN_TIMEOUT_MS = 15_000;

export interface DemoShare {
  address: string;
  port: number;
  share: string;
  /** The share's files, by their paths in it (folders made as needed). */
  files: Record<string, string>;
  /** Who may sign in: the check accounts' users (the user part of `DOMAIN\\user`), with their passwords. */
  accounts: CheckAccount[];
}

/**
 * The demo's file servers: a real smbd per team, on the team's address and
 * the service's port, with a directory, password database and share of its
 * own. smbd serves files as a Unix user: each SMB user name is mapped
 * (`username map`) to a Unix user made for the demo (`scd<pid>u<n>`), so no
 * account of this machine is ever touched. stop() undoes it all, servers
 * (by process group), users and directories; it runs at exit too.
 */
export class DemoFileServers {
  readonly #unixNames = new Map<string, string>();
  readonly #pids: number[] = [];
  readonly #dirs: string[] = [];

  /** Why this machine cannot play file shares, if it cannot. */
  /** Why this machine cannot play file shares, in words and in a start line's few (the Debian package, or what else it needs); undefined when it can. */
  static unavailable(): { words: string; short: string } | undefined {
    if (!existsSync(SMBD) || !existsSync(SMBPASSWD)) return { words: 'Samba is not installed (apt-get install samba)', short: 'apt-get install samba' };
    if (process.getuid?.() !== 0) return { words: 'smbd must run as root to serve its users', short: 'smbd runs as root only' };
    return undefined;
  }

  constructor() {
    process.once('exit', () => this.stop());
  }

  /** Starts one team's file server; resolves once it listens. */
  async start({ address, port, share, files, accounts }: DemoShare): Promise<void> {
    const dir = mkdtempSync(join(tmpdir(), 'scoring-demo-smbd-'));
    this.#dirs.push(dir);
    chmodSync(dir, 0o755);
    makeSmbdDirectories(dir);
    // smbd reads the files as the signed-in user: they are everyone's to read.
    const folder = join(dir, 'share');
    mkdirSync(folder, { mode: 0o755 });
    for (const [path, content] of Object.entries(files)) {
      // A check's path may use either separator; on disk it is the share's folder's.
      const onDisk = join(folder, ...path.split(/[\\/]+/).filter((name) => name !== ''));
      mkdirSync(dirname(onDisk), { recursive: true, mode: 0o755 });
      writeFileSync(onDisk, content, { mode: 0o644 });
    }
    const users = accounts.flatMap(({ username, password }) => (password === undefined ? [] : [{ smbName: ntlmIdentity(username).user, password }]));
    const map: Record<string, string> = {};
    for (const { smbName } of users) map[smbName] = await this.#unixUser(smbName);
    writeFileSync(join(dir, 'users.map'), usernameMapText(map));
    const conf = join(dir, 'smb.conf');
    writeFileSync(conf, smbdConf({ dir, port, addresses: [address], shares: [{ name: share, path: folder }], usernameMap: map }));
    for (const { smbName, password } of users) await run(SMBPASSWD, smbpasswdArgs(conf, map[smbName]!), smbpasswdInput(password));
    // Its own process group: a Ctrl-C reaches the demo, which stops it (and the sessions it forked) in order.
    const child = spawn(SMBD, smbdArgs(conf), { detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
    // Its log (on stdout, --debug-stdout) is kept only to say why it stopped, if it does.
    let output = '';
    const keep = (chunk: Buffer) => (output = (output + chunk.toString()).slice(-2000));
    child.stdout!.on('data', keep);
    child.stderr!.on('data', keep);
    this.#pids.push(child.pid!);
    const exited = new Promise<never>((_, reject) => child.once('exit', (code) => reject(new Error(`smbd exited (code ${code}): ${output.trim()}`))));
    await Promise.race([listening(address, port), exited]);
    child.removeAllListeners('exit');
  }

  /** Stops every server and removes what they used: synchronous, so that it can run at exit. */
  stop(): void {
    const pids = this.#pids.splice(0);
    pids.forEach((pid) => signalGroup(pid, 'SIGTERM'));
    // A blocking wait (at exit the event loop no longer runs), then whatever is left of each group, killed.
    const nap = new Int32Array(new SharedArrayBuffer(4));
    for (const deadline = Date.now() + 2000; Date.now() < deadline && !pids.every(gone);) Atomics.wait(nap, 0, 0, 20);
    pids.forEach((pid) => signalGroup(pid, 'SIGKILL'));
    for (const unixName of this.#unixNames.values()) spawnSync('/usr/sbin/userdel', ['--force', unixName], { stdio: 'ignore' });
    this.#unixNames.clear();
    for (const dir of this.#dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
  }

  /** The Unix user an SMB name is mapped to, made the first time: no home, no shell. */
  async #unixUser(smbName: string): Promise<string> {
    const known = this.#unixNames.get(smbName);
    if (known) return known;
    const unixName = `scd${process.pid}u${this.#unixNames.size + 1}`;
    // Recorded first: a stop while useradd runs still deletes it.
    this.#unixNames.set(smbName, unixName);
    await run('/usr/sbin/useradd', ['--no-create-home', '--home-dir', '/nonexistent', '--shell', '/usr/sbin/nologin', unixName]);
    return unixName;
  }
}

/** Runs a set-up command to its end; rejects with its stderr. */
function run(command: string, args: string[], input?: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: [input === undefined ? 'ignore' : 'pipe', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.once('error', reject);
    child.once('close', (code) => (code === 0 ? resolve() : reject(new Error(`${command} failed: ${stderr.trim()}`))));
    child.stdin?.on('error', () => undefined);
    child.stdin?.end(input);
  });
}

/** Resolves once address:port accepts a connection (smbd listens a moment after it starts). */
async function listening(address: string, port: number): Promise<void> {
  const deadline = Date.now() + LISTEN_TIMEOUT_MS;
  while (Date.now() < deadline) {
    const accepted = await new Promise<boolean>((resolve) => {
      const socket = connect(port, address);
      socket.once('connect', () => (socket.destroy(), resolve(true)));
      socket.once('error', () => resolve(false));
    });
    if (accepted) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`smbd did not listen on ${address}:${port} within ${LISTEN_TIMEOUT_MS / 1000} s`);
}

function signalGroup(pid: number, signal: NodeJS.Signals): void {
  try {
    process.kill(-pid, signal);
  } catch {
    // Already gone.
  }
}

/** Whether a child of ours has exited: no longer there, or a zombie (at exit nothing reaps it). */
function gone(pid: number): boolean {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2).startsWith('Z');
  } catch {
    return true;
  }
}
