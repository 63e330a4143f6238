/**
 * OpenSSH's sshd (Debian's openssh-server) for the SSH login check's tests:
 * in the foreground on 127.0.0.1 and a free port, with a config, host key
 * and authorized keys in a temporary directory, and real Unix users (sshd
 * checks passwords against the system's) named with a per-run prefix. The
 * users are deleted and sshd stopped by pid at stop() and, whatever ends the
 * run short of SIGKILL, at exit.
 */
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { connect, createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface SshUser {
  name: string;
  password: string;
  /** An OpenSSH public key line it may also log in with. */
  publicKey?: string;
}

const SSHD = '/usr/sbin/sshd';

export interface Sshd {
  port: number;
  /** The Unix name of a user as created (the per-run prefix + its name). */
  user(name: string): string;
  /** Sets a user's password (a blue team changing it). */
  setPassword(name: string, password: string): void;
  stop(): Promise<void>;
}

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

export async function startSshd(users: SshUser[]): Promise<Sshd> {
  const dir = mkdtempSync(join(tmpdir(), 'scoring-sshd-'));
  const prefix = `sc${process.pid}`;
  const unixName = (name: string) => `${prefix}${name}`;
  const created: string[] = [];
  const cleanUp = () => {
    for (const name of created.splice(0)) spawnSync('/usr/sbin/userdel', [name]);
    rmSync(dir, { recursive: true, force: true });
  };
  process.once('exit', cleanUp);
  try {
    // sshd's privilege separation directory, which systemd would make.
    mkdirSync('/run/sshd', { recursive: true, mode: 0o755 });
    execFileSync('ssh-keygen', ['-q', '-t', 'ed25519', '-N', '', '-f', join(dir, 'host_ed25519')]);
    // sshd reads a user's authorized keys as that user: the directory must let them in (the host key stays root's alone).
    chmodSync(dir, 0o755);
    mkdirSync(join(dir, 'keys'), { mode: 0o755 });
    for (const user of users) {
      const name = unixName(user.name);
      execFileSync('/usr/sbin/useradd', ['--no-create-home', '--home-dir', dir, '--shell', '/bin/sh', name]);
      created.push(name);
      execFileSync('/usr/sbin/chpasswd', { input: `${name}:${user.password}\n` });
      if (user.publicKey) writeFileSync(join(dir, 'keys', name), `${user.publicKey}\n`, { mode: 0o644 });
    }
    const port = await freePort();
    writeFileSync(
      join(dir, 'sshd_config'),
      [
        `Port ${port}`,
        'ListenAddress 127.0.0.1',
        `HostKey ${join(dir, 'host_ed25519')}`,
        `PidFile ${join(dir, 'sshd.pid')}`,
        `AuthorizedKeysFile ${join(dir, 'keys', '%u')}`,
        'StrictModes no',
        'UsePAM no',
        'PasswordAuthentication yes',
        'KbdInteractiveAuthentication no',
        'PubkeyAuthentication yes',
        'PermitRootLogin no',
        `AllowUsers ${users.map((u) => unixName(u.name)).join(' ')}`,
        'MaxStartups 50',
        'LogLevel ERROR',
      ].join('\n') + '\n',
    );
    const child = spawn(SSHD, ['-D', '-e', '-f', join(dir, 'sshd_config')], { stdio: ['ignore', 'ignore', 'pipe'] });
    const stopNow = () => child.kill('SIGTERM');
    process.once('exit', stopNow);
    let log = '';
    child.stderr!.on('data', (chunk: Buffer) => (log = (log + chunk.toString()).slice(-2000)));
    // Ready once it accepts connections (at LogLevel ERROR it says nothing when it starts).
    const deadline = Date.now() + 10_000;
    for (;;) {
      if (child.exitCode !== null) throw new Error(`sshd exited with ${child.exitCode}:\n${log}`);
      const up = await new Promise<boolean>((resolve) => {
        const socket = connect(port, '127.0.0.1');
        socket.once('connect', () => (socket.destroy(), resolve(true)));
        socket.once('error', () => resolve(false));
      });
      if (up) break;
      if (Date.now() > deadline) throw new Error(`sshd did not listen on ${port}:\n${log}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    return {
      port,
      user: unixName,
      setPassword: (name, password) => execFileSync('/usr/sbin/chpasswd', { input: `${unixName(name)}:${password}\n` }),
      stop: async () => {
        process.off('exit', stopNow);
        if (child.exitCode === null) {
          const exited = new Promise((resolve) => child.once('exit', resolve));
          child.kill('SIGTERM');
          await exited;
        }
        process.off('exit', cleanUp);
        cleanUp();
      },
    };
  } catch (error) {
    process.off('exit', cleanUp);
    cleanUp();
    throw error;
  }
}
