/**
 * Live editing (issue #28), its first piece: an organiser moves a service to
 * another address or port while the event runs. If-Match guards it (412 when
 * stale), the audit trail has it, results already earned keep their points,
 * the public reads show the new place at once, and every function's kept copy
 * of the definition is read again within the freshness bound (5 s), while
 * the settings' own ETag stays put. Then a service disabled and enabled again.
 */
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { forgetFreshCopies, freshServiceDefinition, FRESHNESS_MS } from '#shared/data/fresh';
import { verifyTotals } from '#shared/app/verify';
import { bearer, invoke } from '../support/invoke';
import { useCompetition } from './competition';

const { freshCompetition, fold: currentFold, admin, tokens } = useCompetition();
let serviceId: number;
/** The sample competition, and the service the tests move: the first one listed. */
async function withSampleCompetition() {
  await freshCompetition();
  serviceId = ((await invoke('GET', '/api/v1/services', { headers: admin() })).json as { id: number }[])[0]!.id;
}
afterEach(() => vi.useRealTimers());

const endpointOf = () => invoke('GET', `/api/v1/services/${serviceId}/endpoint`, { headers: admin() });
const move = (body: unknown, etag?: string) =>
  invoke('PATCH', `/api/v1/services/${serviceId}`, { headers: { ...admin(), ...(etag ? { 'if-match': etag } : {}) }, body });
const report = (scanId: string) =>
  invoke('POST', `/api/v1/services/${serviceId}/scans`, { headers: bearer(tokens().service), body: { scan_id: scanId, score: 10, error: null } });

describe('moving a service', () => {
  // Each test starts from the sample competition: they run in any order (test/handlers/competition.ts).
  beforeEach(withSampleCompetition);

  it('moves it with If-Match, keeps what it earned, and says so in the audit trail; a stale ETag is 412 and changes nothing', async () => {
    expect((await report('before-the-move')).status).toBe(201);
    await currentFold().caughtUp();
    const earned = (await invoke('GET', `/api/v1/services/${serviceId}`)).json.points_earned as number;
    const before = await endpointOf();
    expect(before.status).toBe(200);
    expect(before.json).toMatchObject({ id: serviceId, version: 1 });
    const settingsTag = (await invoke('GET', '/api/v1/settings/1', { headers: admin() })).headers.etag;

    const moved = await move({ url: 'moved.team11.example', port: 2222 }, before.headers.etag);
    expect(moved.status, moved.text).toBe(200);
    expect(moved.json).toEqual({ ...before.json, url: 'moved.team11.example', port: 2222, version: 2 });
    expect(moved.headers.etag).toBe((await endpointOf()).headers.etag);
    // What everyone reads shows the new place; the points already earned stay.
    const shown = (await invoke('GET', `/api/v1/services/${serviceId}`)).json;
    expect([shown.url, shown.port, shown.points_earned]).toEqual(['moved.team11.example', 2222, earned]);
    // The old ETag is stale now: 412, nothing changed.
    const stale = await move({ port: 3333 }, before.headers.etag);
    expect(stale.status).toBe(412);
    expect((await endpointOf()).json.port).toBe(2222);
    // Without If-Match the latest edit wins.
    expect((await move({ port: 2223 })).json).toMatchObject({ port: 2223, version: 3 });
    // The settings' own ETag did not move: an organiser editing them meanwhile gets no false 412.
    expect((await invoke('GET', '/api/v1/settings/1', { headers: admin() })).headers.etag).toBe(settingsTag);
    // Results after the move earn as before.
    expect((await report('after-the-move')).status).toBe(201);
    await currentFold().caughtUp();
    expect((await invoke('GET', `/api/v1/services/${serviceId}`)).json.points_earned).toBe(earned + 10);

    const audit = (await invoke('GET', '/api/v1/audit?limit=100', { headers: admin() })).json.items as {
      action: string;
      target: string;
      before: unknown;
      after: unknown;
    }[];
    const entries = audit.filter((e) => e.action === 'service.update' && e.target === `services/${serviceId}`);
    expect(entries).toHaveLength(2);
    expect(entries.at(-1)).toMatchObject({ before: before.json, after: moved.json });
  });

  it("reaches every function's kept copy of the definition within the freshness bound", async () => {
    forgetFreshCopies();
    const port = (await freshServiceDefinition(serviceId))!.service.port;
    expect((await move({ port: port + 1 })).status).toBe(200);
    // Within the bound a kept copy may still say the old port; past it, every copy is read again.
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + FRESHNESS_MS + 100 });
    expect((await freshServiceDefinition(serviceId))!.service.port).toBe(port + 1);
  });

  it('changes its points from the next result on: what was earned and counted stays, and the maximum so far grows by the new points only', async () => {
    // Up to begin with: a pass at its 10 points.
    expect((await report('up-before-the-change')).status).toBe(201);
    await currentFold().caughtUp();
    const service = (await invoke('GET', `/api/v1/services/${serviceId}`)).json as { team: { id: number }; points_earned: number; max_score: number };
    const scores = async () =>
      (
        (await invoke('GET', '/api/v1/teams/scoreboard')).json.scoreboard as {
          team: { id: number };
          scores: { super_type_id: number; score: number; max_score: number }[];
        }[]
      )
        .find((row) => row.team.id === service.team.id)!
        .scores.find((s) => s.super_type_id === 1)!;
    const scan = (scanId: string, score: number) =>
      invoke('POST', `/api/v1/services/${serviceId}/scans`, { headers: bearer(tokens().service), body: { scan_id: scanId, score, error: null } });
    const stats = async () => {
      const { services_up, services_down, services_unscanned } = (await invoke('GET', `/api/v1/teams/${service.team.id}/scorecard`)).json.stats;
      return { services_up, services_down, services_unscanned };
    };
    const before = await scores();
    const statsBefore = await stats();
    expect((await scan('too-many-points', 25)).status).toBe(400);

    const changed = await move({ max_score: 25 }, (await endpointOf()).headers.etag);
    expect(changed.status, changed.text).toBe(200);
    expect(changed.json).toMatchObject({ max_score: 25 });
    // Every function reads the definition again within the freshness bound (tested above): as one that has, a pass earns 25.
    forgetFreshCopies();
    const worth = await scan('worth-more', 25);
    expect(worth.status, worth.text).toBe(201);
    await currentFold().caughtUp();
    expect(await scores()).toEqual({ ...before, score: before.score + 25, max_score: before.max_score + 25 });
    // It was up (10 of 10) and is up (25 of 25): each judged by the points it arrived under, so the counts stand.
    expect(await stats()).toEqual(statsBefore);
    expect((await invoke('GET', `/api/v1/services/${serviceId}`)).json.points_earned).toBe(service.points_earned + 25);
  });

  it('refuses an empty or hostile edit (400) and an unknown service (404)', async () => {
    const before = (await endpointOf()).json;
    expect((await move({})).status).toBe(400);
    expect((await move({ url: 'bad host..name' })).status).toBe(400);
    expect((await move({ port: 70000 })).status).toBe(400);
    expect((await endpointOf()).json).toEqual(before);
    expect((await invoke('PATCH', '/api/v1/services/99999', { headers: admin(), body: { port: 80 } })).status).toBe(404);
    expect((await invoke('GET', '/api/v1/services/99999/endpoint', { headers: admin() })).status).toBe(404);
  });
});

