/**
 * Command checks, the agent's half (issue #46): the operator's recipes, run
 * with the definition's placeholders as whole arguments, the password in the
 * environment or on standard input (never argv), an empty environment, the
 * whole process group killed at the timeout, the output capped; and a recipe
 * with Samba's own smbclient against a real smbd.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkCommand, commandLine, definitionPlaceholders, OUTPUT_LIMIT, RecipesSchema, runCommand, type Recipe } from '../../functions/agent/kinds/command';
import { runCheck } from '../../functions/agent/kinds';
import type { CommandCheck } from '#shared/domain/check-definitions';
import { startSmbd, type SmbdInfo } from '../support/daemons/smbd';

const recipe = (fields: Partial<Recipe> & Pick<Recipe, 'program' | 'args'>): Recipe => v.parse(RecipesSchema, { r: fields }).r!;
const account = { username: 'blue', password: 'Sw0rdfish-in-the-env' };
const fill = { host: '127.0.0.1', port: 445, account, values: {} };
/** A process's NUL-separated /proc file, as text. */
const proc = (pid: number, file: 'cmdline' | 'environ') => readFileSync(`/proc/${pid}/${file}`, 'utf8').split('\0').filter(Boolean);

describe('recipes', () => {
  it('take placeholders as whole arguments only, an absolute program, and name the placeholders a definition fills', () => {
    const problems = (r: unknown) => {
      const result = v.safeParse(RecipesSchema, { r });
      return result.success ? [] : result.issues.map((issue) => `${v.getDotPath(issue)}: ${issue.message}`);
    };
    expect(problems({ program: 'smbclient', args: [] })).toEqual(['r.program: must be an absolute path']);
    expect(problems({ program: '/usr/bin/smbclient', args: ['//{host}/share'] })).toEqual([
      'r.args.0: a placeholder is a whole argument ({name}), never part of one',
    ]);
    expect(problems({ program: '/bin/true', args: [], password: 'argv' })).toHaveLength(1);
    expect(problems({ program: '/bin/true', args: [], shell: true })).toHaveLength(1);
    const smb = recipe({ program: '/usr/bin/smbclient', args: ['-I', '{host}', '-p', '{port}', '-U', '{username}', '-c', '{command}', '--', '{unc}'] });
    expect(definitionPlaceholders(smb)).toEqual(['command', 'unc']);
    expect(commandLine(smb, { ...fill, values: { command: 'ls', unc: '//files/data' } })).toEqual({
      argv: ['-I', '127.0.0.1', '-p', '445', '-U', 'blue', '-c', 'ls', '--', '//files/data'],
    });
    // A value the definition gives may not pass for an option, and each must be there.
    expect(commandLine(smb, { ...fill, values: { command: 'ls', unc: '--option=x' } })).toEqual({
      error: 'the value for {unc} may not start with "-" nor hold NUL',
    });
    expect(commandLine(smb, { ...fill, values: { command: 'ls' } })).toEqual({ error: 'the definition gives no value for {unc}' });
    expect(commandLine(smb, { ...fill, account: undefined, values: { command: 'ls', unc: '//f/d' } })).toMatchObject({
      error: expect.stringContaining('no account'),
    });
  });
});

describe('a command run', () => {
  it('sees only the environment its recipe names, and the password in its variable: none of the agent’s own', async () => {
    process.env.SCORING_AGENT_TOKEN = 'ccdc_agentsecret_must_not_leak';
    try {
      const env = recipe({ program: '/usr/bin/env', args: [], env: { LANG: 'C.UTF-8' }, password: { env: 'PASSWD' } });
      const result = await runCommand(env, [], account.password, 5_000);
      expect(result.exitCode).toBe(0);
      expect(result.output.trim().split('\n').sort()).toEqual(['LANG=C.UTF-8', `PASSWD=${account.password}`]);
    } finally {
      delete process.env.SCORING_AGENT_TOKEN;
    }
  });

  it('never has the password in its command line: in its environment, or on its standard input', async () => {
    // A program that reads a line and waits: its /proc entries are read while it runs.
    const reader = (password: Recipe['password']) =>
      recipe({ program: '/bin/sh', args: ['-c', 'read line; sleep 0.3; echo "read ${#line} bytes"', '--', '{username}'], password });
    for (const [how, password] of [
      ['env', { env: 'PASSWD' }],
      ['stdin', 'stdin'],
    ] as const) {
      const seen: { cmdline: string[]; environ: string[] }[] = [];
      const shown = reader(password);
      const result = await runCommand(shown, (commandLine(shown, fill) as { argv: string[] }).argv, account.password, 5_000, (pid) =>
        seen.push({ cmdline: proc(pid, 'cmdline'), environ: proc(pid, 'environ') }),
      );
      expect(result.exitCode, how).toBe(0);
      expect(seen[0]!.cmdline, how).toEqual(['/bin/sh', '-c', expect.any(String), '--', 'blue']);
      expect(seen[0]!.cmdline.join(' '), how).not.toContain(account.password);
      expect(seen[0]!.environ, how).toEqual(how === 'env' ? [`PASSWD=${account.password}`] : []);
      expect(result.output, how).toBe(how === 'stdin' ? `read ${account.password.length} bytes\n` : 'read 0 bytes\n');
    }
  });

  it('is killed with its whole process group at the timeout, and its output is capped', async () => {
    let pid = 0;
    const slow = recipe({ program: '/bin/sh', args: ['-c', 'sleep 30 & sleep 30'] });
    const timedOut = await runCommand(slow, slow.args, undefined, 300, (p) => (pid = p));
    expect(timedOut).toMatchObject({ exitCode: null, timedOut: true });
    // Nothing of its group is left running: the background sleep went too (a killed process may linger a moment as a zombie).
    const running = () =>
      execFileSync('ps', ['-e', '-o', 'pgid=,stat='], { encoding: 'utf8' })
        .split('\n')
        .map((line) => line.trim().split(/\s+/))
        .filter(([group, stat]) => Number(group) === pid && stat !== undefined && !stat.startsWith('Z'));
    expect(running()).toEqual([]);

    const flood = recipe({ program: '/usr/bin/yes', args: [] });
    const flooded = await runCommand(flood, [], undefined, 5_000);
    expect(flooded).toMatchObject({ exitCode: null, truncated: true, timedOut: false });
    expect(Buffer.byteLength(flooded.output)).toBe(OUTPUT_LIMIT);

    const missing = await runCommand(recipe({ program: '/nonexistent/tool', args: [] }), [], undefined, 1_000);
    expect(missing).toMatchObject({ exitCode: null, startError: 'ENOENT' });
    // A generous deadline: a group left alive would hold the output open for the sleeps' 30 s.
  }, 10_000);
});

