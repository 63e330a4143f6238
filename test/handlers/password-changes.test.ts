/**
 * Password change requests (issue #27): a signed-in team member sends the new
 * password of one of its check accounts, or a pasted list; the setting
 * decides whether it applies at once, after a delay or on an organiser's
 * approval; applied, it is what the agent's secrets read gives from then on.
 * Organisers list, approve, reject and reset. Then the leak scan: no password
 * of a request or of a team account in any other answer, log line, audit
 * entry or the table in the clear.
 */
import { startSession } from '#shared/data/sessions';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { forgetFreshCopies } from '#shared/data/fresh';
import { logSink } from '#shared/log';
import { handler as applyDue } from '../../functions/scheduled/apply-due-password-changes';
import { mintTokens, useFreshTable } from '../support/database';
import { bearer, invoke } from '../support/invoke';
import { expectWaitingAsListed } from '../support/waiting';
import { everythingSeen, spellings } from '../support/leak-scan';

const PASSWORDS = {
  ftp: 'Pcr-Ftp-7d41c9',
  quoted: 'pa,ss"wo rd-Pcr-58e2',
  approved: 'Pcr-Approved-3b90aa',
  rejected: 'Pcr-Rejected-e61f04',
  delayed: 'Pcr-Delayed-0c7d25',
  added: 'Pcr-Added-94ab1e',
  refused: 'Pcr-Refused-2f6c83',
  odd: 'Pcr-Constructor-71d0e3',
  failed: 'Pcr-Failed-c2b958',
};

let tokens: { admin: string; service: string };
let team: { id: number; number: number };
let other: { id: number };
let member: string;
let memberPassword: string;
let services: { id: number; subtype: string; team: { id: number } }[];
/** The settings of this file's subject as the sample loads them: each test starts from them. */
let loaded: Record<string, unknown>;
const logged: string[] = [];
/** Every answer of this file but the account's creation (it carries the member's password, once), for the leak scan. */
const answers: string[] = [];
const writeLog = logSink.write;

async function call(...args: Parameters<typeof invoke>) {
  const answer = await invoke(...args);
  if (args[1] !== '/api/v1/services/accounts') answers.push(`${args[0]} ${args[1]} ${answer.status} ${JSON.stringify(answer.headers)} ${answer.text}`);
  return answer;
}

const admin = () => bearer(tokens.admin);
const serviceOf = (subtype: string, teamId = team.id) => services.find((s) => s.subtype === subtype && s.team.id === teamId)!.id;
/** What the agent's read of the secrets gives for a service. */
const agentAccounts = async (serviceId: number) =>
  (await invoke('GET', '/api/v1/services/accounts', { headers: bearer(tokens.service) })).json.services[String(serviceId)] as {
    username: string;
    password?: string;
  }[];
const settings = async (patch: Record<string, unknown>) => {
  expect((await call('PATCH', '/api/v1/settings/1', { headers: admin(), body: patch })).status).toBe(200);
  forgetFreshCopies();
};
const request = (body: unknown, token = member) => call('POST', `/api/v1/team/${team.id}/password-changes`, { headers: bearer(token), body });

beforeAll(async () => {
  process.env.LOG_LEVEL = 'info';
  logSink.write = (line) => logged.push(line) > 0;
  await useFreshTable();
  tokens = await mintTokens();
  const teams = (await invoke('GET', '/api/v1/teams')).json as { id: number; number: number }[];
  team = teams.find((t) => t.number === 11)!;
  other = teams.find((t) => t.number === 12)!;
  services = (await invoke('GET', '/api/v1/services', { headers: admin() })).json;
  const account = await invoke('POST', '/api/v1/team-accounts', { headers: admin(), body: { team_id: team.id, name: 'kim' } });
  memberPassword = account.json.password;
  member = (await call('POST', '/api/v1/team/sessions', { body: { name: 'kim', password: memberPassword } })).json.token;
  const { password_changes, password_changes_may_add_users, password_change_delay_seconds } = (await invoke('GET', '/api/v1/settings/1', { headers: admin() }))
    .json;
  loaded = { password_changes, password_changes_may_add_users, password_change_delay_seconds };
});
beforeEach(() => settings(loaded));
afterAll(() => {
  process.env.LOG_LEVEL = 'silent';
  logSink.write = writeLog;
});

