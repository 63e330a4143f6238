/**
 * The SMB check against real Samba (smbd 4.17, seven at once, started
 * here: test/support/daemons/smbd.ts): at its defaults, with mandatory
 * signing and only 3.1.1, up to 3.0, 2.1 or 2.0.2, only SMB1, and demanding
 * encryption. Each check ends in a pass or a failure with its reason and
 * category, never a crash, and no reason holds a password. The same check
 * against scripted and hostile servers is test/agent/smb-kind-scripted.test.ts.
 */
import { createHash } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CheckAccount } from '#shared/domain/accounts';
import { SmbConnection } from '../../functions/agent/kinds/smb2';
import { freePort } from '../support/daemons/daemon';
import { REPORT, setSmbPassword, startSmbd, WELCOME, type SmbdInfo } from '../support/daemons/smbd';
import { smbChecks } from './smb-check';

type Started = Awaited<ReturnType<typeof startSmbd<'alice'>>>;
/** Each server's global settings, and the tag its users are named with (`sc<pid><tag>alice`: unique to the server). */
const SERVERS = {
  defaults: { tag: 'dflt', settings: {} },
  mandatory: { tag: 'mand', settings: { 'server signing': 'mandatory', 'server min protocol': 'SMB3_11' } },
  smb30: { tag: 's300', settings: { 'server max protocol': 'SMB3_00' } },
  smb21: { tag: 's210', settings: { 'server signing': 'mandatory', 'server max protocol': 'SMB2_10' } },
  smb202: { tag: 's202', settings: { 'server max protocol': 'SMB2_02' } },
  smb1: { tag: 'smb1', settings: { 'server min protocol': 'NT1', 'server max protocol': 'NT1' } },
  sealed: { tag: 'seal', settings: { 'server smb encrypt': 'required' } },
} satisfies Record<string, { tag: string; settings: Record<string, string> }>;
type Variant = keyof typeof SERVERS;

const samba = {} as Record<Variant, SmbdInfo<'alice'>>;
const started: Started[] = [];
const { check, secrets } = smbChecks();

beforeAll(async () => {
  // One smbd per set of global settings (signing and protocols are not per share), all at once.
  const variants = Object.keys(SERVERS) as Variant[];
  const results = await Promise.allSettled(variants.map((variant) => startSmbd(SERVERS[variant].tag, ['alice'], SERVERS[variant].settings)));
  for (const [i, result] of results.entries()) {
    if (result.status === 'rejected') continue;
    started.push(result.value);
    samba[variants[i]!] = result.value.info;
    secrets.push(result.value.info.users.alice.password);
  }
  const failed = results.find((result) => result.status === 'rejected');
  if (failed) throw (failed as PromiseRejectedResult).reason;
});
afterAll(() => Promise.all(started.map((server) => server.stop())));
const alice = (variant: Variant = 'defaults'): CheckAccount => ({ username: samba[variant].users.alice.name, password: samba[variant].users.alice.password });

async function dialectOf(port: number): Promise<number> {
  const connection = await SmbConnection.open({ host: 'files.team1.example', address: '127.0.0.1', port }, new AbortController().signal, () => undefined);
  connection.close();
  return connection.dialect;
}

