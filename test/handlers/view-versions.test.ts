/**
 * Public views carry the public version's ETag (issue #24), of their topic
 * (issue #49: the score history follows its samples, the rest the results):
 * every input of a view moves it (a result, an adjustment, a setting, a void, a reload that
 * hides a team, the clock passing the freeze time), the caller's role is in
 * it, and a conditional request whose ETag is current is answered from the
 * version alone, without reading the view. Derived from the route table:
 * every public view is checked.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { isPublicView, routes } from '#shared/api/routes';
import { commandObservers } from '#shared/data/client';
import { loadCompetition } from '#shared/data/competition';
import { forgetFreshCopies } from '#shared/data/fresh';
import { getSettings, saveSettings } from '#shared/data/settings';
import { VIEW_SETTLE_MS } from '#shared/http/conditional';
import { readPublicVersions } from '#shared/data/public-version';
import { handler as recordScoreSnapshot } from '../../functions/scheduled/record-score-snapshot';
import { mintTokens, sampleCompetition, TEST_AUDIT, useFreshTable } from '../support/database';
import { startFold } from '../support/fold';
import { bearer, invoke } from '../support/invoke';

let tokens: { admin: string; service: string };
let fold: Awaited<ReturnType<typeof startFold>>;
let teamId: number;
let serviceId: number;

const views = routes.filter(isPublicView);
const pathOf = (route: (typeof views)[number]) => route.path.replace('{id}', String(route.path.startsWith('/api/v1/teams/') ? teamId : serviceId));

/**
 * The handlers' and the fold's clock (they run in this process) is moved on where the test would otherwise wait for
 * time to pass (a version to settle, a freeze or a due time to come): only `Date` moves, still ticking, and by the
 * same amounts the waits took.
 */
const clockPasses = (ms: number) => vi.setSystemTime(Date.now() + Math.max(0, ms));

beforeAll(async () => {
  vi.useFakeTimers({ toFake: ['Date'], shouldAdvanceTime: true });
  await useFreshTable();
  tokens = await mintTokens();
  fold = await startFold();
  const teams = (await invoke('GET', '/api/v1/teams')).json as { id: number; number: number }[];
  teamId = teams.find((t) => t.number === 11)!.id;
  serviceId = ((await invoke('GET', '/api/v1/services?team=11')).json as { id: number }[])[0]!.id;
});
afterAll(async () => {
  await fold?.stop();
  vi.useRealTimers();
});

/** Every view's ETag once the stream consumer has caught up and the version has settled (a version tag, not a content hash). */
async function tags(headers: Record<string, string> = {}): Promise<Map<string, string>> {
  await fold.caughtUp();
  forgetFreshCopies();
  for (let attempt = 0; ; attempt++) {
    const answers = await Promise.all(views.map(async (route) => [route.name, (await invoke('GET', pathOf(route), { headers })).headers.etag!] as const));
    if (answers.every(([, tag]) => tag.startsWith('"v-'))) return new Map(answers);
    if (attempt === 3) throw new Error(`no version tags: ${JSON.stringify(answers)}`);
    // Still settling (the fold moved the version less than VIEW_SETTLE_MS ago): the settle time passes.
    clockPasses(VIEW_SETTLE_MS);
  }
}

function expectAllChanged(before: Map<string, string>, after: Map<string, string>, what: string, but: readonly string[] = []) {
  for (const [name, tag] of before) {
    if (but.includes(name)) expect(after.get(name), `${name} after ${what}`).toBe(tag);
    else expect(after.get(name), `${name} after ${what}`).not.toBe(tag);
  }
}

/** The views of the score history's topic (data/public-version.ts): they follow its samples, not the results. */
const HISTORY_VIEWS = views.filter((r) => r.publicTopic === 'history').map((r) => r.name);

