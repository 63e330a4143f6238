/**
 * vsftpd (Debian's vsftpd) for the FTP and FTPS login checks' tests: in the
 * foreground on 127.0.0.1 and a free port, one daemon for plain FTP and
 * explicit FTPS (AUTH TLS, with a self-signed certificate), passive data
 * connections on 127.0.0.1. Its users are real Unix users (vsftpd checks
 * them through PAM, with Debian's own /etc/pam.d/vsftpd) named with the run's
 * prefix and the tag `ftp`, each with a home of its own in the temporary
 * directory that they may write to: a test puts files there (as root, readable
 * by all) for a check to download, and a check may upload and delete its own.
 */
import { chmodSync, chownSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { selfSignedCertificate } from '../../../functions/agent/local/certificate';
import { startDaemon, unixIds, type UnixUser } from './daemon';

const VSFTPD = '/usr/sbin/vsftpd';

export interface VsftpdInfo<Name extends string = string> {
  port: number;
  /** The users by the names the tests know them by; `home` is where a login starts. */
  users: Record<Name, UnixUser>;
}

export function startVsftpd<Name extends string>(names: readonly Name[]) {
  return startDaemon('vsftpd', async (scope): Promise<VsftpdInfo<Name>> => {
    const dir = scope.tempDir();
    // The users' sessions run as them: they must get through to their homes (the key stays root's alone).
    chmodSync(dir, 0o755);
    const { key, cert } = selfSignedCertificate(['localhost']);
    writeFileSync(join(dir, 'key.pem'), key, { mode: 0o600 });
    writeFileSync(join(dir, 'cert.pem'), cert, { mode: 0o644 });
    // Where the unprivileged pre-login process chroots: empty and root's.
    mkdirSync(join(dir, 'empty'), { mode: 0o755 });
    mkdirSync(join(dir, 'home'), { mode: 0o755 });
    const created = await Promise.all(
      names.map(async (name) => {
        const user = await scope.unixUser('ftp', name, join(dir, 'home', name));
        mkdirSync(user.home, { mode: 0o755 });
        const { uid, gid } = unixIds(user.name);
        chownSync(user.home, uid, gid);
        return user;
      }),
    );
    // Only these users: other local accounts (root is refused by /etc/ftpusers anyway) may not log in here.
    writeFileSync(join(dir, 'users'), created.map((user) => `${user.name}\n`).join(''));
    const { port } = await scope.serve((port) => {
      writeFileSync(
        join(dir, 'vsftpd.conf'),
        [
          'listen=YES',
          'listen_ipv6=NO',
          'background=NO',
          'listen_address=127.0.0.1',
          `listen_port=${port}`,
          'anonymous_enable=NO',
          'local_enable=YES',
          'write_enable=YES',
          'local_umask=022',
          'pam_service_name=vsftpd',
          'userlist_enable=YES',
          'userlist_deny=NO',
          `userlist_file=${join(dir, 'users')}`,
          `secure_chroot_dir=${join(dir, 'empty')}`,
          // Passive ports: vsftpd picks a free one for each transfer (from 1024 up), announced as 127.0.0.1.
          'pasv_enable=YES',
          'pasv_address=127.0.0.1',
          'ssl_enable=YES',
          `rsa_cert_file=${join(dir, 'cert.pem')}`,
          `rsa_private_key_file=${join(dir, 'key.pem')}`,
          'force_local_logins_ssl=NO',
          'force_local_data_ssl=NO',
          // vsftpd's default, kept: basic-ftp resumes the control connection's TLS session on each data
          // connection (tried with TLS 1.3: downloads, uploads and listings pass), as a real server would want.
          'require_ssl_reuse=YES',
          // Tests fail logins on purpose: vsftpd's own second per failure would add up (PAM's pam_unix still waits about 2 s).
          'delay_failed_login=0',
          // Nothing to /var/log.
          'xferlog_enable=NO',
          'syslog_enable=NO',
        ].join('\n') + '\n',
      );
      // vsftpd reports a fatal error ("500 OOPS: …") on fd 0, its control connection when inetd runs it:
      // there its stderr, so that the error reaches the tail (exec: the pid stays vsftpd's).
      return { command: '/bin/sh', args: ['-c', 'exec "$0" "$@" 0>&2', VSFTPD, join(dir, 'vsftpd.conf')] };
    });
    return { port, users: Object.fromEntries(names.map((name, i) => [name, created[i]])) as Record<Name, UnixUser> };
  });
}
