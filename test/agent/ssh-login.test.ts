/**
 * The SSH login check against OpenSSH's sshd on loopback (test/support/sshd.ts):
 * the right password or key passes, a command's output is matched, and each
 * way to fail — a wrong password, a wrong key, a defaced output (reject
 * pattern), a failing command, a stopped daemon — fails with its own reason
 * and category, none holding a secret. Then a round of the agent end to end:
 * the accounts read once through the API, one per service, a team whose
 * password "changed" failing its login.
 */
import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '#shared/log';
import type { SshCheck } from '#shared/domain/check-definitions';
import { scoringApi } from '../../functions/agent/api';
import { runCheck } from '../../functions/agent/checks';
import { hostsFileResolver, loopbackOnly, withLiterals } from '../../functions/agent/resolve';
import { runRound } from '../../functions/agent/round';
import { concurrencyLimit, roundStartAt } from '../../functions/agent/schedule';
import type { LocalStack } from '../../lib/local/local-stack';
import { IAM_KEYS, startTestServer } from '../support/server';
import { startSshd, type Sshd } from '../support/sshd';

const dir = mkdtempSync(join(tmpdir(), 'ssh-login-'));
const PASSWORD = `Blue-${randomUUID().slice(0, 8)}`;
const OTHER_PASSWORD = `Ops-${randomUUID().slice(0, 8)}`;
let sshd: Sshd;
let privateKey: string;
let strangerKey: string;

function keyPair(name: string): { privateKey: string; publicKey: string } {
  execFileSync('ssh-keygen', ['-q', '-t', 'ed25519', '-N', '', '-C', name, '-f', join(dir, name)]);
  return { privateKey: readFileSync(join(dir, name), 'utf8'), publicKey: readFileSync(join(dir, `${name}.pub`), 'utf8').trim() };
}

beforeAll(async () => {
  const deploy = keyPair('deploy');
  privateKey = deploy.privateKey;
  strangerKey = keyPair('stranger').privateKey;
  sshd = await startSshd([
    { name: 'blue', password: PASSWORD },
    { name: 'ops', password: OTHER_PASSWORD },
    { name: 'deploy', password: randomUUID(), publicKey: deploy.publicKey },
  ]);
}, 30_000);
afterAll(async () => {
  await sshd?.stop();
});

const target = () => ({ host: 'shell.team1.example', address: '127.0.0.1', port: sshd.port });
const ssh = (extra: Partial<SshCheck> = {}): SshCheck => ({ check: 'ssh', timeout_seconds: 5, ...extra });

