/**
 * The installed agent (issue #46): the one-file bundle `npm run build:agent`
 * makes, copied into a directory with nothing of this repository, run by
 * `node` with an empty environment and a configuration file, checks its
 * pool's services against the real local server and reports them.
 */
import { execFile } from 'node:child_process';
import { chmodSync, copyFileSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LocalStack } from '../../lib/local/local-stack';
import { ENV_TOKENS, startTestServer } from '../support/server';
import { awayFromRoundEnd } from '../support/rounds';

const run = promisify(execFile);
const ROOT = resolve(import.meta.dirname, '../..');
/** The competition's rounds: an agent's `--once` checks the one it starts in, until its end. */
const ROUND_SECONDS = 60;

let stack: LocalStack;
let target: Server;
let box: string;
let token: string;

beforeAll(async () => {
  box = mkdtempSync(join(tmpdir(), 'installed-agent-'));
  const built = await run(process.execPath, ['--import', 'tsx', 'bin/build-agent.ts', '--out', join(box, 'build')], { cwd: ROOT });
  expect(built.stdout).toMatch(/scoring-agent\.mjs: \d+ KiB, sha256 [0-9a-f]{64}/);
  // The box: the bundle alone, no node_modules, nothing of the repository.
  copyFileSync(join(box, 'build', 'scoring-agent.mjs'), join(box, 'scoring-agent.mjs'));
  rmSync(join(box, 'build'), { recursive: true });

  target = createServer((_req, res) => res.end('Welcome to team one'));
  await new Promise<void>((done) => target.listen(0, '127.0.0.1', done));
  const port = (target.address() as { port: number }).port;
  writeFileSync(
    join(box, 'competition.yaml'),
    `
settings: { round_seconds: ${ROUND_SECONDS} }
super_types: [{ id: 1, name: Services }]
subtypes:
  - { id: 1, name: HTTP, super_type_id: 1, max_score: 10, check: http, content: Welcome }
  # A command check: the recipe prints its environment, which must hold the recipe's variable and none of the agent's.
  - { id: 2, name: Probe, super_type_id: 1, max_score: 5, check: command, recipe: env-probe, content: PROBE=yes, reject: SCORING_, pool: range-e }
pools: [{ name: range-e }]
teams:
  - { number: 1, name: One, team_url: one.example, services: [{ subtype_id: 1, url: www.one.example, port: ${port} }, { subtype_id: 2, url: probe.one.example, port: 1 }] }
`,
  );
  stack = await startTestServer({ competitionFile: join(box, 'competition.yaml') });
  const minted = await fetch(`${stack.url}/api/v1/tokens`, {
    method: 'POST',
    headers: { authorization: `Bearer ${ENV_TOKENS.admin}`, 'content-type': 'application/json' },
    body: JSON.stringify({ role: 'agent', pool: 'cloud', name: 'installed agent', expires_at: new Date(Date.now() + 86_400_000).toISOString() }),
  });
  token = ((await minted.json()) as { token: string }).token;
  writeFileSync(join(box, 'hosts'), '127.0.0.1 www.one.example probe.one.example\n');
}, 60_000);

afterAll(async () => {
  await stack?.stop();
  await new Promise((done) => target?.close(done));
  rmSync(box, { recursive: true, force: true });
});

/** The bundle run in the box as an operator would: `node scoring-agent.mjs …`, with nothing in its environment but PATH. */
function agent(args: string[], env: Record<string, string> = {}) {
  return run(process.execPath, ['scoring-agent.mjs', ...args], { cwd: box, env: { PATH: process.env.PATH!, ...env } }).then(
    (done) => ({ code: 0, ...done }),
    (failed: { code: number; stdout: string; stderr: string }) => failed,
  );
}

function configure(name: string, config: Record<string, unknown>, credential = token): string {
  const credentialFile = join(box, `${name}.credential`);
  writeFileSync(credentialFile, `${credential}\n`);
  chmodSync(credentialFile, 0o600);
  const path = join(box, `${name}.json`);
  writeFileSync(path, JSON.stringify({ api: `${stack.url}/api/v1`, pool: 'cloud', credential_file: credentialFile, ...config }));
  return path;
}

