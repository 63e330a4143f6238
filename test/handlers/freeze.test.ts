/**
 * The scoreboard freeze end to end: results, adjustments and SLA penalties
 * reported through the API and folded by the stream consumer against
 * DynamoDB Local; anonymous readers get the figures as of the freeze
 * (recomputed here from the history independently), admins live ones.
 */
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import type { DynamoDBStreamEvent } from 'aws-lambda';
import { keys } from '#shared/data/keys';
import { readTotalsItems, TOTALS_ATTRIBUTE, toTeamTotals, toTotalsState } from '#shared/data/totals';
import { writeStandings } from '#shared/data/standings';
import { publicFigures } from '#shared/domain/scoring/fold';
import { freezeStamp } from '#shared/domain/scoring/freeze';
import { queryPartition } from '#shared/data/operations';
import { storedResults } from '#shared/data/results';
import { forgetFreshCopies } from '#shared/data/fresh';
import { getSettings, saveSettings } from '#shared/data/settings';
import { verifyTotals } from '#shared/app/verify';
import type { Service, Team } from '#shared/domain/model';
import { figuresFromHistory } from '#shared/domain/scoring/verification';
import { handler as foldResults } from '../../functions/scoring/fold-results';
import { handler as recordScoreSnapshot } from '../../functions/scheduled/record-score-snapshot';
import { mintTokens, sampleCompetition, TEST_AUDIT, useFreshTable } from '../support/database';
import { startFold } from '../support/fold';
import { bearer, invoke } from '../support/invoke';

/**
 * The times here are minutes past the hour two hours ago: all in the past, and
 * close enough to now that the history's resolution (chosen from its span to
 * now) stays at a minute whatever day the suite runs.
 */
const base = Math.floor(Date.now() / 3_600_000) * 3_600_000 - 2 * 3_600_000;
const at = (minutes: number) => new Date(base + minutes * 60_000).toISOString().replace(/\.\d{3}Z$/, 'Z');
/** The freeze: ten minutes past that hour, long past, so it is in effect. */
const FREEZE = at(10);

let tokens: { admin: string; service: string };
let fold: Awaited<ReturnType<typeof startFold>>;
const admin = () => bearer(tokens.admin);
let team: Team;
let http: Service;
let dns: Service;

beforeAll(async () => {
  const competition = sampleCompetition();
  // Loaded with the freeze already set (a new competition has no results, so any freeze time is exact).
  competition.settings = { ...competition.settings, scoreboard_freeze_time: FREEZE, sla_threshold: 2, sla_penalty: 3 };
  await useFreshTable(competition);
  tokens = await mintTokens();
  fold = await startFold();
  const teams: Team[] = (await invoke('GET', '/api/v1/teams', { headers: admin() })).json;
  team = teams.find((t) => t.number === 11)!;
  const services: Service[] = (await invoke('GET', '/api/v1/services?team=11', { headers: admin() })).json;
  http = services.find((s) => s.subtype_id === 1)!;
  dns = services.find((s) => s.subtype_id === 3)!;
});
afterAll(() => fold?.stop());

async function report(service: Service, scanId: string, score: number, time: string) {
  const answer = await invoke('POST', `/api/v1/services/${service.id}/scans`, {
    headers: bearer(tokens.service),
    body: { scan_id: scanId, score, error: score === 0 ? 'down' : null, time },
  });
  expect(answer.status).toBe(201);
}

/** What the public must see: every team's figures recomputed from the results checked, and adjustments made, before the freeze. */
async function recomputedAsOfFreeze(teamId: number, services: { id: number; super_type_id: number }[]) {
  const histories = await Promise.all(
    services.map(async (s) => ({ service_id: s.id, super_type_id: s.super_type_id, results: (await storedResults(s.id)).filter((r) => r.time < FREEZE) })),
  );
  const adjustments = (await queryPartition(keys.teamPartition(teamId), { consistent: true, skPrefix: keys.adjustmentPrefix }))
    .filter((a) => String(a.created_at) < FREEZE)
    .map((a) => ({ super_type_id: Number(a.super_type_id), points: Number(a.points) }));
  return figuresFromHistory(histories, adjustments);
}