describe('public views and the public version', () => {
  it('covers every public view of the route table', () => {
    expect(views.map((r) => r.name).sort()).toEqual([
      'GetCompactScoreboard',
      'GetScoreHistory',
      'GetScoreboard',
      'GetScorecard',
      'GetService',
      'GetServiceStatus',
      'GetTeam',
      'ListServiceScans',
      'ListServices',
      'ListTeams',
    ]);
  });

  it('answers a current ETag with 304 from the version alone: no Query, no BatchGetItem', async () => {
    const current = await tags();
    for (const route of views) {
      // Some views' tags also move with a clock grid (the status view's steps every 5 s): a slow run may cross a step
      // between reading the tags and this request, so each view's tag is read again just before its conditional request.
      current.set(route.name, (await invoke('GET', pathOf(route))).headers.etag!);
      const sent: string[] = [];
      const observe = ({ command }: { command: string }) => void sent.push(command);
      commandObservers.add(observe);
      try {
        const answer = await invoke('GET', pathOf(route), { headers: { 'if-none-match': current.get(route.name)! } });
        expect(answer.status, route.name).toBe(304);
        expect(answer.headers.etag).toBe(current.get(route.name));
      } finally {
        commandObservers.delete(observe);
      }
      // The public version, and the settings when this function's copy of them has lapsed.
      expect(
        sent.filter((c) => c !== 'GetItemCommand'),
        route.name,
      ).toEqual([]);
      expect(sent.length, route.name).toBeLessThanOrEqual(2);
    }
  });

  it("tags the views apart by the caller's role", async () => {
    const anonymous = await tags();
    const admin = await tags(bearer(tokens.admin));
    expectAllChanged(anonymous, admin, 'an admin asking');
  });

  it("moves every view's ETag with a result (but the history's), an adjustment, a setting, a void (but the history's) and a reload that hides a team; the services' with a scan started", async () => {
    let before = await tags();
    const changes: [string, () => Promise<unknown>][] = [
      [
        'a result',
        () => invoke('POST', `/api/v1/services/${serviceId}/scans`, { headers: bearer(tokens.service), body: { scan_id: 'v-1', score: 0, error: 'down' } }),
      ],
      [
        'an adjustment',
        () => invoke('POST', `/api/v1/teams/${teamId}/adjustments`, { headers: bearer(tokens.admin), body: { super_type_id: 2, points: 4, reason: 'inject' } }),
      ],
      ['a setting', () => invoke('PATCH', '/api/v1/settings/1', { headers: bearer(tokens.admin), body: { competition_name: 'Versioned Cup' } })],
      [
        'a void',
        async () => {
          const filter = { from: '2000-01-01T00:00:00Z', to: '2100-01-01T00:00:00Z', team_id: teamId };
          const preview = await invoke('POST', '/api/v1/scans/void', { headers: bearer(tokens.admin), body: filter });
          const applied = await invoke('POST', '/api/v1/scans/void', {
            headers: bearer(tokens.admin),
            body: { ...filter, dry_run: false, preview_id: preview.json.preview_id },
          });
          expect(applied.status).toBe(202);
        },
      ],
      [
        'a reload that hides a team',
        () => {
          const competition = sampleCompetition();
          competition.teams[1] = { ...competition.teams[1]!, hidden: true };
          return loadCompetition(competition, { replace: true, loadedBy: 'test', audit: TEST_AUDIT });
        },
      ],
    ];
    // A scan under way shows as a service's in_progress: the services' views move with it.
    await fold.caughtUp();
    const beforeStart = await tags();
    const started = await invoke('POST', `/api/v1/services/${serviceId}/scans`, {
      headers: bearer(tokens.service),
      body: { scan_id: 'v-0', status: 'started' },
    });
    expect(started.status).toBe(202);
    const afterStart = await tags();
    for (const name of ['GetService', 'ListServices', 'GetServiceStatus'])
      expect(afterStart.get(name), `${name} after a scan started`).not.toBe(beforeStart.get(name));
    before = afterStart;
    for (const [what, change] of changes) {
      await change();
      if (what === 'a reload that hides a team') {
        const teams = (await invoke('GET', '/api/v1/teams')).json as { id: number; number: number }[];
        teamId = teams.find((t) => t.number === 11)!.id;
        serviceId = ((await invoke('GET', '/api/v1/services?team=11')).json as { id: number }[])[0]!.id;
      }
      const after = await tags();
      // Results leave the history's ETag where it was. What every view shows moves it too: a setting, the teams, and a
      // super type (an adjustment counts itself on its super type, so that it is never retired).
      expectAllChanged(before, after, what, what === 'a result' || what === 'a void' ? HISTORY_VIEWS : []);
      before = after;
    }
  });

  it("moves the score history's version with the minute's sample, and not the live one: the scoreboard's and the matrix's ETags stay (issue #49)", async () => {
    expect(HISTORY_VIEWS).toEqual(['GetScoreHistory']);
    // Every view's ETag is the version's once it has settled.
    await fold.caughtUp();
    clockPasses(VIEW_SETTLE_MS + 500);
    const before = await tags();
    const versionsBefore = await readPublicVersions();
    // A minute of the finest resolution alone (a five-minute one writes two samples, whose records may fall in two
    // batches), well after the freeze and due times the other tests set: a moment in it would move the live version.
    let minute = Math.floor(Date.now() / 60_000) + 10;
    if (minute % 5 === 0) minute += 1;
    await recordScoreSnapshot({ time: new Date(minute * 60_000).toISOString() });
    const after = await tags();
    const versionsAfter = await readPublicVersions();
    expect(versionsAfter.live).toEqual(versionsBefore.live);
    expect(versionsAfter.history.version).toBe(versionsBefore.history.version + 1);
    expect(after.get('GetScoreHistory')).not.toBe(before.get('GetScoreHistory'));
    // (The services' views also follow a clock of their own, a scan in progress lapsing: not compared here.)
    for (const name of ['GetScoreboard', 'GetScorecard', 'GetTeam', 'ListTeams', 'GetServiceStatus']) expect(after.get(name), name).toBe(before.get(name));
  });

  it("moves the live version with the minute's sample when the freeze started in that minute, so that nudged pages turn with it (decision 0086)", async () => {
    await fold.caughtUp();
    // Minutes of the finest resolution alone, and a freeze halfway through the first.
    let minute = Math.floor(Date.now() / 60_000) + 2;
    while (minute % 5 === 0 || (minute + 1) % 5 === 0) minute += 1;
    const current = await getSettings({ consistent: true });
    const { id: _id, ...fields } = current!.settings;
    const freezeAt = new Date((minute - 0.5) * 60_000).toISOString().replace(/\.\d{3}Z$/, 'Z');
    // Written directly: the API wants a freeze announced minutes ahead.
    await saveSettings({ ...fields, scoreboard_freeze_time: freezeAt }, current!, { ...TEST_AUDIT, action: 'settings.update' });
    await fold.caughtUp();
    // The consumer's copy of the settings (kept 5 s) lapsed, as the API's notice of a freeze (3 minutes) makes sure.
    forgetFreshCopies();
    const before = await readPublicVersions(true);
    await recordScoreSnapshot({ time: new Date(minute * 60_000).toISOString() });
    await fold.caughtUp();
    const closing = await readPublicVersions(true);
    expect(closing.history.version).toBe(before.history.version + 1);
    expect(closing.live.version, 'the sample of the minute the freeze started in').toBe(before.live.version + 1);
    // The next minute's sample: no moment in it, the live version stays.
    await recordScoreSnapshot({ time: new Date((minute + 1) * 60_000).toISOString() });
    await fold.caughtUp();
    const after = await readPublicVersions(true);
    expect(after.history.version).toBe(closing.history.version + 1);
    expect(after.live.version).toBe(closing.live.version);
    const restored = await getSettings({ consistent: true });
    await saveSettings({ ...fields, scoreboard_freeze_time: null }, restored!, { ...TEST_AUDIT, action: 'settings.update' });
  });

  it('moves the ETags of the anonymous views when the clock passes the freeze time, with nothing written', async () => {
    // Settled first: what the test before wrote must not take the clock past the freeze while the views settle below.
    await tags();
    const current = await getSettings({ consistent: true });
    const freezeAt = new Date(Date.now() + VIEW_SETTLE_MS + 1500);
    // Written directly: the API wants a freeze announced minutes ahead.
    const { id: _id, ...fields } = current!.settings;
    await saveSettings({ ...fields, scoreboard_freeze_time: freezeAt.toISOString().replace(/\.\d{3}Z$/, 'Z') }, current!, {
      ...TEST_AUDIT,
      action: 'settings.update',
    });
    const before = await tags();
    const admin = await tags(bearer(tokens.admin));
    clockPasses(freezeAt.getTime() + 1000 - Date.now());
    const after = await tags();
    for (const name of ['GetScoreboard', 'GetScorecard', 'GetScoreHistory', 'GetService', 'ListServiceScans'])
      expect(after.get(name), name).not.toBe(before.get(name));
    // Views the freeze does not touch keep theirs, and an admin (live figures) still gets other tags than the public.
    expect(after.get('ListTeams')).toBe(before.get('ListTeams'));
    for (const name of ['GetScoreboard', 'GetScorecard']) expect(after.get(name)).not.toBe(admin.get(name));
  });

  it("moves the scoreboard's and the scorecards' ETags when an inject's due time passes (the maxima grow), with nothing written", async () => {
    const admin = bearer(tokens.admin);
    // Settled first: what the test before wrote must not take the clock past the due time while the views settle below.
    await tags(admin);
    const stamp = (ms: number) => new Date(ms).toISOString().replace(/\.\d{3}Z$/, 'Z');
    const dueAt = Math.ceil((Date.now() + VIEW_SETTLE_MS + 2500) / 1000) * 1000;
    const inject = await invoke('POST', '/api/v1/injects', {
      headers: admin,
      body: { title: 'Due soon', text: 'Answer.', super_type_id: 2, open_at: stamp(Date.now() - 60_000), due_at: stamp(dueAt), points: 20, rubric: [] },
    });
    expect((await invoke('PATCH', `/api/v1/injects/${inject.json.id}`, { headers: admin, body: { state: 'published' } })).status).toBe(200);
    // As an organiser: live figures (the public's may be frozen by another test).
    const before = await tags(admin);
    clockPasses(dueAt + 500 - Date.now());
    const after = await tags(admin);
    for (const name of ['GetScoreboard', 'GetScorecard']) expect(after.get(name), name).not.toBe(before.get(name));
    expect(after.get('ListTeams')).toBe(before.get('ListTeams'));
  });
});