describe('disabling and enabling a service', () => {
  beforeAll(withSampleCompetition);

  it('takes it out of every list, round and count while what it earned stays; a result in flight earns nothing; enabled, it counts again; verify agrees', async () => {
    const services = (await invoke('GET', '/api/v1/services', { headers: admin() })).json as {
      id: number;
      subtype_id: number;
      team: { id: number };
      max_score: number;
    }[];
    const other = services.find((s) => s.id !== serviceId && s.team.id === services.find((t) => t.id === serviceId)!.team.id)!;
    const teamId = other.team.id;
    const scan = (scanId: string, score: number) =>
      invoke('POST', `/api/v1/services/${other.id}/scans`, { headers: bearer(tokens().service), body: { scan_id: scanId, score, error: null } });
    const row = async () =>
      ((await invoke('GET', '/api/v1/teams/scoreboard')).json.scoreboard as { team: { id: number }; scores: { score: number; max_score: number }[] }[])
        .find((r) => r.team.id === teamId)!
        .scores.map(({ score, max_score }) => [score, max_score]);
    const stats = async () => {
      const { services_up, services_down, services_unscanned } = (await invoke('GET', `/api/v1/teams/${teamId}/scorecard`)).json.stats;
      return { services_up, services_down, services_unscanned };
    };
    const cells = async () => ((await invoke('GET', '/api/v1/services/status')).json.teams[teamId] as unknown[]).length;
    const listed = async (headers = {}) => ((await invoke('GET', '/api/v1/services', { headers })).json as { id: number }[]).some((s) => s.id === other.id);
    const endpointOfOther = () => invoke('GET', `/api/v1/services/${other.id}/endpoint`, { headers: admin() });
    const toggle = (enabled: boolean, etag?: string) =>
      invoke('PATCH', `/api/v1/services/${other.id}`, { headers: { ...admin(), ...(etag ? { 'if-match': etag } : {}) }, body: { enabled } });

    expect((await scan('a-passed-while-enabled', other.max_score)).status).toBe(201);
    await currentFold().caughtUp();
    const [scoresBefore, statsBefore, cellsBefore] = [await row(), await stats(), await cells()];
    const opened = await endpointOfOther();
    expect(opened.json.enabled).toBe(true);
    // The organisers' list, kept by a warm function while no definition moves (data/fresh.ts), shows the edit below at once.
    expect((await invoke('GET', '/api/v1/services/endpoints', { headers: admin() })).json).toContainEqual(opened.json);

    const disabled = await toggle(false, opened.headers.etag);
    expect(disabled.status, disabled.text).toBe(200);
    expect(disabled.json).toMatchObject({ enabled: false, version: opened.json.version + 1 });
    expect((await toggle(true, opened.headers.etag)).status).toBe(412);
    // Out of every list (the agent's round reads the list), of its team's counts and of the status view; organisers still read it.
    expect([await listed(), await listed(admin())]).toEqual([false, false]);
    expect((await invoke('GET', `/api/v1/services/${other.id}`)).status).toBe(404);
    expect((await invoke('GET', `/api/v1/services/${other.id}`, { headers: admin() })).status).toBe(200);
    expect((await invoke('GET', '/api/v1/services/endpoints', { headers: admin() })).json).toContainEqual(disabled.json);
    expect(await stats()).toEqual({ ...statsBefore, services_up: statsBefore.services_up - 1 });
    expect(await cells()).toBe(cellsBefore - 1);
    // What it earned stays on the board.
    expect(await row()).toEqual(scoresBefore);

    // A result in flight when it was disabled is recorded and earns nothing, nor moves a count.
    forgetFreshCopies();
    // Its id sorts after the pass: two results of one second are ordered by id.
    const late = await scan('b-arrived-while-disabled', 0);
    expect(late.status, late.text).toBe(201);
    expect(late.json.points).toBe(0);
    await currentFold().caughtUp();
    expect(await row()).toEqual(scoresBefore);
    expect(await stats()).toEqual({ ...statsBefore, services_up: statsBefore.services_up - 1 });

    // Enabled again: listed, counted with its status now (down: the last result failed), its cell back.
    const enabled = await toggle(true, disabled.headers.etag);
    expect(enabled.status, enabled.text).toBe(200);
    expect(enabled.json.enabled).toBe(true);
    expect(await listed()).toBe(true);
    expect(await stats()).toEqual({ ...statsBefore, services_up: statsBefore.services_up - 1, services_down: statsBefore.services_down + 1 });
    expect(await cells()).toBe(cellsBefore);
    expect((await invoke('GET', '/api/v1/services/status')).json.teams[teamId]).toContainEqual(expect.arrayContaining([other.subtype_id, 'down']));
    expect((await verifyTotals({ repair: false, pauseMs: 100 })).filter((t) => t.differences.length > 0)).toEqual([]);
    const audit = (await invoke('GET', `/api/v1/audit?limit=100&target=services/${other.id}`, { headers: admin() })).json.items as {
      after: { enabled: boolean };
    }[];
    // Newest first.
    expect(audit.map((e) => e.after.enabled)).toEqual([true, false]);
  });
  it('races the fold: a service disabled and enabled while its team is scored is counted once, never twice or not at all', async () => {
    const all = (await invoke('GET', '/api/v1/services', { headers: admin() })).json as { id: number; team: { id: number; number: number } }[];
    const team = all.at(-1)!.team;
    const ofTeam = all.filter((s) => s.team.id === team.id);
    const target = ofTeam[0]!;
    let round = 0;
    const scoring = (async () => {
      for (; round < 12; round++)
        await Promise.all(
          ofTeam.map((s, i) =>
            invoke('POST', `/api/v1/services/${s.id}/scans`, {
              headers: bearer(tokens().service),
              body: { scan_id: `race-${round}-${s.id}`, score: (round + i) % 3 === 0 ? 0 : 10, error: null },
            }),
          ),
        );
    })();
    for (let flip = 0; flip < 6; flip++) {
      const answer = await invoke('PATCH', `/api/v1/services/${target.id}`, { headers: admin(), body: { enabled: flip % 2 === 1 } });
      expect(answer.status, answer.text).toBe(200);
    }
    await scoring;
    await currentFold().caughtUp();
    // The counts are exactly the statuses of the team's listed (enabled) services.
    const listed = (await invoke('GET', `/api/v1/services?team=${team.number}`, { headers: admin() })).json as {
      last_scan: number;
      last_scan_time: string | null;
      max_score: number;
    }[];
    const expected = {
      services_up: listed.filter((s) => s.last_scan_time !== null && s.last_scan >= s.max_score).length,
      services_down: listed.filter((s) => s.last_scan_time !== null && s.last_scan < s.max_score).length,
      services_unscanned: listed.filter((s) => s.last_scan_time === null).length,
    };
    const { services_up, services_down, services_unscanned } = (await invoke('GET', `/api/v1/teams/${team.id}/scorecard`, { headers: admin() })).json.stats;
    expect({ services_up, services_down, services_unscanned }).toEqual(expected);
    expect(listed).toHaveLength(ofTeam.length);
    expect((await verifyTotals({ repair: false, pauseMs: 100 })).filter((t) => t.differences.length > 0)).toEqual([]);
  });
});
