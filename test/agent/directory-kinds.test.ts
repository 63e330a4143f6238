/**
 * The LDAP and LDAPS checks against the run's real OpenLDAP (slapd:
 * test/support/daemons/slapd.ts, started by the global setup). The right
 * account binds and finds what it searches for; a wrong password, a search
 * that finds nothing, a base that does not exist, a defaced entry (reject
 * pattern) and a stopped server each fail with their own reason and
 * category, none holding a secret. `blue` is only read here; `ops` is the
 * user whose password changes.
 */
import { randomUUID } from 'node:crypto';
import { createServer, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { CheckAccount } from '#shared/domain/accounts';
import type { LdapCheck } from '#shared/domain/check-definitions';
import { runCheck, type CheckOutcome } from '../../functions/agent/kinds';
import { ldapServer, type DirectoryEntry } from '../../lib/local/demo/ldap';
import { freePort } from '../support/daemons/daemon';
import { setLdapPassword } from '../support/daemons/slapd';

const ldap = inject('slapd');
const outcomes: CheckOutcome[] = [];
const secrets: string[] = [ldap.users.blue.password, ldap.users.ops.password];
const WRONG = `Wrong-${randomUUID().slice(0, 8)}`;
secrets.push(WRONG);

async function check(port: number, definition: Partial<LdapCheck>, account?: CheckAccount): Promise<CheckOutcome> {
  const full: LdapCheck = { check: 'ldap', base_dn: `ou=People,${ldap.baseDn}`, timeout_seconds: 5, ...definition };
  const outcome = await runCheck({ host: 'dc.team1.example', address: '127.0.0.1', port }, full, { account });
  outcomes.push(outcome);
  return outcome;
}
const blue = () => ({ username: ldap.users.blue.dn, password: ldap.users.blue.password });

describe('the LDAP and LDAPS checks (slapd on loopback)', () => {
  it('binds as the account and finds what the search asks, matched as LDIF, in the clear and over TLS', async () => {
    const definition = { filter: '(uid=blue)', content: '(?m)^mail: blue@', reject: '(?i)hacked' };
    expect(await check(ldap.port, definition, blue())).toEqual({ passed: true });
    expect(await check(ldap.ldapsPort, { ...definition, check: 'ldaps' }, blue())).toEqual({ passed: true });
    // Every entry under the base when there is no filter: the people and the base itself.
    expect(await check(ldap.port, { content: '(?m)^dn: uid=ops,ou=People' }, blue())).toEqual({ passed: true });
  });

  it('fails a wrong password as a refused bind, and the old password once a blue team changed it', async () => {
    expect(await check(ldap.port, {}, { username: ldap.users.blue.dn, password: WRONG })).toEqual({
      passed: false,
      error: `bind as ${ldap.users.blue.dn} refused`,
      category: 'login failed',
    });
    const ops = { username: ldap.users.ops.dn, password: ldap.users.ops.password };
    expect(await check(ldap.port, {}, ops)).toEqual({ passed: true });
    const changed = `Changed-${randomUUID().slice(0, 8)}`;
    secrets.push(changed);
    await setLdapPassword(ldap, 'ops', changed);
    expect(await check(ldap.port, {}, ops)).toMatchObject({ passed: false, category: 'login failed' });
    expect(await check(ldap.port, {}, { ...ops, password: changed })).toEqual({ passed: true });
  });

  it('fails a search that finds nothing, a base that does not exist and a defaced entry, each with its reason', async () => {
    expect(await check(ldap.port, { filter: '(uid=nobody-here)' }, blue())).toEqual({
      passed: false,
      error: `the search under ou=People,${ldap.baseDn} for (uid=nobody-here) found nothing`,
      category: 'content mismatch',
    });
    expect(await check(ldap.port, { base_dn: `ou=Nowhere,${ldap.baseDn}` }, blue())).toEqual({
      passed: false,
      error: `the base DN ou=Nowhere,${ldap.baseDn} does not exist`,
      category: 'content mismatch',
    });
    expect(await check(ldap.port, { filter: '(uid=blue)', reject: '(?m)^sn: ' }, blue())).toEqual({
      passed: false,
      error: `the LDIF of the entries under ou=People,${ldap.baseDn} matches the reject pattern /(?m)^sn: /`,
      category: 'content mismatch',
    });
    expect(await check(ldap.port, { filter: '(uid=blue)', content: 'defaced' }, blue())).toMatchObject({ passed: false, category: 'content mismatch' });
  });

  it('fails a stopped server, a server that is not LDAP, and a check without an account, as such', async () => {
    expect(await check(await freePort(), {}, blue())).toEqual({ passed: false, error: 'connection refused', category: 'connection refused' });
    // LDAPS against the plain port: the TLS handshake fails.
    expect(await check(ldap.port, { check: 'ldaps' }, blue())).toMatchObject({ passed: false, category: 'tls' });
    expect(await check(ldap.port, {})).toMatchObject({ passed: false, category: 'agent error' });
  });
});

describe('the LDAP check against hostile servers', () => {
  const bindOk = (id: number) => Buffer.from([0x30, 0x0c, 0x02, 0x01, id, 0x61, 0x07, 0x0a, 0x01, 0x00, 0x04, 0x00, 0x04, 0x00]);
  /** A server that answers the bind (its first request) with `answer`, and every later request with nothing. */
  async function hostile(answer: (bindId: number, socket: Socket) => void): Promise<{ port: number; close: () => void }> {
    const server = createServer((socket) => {
      socket.on('error', () => undefined);
      socket.once('data', (request: Buffer) => answer(request[4]!, socket));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    return { port: (server.address() as { port: number }).port, close: () => server.close() };
  }

  it('survives thousands of tiny messages in one chunk (ldapts reads them recursively), a flood, and a server that is not LDAP', async () => {
    // 9 000 seven-byte references after the bind's answer: unsliced, ldapts' parser overflows the stack in a socket handler.
    const reference = Buffer.from([0x30, 0x05, 0x02, 0x01, 0x63, 0x73, 0x00]);
    const recursion = await hostile((id, socket) => socket.write(Buffer.concat([bindOk(id), ...Array.from({ length: 9000 }, () => reference)])));
    const flood = await hostile((id, socket) => {
      socket.write(bindOk(id));
      const chunk = Buffer.alloc(256 * 1024, 0x30);
      const pump = () => {
        while (socket.writable && socket.write(chunk));
      };
      socket.on('drain', pump);
      pump();
    });
    const ssh = await hostile(() => undefined);
    const sshServer = createServer((socket) => socket.end('SSH-2.0-OpenSSH_9.2\r\n'));
    await new Promise<void>((resolve) => sshServer.listen(0, '127.0.0.1', resolve));
    try {
      expect(await check(recursion.port, { timeout_seconds: 1 }, blue())).toEqual({
        passed: false,
        error: `timeout after 1 s waiting for the search under ou=People,${ldap.baseDn}`,
        category: 'timeout',
      });
      expect(await check(flood.port, {}, blue())).toEqual({ passed: false, error: 'the server sent more than 1 MiB', category: 'protocol error' });
      expect(await check((sshServer.address() as { port: number }).port, {}, blue())).toEqual({
        passed: false,
        error: 'not an LDAP server (it sent "SSH-2.0-OpenSSH_9.2\\r\\n")',
        category: 'protocol error',
      });
    } finally {
      for (const server of [recursion, flood, ssh]) server.close();
      sshServer.close();
    }
  });
});

describe("the demo's directory (lib/local/demo/ldap.ts), which npm start plays the sample's teams with", () => {
  const entries: DirectoryEntry[] = [
    { dn: 'dc=ccdc,dc=local', attributes: { objectClass: ['domain'] } },
    { dn: 'ou=People,dc=ccdc,dc=local', attributes: { objectClass: ['organizationalUnit'] } },
    { dn: 'uid=blue,ou=People,dc=ccdc,dc=local', attributes: { uid: ['blue'], mail: ['blue@ccdc.local'] } },
  ];
  const account = { username: 'uid=blue,ou=People,dc=ccdc,dc=local', password: `Demo-${randomUUID().slice(0, 8)}` };
  secrets.push(account.password);
  const base = { base_dn: 'ou=People,dc=ccdc,dc=local', filter: '(uid=blue)', content: '(?m)^mail: blue@' };

  it('lets the accounts it is given bind and find their entries, and refuses the rest', async () => {
    for (const [server, expected] of [
      [ldapServer([account], entries), { passed: true }],
      [ldapServer([], entries), { passed: false, error: `bind as ${account.username} refused`, category: 'login failed' }],
      [
        ldapServer([account], entries, { empty: true }),
        { passed: false, error: 'the search under ou=People,dc=ccdc,dc=local for (uid=blue) found nothing', category: 'content mismatch' },
      ],
    ] as const) {
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      try {
        expect(await check((server.address() as { port: number }).port, base, account)).toEqual(expected);
      } finally {
        server.close();
      }
    }
    // A DN with spaces, as Active Directory's are, binds as it is.
    const bot = { username: 'cn=Scoring Bot,ou=People,dc=ccdc,dc=local', password: account.password };
    const server = ldapServer([bot], entries);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      expect(await check((server.address() as { port: number }).port, base, bot)).toEqual({ passed: true });
    } finally {
      server.close();
    }
  });
});

afterAll(() => {
  const reasons = JSON.stringify(outcomes);
  for (const secret of secrets) expect(reasons).not.toContain(secret);
});

beforeAll(() => {
  expect(ldap.users.blue.dn).toMatch(/^uid=blue,ou=People,/);
});
