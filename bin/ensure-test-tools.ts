#!/usr/bin/env -S node --import tsx
/**
 * Runs before `npm test`: the suite drives real Debian tools — BIND's
 * `named-checkzone` checks every rendered zone, `named` answers the same
 * questions as the agent's own zone server (and serves the agent's resolver,
 * its other choice), `openssl` makes the self-signed certificates of
 * the HTTPS check's test server, of vsftpd and of Dovecot, Chromium renders
 * the web page, and the login checks sign in to real daemons: OpenSSH's
 * `sshd`, `vsftpd` (FTP and FTPS), MariaDB's `mariadbd` (with
 * `mariadb-install-db`), PostgreSQL (its programs under
 * /usr/lib/postgresql/<version>/bin), OpenLDAP's `slapd` (with `slapadd`;
 * `ldap-utils` gives the tests `ldapsearch`, `ldapwhoami` and `ldapmodify`)
 * and Dovecot (IMAP, POP3, submission, and LMTP for its deliveries; its
 * programs under /usr/lib/dovecot); the VNC check signs in to TigerVNC's
 * `Xtigervnc`, whose password file `vncpasswd` writes (tigervnc-tools, only
 * a Recommends of the server: named here); the SMB check signs in to Samba's
 * `smbd`, its users' passwords set with `smbpasswd` (samba-common-bin, a
 * dependency of samba), and a command check's recipe runs Samba's own
 * `smbclient` against it (and `ping`, iputils-ping, against loopback); the RDP check signs in to FreeRDP's shadow server
 * `freerdp-shadow-cli` (freerdp2-shadow-x11), which serves the screen of an
 * `Xvfb` (xvfb), its NLA accounts hashed by `winpr-hash` (winpr-utils).
 * Installs what is missing with one apt-get step when we may (root on
 * Debian), without recommended packages; otherwise says how. Daemons'
 * packages start their system-wide service on install: a policy-rc.d that
 * refuses every start keeps them from it (the tests run their own, on
 * loopback).
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, rmSync, writeFileSync } from 'node:fs';

const has = (command: string) => spawnSync('sh', ['-c', `PATH="$PATH:/usr/sbin:/sbin" command -v ${command}`]).status === 0;

/** Debian installs PostgreSQL's programs off the PATH, under a directory per major version (whichever it is). */
const hasPostgres = () =>
  existsSync('/usr/lib/postgresql') && readdirSync('/usr/lib/postgresql').some((version) => existsSync(`/usr/lib/postgresql/${version}/bin/initdb`));

/** What the tests run → the Debian package that provides it. */
const TOOLS: [present: () => boolean, pkg: string][] = [
  [() => has('named-checkzone'), 'bind9-utils'],
  [() => has('named'), 'bind9'],
  [() => has('openssl'), 'openssl'],
  [() => has('unzip'), 'unzip'],
  [() => has('pdftotext') && has('pdfinfo'), 'poppler-utils'],
  [() => has('chromium'), 'chromium'],
  [() => has('sshd'), 'openssh-server'],
  [() => has('vsftpd'), 'vsftpd'],
  [() => has('mariadbd') && has('mariadb-install-db'), 'mariadb-server'],
  [hasPostgres, 'postgresql'],
  [() => has('slapd') && has('slapadd'), 'slapd'],
  [() => has('ldapsearch') && has('ldapwhoami') && has('ldapmodify'), 'ldap-utils'],
  [() => has('dovecot'), 'dovecot-core'],
  [() => existsSync('/usr/lib/dovecot/imap'), 'dovecot-imapd'],
  [() => existsSync('/usr/lib/dovecot/pop3'), 'dovecot-pop3d'],
  [() => existsSync('/usr/lib/dovecot/submission'), 'dovecot-submissiond'],
  [() => existsSync('/usr/lib/dovecot/lmtp'), 'dovecot-lmtpd'],
  [() => has('Xtigervnc'), 'tigervnc-standalone-server'],
  [() => has('vncpasswd'), 'tigervnc-tools'],
  [() => has('smbd') && has('smbpasswd'), 'samba'],
  [() => existsSync('/usr/bin/smbclient'), 'smbclient'],
  [() => existsSync('/usr/bin/ping'), 'iputils-ping'],
  [() => has('freerdp-shadow-cli'), 'freerdp2-shadow-x11'],
  [() => has('Xvfb'), 'xvfb'],
  [() => has('winpr-hash'), 'winpr-utils'],
];

const POLICY_RC_D = '/usr/sbin/policy-rc.d';
const missing = [...new Set(TOOLS.filter(([present]) => !present()).map(([, pkg]) => pkg))];

if (missing.length > 0) {
  if (process.getuid?.() === 0 && has('apt-get')) {
    console.error(`Installing ${missing.join(', ')} with apt-get (the tests use them)…`);
    // Another run (a second worktree's pretest) may hold apt's locks: wait for it rather than fail.
    const wait = ['-o', 'DPkg::Lock::Timeout=600'];
    execFileSync('apt-get', [...wait, 'update', '-qq'], { stdio: 'inherit' });
    // Only ours to remove if it was not there before (a container image often has one already).
    const ownPolicy = !existsSync(POLICY_RC_D);
    if (ownPolicy) writeFileSync(POLICY_RC_D, '#!/bin/sh\nexit 101\n', { mode: 0o755 });
    try {
      execFileSync('apt-get', [...wait, 'install', '-y', '-qq', '--no-install-recommends', ...missing], {
        stdio: 'inherit',
        env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
      });
    } finally {
      if (ownPolicy) rmSync(POLICY_RC_D, { force: true });
    }
  } else {
    console.error(
      `The tests need ${missing.join(', ')}: install them first (Debian/Ubuntu: sudo apt-get install --no-install-recommends ${missing.join(' ')}).`,
    );
    process.exit(1);
  }
}