const sum = (figures: Record<string, number>) => Object.values(figures).reduce((a, b) => a + b, 0);

/** The live total the results and the adjustment below make: HTTP 30 - 2 x 3, DNS 10, the adjustment 50. */
const LIVE_TOTAL = 24 + 10 + 50;

/** Puts the freeze back to FREEZE once the test ends (the tests that move it). */
function restoreFreezeAfterTest() {
  onTestFinished(async () => {
    const current = (await getSettings({ consistent: true }))!;
    const { id: _id, ...fields } = current.settings;
    // Written as a competition load would (the API refuses a freeze time in the past).
    expect(await saveSettings({ ...fields, scoreboard_freeze_time: FREEZE }, current, { ...TEST_AUDIT, action: 'settings.update' })).not.toBe('stale');
    forgetFreshCopies();
  });
}

describe('the scoreboard freeze', () => {
  /** What the public sees of the team once the results below are folded: its figures as of the freeze. */
  let publicCard: { total_score: number; stats: Record<string, unknown>; frozen: boolean; frozen_since: string | null };

  beforeAll(async () => {
    // HTTP (10 points, SLA every 2 failures costs 3): a violation before the freeze and one after.
    await report(http, 'h1', 10, at(5));
    await report(http, 'h2', 0, at(6));
    await report(http, 'h3', 0, at(7));
    await report(http, 'h5', 10, at(12));
    await report(http, 'h6', 0, at(13));
    await report(http, 'h7', 0, at(14));
    // A check made before the freeze that arrives after the others still counts in the frozen view (and re-evaluates the run).
    await report(http, 'h4', 10, at(8));
    // DNS (5 points): one pass each side of the freeze.
    await report(dns, 'd1', 5, at(9));
    await report(dns, 'd2', 5, at(11));
    // An adjustment made now: after the freeze.
    const adjustment = await invoke('POST', `/api/v1/teams/${team.id}/adjustments`, {
      headers: admin(),
      body: { super_type_id: 2, points: 50, reason: 'inject 3' },
    });
    expect(adjustment.status).toBe(201);
    await fold.caughtUp();
    publicCard = (await invoke('GET', `/api/v1/teams/${team.id}/scorecard`)).json;
  });

  it('shows the public the points as of the freeze and admins the live ones; status stays live', async () => {
    const live = (await invoke('GET', `/api/v1/teams/${team.id}/scorecard`, { headers: admin() })).json;
    expect(live.total_score).toBe(LIVE_TOTAL);
    expect(live).toMatchObject({ frozen: true, frozen_since: FREEZE });
    expect(live.stats).toMatchObject({ checks_total: 9, checks_passed: 5, sla_violations: 2, adjustments_total: 50 });

    // Frozen: HTTP 20 - 3 (h1, h4; the violation at h3), DNS 5, no adjustment.
    const answer = await invoke('GET', `/api/v1/teams/${team.id}/scorecard`);
    expect(answer.json).toEqual(publicCard);
    expect(publicCard.total_score).toBe(17 + 5);
    expect(publicCard).toMatchObject({ frozen: true, frozen_since: FREEZE });
    expect(publicCard.stats).toMatchObject({ checks_total: 5, checks_passed: 3, checks_failed: 2, sla_violations: 1, adjustments_total: 0 });
    // Status is live for everyone: HTTP's newest check (10:14) failed, DNS's (10:11) passed.
    expect(publicCard.stats).toMatchObject({ services_up: live.stats.services_up, services_down: live.stats.services_down, last_scan_time: at(14) });
    expect(answer.headers['cache-control']).toBe('public, max-age=5');

    // The same figures as a recomputation from the history as of the freeze, for the super types too.
    const expected = await recomputedAsOfFreeze(team.id, [
      { id: http.id, super_type_id: 1 },
      { id: dns.id, super_type_id: 1 },
    ]);
    expect(publicCard.total_score).toBe(sum(expected.points));
    const scores = (publicCard as unknown as { scores: { super_type_id: number; score: number; max_score: number; sla_penalty: number }[] }).scores;
    for (const s of scores) {
      expect(s.score).toBe(expected.points[String(s.super_type_id)] ?? 0);
      expect(s.max_score).toBe(expected.max_points[String(s.super_type_id)] ?? 0);
      expect(s.sla_penalty).toBe(expected.sla_penalty[String(s.super_type_id)] ?? 0);
    }
  });

  it('freezes the scoreboard the same way, and ranks by the frozen totals', async () => {
    const anonymous = (await invoke('GET', '/api/v1/teams/scoreboard')).json;
    const live = (await invoke('GET', '/api/v1/teams/scoreboard', { headers: admin() })).json;
    const row = (board: { scoreboard: { team: Team; total_score: number; rank: number }[] }) => board.scoreboard.find((r) => r.team.id === team.id)!;
    expect(anonymous).toMatchObject({ frozen: true, frozen_since: FREEZE });
    expect(row(anonymous).total_score).toBe(publicCard.total_score);
    expect(row(live).total_score).toBe(LIVE_TOTAL);
    expect(row(anonymous).rank).toBe(publicCard.stats.rank);
  });

  it("freezes a service's points and check history for the public (a live cursor resumes before the freeze)", async () => {
    const anonymous = (await invoke('GET', `/api/v1/services/${http.id}`)).json;
    const live = (await invoke('GET', `/api/v1/services/${http.id}`, { headers: admin() })).json;
    expect(live).toMatchObject({ points_earned: 30, sla: { run: 2, violations: 2, penalty: 6 }, frozen: true });
    expect(live.recent_scans).toHaveLength(7);
    // The run is status (live); what it cost is points (frozen).
    expect(anonymous).toMatchObject({ points_earned: 20, sla: { run: 2, violations: 1, penalty: 3 }, last_scan_time: at(14), last_scan: 0 });
    expect(anonymous.recent_scans.map((s: { scan_id: string }) => s.scan_id)).toEqual(['h4', 'h3', 'h2', 'h1']);

    const page = (await invoke('GET', `/api/v1/services/${http.id}/scans?limit=10`)).json;
    expect(page).toMatchObject({ frozen: true, frozen_since: FREEZE, cursor: null });
    expect(page.items.map((s: { scan_id: string }) => s.scan_id)).toEqual(['h4', 'h3', 'h2', 'h1']);
    const livePage = (await invoke('GET', `/api/v1/services/${http.id}/scans?limit=2`, { headers: admin() })).json;
    expect(livePage.items.map((s: { scan_id: string }) => s.scan_id)).toEqual(['h7', 'h6']);
    const resumed = await invoke('GET', `/api/v1/services/${http.id}/scans?limit=2&cursor=${encodeURIComponent(livePage.cursor)}`);
    expect(resumed.status).toBe(200);
    expect(resumed.json.items.map((s: { scan_id: string }) => s.scan_id)).toEqual(['h4', 'h3']);
  });

  it('ends the public score history at the last sample before the freeze', async () => {
    for (const minute of [5, 9, 10, 15]) await recordScoreSnapshot({ time: at(minute) });
    const anonymous = (await invoke('GET', '/api/v1/teams/scoreboard/history')).json;
    const live = (await invoke('GET', '/api/v1/teams/scoreboard/history', { headers: admin() })).json;
    expect(anonymous).toMatchObject({ frozen: true, frozen_since: FREEZE, times: [at(5), at(9)] });
    // Admins get the live history, the samples after the freeze too.
    expect(live).toMatchObject({ frozen: true, frozen_since: FREEZE });
    expect(live.times).toContain(at(15));
    // Asking for what came after the last public sample gives nothing (not an error).
    expect((await invoke('GET', `/api/v1/teams/scoreboard/history?since=${at(9)}`)).json.times).toEqual([]);
  });

  it('changes nothing when the stream is replayed', async () => {
    const events: DynamoDBStreamEvent[] = [...fold.seen];
    for (const event of events) await foldResults(event);
    expect((await invoke('GET', `/api/v1/teams/${team.id}/scorecard`)).json).toEqual(publicCard);
    expect((await invoke('GET', `/api/v1/teams/${team.id}/scorecard`, { headers: admin() })).json.total_score).toBe(LIVE_TOTAL);
  });

  it('takes a voided result out of the view it belongs to, and puts it back when restored', async () => {
    // Void h5 (checked after the freeze): the live total drops by 10, the frozen one does not move.
    const h5 = { from: at(12), to: at(12.5), team_id: team.id };
    const apply = async (action: 'void' | 'unvoid') => {
      const preview = await invoke('POST', `/api/v1/scans/${action}`, { headers: admin(), body: h5 });
      expect(preview.status).toBe(200);
      expect(preview.json.count).toBe(1);
      const applied = await invoke('POST', `/api/v1/scans/${action}`, {
        headers: admin(),
        body: { ...h5, dry_run: false, preview_id: preview.json.preview_id },
      });
      expect(applied.status).toBe(202);
      await expect
        .poll(async () => (await invoke('GET', applied.headers.location!, { headers: admin() })).json.status, { timeout: 30_000, interval: 100 })
        .toBe('done');
      await fold.caughtUp();
    };
    await apply('void');
    expect((await invoke('GET', `/api/v1/teams/${team.id}/scorecard`, { headers: admin() })).json.total_score).toBe(LIVE_TOTAL - 10);
    expect((await invoke('GET', `/api/v1/teams/${team.id}/scorecard`)).json.total_score).toBe(publicCard.total_score);
    expect((await verifyTotals({ repair: false, pauseMs: 100 })).filter((t) => t.differences.length > 0)).toEqual([]);
    // The other tests see the results as reported.
    await apply('unvoid');
    expect((await invoke('GET', `/api/v1/teams/${team.id}/scorecard`, { headers: admin() })).json.total_score).toBe(LIVE_TOTAL);
    expect((await invoke('GET', `/api/v1/teams/${team.id}/scorecard`)).json).toEqual(publicCard);
  });

  it("has `verify` find and repair a wrong after-freeze share (what the public's figures leave out)", async () => {
    const { db, tableName } = await import('#shared/data/client');
    const { UpdateCommand } = await import('@aws-sdk/lib-dynamodb');
    const attribute = TOTALS_ATTRIBUTE.afterFreeze(freezeStamp(FREEZE), TOTALS_ATTRIBUTE.points('1'));
    await db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.teamTotals(team.id),
        UpdateExpression: 'ADD #a :n',
        ExpressionAttributeNames: { '#a': attribute },
        ExpressionAttributeValues: { ':n': 7 },
      }),
    );
    // The standings projection follows the wrong totals, as the next fold would write it.
    const item = (await readTotalsItems([team.id], { consistent: true })).get(team.id);
    const tv = toTotalsState(item).version;
    await writeStandings(team.id, { version: tv, figures: publicFigures(toTeamTotals(item, 0), freezeStamp(FREEZE)) }, { repair: true });
    expect((await invoke('GET', `/api/v1/teams/${team.id}/scorecard`)).json.total_score).toBe(publicCard.total_score - 7);
    const found = (await verifyTotals({ repair: false, pauseMs: 50 })).find((t) => t.team.id === team.id)!;
    expect(found.differences).toEqual([{ figure: 'after_freeze.points.1', stored: expect.any(Number), recomputed: expect.any(Number) }]);
    const repaired = (await verifyTotals({ repair: true, pauseMs: 50, audit: TEST_AUDIT })).find((t) => t.team.id === team.id)!;
    expect(repaired.repaired).toBe(true);
    expect((await invoke('GET', `/api/v1/teams/${team.id}/scorecard`)).json.total_score).toBe(publicCard.total_score);
    expect((await verifyTotals({ repair: false, pauseMs: 50 })).find((t) => t.team.id === team.id)!.differences).toEqual([]);
  });

  it('has `verify` find and repair a standings projection that does not show what the totals hold', async () => {
    const item = (await readTotalsItems([team.id], { consistent: true })).get(team.id);
    const wrong = publicFigures(toTeamTotals(item, 0), freezeStamp(FREEZE));
    await writeStandings(
      team.id,
      { version: toTotalsState(item).version, figures: { ...wrong, points: { ...wrong.points, '1': (wrong.points['1'] ?? 0) + 100 } } },
      { repair: true },
    );
    const found = (await verifyTotals({ repair: false, pauseMs: 50 })).find((t) => t.team.id === team.id)!;
    expect(found.differences.map((d) => d.figure)).toEqual(['standings projection (totals version)']);
    expect((await verifyTotals({ repair: true, pauseMs: 50, audit: TEST_AUDIT })).find((t) => t.team.id === team.id)!.repaired).toBe(true);
    expect((await invoke('GET', `/api/v1/teams/${team.id}/scorecard`)).json.total_score).toBe(publicCard.total_score);
    expect((await verifyTotals({ repair: false, pauseMs: 50 })).find((t) => t.team.id === team.id)!.differences).toEqual([]);
  });

  it('lifts the freeze with null, refuses a new freeze time less than 3 minutes ahead, and takes one further ahead', async () => {
    restoreFreezeAfterTest();
    const lifted = await invoke('PATCH', '/api/v1/settings/1', { headers: admin(), body: { scoreboard_freeze_time: null } });
    expect(lifted.status).toBe(200);
    forgetFreshCopies();
    const card = (await invoke('GET', `/api/v1/teams/${team.id}/scorecard`)).json;
    expect(card).toMatchObject({ total_score: LIVE_TOTAL, frozen: false, frozen_since: null });

    const soon = new Date(Date.now() + 60_000).toISOString();
    const refused = await invoke('PATCH', '/api/v1/settings/1', { headers: admin(), body: { scoreboard_freeze_time: soon } });
    expect(refused.status).toBe(400);
    expect(refused.json.errors).toEqual([expect.objectContaining({ path: 'scoreboard_freeze_time' })]);
    expect((await invoke('GET', '/api/v1/settings/1', { headers: admin() })).json.scoreboard_freeze_time).toBeNull();

    const later = new Date(Date.now() + 10 * 60_000).toISOString().replace(/\.\d{3}Z$/, 'Z');
    const set = await invoke('PATCH', '/api/v1/settings/1', { headers: admin(), body: { scoreboard_freeze_time: later } });
    expect(set.status).toBe(200);
    expect(set.json.scoreboard_freeze_time).toBe(later);
    // A PUT that sends the freeze time as it is keeps it, even once it is less than 3 minutes away.
    const { id: _id, ...fields } = set.json;
    expect((await invoke('PUT', '/api/v1/settings/1', { headers: admin(), body: fields })).status).toBe(200);
    // Not in effect yet: everyone sees live figures.
    expect((await invoke('GET', `/api/v1/teams/${team.id}/scorecard`)).json).toMatchObject({ total_score: LIVE_TOTAL, frozen: false });
  });

  it("never lets a public answer's max-age reach past the freeze", async () => {
    restoreFreezeAfterTest();
    const current = (await getSettings({ consistent: true }))!;
    const { id: _id, ...fields } = current.settings;
    // 3 to 4 s ahead, on a whole second: short of the 5 s a public copy is otherwise kept, long enough for a loaded run's four reads.
    const soonMs = Math.floor(Date.now() / 1000) * 1000 + 4_000;
    const soon = new Date(soonMs).toISOString().replace(/\.\d{3}Z$/, 'Z');
    // Written as a competition load would (the API refuses a time this close).
    expect(await saveSettings({ ...fields, scoreboard_freeze_time: soon }, current, { ...TEST_AUDIT, action: 'settings.update' })).not.toBe('stale');
    forgetFreshCopies();
    for (const path of ['/api/v1/teams/scoreboard', `/api/v1/teams/${team.id}/scorecard`, `/api/v1/services/${http.id}`, '/api/v1/teams/scoreboard/history']) {
      const asked = Date.now();
      const answer = await invoke('GET', path);
      expect(Date.now(), `${path} read before the freeze`).toBeLessThan(soonMs);
      const maxAge = Number(/max-age=(\d+)/.exec(answer.headers['cache-control'] ?? '')?.[1]);
      expect(maxAge, path).toBeLessThanOrEqual(Math.ceil((soonMs - asked) / 1000));
      expect(maxAge, path).toBeLessThan(5);
      expect(answer.json.frozen, path).toBe(false);
    }
  });
});