describe('the installed agent', () => {
  it('checks its pool from a box with nothing but the bundle and a configuration file, and reports the round', async () => {
    await awayFromRoundEnd(ROUND_SECONDS);
    const done = await agent(['--config', configure('agent', { name: 'range-box-1', resolver: 'hosts', hosts: join(box, 'hosts') }), '--once']);
    expect(done.code, done.stderr).toBe(0);
    expect(done.stderr).toContain('1 round(s), 1 checks, 1 passed, 0 failed');
    const [service] = (await (await fetch(`${stack.url}/api/v1/services`)).json()) as { last_scan: number; last_scan_reason: string | null }[];
    expect(service!.last_scan).toBe(10);
    // It says it is alive, by its name, with the bundle's version.
    const pool = (await (await fetch(`${stack.url}/api/v1/pools/cloud`, { headers: { authorization: `Bearer ${ENV_TOKENS.admin}` } })).json()) as {
      agents: { agent: string; version: string; checks: number }[];
    };
    expect(pool.agents.find((a) => a.agent === 'range-box-1')).toMatchObject({ version: expect.stringMatching(/^\d+\.\d+\.\d+$/), checks: 1 });
  }, 60_000);

  it('refuses a bad configuration, a credential on the command line, and a credential file that holds neither kind, changing nothing', async () => {
    const unknownField = await agent(['--config', configure('typo', { resolvr: 'system' }), '--once']);
    expect([unknownField.code, unknownField.stderr]).toEqual([2, expect.stringContaining('resolvr')]);
    const onArgv = await agent(['--config', configure('argv', { resolver: 'system' }), '--once', '--token', token]);
    expect([onArgv.code, onArgv.stderr]).toEqual([2, expect.stringMatching(/Unknown option '--token'/)]);
    const garbage = await agent(['--config', configure('garbage', { resolver: 'system' }, 'not a credential'), '--once']);
    expect([garbage.code, garbage.stderr]).toEqual([2, expect.stringContaining('holds neither a token')]);
    const hostsWithout = await agent(['--config', configure('hosts', { resolver: 'system', hosts: join(box, 'hosts') }), '--once']);
    expect(hostsWithout.code).toBe(2);
  });

  it("reaches only its allowed ranges: a name that resolves elsewhere is the agent's error, not the team's", async () => {
    // A pool of its own, so this round is not one the first test's agent already checked.
    const admin = { authorization: `Bearer ${ENV_TOKENS.admin}`, 'content-type': 'application/json' };
    const [service] = (await (await fetch(`${stack.url}/api/v1/services`)).json()) as { id: number }[];
    const placed = await fetch(`${stack.url}/api/v1/pools/range-b`, { method: 'PUT', headers: admin, body: JSON.stringify({ services: [service!.id] }) });
    expect(placed.status).toBe(200);
    const minted = await fetch(`${stack.url}/api/v1/tokens`, {
      method: 'POST',
      headers: admin,
      body: JSON.stringify({ role: 'agent', pool: 'range-b', name: 'range b', expires_at: new Date(Date.now() + 86_400_000).toISOString() }),
    });
    const rangeB = ((await minted.json()) as { token: string }).token;
    writeFileSync(join(box, 'elsewhere'), '10.9.9.9 www.one.example\n');
    const config = configure('elsewhere', { pool: 'range-b', resolver: 'hosts', hosts: join(box, 'elsewhere'), allow: '127.0.0.0/8' }, rangeB);
    await awayFromRoundEnd(ROUND_SECONDS);
    const done = await agent(['--config', config, '--once']);
    expect(done.code, done.stderr).toBe(0);
    expect(done.stderr).toContain('1 round(s), 1 checks, 0 passed, 1 failed');
    expect(done.stdout).toMatch(/"message":"round finished".*"agent_errors":1/);
  }, 60_000);

  it("runs a command check from its operator's recipes: the program sees the recipe's environment, none of the agent's (issue #46)", async () => {
    const admin = { authorization: `Bearer ${ENV_TOKENS.admin}`, 'content-type': 'application/json' };
    const minted = await fetch(`${stack.url}/api/v1/tokens`, {
      method: 'POST',
      headers: admin,
      body: JSON.stringify({ role: 'agent', pool: 'range-e', name: 'range e', expires_at: new Date(Date.now() + 86_400_000).toISOString() }),
    });
    const rangeE = ((await minted.json()) as { token: string }).token;
    const recipes = { 'env-probe': { program: '/usr/bin/env', args: [], env: { PROBE: 'yes' } } };
    const config = configure('recipes', { pool: 'range-e', resolver: 'hosts', hosts: join(box, 'hosts'), recipes }, rangeE);
    // The agent's own environment holds a credential: the check's reject pattern fails it if the program sees it.
    await awayFromRoundEnd(ROUND_SECONDS);
    const done = await agent(['--config', config, '--once'], { SCORING_AGENT_TOKEN: 'ccdc_never_in_the_child' });
    expect(done.code, done.stderr).toBe(0);
    expect(done.stderr).toContain('1 round(s), 1 checks, 1 passed, 0 failed');
  }, 60_000);
});
