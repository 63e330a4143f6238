/**
 * Blue teams sign in (issue #27): accounts an organiser creates (the password
 * answered once), sign-in with a lock after repeated failures (429 with
 * Retry-After, per account name), sessions bound to one team that reach
 * only its own routes, sign-out and an organiser's "sign them all out", and
 * check output by role: the public reads show a failure's category, the
 * team's own routes its full reason (while the setting allows).
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { forgetFreshCopies } from '#shared/data/fresh';
import { getSettings, saveSettings } from '#shared/data/settings';
import { SIGN_IN_FAILURE_LIMIT, signInLockSeconds } from '#shared/data/sign-in-attempts';
import { mintTokens, TEST_AUDIT, useFreshTable } from '../support/database';
import { startFold } from '../support/fold';
import { bearer, invoke } from '../support/invoke';

const REASON = 'login as blue refused: 530 Login incorrect';
let tokens: { admin: string; service: string };
let fold: Awaited<ReturnType<typeof startFold>>;
let teams: { id: number; number: number }[];
let ftp: Map<number, number>;
let http: Map<number, number>;

const admin = () => bearer(tokens.admin);

beforeAll(async () => {
  await useFreshTable();
  tokens = await mintTokens();
  fold = await startFold();
  teams = (await invoke('GET', '/api/v1/teams')).json;
  const services = (await invoke('GET', '/api/v1/services', { headers: admin() })).json as { id: number; subtype: string; team: { id: number } }[];
  ftp = new Map(services.filter((s) => s.subtype === 'FTP').map((s) => [s.team.id, s.id]));
  http = new Map(services.filter((s) => s.subtype === 'HTTP').map((s) => [s.team.id, s.id]));
  // One failed login check for the first team's FTP, with its reason and category.
  const report = await invoke('POST', `/api/v1/services/${ftp.get(teams[0]!.id)}/scans`, {
    headers: bearer(tokens.service),
    body: { scan_id: 'round-1-ftp', score: 0, error: REASON, category: 'login failed' },
  });
  expect(report.status, report.text).toBe(201);
  await fold.caughtUp();
});
afterAll(async () => {
  await fold?.stop();
});

async function createAccount(teamId: number, name: string) {
  const answer = await invoke('POST', '/api/v1/team-accounts', { headers: admin(), body: { team_id: teamId, name } });
  expect(answer.status, answer.text).toBe(201);
  return answer.json as { id: number; name: string; team_id: number; created_at: string; password: string };
}

const signIn = (name: string, password: string) => invoke('POST', '/api/v1/team/sessions', { body: { name, password } });

describe('team accounts', () => {
  it('are created by an organiser with a generated password answered once, listed without it, unique by name', async () => {
    // A team whose accounts no other test makes.
    const team = teams[4]!.id;
    const account = await createAccount(team, 'Alice');
    expect(account).toEqual({
      id: expect.any(Number),
      name: 'alice',
      role: 'team',
      team_id: team,
      created_at: expect.any(String),
      password: expect.any(String),
    });
    expect(account.password.length).toBeGreaterThanOrEqual(20);
    const listed = await invoke('GET', `/api/v1/team-accounts?team_id=${team}`, { headers: admin() });
    expect(listed.json).toEqual([{ id: account.id, name: 'alice', role: 'team', team_id: team, created_at: account.created_at }]);
    expect(listed.text).not.toContain(account.password);
    const taken = await invoke('POST', '/api/v1/team-accounts', { headers: admin(), body: { team_id: teams[1]!.id, name: 'ALICE' } });
    expect(taken.status).toBe(409);
    expect(taken.json.code).toBe('name_taken');
    const unknown = await invoke('POST', '/api/v1/team-accounts', { headers: admin(), body: { team_id: 999999, name: 'bob' } });
    expect([unknown.status, unknown.json.code]).toEqual([400, 'unknown_team']);
    expect((await invoke('POST', '/api/v1/team-accounts', { headers: bearer(tokens.service), body: { team_id: teams[0]!.id, name: 'eve' } })).status).toBe(403);
  });
});

describe('a signed-in member', () => {
  let member: { token: string };
  beforeAll(async () => {
    const account = await createAccount(teams[0]!.id, 'carol');
    const answer = await signIn('carol', account.password);
    expect(answer.status, answer.text).toBe(201);
    member = answer.json;
    expect(answer.json).toMatchObject({ account: 'carol', team: { id: teams[0]!.id }, expires_at: expect.any(String) });
    expect(answer.json.token).toMatch(/^ccdcs_/);
  });

  it("reads their own team's failures with the full reason, the public only their category", async () => {
    const own = await invoke('GET', `/api/v1/team/${teams[0]!.id}/services`, { headers: bearer(member.token) });
    expect(own.status, own.text).toBe(200);
    expect(own.headers['cache-control']).toBe('no-store');
    const failing = (own.json.services as { id: number; last_scan_error: string; last_scan_reason: string }[]).find((s) => s.id === ftp.get(teams[0]!.id))!;
    expect(failing).toMatchObject({ last_scan_error: 'login failed', last_scan_reason: REASON });
    const history = await invoke('GET', `/api/v1/team/${teams[0]!.id}/scans?service_id=${failing.id}`, { headers: bearer(member.token) });
    expect(history.json.items).toEqual([{ scan_id: 'round-1-ftp', time: expect.any(String), score: 0, error: 'login failed', reason: REASON, voided: false }]);
    // Every public read, for every caller (the session is ignored there), has the category only.
    for (const headers of [{}, bearer(member.token), admin()]) {
      for (const path of ['/api/v1/services', `/api/v1/services/${failing.id}`, `/api/v1/services/${failing.id}/scans`]) {
        const answer = await invoke('GET', path, { headers });
        expect(answer.status).toBe(200);
        expect(answer.text).not.toContain('530 Login incorrect');
        expect(answer.text).toContain('login failed');
      }
    }
  });

  it("reads nothing of another team's, and none of the organisers' routes", async () => {
    const other = teams[1]!.id;
    expect((await invoke('GET', `/api/v1/team/${other}/services`, { headers: bearer(member.token) })).status).toBe(403);
    expect((await invoke('GET', `/api/v1/team/${other}/scans?service_id=${ftp.get(other)}`, { headers: bearer(member.token) })).status).toBe(403);
    // Their own team's path with another team's service is 404, as if it did not exist.
    expect((await invoke('GET', `/api/v1/team/${teams[0]!.id}/scans?service_id=${ftp.get(other)}`, { headers: bearer(member.token) })).status).toBe(404);
    expect((await invoke('GET', '/api/v1/team-accounts', { headers: bearer(member.token) })).status).toBe(403);
    expect((await invoke('GET', '/api/v1/audit', { headers: bearer(member.token) })).status).toBe(403);
    // Organisers read any team's.
    expect((await invoke('GET', `/api/v1/team/${other}/services`, { headers: admin() })).status).toBe(200);
  });

  it('sees reasons only while the setting allows; organisers always do', async () => {
    const path = `/api/v1/team/${teams[0]!.id}/services`;
    const patch = (value: boolean) => invoke('PATCH', '/api/v1/settings/1', { headers: admin(), body: { teams_see_check_details: value } });
    expect((await patch(false)).status).toBe(200);
    forgetFreshCopies(); // the settings' 5 s freshness window, in this process
    const hidden = await invoke('GET', path, { headers: bearer(member.token) });
    expect(hidden.json.details).toBe(false);
    expect(hidden.text).not.toContain('530 Login incorrect');
    const organiser = await invoke('GET', path, { headers: admin() });
    expect(organiser.text).toContain('530 Login incorrect');
    expect((await patch(true)).status).toBe(200);
    forgetFreshCopies();
  });

  it('during a freeze reads frozen scores like anyone, and its own services live', async () => {
    const freeze = async (time: string | null) => {
      const current = (await getSettings({ consistent: true }))!;
      const { id: _id, ...fields } = current.settings;
      // As a competition load writes it: the API takes only a freeze time at least 3 minutes ahead.
      expect(await saveSettings({ ...fields, scoreboard_freeze_time: time }, current, { ...TEST_AUDIT, action: 'settings.update' })).not.toBe('stale');
      forgetFreshCopies();
    };
    await freeze(new Date(Date.now() - 60_000).toISOString().replace(/\.\d{3}Z$/, 'Z'));
    try {
      const board = await invoke('GET', '/api/v1/teams/scoreboard', { headers: bearer(member.token) });
      expect(board.json.frozen).toBe(true);
      expect(board.headers['cache-control']).toMatch(/^public/);
      // A check after the freeze: the team's own route shows it at once (its HTTP's: the other tests read its FTP's failure).
      const service = http.get(teams[0]!.id)!;
      const report = await invoke('POST', `/api/v1/services/${service}/scans`, {
        headers: bearer(tokens.service),
        body: { scan_id: 'after-freeze-http', score: 0, error: 'connect ECONNREFUSED (after the freeze)', category: 'connection refused' },
      });
      expect(report.status).toBe(201);
      await fold.caughtUp();
      const own = await invoke('GET', `/api/v1/team/${teams[0]!.id}/services`, { headers: bearer(member.token) });
      expect(own.text).toContain('(after the freeze)');
    } finally {
      await freeze(null);
    }
  });

  it('signs out: the token is refused from then on', async () => {
    const account = await createAccount(teams[0]!.id, 'dave');
    const session = (await signIn('dave', account.password)).json;
    const who = await invoke('GET', '/api/v1/team/session', { headers: bearer(session.token) });
    expect(who.json).toMatchObject({ account: 'dave', team: { id: teams[0]!.id } });
    expect((await invoke('DELETE', '/api/v1/team/session', { headers: bearer(session.token) })).status).toBe(204);
    expect((await invoke('GET', '/api/v1/team/session', { headers: bearer(session.token) })).status).toBe(401);
    expect((await invoke('GET', `/api/v1/team/${teams[0]!.id}/services`, { headers: bearer(session.token) })).status).toBe(401);
  });

  it("are all signed out by an organiser, and an account's removal ends its own", async () => {
    const team = teams[2]!.id;
    const erin = await createAccount(team, 'erin');
    const frank = await createAccount(team, 'frank');
    const [a, b] = [(await signIn('erin', erin.password)).json, (await signIn('frank', frank.password)).json];
    // Organisers see who is signed in (never a token), then sign them all out.
    const open = await invoke('GET', `/api/v1/teams/${team}/sessions`, { headers: admin() });
    expect(open.json.map((s: { account: string }) => s.account)).toEqual(['erin', 'frank']);
    expect(open.json[0]).toEqual({ session_id: expect.any(String), account: 'erin', created_at: expect.any(String), expires_at: expect.any(String) });
    expect(open.text).not.toContain(a.token);
    expect((await invoke('GET', '/api/v1/teams/9999/sessions', { headers: admin() })).status).toBe(404);
    const ended = await invoke('DELETE', `/api/v1/teams/${team}/sessions`, { headers: admin() });
    expect(ended.json).toEqual({ ended: 2 });
    expect((await invoke('GET', `/api/v1/teams/${team}/sessions`, { headers: admin() })).json).toEqual([]);
    for (const session of [a, b]) expect((await invoke('GET', '/api/v1/team/session', { headers: bearer(session.token) })).status).toBe(401);
    const again = (await signIn('erin', erin.password)).json;
    expect((await invoke('DELETE', `/api/v1/team-accounts/${erin.id}`, { headers: admin() })).status).toBe(204);
    expect((await invoke('GET', '/api/v1/team/session', { headers: bearer(again.token) })).status).toBe(401);
    expect((await signIn('erin', erin.password)).status).toBe(401);
    const audit = (await invoke('GET', '/api/v1/audit?limit=20', { headers: admin() })).json.items as { action: string }[];
    expect(audit.map((e) => e.action)).toEqual(expect.arrayContaining(['team-account.create', 'team-account.delete', 'session.end']));
  });

  it('are signed out when their team is hidden, and may not sign in until it is shown again', async () => {
    const team = teams[3]!.id;
    const ivan = await createAccount(team, 'ivan');
    const session = (await signIn('ivan', ivan.password)).json;
    const setHidden = async (hidden: boolean) => {
      const profile = await invoke('GET', `/api/v1/teams/${team}/profile`, { headers: admin() });
      const edited = await invoke('PATCH', `/api/v1/teams/${team}`, { headers: { ...admin(), 'if-match': profile.headers.etag! }, body: { hidden } });
      expect(edited.status, edited.text).toBe(200);
    };
    await setHidden(true);
    expect((await invoke('GET', '/api/v1/team/session', { headers: bearer(session.token) })).status).toBe(401);
    const refused = await signIn('ivan', ivan.password);
    expect([refused.status, refused.json.code]).toEqual([403, 'team_hidden']);
    // A wrong password is still only a wrong password: the team's state is said to the account's holder alone.
    expect((await signIn('ivan', 'not-the-password')).status).toBe(401);
    // Organisers still reach the team's routes.
    expect((await invoke('GET', `/api/v1/team/${team}/services`, { headers: admin() })).status).toBe(200);
    await setHidden(false);
    const again = await signIn('ivan', ivan.password);
    expect(again.status).toBe(201);
    expect((await invoke('GET', '/api/v1/team/session', { headers: bearer(again.json.token) })).status).toBe(200);
  });
});

describe('sign-in', () => {
  it('refuses a wrong password or an unknown name alike, with 401', async () => {
    await createAccount(teams[1]!.id, 'grace');
    const wrong = await signIn('grace', 'not-the-password');
    const unknown = await signIn('nobody', 'not-the-password');
    expect([wrong.status, unknown.status]).toEqual([401, 401]);
    expect(wrong.json.detail).toBe(unknown.json.detail);
  });

  it('locks a name after repeated failures (429, Retry-After), whatever the password, for the documented 5 minutes', async () => {
    const account = await createAccount(teams[1]!.id, 'heidi');
    expect(signInLockSeconds()).toBe(300);
    const statuses: number[] = [];
    const started = Date.now();
    // 300 attempts, 50 at a time: the first LIMIT are checked (401), every later one is refused unchecked.
    for (let i = 0; i < 300; i += 50) {
      const batch = await Promise.all(Array.from({ length: 50 }, () => signIn('heidi', 'guess')));
      statuses.push(...batch.map((a) => a.status));
      const refused = batch.find((a) => a.status === 429);
      if (refused) expect(Number(refused.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    }
    expect(statuses.slice(0, 50).filter((s) => s === 401)).toHaveLength(SIGN_IN_FAILURE_LIMIT);
    expect(statuses.filter((s) => s === 401)).toHaveLength(SIGN_IN_FAILURE_LIMIT);
    expect(statuses.filter((s) => s === 429)).toHaveLength(300 - SIGN_IN_FAILURE_LIMIT);
    // Locked: the right password too, until the delay has passed.
    const locked = await signIn('heidi', account.password);
    expect(locked.status).toBe(429);
    const retryAfter = Number(locked.headers['retry-after']);
    // What is left of the 5 minutes: the lock began during the attempts (a busy machine takes seconds over them).
    expect(retryAfter).toBeGreaterThanOrEqual(300 - Math.ceil((Date.now() - started) / 1000) - 1);
    expect(retryAfter).toBeLessThanOrEqual(300);
    // The clock moves on (the handlers' clock: they run in this process), rather than the test waiting 5 minutes.
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + (retryAfter - 2) * 1000 });
    try {
      expect((await signIn('heidi', account.password)).status).toBe(429);
      vi.setSystemTime(Date.now() + 3000);
      expect((await signIn('heidi', account.password)).status).toBe(201);
    } finally {
      vi.useRealTimers();
    }
    // Another name was never locked by it.
    expect((await signIn('grace', 'still wrong')).status).toBe(401);
  });
});
