/**
 * The red team's persistence (issue #63): a red team member opens a beacon
 * on a team host with networks and gets its token once; the implant checks
 * in with it from the team's networks (the address as the CDN stand-in
 * vouches for it, decision 0085); the round's first check-in takes
 * `beacon_points_per_round` off the team's Red Team score through the fold,
 * once however many calls, within the team's cap; a quiet beacon closes;
 * organisers void one's deductions; the team sees its beacons when the
 * settings say; `verify` agrees; the token is never shown again.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it, onTestFinished } from 'vitest';
import { checkIn } from '#shared/app/beacons';
import { BEACONS_PER_HOUR } from '#shared/domain/beacons';
import { takeFromWindow } from '#shared/data/team-limits';
import { verifyTotals } from '#shared/app/verify';
import { teamBeaconDeductions } from '#shared/data/beacons';
import { logSink } from '#shared/log';
import { VIEWER_ADDRESS_HEADER, VIEWER_TRUST_HEADER } from '#shared/http/viewer-address';
import { exportResults } from '../../lib/local/results-export';
import { mintTokens, useFreshTable } from '../support/database';
import { unfinalise } from '../support/final';
import { startFold } from '../support/fold';
import { bearer, invoke, signedInMember } from '../support/invoke';
import { everythingSeen, spellings } from '../support/leak-scan';
import { changeSettings, iso } from './competition';

let admin: Record<string, string>;
let service: Record<string, string>;
let red: Record<string, string>;
let member: Record<string, string>;
let fold: Awaited<ReturnType<typeof startFold>>;
let team: { id: number; number: number };
let other: { id: number; number: number };
const RED_TEAM = 3;
const TRUST = 'stand-in-secret-for-the-tests';
const ROUND_MS = 30_000;
/** A host of team 13's services; each test opens its beacons on hosts of its own (they run in any order). */
const hosts = (n: number, number = 13) => `${['www', 'shell', 'ns', 'mail', 'ftp', 'db', 'dc', 'desk', 'files'][n]}.team${number}.ccdc.example`;

const signIn = (body: Record<string, unknown>) => signedInMember(admin, body);

const give = async (teamId: number, networks: string[]) =>
  expect((await invoke('PATCH', `/api/v1/teams/${teamId}`, { headers: admin, body: { networks } })).status).toBe(200);
const open = (body: Record<string, unknown>, headers = red) => invoke('POST', '/api/v1/red-team/beacons', { headers, body });
/** A check-in as the CDN stand-in passes it on: the address it saw and its trust secret. */
const callBack = (id: number, token: string, address: string, extra: Record<string, string> = {}) =>
  invoke('POST', `/api/v1/beacons/${id}/check-in`, {
    headers: { 'x-beacon-token': token, [VIEWER_ADDRESS_HEADER]: address, [VIEWER_TRUST_HEADER]: TRUST, ...extra },
  });
const redTeamScore = async (teamId = team.id) => {
  await fold.caughtUp();
  const rows = (await invoke('GET', '/api/v1/teams/scoreboard', { headers: admin })).json.scoreboard as {
    team: { id: number };
    scores: { super_type_id: number; score: number }[];
  }[];
  return rows.find((r) => r.team.id === teamId)!.scores.find((s) => s.super_type_id === RED_TEAM)!.score;
};
const beaconOf = async (id: number) =>
  ((await invoke('GET', '/api/v1/red-team/beacons', { headers: admin })).json as { id: number }[]).find((b) => b.id === id) as any;
/** Opens a beacon on a host and gives back its id and token. */
async function beaconOn(host: string, teamId = team.id): Promise<{ id: number; token: string }> {
  const opened = await open({ team_id: teamId, host, note: 'cron job' });
  expect(opened.status, opened.text).toBe(201);
  return { id: opened.json.beacon.id, token: opened.json.token };
}
/** A time within the round that starts `rounds` rounds after now's. */
const inRound = (rounds: number, into = 1_000) => new Date(Math.floor(Date.now() / ROUND_MS) * ROUND_MS + rounds * ROUND_MS + into);

const logLines: string[] = [];
const write = logSink.write;
beforeAll(async () => {
  process.env.VIEWER_TRUST_SECRET = TRUST;
  logSink.write = (line) => {
    logLines.push(line);
    return true;
  };
  await useFreshTable();
  const tokens = await mintTokens();
  admin = bearer(tokens.admin);
  service = bearer(tokens.service);
  const teams = (await invoke('GET', '/api/v1/teams')).json as { id: number; number: number }[];
  team = teams.find((t) => t.number === 13)!;
  other = teams.find((t) => t.number === 14)!;
  red = await signIn({ role: 'red-team', name: 'rhea' });
  member = await signIn({ team_id: team.id, name: 'theo' });
  fold = await startFold();
});
afterAll(async () => {
  logSink.write = write;
  delete process.env.VIEWER_TRUST_SECRET;
  await fold?.stop();
});

