/**
 * OpenLDAP's slapd (Debian's slapd) for the LDAP login check's tests: in the
 * foreground on 127.0.0.1, plain LDAP on a free port and LDAPS (a self-signed
 * certificate) on another, as root (it is ours and throwaway), with its
 * slapd.conf, mdb database and pid file in a temporary directory. slapadd
 * loads the directory before the start: the base `dc=blue,dc=test`,
 * `ou=People` with a user per name (inetOrgPerson and posixAccount, as an
 * LDAP-backed Linux box has them, with a random password stored salted-SHA1,
 * slapd's default) and `ou=Groups` with one group of them all.
 *
 * Access is what a blue team's hardened directory has, stricter than Debian's
 * default (anonymous reads of everything but passwords): anyone may bind with
 * a password, only bound users read entries, and a user alone writes its own
 * password. A check's search then only finds a user if its bind worked. The
 * tests change the directory as its rootdn, by setLdapPassword() and
 * deleteLdapEntry().
 */
import { execFile } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { selfSignedCertificate } from '../../../functions/agent/local/certificate';
import { freePort, portAccepts, startDaemon } from './daemon';

const SLAPD = '/usr/sbin/slapd';
const SLAPADD = '/usr/sbin/slapadd';
const BASE_DN = 'dc=blue,dc=test';

/** A directory user as loaded: what an LDAP login check binds with. */
export interface LdapUser {
  dn: string;
  uid: string;
  password: string;
}

export interface SlapdInfo<Name extends string = string> {
  /** Plain LDAP (ldap://127.0.0.1:port). */
  port: number;
  /** LDAP over TLS from the first byte (ldaps://127.0.0.1:ldapsPort). */
  ldapsPort: number;
  /** slapd's self-signed certificate (PEM, for localhost), for a client that verifies it. */
  cert: string;
  baseDn: string;
  /** The users, under ou=People, by the names the tests know them by (each one's uid too). */
  users: Record<Name, LdapUser>;
  /** A groupOfNames with every user as a member. */
  groupDn: string;
  /** The directory's administrator (slapd.conf's rootdn, above every access rule). */
  rootDn: string;
  rootPassword: string;
}

export function startSlapd<Name extends string>(names: readonly Name[]) {
  return startDaemon('slapd', async (scope): Promise<SlapdInfo<Name>> => {
    const odd = names.find((name) => !/^[a-z][a-z0-9-]*$/.test(name));
    if (odd !== undefined) throw new Error(`${odd}: a user's name must be a plain uid (it goes into DNs and LDIF unescaped)`);
    const dir = scope.tempDir();
    mkdirSync(join(dir, 'db'));
    const { key, cert } = selfSignedCertificate(['localhost']);
    writeFileSync(join(dir, 'key.pem'), key, { mode: 0o600 });
    writeFileSync(join(dir, 'cert.pem'), cert);
    const rootDn = `cn=admin,${BASE_DN}`;
    const rootPassword = randomBytes(12).toString('base64url');
    writeFileSync(join(dir, 'slapd.conf'), slapdConf(dir, rootDn, rootPassword), { mode: 0o600 });
    const created = names.map((name): LdapUser => ({ dn: `uid=${name},ou=People,${BASE_DN}`, uid: name, password: randomBytes(12).toString('base64url') }));
    const groupDn = `cn=blue-team,ou=Groups,${BASE_DN}`;
    // Offline, before the start: faster than ldapadd against the running server, and ready as soon as it listens.
    await scope.run(SLAPADD, ['-q', '-f', join(dir, 'slapd.conf')], { input: directory(created, groupDn) });
    let ldapsPort = 0;
    const { port } = await scope.serve(
      async (port) => {
        do ldapsPort = await freePort();
        while (ldapsPort === port);
        // -d none: in the foreground, and only its errors (a port taken, a bad config) on stderr, not a line per operation.
        return { command: SLAPD, args: ['-d', 'none', '-h', `ldap://127.0.0.1:${port}/ ldaps://127.0.0.1:${ldapsPort}/`, '-f', join(dir, 'slapd.conf')] };
      },
      // slapd listens once its database is open and TLS is set up: ready when both ports accept connections.
      async (port) => (await portAccepts(port)) && (await portAccepts(ldapsPort)),
    );
    const users = Object.fromEntries(names.map((name, i) => [name, created[i]])) as Record<Name, LdapUser>;
    return { port, ldapsPort, cert, baseDn: BASE_DN, users, groupDn, rootDn, rootPassword };
  });
}

