/**
 * OpenSSH's sshd (Debian's openssh-server) for the SSH login check's tests:
 * in the foreground on 127.0.0.1 and a free port, with a config and host key
 * in a temporary directory, and real Unix users (sshd checks passwords against
 * the system's) named with the run's prefix and the tag `ssh`. A test adds a
 * key a user may log in with by authorizeKey().
 */
import { chmodSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { startDaemon, type UnixUser } from './daemon';

const SSHD = '/usr/sbin/sshd';

export interface SshdInfo<Name extends string = string> {
  port: number;
  /** The users by the names the tests know them by. */
  users: Record<Name, UnixUser>;
  /** Where each user's authorized keys are (one file per Unix name). */
  keysDir: string;
}

export function startSshd<Name extends string>(names: readonly Name[]) {
  return startDaemon('sshd', async (scope): Promise<SshdInfo<Name>> => {
    const dir = scope.tempDir();
    // sshd's privilege separation directory, which systemd would make.
    mkdirSync('/run/sshd', { recursive: true, mode: 0o755 });
    await scope.run('ssh-keygen', ['-q', '-t', 'ed25519', '-N', '', '-f', join(dir, 'host_ed25519')]);
    // sshd reads a user's authorized keys as that user: the directory must let them in (the host key stays root's alone).
    chmodSync(dir, 0o755);
    const keysDir = join(dir, 'keys');
    mkdirSync(keysDir, { mode: 0o755 });
    const created = await Promise.all(names.map((name) => scope.unixUser('ssh', name, dir)));
    const { port } = await scope.serve((port) => {
      writeFileSync(
        join(dir, 'sshd_config'),
        [
          `Port ${port}`,
          'ListenAddress 127.0.0.1',
          `HostKey ${join(dir, 'host_ed25519')}`,
          `PidFile ${join(dir, 'sshd.pid')}`,
          `AuthorizedKeysFile ${join(keysDir, '%u')}`,
          'StrictModes no',
          'UsePAM no',
          'PasswordAuthentication yes',
          'KbdInteractiveAuthentication no',
          'PubkeyAuthentication yes',
          'PermitRootLogin no',
          `AllowUsers ${created.map((user) => user.name).join(' ')}`,
          'MaxStartups 50',
          'LogLevel ERROR',
        ].join('\n') + '\n',
      );
      // At LogLevel ERROR it says nothing when it starts: ready once its port accepts connections.
      return { command: SSHD, args: ['-D', '-e', '-f', join(dir, 'sshd_config')] };
    });
    return { port, users: Object.fromEntries(names.map((name, i) => [name, created[i]])) as Record<Name, UnixUser>, keysDir };
  });
}

/** Lets a user log in with the key of this OpenSSH public key line too. */
export function authorizeKey(sshd: Pick<SshdInfo, 'keysDir'>, user: UnixUser, publicKey: string): void {
  writeFileSync(join(sshd.keysDir, user.name), `${publicKey.trim()}\n`, { mode: 0o644 });
}
