/**
 * Check accounts (issue #25): loaded from the competition file (a subtype's
 * as the default, a service's own over it), sealed per service, listed to
 * admins without their secrets, and opened by one route only, for the agent.
 * Then the leak scan: with known secrets loaded, every other read of the API
 * (anonymous and as an admin), the audit trail, the results export, the
 * OpenAPI description, every log line written meanwhile and the table's own
 * items are searched for them, and none is found.
 */
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { forgetFreshCopies } from '#shared/data/fresh';
import { logSink } from '#shared/log';
import type { Competition } from '#shared/domain/competition';
import { mintTokens, sampleCompetition, TEST_AUDIT, useFreshTable } from '../support/database';
import { createToken } from '#shared/data/tokens';
import { startSession } from '#shared/data/sessions';
import { bearer, invoke } from '../support/invoke';
import { everythingSeen, spellings } from '../support/leak-scan';

const SECRETS = {
  shared: 'Shared-Pa55-7f3a9c',
  key: 'OPENSSH-KEY-BODY-5e1d0b27',
  own: 'Own-Pa55-c4e8a1',
  changed: 'Changed-Pa55-90b2d4',
  added: 'Added-Pa55-1c7e35',
  refused: 'Refused-Pa55-6a0f88',
};
const PRIVATE_KEY = `-----BEGIN OPENSSH PRIVATE KEY-----\n${SECRETS.key}\n-----END OPENSSH PRIVATE KEY-----\n`;

let tokens: { admin: string; service: string };
let ssh: { id: number; team: { number: number } }[];
let own: number;
const sshOfTeam = (number: number) => ssh.find((s) => s.team.number === number)!.id;
const logged: string[] = [];
/** Every answer of this file's writes (bodies and headers), for the leak scan. */
const answers: string[] = [];
const writeLog = logSink.write;

beforeAll(async () => {
  // Every log line from here on, at the level Lambda logs at (the suite runs silent).
  process.env.LOG_LEVEL = 'info';
  logSink.write = (line) => logged.push(line) > 0;
  const competition: Competition = sampleCompetition();
  const subtype = competition.subtypes.find((s) => s.name === 'SSH')!;
  // The SSH services' accounts alone: the sample's FTP and database ones would only blur what each test looks at.
  for (const other of competition.subtypes) if (other !== subtype) delete other.accounts;
  subtype.accounts = [
    { username: 'blue', password: SECRETS.shared },
    { username: 'deploy', private_key: PRIVATE_KEY },
  ];
  const team12 = competition.teams.find((t) => t.number === 12)!;
  team12.services.find((s) => s.subtype_id === subtype.id)!.accounts = [{ username: 'team12', password: SECRETS.own }];
  await useFreshTable(competition);
  tokens = await mintTokens();
  const services = (await invoke('GET', '/api/v1/services', { headers: bearer(tokens.admin) })).json as {
    id: number;
    subtype: string;
    team: { number: number };
  }[];
  ssh = services.filter((s) => s.subtype === 'SSH');
  own = ssh.find((s) => s.team.number === 12)!.id;
});
/** invoke, keeping every answer but the secrets route's for the leak scan. */
async function call(...args: Parameters<typeof invoke>) {
  const answer = await invoke(...args);
  if (args[1] !== '/api/v1/services/accounts') answers.push(`${args[0]} ${args[1]} ${answer.status} ${JSON.stringify(answer.headers)} ${answer.text}`);
  return answer;
}

afterAll(() => {
  process.env.LOG_LEVEL = 'silent';
  logSink.write = writeLog;
});

/**
 * Sets a service's accounts with If-Match (a changed password, an added user), refuses a bad body, removes them and
 * sets them again, checking each answer: the writes whose answers, audit entries and log lines the leak scan reads.
 * The service is one no other test reads the accounts of (its version starts at 1).
 */
async function rewriteAccounts(service: number) {
  const path = `/api/v1/services/${service}/accounts`;
  const before = await call('GET', path, { headers: bearer(tokens.admin) });
  const body = {
    accounts: [
      { username: 'team12', password: SECRETS.changed },
      { username: 'backup', password: SECRETS.added },
    ],
  };
  const stale = await call('PUT', path, { headers: { ...bearer(tokens.admin), 'if-match': '"stale"' }, body });
  expect(stale.status).toBe(412);
  const set = await call('PUT', path, { headers: { ...bearer(tokens.admin), 'if-match': before.headers.etag! }, body });
  expect(set.status, set.text).toBe(200);
  expect(set.json).toEqual({
    version: 2,
    accounts: [
      { username: 'team12', credential: 'password', set_at: expect.any(String) },
      { username: 'backup', credential: 'password', set_at: expect.any(String) },
    ],
  });
  expect(set.headers.etag).not.toBe(before.headers.etag);
  // The old ETag no longer matches: a second admin holding it gets 412, not a silent overwrite.
  expect((await call('PUT', path, { headers: { ...bearer(tokens.admin), 'if-match': before.headers.etag! }, body })).status).toBe(412);
  const secrets = (await call('GET', '/api/v1/services/accounts', { headers: bearer(tokens.service) })).json.services;
  expect(secrets[String(service)]).toEqual(body.accounts);
  const audit = (await call('GET', '/api/v1/audit?limit=10', { headers: bearer(tokens.admin) })).json.items as {
    action: string;
    target: string;
    after: any;
  }[];
  const entry = audit.find((e) => e.action === 'accounts.replace' && e.target === `services/${service}/accounts`)!;
  expect(entry.after).toMatchObject({ version: 2, secrets_set: ['team12', 'backup'] });
  // A service's accounts are an admin's to change; a bad body says which field, and changes nothing.
  expect((await call('PUT', path, { headers: bearer(tokens.service), body })).status).toBe(403);
  const bad = await call('PUT', path, {
    headers: bearer(tokens.admin),
    body: { accounts: [{ username: 'x', password: SECRETS.refused, private_key: 'nope' }] },
  });
  expect(bad.status).toBe(400);
  expect(bad.text).not.toContain(SECRETS.refused);
  expect((await call('GET', path, { headers: bearer(tokens.admin) })).json.version).toBe(2);
  // Removed: the agent gets none for it; a second delete finds none.
  const current = (await call('GET', path, { headers: bearer(tokens.admin) })).headers.etag!;
  expect((await call('DELETE', path, { headers: { ...bearer(tokens.admin), 'if-match': current } })).status).toBe(204);
  expect((await call('GET', '/api/v1/services/accounts', { headers: bearer(tokens.service) })).json.services[String(service)]).toBeUndefined();
  expect((await call('DELETE', path, { headers: bearer(tokens.admin) })).status).toBe(404);
  expect((await call('GET', path, { headers: bearer(tokens.admin) })).status).toBe(404);
  // With an ETag there is nothing to match now: a stale client cannot create them back.
  expect(
    (await call('PUT', path, { headers: { ...bearer(tokens.admin), 'if-match': current }, body: { accounts: [{ username: 'x', password: 'y' }] } })).status,
  ).toBe(412);
  // And set again from nothing: a creation, version 1 again.
  const created = await call('PUT', path, { headers: bearer(tokens.admin), body: { accounts: [{ username: 'team12', password: SECRETS.changed }] } });
  expect(created.status).toBe(200);
  expect(created.json.version).toBe(1);
}