describe('opening a beacon', () => {
  it('needs the team to have networks, a host of its services and none open there; the token comes once, and only the red team and organisers may', async () => {
    await give(team.id, []);
    const without = await open({ team_id: team.id, host: hosts(0) });
    expect([without.status, without.json.code], without.text).toEqual([409, 'team_without_networks']);
    await give(team.id, ['127.0.13.0/24', '2001:db8:13::/48']);
    await give(other.id, ['127.0.14.0/24']);

    const opened = await open({ team_id: team.id, host: 'WWW.team13.ccdc.example', note: 'php shell in /var/www' });
    expect(opened.status, opened.text).toBe(201);
    expect(opened.json.token).toMatch(/^ccdcb_[\w-]{43}$/);
    expect(opened.json.callback_url).toBe(`/api/v1/beacons/${opened.json.beacon.id}/check-in`);
    expect(opened.json.beacon).toMatchObject({ team_id: team.id, host: hosts(0), state: 'open', created_by: 'rhea', points_taken: 0, refusals: 0 });
    const again = await open({ team_id: team.id, host: hosts(0) });
    expect([again.status, again.json.code]).toEqual([409, 'beacon_open']);
    expect(again.json.detail).toContain(`Beacon ${opened.json.beacon.id}`);
    const wrongHost = await open({ team_id: team.id, host: 'www.team14.ccdc.example' });
    expect([wrongHost.status, wrongHost.json.errors[0].path]).toEqual([400, 'host']);
    expect((await open({ team_id: team.id, host: hosts(1), extra: 1 })).status).toBe(400);

    // A blue team member, an agent's or a service's token: 403 on the red team's beacon routes; the red team on a team's view: 403.
    for (const headers of [member, service]) {
      expect((await open({ team_id: team.id, host: hosts(1) }, headers)).status).toBe(403);
      expect((await invoke('GET', '/api/v1/red-team/beacons', { headers })).status).toBe(403);
      expect((await invoke('POST', `/api/v1/red-team/beacons/${opened.json.beacon.id}/close`, { headers })).status).toBe(403);
    }
    expect((await invoke('GET', `/api/v1/team/${team.id}/beacons`, { headers: red })).status).toBe(403);
    expect((await invoke('POST', `/api/v1/red-team/beacons/${opened.json.beacon.id}/void`, { headers: red, body: {} })).status).toBe(403);
    // The token is in no read.
    const listed = await invoke('GET', '/api/v1/red-team/beacons', { headers: red });
    expect(listed.text).not.toContain(opened.json.token);
    expect(listed.text).not.toContain('token_hash');
  });

  it('is limited per red team member: 429 with Retry-After past 60 an hour', async () => {
    await give(other.id, ['127.0.14.0/24']);
    const racer = await signIn({ role: 'red-team', name: 'rory' });
    // The hour's window filled as 60 opened beacons would fill it.
    for (let i = 0; i < BEACONS_PER_HOUR; i++)
      await takeFromWindow('red', { kind: 'beacons', count: BEACONS_PER_HOUR, windowSeconds: 3600 }, Date.now(), 'rory');
    const answer = await open({ team_id: other.id, host: 'www.team14.ccdc.example' }, racer);
    expect([answer.status, answer.json.code]).toEqual([429, 'beacons_limited']);
    expect(Number(answer.headers['retry-after'])).toBeGreaterThan(0);
    // Another member is not held back by it.
    const unlimited = await open({ team_id: other.id, host: 'shell.team14.ccdc.example' });
    expect(unlimited.status, unlimited.text).toBe(201);
    await invoke('POST', `/api/v1/red-team/beacons/${unlimited.json.beacon.id}/close`, { headers: red });
  });
});