describe('ping as a recipe', () => {
  const target = { host: 'gw.team1.example', address: '127.0.0.1', port: 0 };
  const check: CommandCheck = { check: 'command', recipe: 'ping', timeout_seconds: 5 };
  const ping = ['-c', '1', '-W', '1', '--', '{host}'];

  it('passes when the address answers an echo, and fails as command failed when nothing can answer', async () => {
    expect(await runCheck(target, check, { recipes: { ping: recipe({ program: '/usr/bin/ping', args: ping }) } })).toEqual({ passed: true });
    // The refused case: ping run in a network namespace of its own, where not even loopback is up (unshare -n, as root).
    // Nothing leaves the machine, and the agent's code path is the one a host that does not answer takes.
    const isolated = recipe({ program: '/usr/bin/unshare', args: ['-n', '--', '/usr/bin/ping', ...ping] });
    expect(await runCheck(target, check, { recipes: { ping: isolated } })).toMatchObject({
      passed: false,
      category: 'command failed',
      error: expect.stringMatching(/^ping exited with status 2: .*(unreachable|Unreachable)/),
    });
  });
});

describe("Samba's smbclient as a recipe, against a real smbd", () => {
  let samba: SmbdInfo<'alice'>;
  let stop: () => Promise<void>;
  beforeAll(async () => {
    const started = await startSmbd('cmd', ['alice']);
    samba = started.info;
    stop = () => started.stop();
  }, 60_000);
  afterAll(async () => stop?.());

  const smbclient = recipe({
    program: '/usr/bin/smbclient',
    args: ['-I', '{host}', '-p', '{port}', '-U', '{username}', '-c', '{command}', '--', '{unc}'],
    // smbclient takes the password from PASSWD; a home and no configuration of the box's own.
    env: { HOME: '/nonexistent' },
    password: { env: 'PASSWD' },
  });

  it('lists the share with the round’s account, the password only in its environment; a wrong one fails', async () => {
    const alice = { username: samba.users.alice.name, password: samba.users.alice.password };
    const line = commandLine(smbclient, { host: '127.0.0.1', port: samba.port, account: alice, values: { command: 'ls', unc: '//files/data' } });
    if ('error' in line) throw new Error(line.error);
    let cmdline: string[] = [];
    const listed = await runCommand(smbclient, line.argv, alice.password, 10_000, (pid) => (cmdline = proc(pid, 'cmdline')));
    expect(listed.exitCode, listed.output).toBe(0);
    expect(listed.output).toMatch(/welcome\.txt/);
    expect(cmdline.join(' ')).not.toContain(alice.password);
    const refused = await runCommand(smbclient, line.argv, `${alice.password}-wrong`, 10_000);
    expect(refused.exitCode).not.toBe(0);
    expect(refused.output).toMatch(/NT_STATUS_LOGON_FAILURE/);
  }, 30_000);

  it('runs as a check: passes, fails as command failed or content mismatch, and as the agent’s error without the recipe', async () => {
    const alice = { username: samba.users.alice.name, password: samba.users.alice.password };
    const target = { host: 'files.team1.example', address: '127.0.0.1', port: samba.port };
    const check = (fields: Partial<CommandCheck> = {}): CommandCheck => ({
      check: 'command',
      recipe: 'smb-list',
      args: { command: 'ls', unc: '//files/data' },
      content: 'welcome\\.txt',
      timeout_seconds: 10,
      ...fields,
    });
    const recipes = { 'smb-list': smbclient };
    expect(await runCheck(target, check(), { account: alice, recipes })).toEqual({ passed: true });
    const wrong = await runCheck(target, check(), { account: { ...alice, password: `${alice.password}-x` }, recipes });
    expect(wrong).toMatchObject({
      passed: false,
      category: 'command failed',
      error: expect.stringMatching(/^smb-list exited with status 1: .*NT_STATUS_LOGON_FAILURE/),
    });
    expect(JSON.stringify(wrong)).not.toContain(alice.password);
    expect(await runCheck(target, check({ content: 'report\\.pdf' }), { account: alice, recipes })).toMatchObject({
      passed: false,
      category: 'content mismatch',
    });
    // What the agent lacks is its own error, never the team's.
    expect(await runCheck(target, check({ recipe: 'winrm' }), { account: alice, recipes })).toMatchObject({
      passed: false,
      category: 'agent error',
      error: 'this agent has no recipe named winrm (its operator lists them in its configuration)',
    });
    expect(await checkCommand(target, check(), alice, undefined)).toMatchObject({ category: 'agent error' });
    expect(await runCheck(target, check({ args: { command: 'ls' } }), { account: alice, recipes })).toMatchObject({
      category: 'agent error',
      error: 'the definition gives no value for {unc}',
    });
  }, 30_000);
});
