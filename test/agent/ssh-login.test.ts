/**
 * The SSH login check against OpenSSH's sshd on loopback, the run's one
 * (test/support/daemons/sshd.ts, started by the global setup):
 * the right password or key passes, a command's output is matched, and each
 * way to fail — a wrong password, a wrong key, a defaced output (reject
 * pattern), a failing command, a stopped daemon — fails with its own reason
 * and category, none holding a secret. Then a round of the agent end to end:
 * the accounts read once through the API, one per service, a team whose
 * password "changed" failing its login.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createLogger } from '#shared/log';
import type { SshCheck } from '#shared/domain/check-definitions';
import { scoringApi } from '../../functions/agent/api';
import { runCheck } from '../../functions/agent/kinds';
import { hostsFileResolver, loopbackOnly, withLiterals } from '../../functions/agent/resolve';
import { runRound } from '../../functions/agent/round';
import { hmacMailToken } from '#shared/mail-token';
import { concurrencyLimit, roundStartAt } from '../../functions/agent/schedule';
import type { LocalStack } from '../../lib/local/local-stack';
import { ENV_TOKENS, IAM_KEYS, startTestServer } from '../support/server';
import { servicesWithReasons } from '../support/reasons';
import { freePort } from '../support/daemons/daemon';
import { authorizeKey } from '../support/daemons/sshd';

const dir = mkdtempSync(join(tmpdir(), 'ssh-login-'));
const sshd = inject('sshd');
const { blue, ops, deploy } = sshd.users;
const PASSWORD = blue.password;
const OTHER_PASSWORD = ops.password;
let privateKey: string;
let strangerKey: string;

function keyPair(name: string): { privateKey: string; publicKey: string } {
  execFileSync('ssh-keygen', ['-q', '-t', 'ed25519', '-N', '', '-C', name, '-f', join(dir, name)]);
  return { privateKey: readFileSync(join(dir, name), 'utf8'), publicKey: readFileSync(join(dir, `${name}.pub`), 'utf8').trim() };
}

beforeAll(async () => {
  const deployKeys = keyPair('deploy');
  privateKey = deployKeys.privateKey;
  strangerKey = keyPair('stranger').privateKey;
  authorizeKey(sshd, deploy, deployKeys.publicKey);
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const target = () => ({ host: 'shell.team1.example', address: '127.0.0.1', port: sshd.port });
const ssh = (extra: Partial<SshCheck> = {}): SshCheck => ({ check: 'ssh', timeout_seconds: 5, ...extra });

describe('the SSH login check (OpenSSH on loopback)', () => {
  it('logs in with the right password or key, and runs a command whose output it matches', async () => {
    expect(await runCheck(target(), ssh(), { account: { username: blue.name, password: PASSWORD } })).toEqual({ passed: true });
    expect(await runCheck(target(), ssh(), { account: { username: deploy.name, private_key: privateKey } })).toEqual({ passed: true });
    const scored = ssh({ command: 'echo scored-$((6*7))', content: '(?m)^scored-42$', exact: 'scored-42\n' });
    expect(await runCheck(target(), scored, { account: { username: blue.name, password: PASSWORD } })).toEqual({ passed: true });
  }, 30_000);

  it('fails a wrong password, a wrong key, a defaced output and a failing command, each with its reason and never the secret', async () => {
    const wrong = await runCheck(target(), ssh(), { account: { username: blue.name, password: 'not-the-password' } });
    expect(wrong).toEqual({ passed: false, error: `login as ${blue.name} refused`, category: 'login failed' });
    expect(await runCheck(target(), ssh(), { account: { username: deploy.name, private_key: strangerKey } })).toEqual({
      passed: false,
      error: `login as ${deploy.name} refused`,
      category: 'login failed',
    });
    const defaced = ssh({ command: 'echo "index.html: hacked by red team"', content: 'index', reject: '(?i)hacked' });
    expect(await runCheck(target(), defaced, { account: { username: blue.name, password: PASSWORD } })).toEqual({
      passed: false,
      error: 'the output of `echo "index.html: hacked by red team"` matches the reject pattern /(?i)hacked/',
      category: 'content mismatch',
    });
    expect(await runCheck(target(), ssh({ command: 'exit 3' }), { account: { username: blue.name, password: PASSWORD } })).toEqual({
      passed: false,
      error: '`exit 3` exited with 3',
      category: 'content mismatch',
    });
    expect(JSON.stringify(wrong)).not.toContain(PASSWORD);
  }, 30_000);

  it('without an account is the banner check, as before', async () => {
    expect(await runCheck(target(), ssh())).toEqual({ passed: true });
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
      accounts: [{ username: ${blue.name}, password: "${PASSWORD}" }, { username: ${ops.name}, password: "${OTHER_PASSWORD}" }] }
teams:
  - { number: 1, name: One, team_url: one.example, services: [{ subtype_id: 1, url: shell.one.example, port: ${sshd.port} }] }
  - number: 2
    name: Two
    team_url: two.example
    services: [{ subtype_id: 1, url: shell.two.example, port: ${sshd.port}, accounts: [{ username: ${blue.name}, password: "the-old-one" }] }]
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
        mailToken: hmacMailToken('ssh login test'),
      });
      expect(summary).toMatchObject({ checks: 2, passed: 1, failed: 1, reports_failed: 0 });
      expect(accountReads).toBe(1);
      await stack.fold.caughtUp();
      const services = await servicesWithReasons(stack.url, ENV_TOKENS.admin);
      const byUrl = Object.fromEntries(services.map((s) => [s.url, [s.last_scan, s.last_scan_reason]]));
      expect(byUrl['shell.one.example']).toEqual([7, null]);
      expect(byUrl['shell.two.example']).toEqual([0, `login as ${blue.name} refused`]);
      expect(JSON.stringify(services)).not.toContain(PASSWORD);
    }, 60_000);
  });

  it('fails a stopped daemon as a refused connection', async () => {
    // The run's sshd is shared: a port where nothing listens stands for a stopped one.
    const port = await freePort();
    expect(await runCheck({ ...target(), port }, ssh(), { account: { username: 'anyone', password: PASSWORD } })).toEqual({
      passed: false,
      error: 'connection refused',
      category: 'connection refused',
    });
  });
});