function slapdConf(dir: string, rootDn: string, rootPassword: string): string {
  return (
    [
      ...['core', 'cosine', 'inetorgperson', 'nis'].map((schema) => `include /etc/ldap/schema/${schema}.schema`),
      // Debian builds the backends as modules.
      'modulepath /usr/lib/ldap',
      'moduleload back_mdb',
      `pidfile ${join(dir, 'slapd.pid')}`,
      `argsfile ${join(dir, 'slapd.args')}`,
      `TLSCertificateFile ${join(dir, 'cert.pem')}`,
      `TLSCertificateKeyFile ${join(dir, 'key.pem')}`,
      'database mdb',
      `suffix "${BASE_DN}"`,
      `rootdn "${rootDn}"`,
      `rootpw ${ssha(rootPassword)}`,
      `directory ${join(dir, 'db')}`,
      // A password is for binding with, and for its owner to change; entries are for bound users to read.
      'access to attrs=userPassword by self write by anonymous auth by * none',
      'access to * by users read by * none',
    ].join('\n') + '\n'
  );
}

/** The directory's entries, as LDIF: the base, its two units, the users and their group. */
function directory(users: LdapUser[], groupDn: string): string {
  const entries = [
    [`dn: ${BASE_DN}`, 'objectClass: dcObject', 'objectClass: organization', 'dc: blue', 'o: Blue Team'],
    [`dn: ou=People,${BASE_DN}`, 'objectClass: organizationalUnit', 'ou: People'],
    [`dn: ou=Groups,${BASE_DN}`, 'objectClass: organizationalUnit', 'ou: Groups'],
    ...users.map((user, i) => [
      `dn: ${user.dn}`,
      'objectClass: inetOrgPerson',
      'objectClass: posixAccount',
      `uid: ${user.uid}`,
      `cn: ${user.uid}`,
      `sn: ${user.uid}`,
      `mail: ${user.uid}@blue.test`,
      `uidNumber: ${10_001 + i}`,
      'gidNumber: 10000',
      `homeDirectory: /home/${user.uid}`,
      'loginShell: /bin/bash',
      `userPassword: ${ssha(user.password)}`,
    ]),
    [`dn: ${groupDn}`, 'objectClass: groupOfNames', 'cn: blue-team', ...users.map((user) => `member: ${user.dn}`)],
  ];
  return entries.map((lines) => lines.join('\n') + '\n').join('\n');
}

/** A password as slapd stores it by default ({SSHA}: SHA-1 of the password and a random salt, then the salt). */
function ssha(password: string): string {
  const salt = randomBytes(8);
  return `{SSHA}${Buffer.concat([createHash('sha1').update(password).update(salt).digest(), salt]).toString('base64')}`;
}

/** Sets a user's password, as its administrator would with ldappasswd (slapd hashes it). */
export async function setLdapPassword<Name extends string>(ldap: SlapdInfo<Name>, name: Name, password: string): Promise<void> {
  await asRoot(ldap, 'ldappasswd', ['-s', password, ldap.users[name].dn]);
}

/** Deletes an entry (a leaf: a user, the group): a bind as it then fails, a search for it finds nothing (the group keeps naming a deleted member). */
export async function deleteLdapEntry(ldap: Pick<SlapdInfo, 'port' | 'rootDn' | 'rootPassword'>, dn: string): Promise<void> {
  await asRoot(ldap, 'ldapdelete', [dn]);
}

/** Runs one of ldap-utils' tools against the plain port, bound as the rootdn; rejects with its stderr. */
function asRoot(ldap: Pick<SlapdInfo, 'port' | 'rootDn' | 'rootPassword'>, tool: string, args: string[]): Promise<void> {
  // The password on the command line: a throwaway one, for a server on loopback.
  const bind = ['-x', '-H', `ldap://127.0.0.1:${ldap.port}`, '-D', ldap.rootDn, '-w', ldap.rootPassword];
  return new Promise((resolve, reject) => {
    execFile(tool, [...bind, ...args], { timeout: 10_000 }, (error, _stdout, stderr) =>
      error ? reject(new Error(`${tool} ${args.join(' ')} failed: ${stderr.trim() || error.message}`)) : resolve(),
    );
  });
}
