import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir, userInfo } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { db } from '#shared/data/client';
import { keys } from '#shared/data/keys';
import { listTeamRecords } from '#shared/data/teams';
import { listServiceEndpoints } from '#shared/data/services';
import { findToken } from '#shared/data/tokens';
import { resolveIamRole } from '#shared/data/iam-principals';
import { auditPage } from '#shared/data/audit';
import { getSettings } from '#shared/data/settings';
import { SAMPLE_COMPETITION } from '../lib/local/local-stack';
import { mintTokens, sampleCompetition, useFreshTable } from './support/database';
import { startFold } from './support/fold';
import { bearer, invoke } from './support/invoke';
import { runTool } from './support/processes';
import { runScoring } from '../bin/scoring/run';
import { dynamodbEndpoint } from './support/dynamodb-endpoint';

let target: string[];

beforeAll(async () => {
  const table = await useFreshTable('none');
  target = ['--table', table, '--endpoint', dynamodbEndpoint()];
});

/**
 * The tool run in this process (no Node and tsx start per command): its
 * output captured, its waits (finalise's, for reports under way) skipped.
 * The last test runs it as a process, as `npm run scoring` does.
 */
async function scoring(...args: string[]): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const out: string[] = [];
  const err: string[] = [];
  const code = await runScoring(args, { out: (line) => out.push(line), err: (line) => err.push(line), sleep: () => Promise.resolve() });
  return { code, stdout: out.map((line) => `${line}\n`).join(''), stderr: err.map((line) => `${line}\n`).join('') };
}

