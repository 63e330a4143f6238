/**
 * FreeRDP's shadow server (Debian's freerdp2-shadow-x11, FreeRDP 2.11) for
 * the RDP check's tests: it serves the screen of an Xvfb (xvfb) of its own,
 * on the first free display (`-displayfd`, reachable only through its Unix
 * socket), in the foreground on 127.0.0.1 and a free port. One security
 * layer only (`/sec:`): NLA (CredSSP over TLS, NTLM against a SAM file that
 * `winpr-hash` of winpr-utils writes in a temporary directory), or TLS or
 * standard RDP security alone, for a server that offers no NLA. `-auth`
 * turns off the X11 build's own PAM sign-in (on by default there), which
 * would check system passwords after TLS or RDP security; NLA is the one
 * sign-in. The server makes its certificate (RSA, 2048 bits) at each start
 * under its home: HOME and XDG_CONFIG_HOME are in the temporary directory.
 * The server reads the SAM file at each sign-in: setRdpAccounts() is a blue
 * team changing a password.
 */
import { execFile } from 'node:child_process';
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { type Foreground, type Scope, startDaemon, waitUntil } from './daemon';

const XVFB = '/usr/bin/Xvfb';
const SHADOW = '/usr/bin/freerdp-shadow-cli';
const WINPR_HASH = '/usr/bin/winpr-hash';

/** The one security layer the server offers: `/sec:nla`, `/sec:tls` or `/sec:rdp`. */
export type RdpSecurity = 'nla' | 'tls' | 'rdp';

/** An account NLA accepts. A domain, when given, is one the client must send (NTLM's domain, compared exactly). */
export interface RdpAccount {
  user: string;
  password: string;
  domain?: string;
}

export interface FreerdpShadowOptions {
  /** NLA unless said. */
  security?: RdpSecurity;
  /** Who NLA lets in (the SAM file); none is a server nobody signs in to. */
  accounts?: readonly RdpAccount[];
}

export interface FreerdpShadowInfo {
  port: number;
  security: RdpSecurity;
  /** The accounts it was started with. */
  accounts: RdpAccount[];
  /** The SAM file NLA reads at each sign-in. */
  samFile: string;
  /** The server's certificate (PEM): what a client sees in the TLS handshake. */
  certificate: string;
  /** Xvfb's display number (the shadow server's DISPLAY). */
  display: number;
}

export function startFreerdpShadow(options: FreerdpShadowOptions = {}) {
  const security = options.security ?? 'nla';
  const accounts = (options.accounts ?? []).map((account) => ({ ...account }));
  return startDaemon(`freerdp-shadow-${security}`, async (scope): Promise<FreerdpShadowInfo> => {
    const dir = scope.tempDir();
    const home = join(dir, 'home');
    mkdirSync(home);
    const samFile = join(dir, 'sam');
    await setRdpAccounts({ samFile }, accounts);
    // Now and then the shadow server cannot open the display Xvfb has just said it serves: 5 to 7 starts in 60,
    // with an Xtigervnc starting and stopping beside (none in 75 without; the cause was not found, and a
    // display far from the ones X servers scan fails as often). A new Xvfb serves.
    for (let attempt = 1; ; attempt++) {
      const { display, xvfb } = await startXvfb(scope, dir);
      try {
        const { port } = await scope.serve((port) => ({
          // env, which execs: the shadow server keeps the pid its stop signals.
          command: '/usr/bin/env',
          args: [
            `DISPLAY=:${display}`,
            `HOME=${home}`,
            `XDG_CONFIG_HOME=${join(home, '.config')}`,
            SHADOW,
            ...['/bind-address:127.0.0.1', `/port:${port}`, `/sec:${security}`, `/sam-file:${samFile}`, '-auth'],
          ],
        }));
        const certificate = readFileSync(join(home, '.config', 'freerdp', 'shadow', 'shadow.crt'), 'utf8');
        return { port, security, accounts, samFile, certificate, display };
      } catch (error) {
        await xvfb.stop();
        if (attempt >= 4 || !/failed to open display/.test(String(error) + scope.tails())) throw error;
      }
    }
  });
}

/**
 * Writes the SAM file NLA reads, whole or not at all (the server may read it
 * at any moment): one `user:domain::NT hash:::` line an account, as
 * `winpr-hash -f sam` prints it.
 */
export async function setRdpAccounts(rdp: Pick<FreerdpShadowInfo, 'samFile'>, accounts: readonly RdpAccount[]): Promise<void> {
  const lines = await Promise.all(accounts.map(samLine));
  writeFileSync(`${rdp.samFile}.new`, lines.join(''), { mode: 0o600 });
  renameSync(`${rdp.samFile}.new`, rdp.samFile);
}

function samLine({ user, password, domain }: RdpAccount): Promise<string> {
  // The SAM file's fields are split at colons, its entries at line ends.
  for (const field of [user, domain ?? '']) if (/[:\r\n]/.test(field)) throw new Error(`an RDP account's user or domain has a colon or line end: ${field}`);
  const args = ['-u', user, '-p', password, ...(domain ? ['-d', domain] : []), '-f', 'sam'];
  return new Promise((resolve, reject) =>
    execFile(WINPR_HASH, args, { timeout: 10_000 }, (error, stdout, stderr) => {
      if (error) reject(new Error(`winpr-hash failed: ${stderr.trim() || error.message}`));
      else resolve(stdout.endsWith('\n') ? stdout : `${stdout}\n`);
    }),
  );
}

let xvfbStarts = 0;

/**
 * Xvfb on the first free display: -displayfd writes its number to fd 3, here
 * a file, once it accepts clients (the fd's number then goes to a client:
 * nothing else is written to it). A small screen: nothing draws on it.
 */
async function startXvfb(scope: Scope, dir: string): Promise<{ display: number; xvfb: Foreground }> {
  // A file of its own each time: a second attempt must not read the first one's number.
  const file = `display-${++xvfbStarts}`;
  const child = scope.spawn('/bin/sh', ['-c', `exec "$0" "$@" 3>${file}`, XVFB, '-displayfd', '3', '-nolisten', 'tcp', '-screen', '0', '640x480x24'], {
    cwd: dir,
  });
  let display = -1;
  await waitUntil(child, () => {
    const written = /^(\d+)\n/.exec(readFileSync(join(dir, file), 'utf8'));
    if (written) display = Number(written[1]);
    return Promise.resolve(written !== null);
  });
  return { display, xvfb: child };
}