describe('checking in', () => {
  beforeEach(async () => {
    await give(team.id, ['127.0.13.0/24', '2001:db8:13::/48']);
    await changeSettings({ scoring_enabled: true, beacon_points_per_round: 10, beacon_max_points_per_round: 30, beacon_expiry_rounds: 3 });
  });

  it('from the team’s networks takes the round’s points off its Red Team score once; from elsewhere, or with an address no stand-in vouches for, counts nothing', async () => {
    const { id, token } = await beaconOn(hosts(1));
    const before = await redTeamScore();
    const counted = await callBack(id, token, '127.0.13.10');
    expect(counted.status, counted.text).toBe(200);
    expect(counted.json).toMatchObject({ beacon_id: id, deducted: 10, capped: false });
    expect(await redTeamScore()).toBe(before - 10);
    // Within 10 s: 429, nothing more.
    const soon = await callBack(id, token, '127.0.13.10');
    expect([soon.status, soon.json.code]).toEqual([429, 'check_in_too_soon']);

    // Another team's address: 403, counted on the beacon as a refusal, nothing taken.
    const elsewhere = await callBack(id, token, '127.0.14.10');
    expect([elsewhere.status, elsewhere.json.code]).toEqual([403, 'beacon_outside_networks']);
    // A forged address without the stand-in's secret, or one the caller names in X-Forwarded-For: refused before anything is read.
    const forged = await invoke('POST', `/api/v1/beacons/${id}/check-in`, {
      headers: { 'x-beacon-token': token, [VIEWER_ADDRESS_HEADER]: '127.0.13.10', [VIEWER_TRUST_HEADER]: 'guessed', 'x-forwarded-for': '127.0.13.10' },
    });
    expect([forged.status, forged.json.code]).toEqual([403, 'beacon_refused']);
    const noAddress = await invoke('POST', `/api/v1/beacons/${id}/check-in`, { headers: { 'x-beacon-token': token, 'x-forwarded-for': '127.0.13.10' } });
    expect([noAddress.status, noAddress.json.code]).toEqual([403, 'beacon_refused']);
    // No token, a wrong one, or another beacon's: 403, the same answer.
    const second = await beaconOn(hosts(2));
    for (const [beacon, presented] of [
      [id, undefined],
      [id, 'ccdcb_' + 'A'.repeat(43)],
      [id, second.token],
      [999_999, token],
    ] as const) {
      const answer = await invoke('POST', `/api/v1/beacons/${beacon}/check-in`, {
        headers: { ...(presented ? { 'x-beacon-token': presented } : {}), [VIEWER_ADDRESS_HEADER]: '127.0.13.10', [VIEWER_TRUST_HEADER]: TRUST },
      });
      expect([answer.status, answer.json.code]).toEqual([403, 'beacon_refused']);
    }
    expect(await redTeamScore()).toBe(before - 10);
    const shown = await beaconOf(id);
    expect(shown).toMatchObject({ rounds_counted: 1, points_taken: 10, refusals: 1 });
    expect(shown.recent_refusals).toEqual([{ at: expect.any(String), address: '127.0.14.10', why: 'outside_networks' }]);
    expect(shown.first_call_at).toBe(shown.last_call_at);
  });

  it('50 calls at once in one round write one deduction; calls across a round boundary one a round; IPv6 and mapped IPv4 addresses count', async () => {
    const { id, token } = await beaconOn(hosts(3));
    const at = inRound(2);
    const answers = await Promise.allSettled(Array.from({ length: 50 }, () => checkIn(id, token, '127.0.13.77', at)));
    const counted = answers.filter((a) => a.status === 'fulfilled');
    expect(counted).toHaveLength(1);
    expect((counted[0] as PromiseFulfilledResult<{ deducted: number }>).value.deducted).toBe(10);
    for (const refused of answers.filter((a) => a.status === 'rejected')) expect([429, 503]).toContain((refused.reason as { status: number }).status);
    // The next round (an IPv6 address of the team), and later in it (a mapped IPv4 one): one more deduction.
    expect((await checkIn(id, token, '2001:db8:13::5', inRound(3))).deducted).toBe(10);
    expect((await checkIn(id, token, '::ffff:127.0.13.77', inRound(3, 15_000))).deducted).toBe(0);
    const deductions = await teamBeaconDeductions(team.id, id);
    expect(deductions.map((d) => d.deducted)).toEqual([10, 10]);
    expect((await invoke('GET', `/api/v1/red-team/beacons/${id}/deductions`, { headers: red })).json).toEqual(deductions);
    expect(new Set(deductions.map((d) => d.round_start)).size).toBe(2);
  });

  it('never takes more than the team’s cap in a round, however many beacons call at once; a capped deduction says so', async () => {
    await changeSettings({ beacon_points_per_round: 12, beacon_max_points_per_round: 30 });
    const crowded = (await invoke('GET', '/api/v1/teams')).json.find((t: { number: number }) => t.number === 12);
    await give(crowded.id, ['127.0.12.0/24']);
    const swarm = await Promise.all([0, 1, 2, 3, 4].map((n) => beaconOn(hosts(n, 12), crowded.id)));
    const at = inRound(3);
    const deducted: number[] = [];
    let pending = swarm;
    for (let attempt = 0; attempt < 20 && pending.length > 0; attempt++) {
      const answers = await Promise.allSettled(pending.map((b) => checkIn(b.id, b.token, '127.0.12.9', at)));
      answers.forEach((a) => {
        if (a.status === 'fulfilled') deducted.push(a.value.deducted);
        else expect((a.reason as { status: number }).status).toBe(503);
      });
      pending = pending.filter((_, i) => answers[i]!.status === 'rejected');
    }
    expect(pending).toEqual([]);
    expect(deducted.reduce((a, b) => a + b, 0)).toBe(30);
    const all = (await Promise.all(swarm.map((b) => teamBeaconDeductions(crowded.id, b.id))))
      .flat()
      .filter((d) => d.round_start === iso(Math.floor(at.getTime() / ROUND_MS) * ROUND_MS));
    expect(all).toHaveLength(5);
    expect(all.filter((d) => d.capped).length).toBeGreaterThanOrEqual(3);
    for (const b of swarm) await invoke('POST', `/api/v1/red-team/beacons/${b.id}/close`, { headers: red });
  });

  it('counts nothing while scoring is paused, but keeps the beacon alive', async () => {
    const { id, token } = await beaconOn(hosts(4));
    await changeSettings({ scoring_enabled: false });
    expect(await checkIn(id, token, '127.0.13.1', inRound(1))).toMatchObject({ deducted: 0 });
    expect(await teamBeaconDeductions(team.id, id)).toEqual([]);
    expect((await beaconOf(id)).last_call_at).not.toBeNull();
    await invoke('POST', `/api/v1/red-team/beacons/${id}/close`, { headers: red });
  });
});