describe('the SMB check against Samba (smbd 4.17 on loopback)', () => {
  it('signs in, reads a file and matches it, and finds a name in a folder', async () => {
    const port = samba.defaults.port;
    expect(await check(port, alice(), { file: 'welcome.txt', content: '^Welcome' })).toEqual({ passed: true });
    expect(await check(port, alice(), { file: '/docs/report.txt', exact: REPORT })).toEqual({ passed: true });
    expect(await check(port, alice(), { file: 'docs\\report.txt', sha256: createHash('sha256').update(REPORT).digest('hex') })).toEqual({ passed: true });
    expect(await check(port, alice(), { expect: 'WELCOME.TXT' })).toEqual({ passed: true });
    expect(await check(port, alice(), { folder: '/docs', expect: 'report.txt' })).toEqual({ passed: true });
    // Neither a file nor a folder: the share's connection is the check.
    expect(await check(port, alice())).toEqual({ passed: true });
    expect(await check(port, { ...alice(), username: `WORKGROUP\\${alice().username}` })).toEqual({ passed: true });
  });

  it('reads a file across several READs, and no more than 256 KiB of it', async () => {
    const port = samba.defaults.port;
    const large = Buffer.alloc(200 * 1024, 'abcdefgh');
    writeFileSync(join(samba.defaults.folder, 'large.bin'), large);
    expect(await check(port, alice(), { file: 'large.bin', sha256: createHash('sha256').update(large).digest('hex') })).toEqual({ passed: true });
    writeFileSync(join(samba.defaults.folder, 'huge.txt'), `Welcome${'.'.repeat(300 * 1024)}`);
    expect(await check(port, alice(), { file: 'huge.txt', content: '^Welcome' })).toEqual({ passed: true });
    expect(await check(port, alice(), { file: 'huge.txt', exact: 'Welcome' })).toEqual({
      passed: false,
      error: 'huge.txt is longer than the check reads (262144 bytes)',
      category: 'content mismatch',
    });
  });

  it('reads one file in many sessions at once: each signs in, reads and closes it', async () => {
    // smbd's sessions check each other's liveness in its lock directory: one they cannot read (made 0700) loses share modes.
    const outcomes = await Promise.all(Array.from({ length: 16 }, () => check(samba.defaults.port, alice(), { file: 'welcome.txt', expect: 'docs' })));
    expect(outcomes).toEqual(Array.from({ length: 16 }, () => ({ passed: true })));
  });

  it('fails a wrong password, and the old one once a blue team rotated it without telling', async () => {
    const port = samba.defaults.port;
    const { name } = samba.defaults.users.alice;
    secrets.push('Not-Her-Pa55', 'Whatever-1');
    expect(await check(port, { username: name, password: 'Not-Her-Pa55' })).toEqual({
      passed: false,
      error: `login as ${name} refused (STATUS_LOGON_FAILURE)`,
      category: 'login failed',
    });
    const rotated = 'Rotated-Pa55-smb';
    secrets.push(rotated);
    await setSmbPassword(samba.defaults, name, rotated);
    try {
      expect(await check(port, alice(), { file: 'welcome.txt' })).toMatchObject({ passed: false, category: 'login failed' });
      // A password change request gives the agent the new one: the next round passes.
      expect(await check(port, { username: name, password: rotated }, { file: 'welcome.txt' })).toEqual({ passed: true });
    } finally {
      await setSmbPassword(samba.defaults, name, samba.defaults.users.alice.password);
    }
    // A user the server does not know is refused the same way (Samba maps no one to a guest here).
    expect(await check(port, { username: 'nobody-here', password: 'Whatever-1' })).toMatchObject({ passed: false, category: 'login failed' });
  });

  it('names a missing share, file, folder or name, and a share that refuses the account', async () => {
    const port = samba.defaults.port;
    expect(await check(port, alice(), { share: 'archive' })).toEqual({
      passed: false,
      error: 'there is no share archive on the server',
      category: 'share not found',
    });
    expect(await check(port, alice(), { file: 'missing.txt' })).toEqual({
      passed: false,
      error: 'there is no file missing.txt in the share',
      category: 'file not found',
    });
    expect(await check(port, alice(), { file: 'nowhere/report.txt' })).toMatchObject({ passed: false, category: 'file not found' });
    expect(await check(port, alice(), { file: 'docs' })).toEqual({ passed: false, error: 'docs is a folder, not a file', category: 'file not found' });
    expect(await check(port, alice(), { folder: 'welcome.txt' })).toEqual({
      passed: false,
      error: 'welcome.txt is a file, not a folder',
      category: 'file not found',
    });
    expect(await check(port, alice(), { folder: 'docs', expect: 'welcome.txt' })).toEqual({
      passed: false,
      error: 'the folder docs does not list welcome.txt',
      category: 'file not found',
    });
    expect(await check(port, alice(), { share: 'locked' })).toEqual({
      passed: false,
      error: 'the share locked refuses the account (STATUS_ACCESS_DENIED; so does a share that demands encryption)',
      category: 'login failed',
    });
  });

  it('fails content that does not match, or matches the reject pattern', async () => {
    const port = samba.defaults.port;
    expect(await check(port, alice(), { file: 'welcome.txt', content: '^Hello' })).toEqual({
      passed: false,
      error: 'welcome.txt does not match /^Hello/',
      category: 'content mismatch',
    });
    expect(await check(port, alice(), { file: 'welcome.txt', content: 'Welcome', reject: '(?i)blue team' })).toEqual({
      passed: false,
      error: 'welcome.txt matches the reject pattern /(?i)blue team/',
      category: 'content mismatch',
    });
    expect(WELCOME).toMatch(/blue team/);
  });

  it('fails a share or a server that demands encryption, saying so: the check does not encrypt', async () => {
    // Samba refuses both with STATUS_ACCESS_DENIED, as it refuses an account: the reason names both.
    expect(await check(samba.defaults.port, alice(), { share: 'sealed' })).toEqual({
      passed: false,
      error: 'the share sealed refuses the account (STATUS_ACCESS_DENIED; so does a share that demands encryption)',
      category: 'login failed',
    });
    expect(await check(samba.sealed.port, alice('sealed'))).toEqual({
      passed: false,
      error: `login as ${alice('sealed').username} refused (STATUS_ACCESS_DENIED: the server may demand encryption, which the check does not speak)`,
      category: 'login failed',
    });
  });

  it('speaks 3.1.1, 3.0, 2.1 and 2.0.2, signing each: with mandatory signing too', async () => {
    const expected: [Variant, number][] = [
      ['defaults', 0x0311],
      ['mandatory', 0x0311],
      ['smb30', 0x0300],
      ['smb21', 0x0210],
      ['smb202', 0x0202],
    ];
    for (const [variant, dialect] of expected) {
      expect(await dialectOf(samba[variant].port), variant).toBe(dialect);
      expect(await check(samba[variant].port, alice(variant), { file: 'welcome.txt', expect: 'docs' }), variant).toEqual({ passed: true });
      expect(await check(samba[variant].port, alice(variant), { share: 'archive' }), variant).toMatchObject({ category: 'share not found' });
    }
  });

  it('fails a server that speaks only SMB1, saying so', async () => {
    expect(await check(samba.smb1.port, alice('smb1'))).toEqual({
      passed: false,
      error: 'the server speaks only SMB1, which the check does not (it hung up on SMB2 and answered SMB1)',
      category: 'protocol error',
    });
  });

  it('fails without a password to sign in with, and a stopped server, as such', async () => {
    expect(await check(samba.defaults.port, undefined)).toMatchObject({ passed: false, category: 'agent error' });
    expect(await check(samba.defaults.port, { username: 'alice', private_key: '-----BEGIN OPENSSH PRIVATE KEY-----' })).toMatchObject({
      passed: false,
      category: 'agent error',
    });
    expect(await check(await freePort(), alice())).toEqual({ passed: false, error: 'connection refused', category: 'connection refused' });
  });
});