/** The temporary directories the commands write into, removed after the file. */
const made: string[] = [];
const tempDir = (prefix: string) => {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  made.push(dir);
  return dir;
};
afterAll(() => made.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

describe('the command-line tool', () => {
  it('refuses a bad file, naming each problem, and writes nothing', async () => {
    const file = join(tempDir('comp-'), 'bad.yaml');
    writeFileSync(file, 'super_types: []\nsubtypes: []\nteams:\n  - number: 1\n    name: X\n    team_url: "no spaces allowed"\n');
    const result = await scoring('load', file, ...target);
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/nothing was loaded/);
    expect(result.stderr).toMatch(/bad\.yaml:6 +teams\.0\.team_url/);
    expect(result.stderr).toMatch(/super_types/);
    expect(await listTeamRecords()).toEqual([]);
  });

  it('loads a competition; loaded again it has nothing to change; --replace starts it anew', async () => {
    const first = await scoring('load', SAMPLE_COMPETITION, ...target);
    expect(first.code, first.stderr).toBe(0);
    const sample = sampleCompetition();
    const services = sample.teams.reduce((n, t) => n + t.services.length, 0);
    expect(first.stdout).toContain(`Loaded ${sample.teams.length} teams, ${services} services, 3 super types and ${sample.subtypes.length} subtypes`);
    expect(first.stderr).toMatch(/writing: \d+\/\d+ items/);
    const ids = (await listTeamRecords()).map((t) => t.team.id);

    const again = await scoring('load', SAMPLE_COMPETITION, ...target);
    expect(again.code, again.stderr).toBe(0);
    expect(again.stdout).toMatch(/already is what .* says: nothing to change/);
    expect((await listTeamRecords()).map((t) => t.team.id)).toEqual(ids);

    const replaced = await scoring('load', SAMPLE_COMPETITION, '--replace', ...target);
    expect(replaced.code, replaced.stderr).toBe(0);
    const newIds = (await listTeamRecords()).map((t) => t.team.id);
    expect(newIds).toHaveLength(7);
    // Ids are never reused, even across a replace.
    expect(newIds.some((id) => ids.includes(id))).toBe(false);
  });

  it('creates, lists and revokes tokens, showing a secret only once', async () => {
    const created = await scoring('token', 'create', '--role', 'service', '--name', 'agent-7', '--expires-in', '2d', ...target);
    expect(created.code, created.stderr).toBe(0);
    const token = created.stdout.trim();
    expect(token).toMatch(/^ccdc_[0-9a-f]{8}_[\w-]{43}$/);
    const record = await findToken(token);
    expect(record).toMatchObject({ role: 'service', name: 'agent-7', revoked_at: null });

    const listed = await scoring('token', 'list', ...target);
    expect(listed.stdout).toContain(record!.token_id);
    expect(listed.stdout).toContain('agent-7');
    expect(listed.stdout).not.toContain(token.slice(14));

    const revoked = await scoring('token', 'revoke', record!.token_id, ...target);
    expect(revoked.code).toBe(0);
    expect((await findToken(token))?.revoked_at).toBeTruthy();
    expect((await scoring('token', 'revoke', record!.token_id, ...target)).code).toBe(2);
  });

  it('creates team accounts with a password printed once, lists them without it, signs a team out and removes an account', async () => {
    const team = (await listTeamRecords())[0]!.team.id;
    const created = await scoring('team-account', 'create', '--team', String(team), '--name', 'Ivan', ...target);
    expect(created.code, created.stderr).toBe(0);
    const password = created.stdout.trim();
    expect(password).toMatch(/^[\w-]{20}$/);
    expect(created.stderr).toMatch(/Created account (\d+) "ivan" for team/);
    const id = /Created account (\d+)/.exec(created.stderr)![1]!;
    const signedIn = await invoke('POST', '/api/v1/team/sessions', { body: { name: 'ivan', password } });
    expect(signedIn.status, signedIn.text).toBe(201);
    const listed = await scoring('team-account', 'list', '--team', String(team), ...target);
    expect(listed.stdout).toContain('ivan');
    expect(listed.stdout).not.toContain(password);
    expect((await scoring('team-account', 'create', '--team', String(team), '--name', 'ivan', ...target)).code).toBe(2);
    expect((await scoring('team-account', 'create', '--team', '999999', '--name', 'judy', ...target)).code).toBe(2);
    const signedOut = await scoring('team-account', 'sign-out', '--team', String(team), ...target);
    expect(signedOut.stdout).toContain('Ended 1 open session');
    expect((await invoke('GET', '/api/v1/team/session', { headers: bearer(signedIn.json.token) })).status).toBe(401);
    expect((await scoring('team-account', 'delete', id, ...target)).code).toBe(0);
    expect((await invoke('POST', '/api/v1/team/sessions', { body: { name: 'ivan', password } })).status).toBe(401);
    expect((await scoring('team-account', 'delete', id, ...target)).code).toBe(2);
  });

  it('grants, lists and revokes IAM principals, keying an assumed-role session by its role', async () => {
    const role = 'arn:aws:iam::123456789012:role/agents/ScoringAgent';
    const session = 'arn:aws:sts::123456789012:assumed-role/ScoringAgent/i-0abc';
    const granted = await scoring('iam', 'grant', '--arn', role, '--role', 'service', ...target);
    expect(granted.code, granted.stderr).toBe(0);
    expect(await resolveIamRole(session)).toEqual({ role: 'service' });
    expect((await scoring('iam', 'list', ...target)).stdout).toMatch(/service +- +cli +\S+ +arn:aws:iam::123456789012:role\/ScoringAgent/);
    expect((await scoring('iam', 'grant', '--arn', 'arn:aws:s3:::bucket', '--role', 'admin', ...target)).code).toBe(2);
    // An agent principal is bound to a pool that exists, and only an agent names one (issue #45).
    const ranger = 'arn:aws:iam::123456789012:role/RangeAgent';
    expect((await scoring('iam', 'grant', '--arn', ranger, '--role', 'agent', ...target)).stderr).toMatch(/An agent principal names its pool/);
    expect((await scoring('iam', 'grant', '--arn', ranger, '--role', 'service', '--pool', 'cloud', ...target)).code).toBe(2);
    expect((await scoring('iam', 'grant', '--arn', ranger, '--role', 'agent', '--pool', 'nowhere', ...target)).stderr).toMatch(/No pool is named nowhere/);
    expect(await resolveIamRole(ranger)).toBeUndefined();
    const agent = await scoring('iam', 'grant', '--arn', ranger, '--role', 'agent', '--pool', 'cloud', ...target);
    expect(agent.stdout).toContain('as agent of the pool cloud');
    expect(await resolveIamRole(ranger)).toEqual({ role: 'agent', pool: 'cloud' });
    expect((await scoring('iam', 'list', ...target)).stdout).toMatch(/agent +cloud +cli +\S+ +arn:aws:iam::123456789012:role\/RangeAgent/);
    expect((await scoring('iam', 'revoke', '--arn', session, ...target)).code).toBe(0);
    expect(await resolveIamRole(session)).toBeUndefined();
    expect((await scoring('iam', 'revoke', '--arn', role, ...target)).code).toBe(2);
  });

  it('exports the results as CSV and JSON', async () => {
    const out = tempDir('results-');
    const result = await scoring('export', '--out', out, ...target);
    expect(result.code, result.stderr).toBe(0);
    const standings = readFileSync(join(out, 'standings.csv'), 'utf8').trim().split('\r\n');
    expect(standings).toHaveLength(1 + 6);
    expect(standings[0]).toMatch(/^rank,/);
    const json = JSON.parse(readFileSync(join(out, 'results.json'), 'utf8'));
    expect(json.competition_name).toBe('Regional CCDC Practice Round');
    expect(json.standings).toHaveLength(6);
    const visible = sampleCompetition().teams.filter((t) => !t.hidden);
    expect(readFileSync(join(out, 'services.csv'), 'utf8').trim().split('\r\n')).toHaveLength(1 + visible.reduce((n, t) => n + t.services.length, 0));
    expect(execFileSync('sha256sum', ['-c', 'SHA256SUMS'], { cwd: out, encoding: 'utf8' })).toMatch(/results\.json: OK/);
  });

  it('verifies every total against the history, and repairs a total that drifted', async () => {
    const clean = await scoring('verify', ...target);
    expect(clean.code, clean.stderr).toBe(0);
    expect(clean.stdout).toMatch(/(\d+) teams checked: \1 match their history/);
    const team = (await listTeamRecords()).find((t) => t.team.number === 12)!;
    await db().send(
      new UpdateCommand({
        TableName: process.env.TABLE_NAME,
        Key: keys.teamTotals(team.team.id),
        UpdateExpression: 'ADD points_1 :n',
        ExpressionAttributeValues: { ':n': 7 },
      }),
    );
    const found = await scoring('verify', ...target);
    expect(found.code).toBe(1);
    expect(found.stdout).toMatch(/Team 12 \(Root Cause\): differs/);
    expect(found.stdout).toMatch(/points\.1 +7 +0/);
    const repaired = await scoring('verify', '--repair', ...target);
    expect(repaired.code, repaired.stderr).toBe(0);
    expect(repaired.stdout).toMatch(/1 repaired/);
    expect((await listTeamRecords({ consistent: true })).find((t) => t.team.number === 12)!.totals.points['1']).toBe(0);
    expect((await scoring('verify', ...target)).code).toBe(0);
  });

  it('voids results with a preview, then applies exactly that set (the stream consumer runs the job), and refuses a changed set', async () => {
    const fold = await startFold();
    try {
      const tokens = await mintTokens();
      const services: { id: number; team: { id: number; number: number } }[] = (
        await invoke('GET', '/api/v1/services?team=13', { headers: bearer(tokens.admin) })
      ).json;
      const service = services[0]!;
      const at = (secondsAgo: number) => new Date(Math.floor(Date.now() / 1000 - secondsAgo) * 1000).toISOString().replace('.000Z', 'Z');
      for (const [i, secondsAgo] of [120, 90, 60].entries()) {
        const report = await invoke('POST', `/api/v1/services/${service.id}/scans`, {
          headers: bearer(tokens.service),
          body: { scan_id: `cli-void-${i}`, score: 0, error: 'broken check', time: at(secondsAgo) },
        });
        expect(report.status).toBe(201);
      }
      await fold.caughtUp();
      const filter = ['--from', at(600), '--to', at(-60), '--team', String(service.team.id)];

      const first = await scoring('void', ...filter, ...target);
      expect(first.code, first.stderr).toBe(0);
      const stale = Number(/Preview (\d+): 3 result\(s\) would be voided/.exec(first.stdout)?.[1]);
      const second = await scoring('void', ...filter, ...target);
      const previewId = Number(/Preview (\d+): 3 result\(s\) would be voided/.exec(second.stdout)?.[1]);
      expect(second.stdout).toContain(`--confirm ${previewId}`);

      const applied = await scoring('void', ...filter, '--confirm', String(previewId), ...target);
      expect(applied.code, applied.stderr).toBe(0);
      expect(applied.stdout).toMatch(new RegExp(`Void ${previewId} done: 3 result\\(s\\) voided`));
      const history = (await invoke('GET', `/api/v1/services/${service.id}/scans`, { headers: bearer(tokens.admin) })).json.items as {
        scan_id: string;
        voided: boolean;
      }[];
      expect(history.filter((r) => r.scan_id.startsWith('cli-void-')).map((r) => r.voided)).toEqual([true, true, true]);

      // The first preview's set has changed since (voided by the second): refused, nothing done.
      const refused = await scoring('void', ...filter, '--confirm', String(stale), ...target);
      expect(refused.code).toBe(2);
      expect(refused.stderr).toMatch(/changed since it was made/);
      expect((await scoring('void', '--from', at(0), '--to', at(60), ...target)).stderr).toMatch(/`from` must be before `to`/);
      await fold.caughtUp();
      expect((await scoring('verify', ...target)).code).toBe(0);
    } finally {
      await fold.stop();
    }
  });

  it('records each of its changes in the audit trail as the OS user who ran it', async () => {
    const entries = (await auditPage(500)).items.filter((e) => e.actor.type === 'cli');
    expect(entries.every((e) => e.actor.name === userInfo().username)).toBe(true);
    const actions = entries.map((e) => e.action).reverse();
    expect(actions).toEqual([
      'competition.load',
      'settings.replace',
      'competition.replace',
      'settings.replace',
      'token.create',
      'token.revoke',
      'team-account.create',
      'session.end',
      'team-account.delete',
      'iam.grant',
      'iam.grant',
      'iam.revoke',
      'totals.repair',
      'scans.void',
    ]);
    expect(entries.find((e) => e.action === 'totals.repair')).toMatchObject({
      route: expect.stringMatching(/^scoring verify --repair$/),
      before: { 'points.1': 7 },
      after: { 'points.1': 0 },
    });
    const revoke = entries.find((e) => e.action === 'token.revoke')!;
    expect(revoke.route).toMatch(/^scoring token revoke [0-9a-f]{8}$/);
    expect(entries.find((e) => e.action === 'competition.replace')!.route).toBe(`scoring load ${SAMPLE_COMPETITION} --replace`);
    expect(revoke.before).toMatchObject({ revoked_at: null, name: 'agent-7' });
    expect(JSON.stringify(entries)).not.toMatch(/ccdc_/);
  });

  it('loads a changed file onto the running event: previews the live edits, applies exactly those, keeps every result; refuses what cannot change live and a stale preview', async () => {
    const tokens = await mintTokens();
    const services: { id: number; subtype_id: number; port: number }[] = (await invoke('GET', '/api/v1/services?team=11')).json;
    const ssh = services.find((s) => s.subtype_id === 2)!;
    const fold = await startFold();
    try {
      const report = await invoke('POST', `/api/v1/services/${ssh.id}/scans`, {
        headers: bearer(tokens.service),
        body: { scan_id: 'cli-load-before', score: 7, error: null, time: new Date(Math.floor(Date.now() / 1000) * 1000 - 30_000).toISOString() },
      });
      expect(report.status, JSON.stringify(report.json)).toBe(201);
      await fold.caughtUp();
    } finally {
      await fold.stop();
    }
    const earned = (await listTeamRecords({ consistent: true })).find((t) => t.team.number === 11)!.totals;

    const dir = tempDir('comp-');
    const sample = readFileSync(SAMPLE_COMPETITION, 'utf8');
    const edited = sample
      .replace('competition_name: Regional CCDC Practice Round', 'competition_name: Regional CCDC Final Round')
      .replace('content: "Welcome", reject', 'content: "Welcome to", reject')
      .replace('name: HTTP, super_type_id: 1, max_score: 10', 'name: HTTP, super_type_id: 1, max_score: 12')
      .replace('  - { id: 3, name: Red Team }\n', '  - { id: 3, name: Red Team Findings }\n  - { id: 4, name: Uptime }\n')
      .replace('\nteams:\n', '\n  - { id: 11, name: Printer, super_type_id: 1, max_score: 4, check: tcp, timeout_seconds: 3 }\nteams:\n')
      .replace('name: Root Cause\n', 'name: Root Cause Analysts\n')
      .replace('{ subtype_id: 2, url: shell.team11.ccdc.example, port: 2222 }', '{ subtype_id: 2, url: shell.team11.ccdc.example, port: 2022 }')
      .replace(/ {2}- number: 14\n[\s\S]*?(?= {2}- number: 21)/, '')
      .replace(
        '  - number: 99',
        '  - number: 15\n    name: Late Joiners\n    team_url: team15.ccdc.example\n    pool: range-a\n    services:\n      - { subtype_id: 1, url: www.team15.ccdc.example, port: 8080 }\n      - { subtype_id: 2, url: shell.team15.ccdc.example, port: 2222 }\n      - { subtype_id: 11, url: printer.team15.ccdc.example, port: 9100 }\n  - number: 99',
      );
    // The new team's services are checked from a pool of their own (issue #45).
    const withPools = `${edited.trimEnd()}\npools:\n  - { name: range-a, description: Range A }\n`;
    const file = join(dir, 'edited.yaml');
    writeFileSync(file, withPools);

    const preview = await scoring('load', file, ...target);
    expect(preview.code, preview.stderr).toBe(0);
    const lines = preview.stdout.split('\n').filter((line) => line.startsWith('  - '));
    expect(lines).toEqual([
      '  - settings: competition_name → "Regional CCDC Final Round"',
      '  - super type 3 (Red Team): name → "Red Team Findings"',
      '  - super type 4 (Uptime): add',
      '  - subtype 11 (Printer): add (tcp)',
      '  - subtype 1 (HTTP): replace its check (http)',
      `  - service ${ssh.id} (SSH at shell.team11.ccdc.example:2222): move to shell.team11.ccdc.example:2022`,
      '  - team 12 (Root Cause): name → "Root Cause Analysts"',
      '  - team 15 (Late Joiners): add',
      '  - team 15: add a service of subtype 1 at www.team15.ccdc.example:8080',
      '  - team 15: add a service of subtype 2 at shell.team15.ccdc.example:2222',
      '  - team 15: add a service of subtype 11 at printer.team15.ccdc.example:9100',
      '  - team 14 (Firewall Fiends): hide',
      '  - subtype 1 (HTTP): max_score → 12, and every service of it that follows it',
      '  - pools: as the file says, once the teams and services it adds are in',
    ]);
    const id = /Preview ([0-9a-f]{16})\./.exec(preview.stdout)![1]!;
    expect((await scoring('load', file, '--confirm', 'feedfacefeedface', ...target)).stderr).toMatch(
      /changed since preview feedfacefeedface: nothing was changed/,
    );

    const applied = await scoring('load', file, '--confirm', id, ...target);
    expect(applied.code, applied.stderr).toBe(0);
    expect(applied.stdout).toMatch(/Applied 14 live edit\(s\)/);
    expect((await scoring('load', file, ...target)).stdout).toMatch(/nothing to change/);
    expect((await scoring('load', file, '--confirm', id, ...target)).code).toBe(1);

    const teams = await listTeamRecords({ consistent: true });
    expect(teams.find((t) => t.team.number === 12)!.team.name).toBe('Root Cause Analysts');
    expect(teams.find((t) => t.team.number === 14)!.hidden).toBe(true);
    expect(teams.find((t) => t.team.number === 15)!.services_total).toBe(3);
    const rangeA = (await invoke('GET', '/api/v1/pools/range-a', { headers: bearer(tokens.admin) })).json as { teams: number[]; checks: number[] };
    expect(rangeA.teams).toEqual([teams.find((t) => t.team.number === 15)!.team.id]);
    expect(rangeA.checks).toHaveLength(3);
    // The new SSH service signs in with its subtype's accounts from the file, as a loaded one does.
    const newSsh = (await listServiceEndpoints()).find((s) => s.url === 'shell.team15.ccdc.example')!;
    const accounts = (await invoke('GET', `/api/v1/services/${newSsh.id}/accounts`, { headers: bearer(tokens.admin) })).json.accounts as { username: string }[];
    expect(accounts.map((a) => a.username)).toEqual(['blue', 'operator']);
    expect(teams.find((t) => t.team.number === 11)!.totals).toEqual(earned);
    expect((await invoke('GET', `/api/v1/services/${ssh.id}`)).json).toMatchObject({ port: 2022, points_earned: 7 });
    expect((await getSettings({ consistent: true }))!.settings.competition_name).toBe('Regional CCDC Final Round');
    // Every HTTP service follows its subtype's new points (team 15's, added at 10, too); what was earned stays.
    const http = (await listServiceEndpoints()).filter((s) => s.subtype_id === 1);
    expect(new Set(http.map((s) => s.max_score))).toEqual(new Set([12]));
    const actions = (await auditPage(50)).items.filter((e) => e.route === `scoring load ${file} --confirm ${id}`).map((e) => e.action);
    expect(actions.sort()).toEqual(
      [
        'service.create',
        'service.create',
        'service.create',
        'subtype.create',
        'super-type.create',
        'super-type.update',
        ...Array<string>(1 + http.length).fill('service.update'),
        'settings.update',
        'subtype.check.replace',
        'subtype.update',
        'team.create',
        'team.update',
        'team.update',
        'pools.replace',
      ].sort(),
    );
    expect((await scoring('verify', ...target)).stdout).toMatch(/(\d+) teams checked: \1 match their history/);

    // What no live edit can do refuses the whole file, each reason said; nothing changes.
    writeFileSync(
      file,
      withPools
        .replace('name: HTTP, super_type_id: 1, max_score: 12', 'name: HTTP, super_type_id: 2, max_score: 12')
        .replace(/.*url: dc\.team13.*\n/, '')
        // Two teams' names swapped.
        .replace('name: Packet Wranglers\n', 'name: Placeholder\n')
        .replace('name: Blue Screen Brigade\n', 'name: packet wranglers\n')
        .replace('name: Placeholder\n', 'name: Blue Screen Brigade\n'),
    );
    const refused = await scoring('load', file, ...target);
    expect(refused.code).toBe(1);
    expect(refused.stderr.split('\n').filter((line) => line.startsWith('  - '))).toEqual([
      '  - subtype 1 (HTTP) changes its super_type_id: not yet possible live',
      "  - team 11 (Packet Wranglers) takes the name Blue Screen Brigade, team 13's now: a name is one team's at a time (swap through a third in a load before)",
      "  - team 13 (Blue Screen Brigade) takes the name packet wranglers, team 11's now: a name is one team's at a time (swap through a third in a load before)",
      expect.stringMatching(
        /^ {2}- service \d+ \(team 13 Directory at dc\.team13\.ccdc\.example:3389\) is not in the file: services cannot be removed live yet$/,
      ),
    ]);
    expect(refused.stdout).toBe('');
  });

  it('finalises only after the end unless forced, then writes the final export with its checksums and refuses a reload', async () => {
    const out = tempDir('final-');
    const early = await scoring('finalise', '--out', out, ...target);
    expect(early.code).toBe(2);
    expect(early.stderr).toMatch(/--force/);
    expect((await getSettings())?.final).toBeUndefined();

    const forced = await scoring('finalise', '--force', '--out', out, ...target);
    expect(forced.code, forced.stderr).toBe(0);
    expect(forced.stdout).toMatch(/SHA256SUMS: [0-9a-f]{64}/);
    expect(execFileSync('sha256sum', ['-c', 'SHA256SUMS'], { cwd: out, encoding: 'utf8' }).trim().split('\n')).toHaveLength(5);
    expect((await getSettings())?.final).toBeDefined();
    const [exported, finalised] = (await auditPage(2)).items;
    expect(finalised).toMatchObject({ action: 'competition.finalise', route: `scoring finalise --force --out ${out}` });
    const manifest = readFileSync(join(out, 'SHA256SUMS'), 'utf8');
    expect(exported!.action).toBe('competition.final_export');
    expect(manifest).toContain((exported!.after as { files: Record<string, string> }).files['results.json']);

    const onto = await scoring('load', SAMPLE_COMPETITION, ...target);
    expect(onto.code).toBe(1);
    expect(onto.stderr).toMatch(/finalised at .*: nothing may change\. Nothing was changed\./);
    const reload = await scoring('load', SAMPLE_COMPETITION, '--replace', ...target);
    expect(reload.code).toBe(2);
    expect(reload.stderr).toMatch(/--override-final/);
    const overridden = await scoring('load', SAMPLE_COMPETITION, '--replace', '--override-final', ...target);
    expect(overridden.code, overridden.stderr).toBe(0);
    expect((await getSettings())?.final).toBeUndefined();
  }, 120_000);

  it('explains a bad command or option', async () => {
    expect((await scoring('token', 'create', '--role', 'root', '--name', 'x', ...target)).stderr).toMatch(/--role must be admin, service or agent/);
    expect((await scoring('frobnicate', ...target)).code).toBe(2);
    expect((await scoring('token', 'list', '--colour', ...target)).stderr).toMatch(/Unknown option '--colour'/);
  });

  it('runs as its own process, as npm run scoring does: output on its streams, the exit code its own', async () => {
    const listed = await runTool('bin/scoring.ts', ['token', 'list', ...target]);
    expect(listed.code, listed.stderr).toBe(0);
    expect(listed.stdout).toMatch(/agent-7|No tokens/);
    const refused = await runTool('bin/scoring.ts', ['frobnicate', ...target]);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toMatch(/Unknown command: frobnicate/);
  });
});
