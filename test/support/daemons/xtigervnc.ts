/**
 * TigerVNC's X server (Debian's tigervnc-standalone-server) for the VNC
 * check's tests: in the foreground, RFB on 127.0.0.1 (`-localhost`) and a
 * free port, VNC authentication only, its password in a file `vncpasswd`
 * (tigervnc-tools) writes in a temporary directory. The X display is the
 * first free one (`-displayfd`), reachable only through its Unix socket. The
 * server reads the password file at each sign-in: setVncPassword() is a blue
 * team changing it. Its blacklist is off: the tests sign in with wrong
 * passwords on purpose, and a host blacklisted for it would fail the next
 * test for another reason.
 */
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { startDaemon } from './daemon';

const XTIGERVNC = '/usr/bin/Xtigervnc';
const VNCPASSWD = '/usr/bin/vncpasswd';

export interface XtigervncInfo {
  port: number;
  /** The password the server takes now (8 characters: VNC reads no more). */
  password: string;
  /** Where the server reads it, at each sign-in. */
  passwordFile: string;
}

export function startXtigervnc() {
  return startDaemon('Xtigervnc', async (scope): Promise<XtigervncInfo> => {
    const dir = scope.tempDir();
    const passwordFile = join(dir, 'passwd');
    const password = randomBytes(6).toString('base64url');
    setVncPassword(passwordFile, password);
    const { port } = await scope.serve((port) => ({
      // -displayfd picks a free display; the server writes its number to that fd and closes it, and its next
      // connection takes the fd's number. Given stderr, a client would receive the server's log lines: it gets
      // an fd of its own, on /dev/null (the number is not needed: nothing connects to the display).
      command: '/bin/sh',
      args: [
        '-c',
        'exec "$0" "$@" 3>/dev/null',
        XTIGERVNC,
        ...['-displayfd', '3', '-localhost', '-rfbport', String(port), '-nolisten', 'tcp'],
        ...['-SecurityTypes', 'VncAuth', '-rfbauth', passwordFile, '-UseBlacklist=0'],
        // A small desktop: nothing draws on it.
        ...['-geometry', '320x200', '-depth', '16'],
      ],
      options: { cwd: dir },
    }));
    return { port, password, passwordFile };
  });
}

/** Writes the password file as `vncpasswd -f` does (DES-obfuscated, as every VNC server reads it). */
export function setVncPassword(passwordFile: string, password: string): void {
  const obfuscated = execFileSync(VNCPASSWD, ['-f'], { input: `${password}\n` });
  // Whole or not at all: the server may read it at any moment.
  writeFileSync(`${passwordFile}.new`, obfuscated, { mode: 0o600 });
  renameSync(`${passwordFile}.new`, passwordFile);
}