describe('the SSH login check (OpenSSH on loopback)', () => {
  it('logs in with the right password or key, and runs a command whose output it matches', async () => {
    expect(await runCheck(target(), ssh(), undefined, { username: sshd.user('blue'), password: PASSWORD })).toEqual({ passed: true });
    expect(await runCheck(target(), ssh(), undefined, { username: sshd.user('deploy'), private_key: privateKey })).toEqual({ passed: true });
    const scored = ssh({ command: 'echo scored-$((6*7))', content: '(?m)^scored-42$', exact: 'scored-42\n' });
    expect(await runCheck(target(), scored, undefined, { username: sshd.user('blue'), password: PASSWORD })).toEqual({ passed: true });
  }, 30_000);

  it('fails a wrong password, a wrong key, a defaced output and a failing command, each with its reason and never the secret', async () => {
    const blue = sshd.user('blue');
    const wrong = await runCheck(target(), ssh(), undefined, { username: blue, password: 'not-the-password' });
    expect(wrong).toEqual({ passed: false, error: `login as ${blue} refused`, category: 'login failed' });
    expect(await runCheck(target(), ssh(), undefined, { username: sshd.user('deploy'), private_key: strangerKey })).toEqual({
      passed: false,
      error: `login as ${sshd.user('deploy')} refused`,
      category: 'login failed',
    });
    const defaced = ssh({ command: 'echo "index.html: hacked by red team"', content: 'index', reject: '(?i)hacked' });
    expect(await runCheck(target(), defaced, undefined, { username: blue, password: PASSWORD })).toEqual({
      passed: false,
      error: 'the output of `echo "index.html: hacked by red team"` matches the reject pattern /(?i)hacked/',
      category: 'content mismatch',
    });
    expect(await runCheck(target(), ssh({ command: 'exit 3' }), undefined, { username: blue, password: PASSWORD })).toEqual({
      passed: false,
      error: '`exit 3` exited with 3',
      category: 'content mismatch',
    });
    expect(JSON.stringify(wrong)).not.toContain(PASSWORD);
  }, 30_000);

  it('without an account is the banner check, as before', async () => {
    expect(await runCheck(target(), ssh(), undefined, undefined)).toEqual({ passed: true });
  });

  describe('a round of the agent', () => {
    let stack: LocalStack;
    afterAll(async () => {
      await stack?.stop();
    });

    it('reads the accounts once, signs in with one per service, and fails the team whose password changed', async () => {
      // Team 1's account is right; team 2's blue team changed the password and nobody told the organisers.
      writeFileSync(
        join(dir, 'competition.yaml'),
        `
settings: { round_seconds: 60 }
super_types: [{ id: 1, name: Services }]
subtypes:
  - { id: 1, name: SSH, super_type_id: 1, max_score: 7, check: ssh, command: "id -un", content: "^sc", timeout_seconds: 5,
      accounts: [{ username: ${sshd.user('blue')}, password: "${PASSWORD}" }, { username: ${sshd.user('ops')}, password: "${OTHER_PASSWORD}" }] }
teams:
  - { number: 1, name: One, team_url: one.example, services: [{ subtype_id: 1, url: shell.one.example, port: ${sshd.port} }] }
  - number: 2
    name: Two
    team_url: two.example
    services: [{ subtype_id: 1, url: shell.two.example, port: ${sshd.port}, accounts: [{ username: ${sshd.user('blue')}, password: "the-old-one" }] }]
`,
      );
      writeFileSync(join(dir, 'hosts'), '127.0.0.1 shell.one.example shell.two.example\n');
      stack = await startTestServer({ competitionFile: join(dir, 'competition.yaml') });
      const api = scoringApi(`${stack.url}/api/v1`, { kind: 'sigv4', credentials: () => IAM_KEYS.service, region: 'us-east-1' });
      let accountReads = 0;
      const counted = { ...api, checkAccounts: () => (accountReads++, api.checkAccounts()) };
      const settings = await api.settings();
      const summary = await runRound(roundStartAt(Date.now(), settings.round_seconds), settings, {
        api: counted,
        resolver: loopbackOnly(withLiterals(hostsFileResolver(join(dir, 'hosts')))),
        checkLimit: concurrencyLimit(4),
        log: createLogger({ component: 'ssh-login-test' }),
        random: () => 0, // each service's first account
      });
      expect(summary).toMatchObject({ checks: 2, passed: 1, failed: 1, reports_failed: 0 });
      expect(accountReads).toBe(1);
      await stack.fold.caughtUp();
      const services = (await (await fetch(`${stack.url}/api/v1/services`)).json()) as { url: string; last_scan: number; last_scan_error: string | null }[];
      const byUrl = Object.fromEntries(services.map((s) => [s.url, [s.last_scan, s.last_scan_error]]));
      expect(byUrl['shell.one.example']).toEqual([7, null]);
      expect(byUrl['shell.two.example']).toEqual([0, `login as ${sshd.user('blue')} refused`]);
      expect(JSON.stringify(services)).not.toContain(PASSWORD);
    }, 60_000);
  });

  it('fails a stopped daemon as a refused connection', async () => {
    const port = sshd.port;
    await sshd.stop();
    expect(await runCheck({ ...target(), port }, ssh(), undefined, { username: 'anyone', password: PASSWORD })).toEqual({
      passed: false,
      error: 'connection refused',
      category: 'connection refused',
    });
  });
});