/** A request rejected by an organiser, one applied at once and an account reset: what the audit test and the leak scan read. */
async function requestRejectApplyReset() {
  await settings({ password_changes: 'approval' });
  const waiting = await request({ changes: [{ service: 'Database', username: 'shop', password: PASSWORDS.rejected }] });
  expect(waiting.json.state).toBe('pending');
  const rejected = await call('POST', `/api/v1/password-changes/${waiting.json.id}/reject`, { headers: admin(), body: { reason: 'not now' } });
  expect(rejected.json.state).toBe('rejected');
  await settings({ password_changes: 'immediate' });
  const ftp = serviceOf('FTP');
  expect((await request({ changes: [{ service: ftp, username: 'files', password: PASSWORDS.ftp }] })).json.state).toBe('applied');
  expect((await call('POST', `/api/v1/services/${ftp}/accounts/reset`, { headers: admin(), body: { username: 'files' } })).status).toBe(200);
}

describe('a password change request', () => {
  it('applies at once by default: the agent signs in with the new password from its next read', async () => {
    expect(loaded.password_changes).toBe('immediate');
    const ftp = serviceOf('FTP');
    expect(await agentAccounts(ftp)).toEqual([{ username: 'files', password: 'Sample-Files-Pa55' }]);
    const version = (await call('GET', `/api/v1/services/${ftp}/accounts`, { headers: admin() })).json.version;
    const answer = await request({ changes: [{ service: 'ftp', username: 'files', password: PASSWORDS.ftp }] });
    expect(answer.status, answer.text).toBe(201);
    expect(answer.json).toMatchObject({
      team_id: team.id,
      state: 'applied',
      mode: 'immediate',
      requested_by: 'kim',
      changes: [{ service_id: ftp, subtype: 'FTP', username: 'files', new_account: false }],
    });
    expect(await agentAccounts(ftp)).toEqual([{ username: 'files', password: PASSWORDS.ftp }]);
    // The admins' view of the accounts moved on: a new version, the user's set_at.
    const view = await call('GET', `/api/v1/services/${ftp}/accounts`, { headers: admin() });
    expect(view.json.version).toBe(version + 1);
  });

  it('takes a pasted list (RFC 4180: a header, quoted commas and quotes), by subtype name or service id', async () => {
    const ssh = serviceOf('SSH');
    const list = `service,username,password\r\n${ssh},operator,"${PASSWORDS.quoted.replace(/"/g, '""')}"\r\nSSH,blue,"${PASSWORDS.quoted.replace(/"/g, '""')}"\r\n`;
    const answer = await request({ list });
    expect(answer.status, answer.text).toBe(201);
    expect(answer.json.changes.map((c: { username: string }) => c.username)).toEqual(['operator', 'blue']);
    expect(await agentAccounts(ssh)).toEqual([
      { username: 'blue', password: PASSWORDS.quoted },
      { username: 'operator', password: PASSWORDS.quoted },
    ]);
  });

  it('is refused whole, each bad row with its reason, for a user or service the team does not have; nothing changes', async () => {
    const before = (await call('GET', `/api/v1/team/${team.id}/password-changes`, { headers: bearer(member) })).json.length;
    const database = await agentAccounts(serviceOf('Database'));
    const answer = await request({
      changes: [
        { service: 'Database', username: 'shop', password: PASSWORDS.refused },
        { service: 'Database', username: 'root', password: PASSWORDS.refused },
        { service: serviceOf('FTP', other.id), username: 'files', password: PASSWORDS.refused },
        { service: 'DNS', username: 'x', password: PASSWORDS.refused },
      ],
    });
    expect(answer.status).toBe(400);
    expect(answer.json.errors.map((e: { path: string }) => e.path)).toEqual(['changes.1', 'changes.2', 'changes.3']);
    expect(answer.json.errors[0].message).toMatch(/has no such user: its check signs in as shop/);
    const badList = await request({ list: 'Database,shop\nDatabase,shop,"unclosed' });
    expect(badList.status).toBe(400);
    expect(badList.json.errors.map((e: { path: string }) => e.path)).toEqual(['list line 2']);
    expect((await call('GET', `/api/v1/team/${team.id}/password-changes`, { headers: bearer(member) })).json).toHaveLength(before);
    expect(await agentAccounts(serviceOf('Database'))).toEqual(database);
    // Another team's member, or the agent, may not ask for this team.
    const outsider = await invoke('POST', '/api/v1/team-accounts', { headers: admin(), body: { team_id: other.id, name: 'lee' } });
    const session = (await invoke('POST', '/api/v1/team/sessions', { body: { name: 'lee', password: outsider.json.password } })).json.token;
    expect((await request({ changes: [{ service: 'FTP', username: 'files', password: PASSWORDS.refused }] }, session)).status).toBe(403);
    expect((await request({ changes: [{ service: 'FTP', username: 'files', password: PASSWORDS.refused }] }, tokens.service)).status).toBe(403);
  });

  it('waits for an organiser when the settings say so: approved it applies, rejected it never does', async () => {
    await settings({ password_changes: 'approval' });
    const db = serviceOf('Database');
    const waiting = await request({ changes: [{ service: db, username: 'shop', password: PASSWORDS.approved }] });
    expect(waiting.json).toMatchObject({ state: 'pending', mode: 'approval' });
    expect(await agentAccounts(db)).toEqual([{ username: 'shop', password: 'Sample-Shop-Pa55' }]);
    const pending = (await call('GET', '/api/v1/password-changes?state=pending', { headers: admin() })).json as { id: number }[];
    expect(pending.map((p) => p.id)).toEqual([waiting.json.id]);
    expect((await expectWaitingAsListed(admin())).password_changes).toBe(1);
    expect((await call('GET', '/api/v1/password-changes', { headers: bearer(member) })).status).toBe(403);
    const approved = await call('POST', `/api/v1/password-changes/${waiting.json.id}/approve`, { headers: admin() });
    expect(approved.json).toMatchObject({ state: 'applied', decided_by: expect.stringContaining('test admin') });
    expect(await agentAccounts(db)).toEqual([{ username: 'shop', password: PASSWORDS.approved }]);
    expect((await call('POST', `/api/v1/password-changes/${waiting.json.id}/approve`, { headers: admin() })).status).toBe(409);

    const second = await request({ changes: [{ service: db, username: 'shop', password: PASSWORDS.rejected }] });
    const rejected = await call('POST', `/api/v1/password-changes/${second.json.id}/reject`, {
      headers: admin(),
      body: { reason: 'not during the red-team window' },
    });
    expect(rejected.json).toMatchObject({ state: 'rejected', reason: 'not during the red-team window' });
    expect(await agentAccounts(db)).toEqual([{ username: 'shop', password: PASSWORDS.approved }]);
    // Two waiting for the same account: the later one approved first, the earlier can no longer apply over it.
    const older = await request({ changes: [{ service: db, username: 'shop', password: PASSWORDS.rejected }] });
    const newer = await request({ changes: [{ service: db, username: 'shop', password: PASSWORDS.approved }] });
    expect((await call('POST', `/api/v1/password-changes/${newer.json.id}/approve`, { headers: admin() })).status).toBe(200);
    const late = await call('POST', `/api/v1/password-changes/${older.json.id}/approve`, { headers: admin() });
    expect([late.status, late.json.code]).toEqual([409, 'superseded']);
    expect(await agentAccounts(db)).toEqual([{ username: 'shop', password: PASSWORDS.approved }]);
    await call('POST', `/api/v1/password-changes/${older.json.id}/reject`, { headers: admin(), body: { reason: 'superseded' } });
    expect((await expectWaitingAsListed(admin())).password_changes).toBe(0);
    const history = (await call('GET', `/api/v1/team/${team.id}/password-changes`, { headers: bearer(member) })).json as { id: number; state: string }[];
    expect(history.slice(0, 4).map((h) => [h.id, h.state])).toEqual([
      [newer.json.id, 'applied'],
      [older.json.id, 'rejected'],
      [second.json.id, 'rejected'],
      [waiting.json.id, 'applied'],
    ]);
  });

  it('applies after the delay when the settings say so (the every-minute job)', async () => {
    await settings({ password_changes: 'delayed', password_change_delay_seconds: 1 });
    const imap = serviceOf('IMAP');
    const waiting = await request({ changes: [{ service: 'IMAP', username: 'blue', password: PASSWORDS.delayed }] });
    expect(waiting.json).toMatchObject({ state: 'pending', mode: 'delayed', apply_at: expect.any(String) });
    // The job's clock is the event's time: a millisecond before the request's apply_at, then at it (a loaded run's own clock may pass either).
    const applyAt = Date.parse(waiting.json.apply_at);
    expect(applyAt - Date.parse(waiting.json.requested_at)).toBe(1_000);
    expect(await applyDue({ time: new Date(applyAt - 1).toISOString() })).toEqual({ applied: 0, rejected: 0, failed: 0, left: 0 });
    expect(await agentAccounts(imap)).not.toContainEqual({ username: 'blue', password: PASSWORDS.delayed });
    expect(await applyDue({ time: new Date(applyAt).toISOString() })).toEqual({ applied: 1, rejected: 0, failed: 0, left: 0 });
    expect(await agentAccounts(imap)).toEqual([{ username: 'blue', password: PASSWORDS.delayed }]);
  });

  it('adds a user the service lacks only when allowed, and an organiser resets accounts to their defaults', async () => {
    await settings({ password_changes: 'immediate', password_changes_may_add_users: true });
    const ftp = serviceOf('FTP');
    const before = await agentAccounts(ftp);
    const added = await request({ changes: [{ service: ftp, username: 'backup', password: PASSWORDS.added }] });
    expect(added.json.changes[0]).toMatchObject({ username: 'backup', new_account: true });
    expect(await agentAccounts(ftp)).toEqual([...before, { username: 'backup', password: PASSWORDS.added }]);
    const path = `/api/v1/services/${ftp}/accounts/reset`;
    expect((await call('POST', path, { headers: admin(), body: { username: 'backup' } })).status).toBe(200);
    const reset = await call('POST', path, { headers: admin(), body: { username: 'files' } });
    expect(reset.json.accounts.map((a: { username: string }) => a.username)).toEqual(['files']);
    expect(await agentAccounts(ftp)).toEqual([{ username: 'files', password: 'Sample-Files-Pa55' }]);
    expect((await call('POST', path, { headers: admin(), body: { username: 'nobody' } })).status).toBe(404);
    expect((await call('POST', path, { headers: bearer(member), body: { username: 'files' } })).status).toBe(403);
  });

  it("takes user names as data (a user named constructor is a user), refuses __proto__, and caps a pasted list at the JSON form's 50 rows; nothing is left pending", async () => {
    await settings({ password_changes: 'immediate', password_changes_may_add_users: true });
    const ssh = serviceOf('SSH');
    const odd = await request({ changes: [{ service: ssh, username: 'constructor', password: PASSWORDS.odd }] });
    expect([odd.status, odd.json.state], odd.text).toEqual([201, 'applied']);
    expect(await agentAccounts(ssh)).toContainEqual({ username: 'constructor', password: PASSWORDS.odd });
    expect((await call('POST', `/api/v1/services/${ssh}/accounts/reset`, { headers: admin(), body: { username: 'constructor' } })).status).toBe(200);
    expect((await agentAccounts(ssh)).map((a) => a.username)).not.toContain('constructor');
    const proto = await request({ list: `${ssh},__proto__,${PASSWORDS.refused}` });
    expect([proto.status, proto.json.errors[0].path]).toEqual([400, 'list line 1 username']);
    const lines = (n: number) => Array.from({ length: n }, (_, i) => `${ssh},u${i},p`).join('\n');
    for (const n of [60, 2069]) {
      const tooMany = await request({ list: lines(n) });
      expect([tooMany.status, tooMany.json.errors]).toEqual([400, [{ path: 'list', message: `holds ${n} lines: at most 50 accounts in one request` }]]);
    }
    // And no service gets more accounts than a competition file may give it.
    const crowd = await request({ changes: Array.from({ length: 30 }, (_, i) => ({ service: ssh, username: `crowd${i}`, password: 'p' })) });
    expect(crowd.status).toBe(400);
    expect(crowd.json.errors[0].message).toMatch(/more than 20 accounts/);
    const pending = await call('GET', `/api/v1/password-changes?state=pending`, { headers: admin() });
    expect(pending.json).toEqual([]);
  });

  it('fails a request it cannot apply, with its reason, for the team and the organisers, never leaving it pending', async () => {
    await settings({ password_changes: 'approval' });
    const imap = serviceOf('IMAP');
    const sent = await request({ changes: [{ service: imap, username: 'blue', password: PASSWORDS.failed }] });
    expect(sent.json.state).toBe('pending');
    // Its sealed passwords gone, as a store gone wrong would leave it: applying it can only fail.
    const { db, tableName } = await import('#shared/data/client');
    const { UpdateCommand } = await import('@aws-sdk/lib-dynamodb');
    const { keys } = await import('#shared/data/keys');
    const { pk, sk } = keys.passwordChange(team.id, sent.json.id);
    await db().send(new UpdateCommand({ TableName: tableName(), Key: { pk, sk }, UpdateExpression: 'REMOVE sealed' }));
    const approved = await call('POST', `/api/v1/password-changes/${sent.json.id}/approve`, { headers: admin() });
    expect(approved.status, approved.text).toBe(200);
    expect(approved.json).toMatchObject({ state: 'failed', reason: expect.stringMatching(/could not be applied/) });
    const teamView = (await call('GET', `/api/v1/team/${team.id}/password-changes`, { headers: bearer(member) })).json as { id: number; state: string }[];
    expect(teamView.find((c) => c.id === sent.json.id)).toMatchObject({ state: 'failed', reason: expect.any(String) });
    expect((await call('GET', '/api/v1/password-changes?state=failed', { headers: admin() })).json.map((c: { id: number }) => c.id)).toContain(sent.json.id);
    expect((await call('GET', '/api/v1/password-changes?state=pending', { headers: admin() })).json).toEqual([]);
    expect(await agentAccounts(imap)).not.toContainEqual({ username: 'blue', password: PASSWORDS.failed });
    // The every-minute job settles one it finds the same way, rather than trying it again every minute.
    await settings({ password_changes: 'delayed', password_change_delay_seconds: 1 });
    const delayed = await request({ changes: [{ service: imap, username: 'blue', password: PASSWORDS.failed }] });
    const later = keys.passwordChange(team.id, delayed.json.id);
    await db().send(new UpdateCommand({ TableName: tableName(), Key: { pk: later.pk, sk: later.sk }, UpdateExpression: 'REMOVE sealed' }));
    const due = new Date(Date.parse(delayed.json.apply_at)).toISOString();
    expect(await applyDue({ time: due })).toEqual({ applied: 0, rejected: 0, failed: 1, left: 0 });
    expect(await applyDue({ time: due })).toEqual({ applied: 0, rejected: 0, failed: 0, left: 0 });
  });

  it('is audited: requested, applied, rejected and reset, never with a password', async () => {
    await requestRejectApplyReset();
    const audit = (await call('GET', '/api/v1/audit?limit=100', { headers: admin() })).json.items as { action: string; actor: { type: string } }[];
    const actions = new Set(audit.map((e) => e.action));
    for (const action of ['password-change.request', 'password-change.apply', 'password-change.reject', 'accounts.reset']) expect(actions).toContain(action);
    expect(audit.find((e) => e.action === 'password-change.request')!.actor.type).toBe('session');
  });

  it('leaves no password of a request or a team account in any other answer, the audit trail, the export, a log line or the table in the clear', async () => {
    // Passwords requested, rejected and applied, whatever ran before.
    await requestRejectApplyReset();
    const everything = await everythingSeen({
      get: (path, headers) => call('GET', path, { headers }),
      ids: { team: team.id, service: serviceOf('FTP') },
      callers: [{}, admin(), bearer(tokens.service), bearer(member), bearer((await startSession({ name: 'leak-red', home: 'red' })).token)],
      also: [...logged, ...answers],
    });
    expect(everything).toContain('password-change.apply');
    expect(everything).toContain('"username":"files"');
    for (const secret of [...Object.values(PASSWORDS), memberPassword].flatMap(spellings)) expect(everything).not.toContain(secret);
  });
});