describe('a beacon’s end', () => {
  beforeEach(async () => {
    await give(team.id, ['127.0.13.0/24']);
    await changeSettings({ scoring_enabled: true, beacon_points_per_round: 10, beacon_max_points_per_round: 30, beacon_expiry_rounds: 3 });
  });

  it('closed by the red team, its token answers 410 and its host takes a new beacon with a new token; quiet past the expiry, it closes by itself', async () => {
    const first = await beaconOn(hosts(5));
    const closed = await invoke('POST', `/api/v1/red-team/beacons/${first.id}/close`, { headers: red });
    expect(closed.json).toMatchObject({ state: 'closed', closed_reason: 'red_team' });
    expect((await callBack(first.id, first.token, '127.0.13.3')).status).toBe(410);
    const next = await beaconOn(hosts(5));
    expect(next.token).not.toBe(first.token);

    // Checked in in rounds 2 and 5 (three quiet rounds between: still open), then nothing: closed from round 9 (5 + 3 + 1).
    expect((await checkIn(next.id, next.token, '127.0.13.3', inRound(2))).deducted).toBe(10);
    expect((await checkIn(next.id, next.token, '127.0.13.3', inRound(5, 20_000))).deducted).toBe(10);
    await expect(checkIn(next.id, next.token, '127.0.13.3', inRound(9, 1_000))).rejects.toMatchObject({ status: 410, code: 'beacon_closed' });
    expect(await beaconOf(next.id)).toMatchObject({ state: 'closed', closed_reason: 'expired', rounds_counted: 2 });
    const after = await beaconOn(hosts(5));
    expect(after.id).toBeGreaterThan(next.id);
    await invoke('POST', `/api/v1/red-team/beacons/${after.id}/close`, { headers: admin });
  });

  it('voided by an organiser: a preview, then its deductions count nothing and it closes; verify agrees; the team sees its beacons without token or author', async () => {
    const { id, token } = await beaconOn(hosts(7));
    const before = await redTeamScore();
    await checkIn(id, token, '127.0.13.4', inRound(1));
    await checkIn(id, token, '127.0.13.4', inRound(2));
    expect(await redTeamScore()).toBe(before - 20);
    const preview = await invoke('POST', `/api/v1/red-team/beacons/${id}/void`, { headers: admin, body: {} });
    expect(preview.json).toEqual({ beacon_id: id, team_id: team.id, deductions: 2, points: 20, applied: false });
    expect(await redTeamScore()).toBe(before - 20);
    const voided = await invoke('POST', `/api/v1/red-team/beacons/${id}/void`, { headers: admin, body: { dry_run: false } });
    expect(voided.json).toMatchObject({ deductions: 2, points: 20, applied: true });
    expect(await redTeamScore()).toBe(before);
    expect(await beaconOf(id)).toMatchObject({ state: 'closed', closed_reason: 'voided', voided: true, points_taken: 0 });
    expect((await verifyTotals({ repair: false, pauseMs: 100 })).filter((t) => t.differences.length > 0)).toEqual([]);

    const seen = await invoke('GET', `/api/v1/team/${team.id}/beacons`, { headers: member });
    expect(seen.json.visible).toBe(true);
    expect(seen.json.beacons.find((b: { id: number }) => b.id === id)).toEqual({
      id,
      host: 'desk.team13.ccdc.example',
      state: 'closed',
      first_call_at: expect.any(String),
      last_call_at: expect.any(String),
      points_taken: 0,
    });
    await changeSettings({ beacons_shown: 'never' });
    expect((await invoke('GET', `/api/v1/team/${team.id}/beacons`, { headers: member })).json).toEqual({ visible: false, beacons: [] });
    await changeSettings({ beacons_shown: 'at_once' });
  });

  it('once the results are final: a check-in is accepted but takes nothing, and a void is refused', async () => {
    await give(other.id, ['127.0.14.0/24']);
    const { id, token } = await beaconOn(hosts(2, 14), other.id);
    expect((await checkIn(id, token, '127.0.14.2', inRound(1))).deducted).toBe(10);
    const finalised = await invoke('POST', '/api/v1/competition/finalise', { headers: admin, body: { force: true } });
    expect(finalised.status, finalised.text).toBe(200);
    onTestFinished(unfinalise);
    expect(await checkIn(id, token, '127.0.14.2', inRound(2))).toMatchObject({ deducted: 0 });
    expect(await teamBeaconDeductions(other.id, id)).toHaveLength(1);
    const voided = await invoke('POST', `/api/v1/red-team/beacons/${id}/void`, { headers: admin, body: { dry_run: false } });
    expect([voided.status, voided.json.code]).toEqual([409, 'competition_final']);
    expect((await teamBeaconDeductions(other.id, id)).every((d) => !d.voided)).toBe(true);
  });

  it('is named by a finding that tells its story: a beacon on another team is 400', async () => {
    const { id } = await beaconOn(hosts(6));
    const service = ((await invoke('GET', `/api/v1/services?team=${team.number}`)).json as { id: number }[])[0]!;
    const finding = {
      team_id: team.id,
      service_id: service.id,
      kind: 'user-access',
      done_at: '2026-11-22T10:00:00Z',
      description: 'A scheduled task calls home.',
    };
    const filed = await invoke('POST', '/api/v1/red-team/findings', { headers: red, body: { ...finding, beacon_id: id } });
    expect([filed.status, filed.json.beacon_id], filed.text).toEqual([201, id]);
    const otherService = ((await invoke('GET', `/api/v1/services?team=${other.number}`)).json as { id: number }[])[0]!;
    const wrong = await invoke('POST', '/api/v1/red-team/findings', {
      headers: red,
      body: { ...finding, team_id: other.id, service_id: otherService.id, beacon_id: id },
    });
    expect([wrong.status, wrong.json.errors[0].path]).toEqual([400, 'beacon_id']);
    expect((await invoke('POST', '/api/v1/red-team/findings', { headers: red, body: finding })).json.beacon_id).toBeNull();
  });

  it('never shows a token in a read, a log line, an audit entry or the results export', async () => {
    const { id, token } = await beaconOn(hosts(8));
    await callBack(id, token, '127.0.13.5');
    await fold.caughtUp();
    const exported = await exportResults({ includeHidden: true });
    expect(exported.json.beacon_deductions.filter((d) => d.beacon_id === id)).toEqual([
      expect.objectContaining({ team_id: team.id, host: hosts(8), deducted: 10, capped: false, voided: false, awarded: -10 }),
    ]);
    expect(exported.csv.beacons.split(/\r?\n/)[0]).toBe(
      'team_number,team_name,beacon_id,host,super_type_id,round_start,called_at,deducted,capped,voided,awarded',
    );
    const seen = await everythingSeen({
      get: (path, headers) => invoke('GET', path, { headers }),
      ids: { team: team.id, service: 1 },
      callers: [{}, admin, red, member],
      also: logLines,
    });
    for (const spelling of spellings(token)) expect(seen).not.toContain(spelling);
    expect(seen).toContain(`beacons/${id}`);
  });
});