describe('check accounts', () => {
  it('are opened for the agent (and admins) by GET /services/accounts: a service’s own over its subtype’s', async () => {
    const answer = await call('GET', '/api/v1/services/accounts', { headers: bearer(tokens.service) });
    expect(answer.status).toBe(200);
    expect(answer.headers['cache-control']).toBe('no-store');
    const byService = (answer.json as { services: Record<string, unknown> }).services;
    expect(Object.keys(byService).sort()).toEqual(ssh.map((s) => String(s.id)).sort());
    expect(byService[String(own)]).toEqual([{ username: 'team12', password: SECRETS.own }]);
    const other = ssh.find((s) => s.id !== own)!;
    expect(byService[String(other.id)]).toEqual([
      { username: 'blue', password: SECRETS.shared },
      { username: 'deploy', private_key: PRIVATE_KEY },
    ]);
    expect((await call('GET', '/api/v1/services/accounts', { headers: bearer(tokens.admin) })).status).toBe(200);
    expect((await call('GET', '/api/v1/services/accounts')).status).toBe(401);
  });

  it('are listed to admins without their secrets, per service, with their version', async () => {
    const other = ssh.find((s) => s.id !== own)!;
    const listed = await call('GET', `/api/v1/services/${other.id}/accounts`, { headers: bearer(tokens.admin) });
    expect(listed.json).toEqual({
      version: 1,
      accounts: [
        { username: 'blue', credential: 'password', set_at: expect.any(String) },
        { username: 'deploy', credential: 'private key', set_at: expect.any(String) },
      ],
    });
    expect((await call('GET', `/api/v1/services/${own}/accounts`, { headers: bearer(tokens.admin) })).json.accounts).toEqual([
      { username: 'team12', credential: 'password', set_at: expect.any(String) },
    ]);
    expect((await call('GET', `/api/v1/services/${own}/accounts`, { headers: bearer(tokens.service) })).status).toBe(403);
    expect((await call('GET', '/api/v1/services/999999/accounts', { headers: bearer(tokens.admin) })).status).toBe(404);
  });

  it('are set by an admin with If-Match (a changed password, an added user), audited without the secret, and removed', async () => {
    await rewriteAccounts(sshOfTeam(13));
  });

  it('leave no secret in any other answer, the audit trail, the results export, the description, a log line or the table in the clear', async () => {
    // The writes of secrets whose answers, audit entries and log lines are scanned, whatever ran before.
    await rewriteAccounts(sshOfTeam(14));
    // A member of the team scanned, its debrief released (issue #62): the debrief is read as its members read it.
    const team = (await call('GET', '/api/v1/teams')).json[0].id as number;
    const release = (shown: string) => call('PATCH', '/api/v1/settings/1', { headers: bearer(tokens.admin), body: { debriefs_shown: shown } });
    expect((await release('now')).status).toBe(200);
    onTestFinished(async () => void (await release('after_finalise')));
    forgetFreshCopies();
    const everything = await everythingSeen({
      get: (path, headers) => call('GET', path, { headers }),
      ids: { team, service: own },
      // A pool's agent too (issue #45): it reads its pool's secrets from the secrets route only. And a red team member
      // (issue #47): the public's reads and the red team's own.
      callers: [
        {},
        bearer(tokens.admin),
        bearer(tokens.service),
        bearer((await createToken({ role: 'agent', pool: 'cloud', name: 'leak agent', expiresAt: null, audit: TEST_AUDIT })).token),
        bearer((await startSession({ name: 'leak-red', home: 'red' })).token),
        bearer((await startSession({ name: 'leak-member', home: team })).token),
      ],
      also: [...logged, ...answers],
    });
    expect(everything).toMatch(/GetTeamDebrief 200 .*"standing"/);
    // The scan saw what it should: the accounts' summaries, the audit trail, log lines.
    expect(everything).toContain('"username":"deploy"');
    expect(everything).toContain('competition.load');
    expect(logged.length).toBeGreaterThan(0);
    for (const secret of Object.values(SECRETS).flatMap(spellings)) expect(everything).not.toContain(secret);
  });
});
