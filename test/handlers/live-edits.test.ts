/**
 * Live editing (issue #28), its first piece: an organiser moves a service to
 * another address or port while the event runs. If-Match guards it (412 when
 * stale), the audit trail has it, results already earned keep their points,
 * the public reads show the new place at once, and every function's kept copy
 * of the definition is read again within the freshness bound (5 s), while
 * the settings' own ETag stays put.
 */
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { forgetFreshCopies, freshServiceDefinition, FRESHNESS_MS } from '#shared/data/fresh';
import { verifyTotals } from '#shared/app/verify';
import { readTeamProfile, writeTeamProfile } from '#shared/data/teams';
import { mintTokens, TEST_AUDIT, useFreshTable } from '../support/database';
import { startFold } from '../support/fold';
import { bearer, invoke } from '../support/invoke';

let tokens: { admin: string; service: string };
let fold: Awaited<ReturnType<typeof startFold>>;
let serviceId: number;
const admin = () => bearer(tokens.admin);

beforeAll(async () => {
  await useFreshTable();
  tokens = await mintTokens();
  fold = await startFold();
  serviceId = ((await invoke('GET', '/api/v1/services', { headers: admin() })).json as { id: number }[])[0]!.id;
  return () => fold.stop();
});
afterEach(() => vi.useRealTimers());

const endpointOf = () => invoke('GET', `/api/v1/services/${serviceId}/endpoint`, { headers: admin() });
const move = (body: unknown, etag?: string, id = serviceId) =>
  invoke('PATCH', `/api/v1/services/${id}`, { headers: { ...admin(), ...(etag ? { 'if-match': etag } : {}) }, body });
const report = (scanId: string) =>
  invoke('POST', `/api/v1/services/${serviceId}/scans`, { headers: bearer(tokens.service), body: { scan_id: scanId, score: 10, error: null } });

describe('moving a service', () => {
  it('moves it with If-Match, keeps what it earned, and says so in the audit trail; a stale ETag is 412 and changes nothing', async () => {
    expect((await report('before-the-move')).status).toBe(201);
    await fold.caughtUp();
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
    await fold.caughtUp();
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
      invoke('POST', `/api/v1/services/${serviceId}/scans`, { headers: bearer(tokens.service), body: { scan_id: scanId, score, error: null } });
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
    await fold.caughtUp();
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
      invoke('POST', `/api/v1/services/${other.id}/scans`, { headers: bearer(tokens.service), body: { scan_id: scanId, score, error: null } });
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
    await fold.caughtUp();
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
    await fold.caughtUp();
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
              headers: bearer(tokens.service),
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
    await fold.caughtUp();
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

describe('editing a team', () => {
  const teamId = 2;
  const profileOf = () => invoke('GET', `/api/v1/teams/${teamId}/profile`, { headers: admin() });
  const edit = (body: unknown, etag?: string) =>
    invoke('PATCH', `/api/v1/teams/${teamId}`, { headers: { ...admin(), ...(etag ? { 'if-match': etag } : {}) }, body });
  const scoreboardRow = async (headers: Record<string, string> = {}) =>
    ((await invoke('GET', '/api/v1/teams/scoreboard', { headers })).json.scoreboard as { team: { id: number; name: string }; total_score: number }[]).find(
      (row) => row.team.id === teamId,
    );
  const statusHas = async () => teamId in (await invoke('GET', '/api/v1/services/status')).json.teams;

  it('renames it everywhere at once, hides it from the public (its results stay), shows it again; If-Match and the audit trail as for a service', async () => {
    const before = await profileOf();
    expect(before.json).toMatchObject({ id: teamId, hidden: false, version: 1 });
    const total = (await scoreboardRow())!.total_score;

    const renamed = await edit({ name: 'Renamed Rangers', guest_division: true }, before.headers.etag);
    expect(renamed.status, renamed.text).toBe(200);
    expect(renamed.json).toEqual({ ...before.json, name: 'Renamed Rangers', guest_division: true, version: 2 });
    expect((await invoke('GET', `/api/v1/teams/${teamId}`)).json).toMatchObject({ name: 'Renamed Rangers', guest_division: true });
    const services = (await invoke('GET', `/api/v1/services?team=${before.json.number}`)).json as { team: { name: string } }[];
    expect(services.length).toBeGreaterThan(0);
    expect(services.every((s) => s.team.name === 'Renamed Rangers')).toBe(true);
    expect((await scoreboardRow())!.team.name).toBe('Renamed Rangers');
    expect((await edit({ name: 'Lost update' }, before.headers.etag)).status).toBe(412);

    // Hidden: gone from every public read, still there for organisers, its points kept.
    expect((await edit({ hidden: true }, renamed.headers.etag)).status).toBe(200);
    expect((await invoke('GET', `/api/v1/teams/${teamId}`)).status).toBe(404);
    expect(await scoreboardRow()).toBeUndefined();
    expect(await statusHas()).toBe(false);
    expect((await invoke('GET', `/api/v1/services?team=${before.json.number}`)).json).toEqual([]);
    expect((await scoreboardRow(admin()))!.total_score).toBe(total);
    // Shown again: as it was.
    expect((await edit({ hidden: false })).json).toMatchObject({ hidden: false, version: 4 });
    expect((await scoreboardRow())!.total_score).toBe(total);
    expect(await statusHas()).toBe(true);

    const audit = (await invoke('GET', '/api/v1/audit?limit=100', { headers: admin() })).json.items as { action: string; target: string }[];
    expect(audit.filter((e) => e.action === 'team.update' && e.target === `teams/${teamId}`)).toHaveLength(3);
  });

  it("moves its DNS zone: its records follow (the zone file's origin and names), another team's zone is 400, a zone a name server of the settings lies in is 409", async () => {
    const before = (await profileOf()).json as { team_url: string; number: number };
    const record = await invoke('POST', '/api/v1/dns', { headers: admin(), body: { name: 'ns', type: 'A', value: '53', team: teamId } });
    expect(record.status, record.text).toBe(201);
    const settings = await invoke('GET', '/api/v1/settings/1', { headers: admin() });
    const nameservers = settings.json.dns_nameservers as string[];
    const inside = `ns.${before.team_url}`;
    expect((await invoke('PATCH', '/api/v1/settings/1', { headers: admin(), body: { dns_nameservers: [...nameservers, inside] } })).status).toBe(200);
    expect((await edit({ team_url: 'moved.ccdc.example' })).json.code).toBe('zone_in_use');
    expect((await invoke('PATCH', '/api/v1/settings/1', { headers: admin(), body: { dns_nameservers: nameservers } })).status).toBe(200);
    const other = ((await invoke('GET', '/api/v1/teams', { headers: admin() })).json as { id: number; team_url: string }[]).find((t) => t.id !== teamId)!;
    expect((await edit({ team_url: other.team_url.toUpperCase() })).json.errors[0].path).toBe('team_url');

    const moved = await edit({ team_url: 'moved.ccdc.example' });
    expect(moved.status, moved.text).toBe(200);
    expect(moved.json.team_url).toBe('moved.ccdc.example');
    const zone = (await invoke('GET', `/api/v1/teams/${teamId}/dns.zone`, { headers: admin() })).text;
    expect(zone).toContain('$ORIGIN moved.ccdc.example.');
    expect(zone).toMatch(/^ns\s+(\d+\s+)?IN\s+A\s+/m);
    // Its old zone is free: another team may take it; moved back, it is its own again.
    expect((await edit({ team_url: before.team_url })).json.team_url).toBe(before.team_url);
  });

  it("refuses another team's name, in any case and spacing (400), and changes nothing", async () => {
    const before = await profileOf();
    const other = ((await invoke('GET', '/api/v1/teams', { headers: admin() })).json as { id: number; name: string }[]).find((t) => t.id !== teamId)!;
    const taken = await edit({ name: `  ${other.name.toUpperCase()} `, logo: '' }, before.headers.etag);
    expect([taken.status, taken.json.errors?.map((e: { path: string }) => e.path)]).toEqual([400, ['name']]);
    expect((await profileOf()).json).toEqual(before.json);
    // Its own name in another case is its own.
    const recased = await edit({ name: before.json.name.toUpperCase() }, before.headers.etag);
    expect(recased.status, recased.text).toBe(200);
    expect((await edit({ name: before.json.name }, recased.headers.etag)).status).toBe(200);
  });

  it('refuses an empty or hostile edit (400) and an unknown team (404)', async () => {
    const before = (await profileOf()).json;
    expect((await edit({})).status).toBe(400);
    expect((await edit({ logo: 'javascript:alert(1)' })).status).toBe(400);
    expect((await edit({ name: 'line\nbreak' })).status).toBe(400);
    expect((await edit({ team_url: 'not a zone' })).status).toBe(400);
    expect((await profileOf()).json).toEqual(before);
    expect((await invoke('PATCH', '/api/v1/teams/99999', { headers: admin(), body: { hidden: true } })).status).toBe(404);
  });
});

describe('adding and retiring a subtype', () => {
  const create = (body: unknown, key?: string) =>
    invoke('POST', '/api/v1/subtypes', { headers: { ...admin(), ...(key ? { 'idempotency-key': key } : {}) }, body });
  const retire = (id: number, etag?: string) => invoke('DELETE', `/api/v1/subtypes/${id}`, { headers: { ...admin(), ...(etag ? { 'if-match': etag } : {}) } });

  it('adds a kind of check (the next free id, or the one given) that services can then be added with; retires one without services', async () => {
    const body = { name: 'Printer', super_type_id: 1, max_score: 4, check: 'tcp', timeout_seconds: 3 };
    const added = await create(body, 'printer-1');
    expect(added.status, added.text).toBe(201);
    const ids = ((await invoke('GET', '/api/v1/subtypes', { headers: bearer(tokens.service) })).json as { id: number }[]).map((s) => s.id);
    expect(added.json).toEqual({ id: Math.max(...ids), ...body, version: 1 });
    expect(added.headers.etag).toBe((await invoke('GET', `/api/v1/subtypes/${added.json.id}`, { headers: admin() })).headers.etag);
    expect((await create(body, 'printer-1')).json).toEqual(added.json);
    // The agents' list has it; a service of it can be added.
    const team = ((await invoke('GET', '/api/v1/teams', { headers: admin() })).json as { id: number; number: number }[]).find((t) => t.number === 12)!;
    const service = await invoke('POST', '/api/v1/services', {
      headers: admin(),
      body: { team_id: team.id, subtype_id: added.json.id, url: 'printer.team12.ccdc.example', port: 9100 },
    });
    expect(service.status, service.text).toBe(201);
    expect(service.json).toMatchObject({ subtype: 'Printer', max_score: 4 });
    // With a service it stays; one without is retired (If-Match), and is gone from the agents' list.
    const withService = await invoke('GET', `/api/v1/subtypes/${added.json.id}`, { headers: admin() });
    expect((await retire(added.json.id, withService.headers.etag)).json.code).toBe('subtype_in_use');
    const spare = await create({ id: 60, name: 'Spare', super_type_id: 1, max_score: 1 });
    expect(spare.json).toEqual({ id: 60, name: 'Spare', super_type_id: 1, max_score: 1, version: 1 });
    expect((await retire(60, '"stale"')).status).toBe(412);
    expect((await retire(60, spare.headers.etag)).status).toBe(204);
    expect((await invoke('GET', '/api/v1/subtypes/60', { headers: admin() })).status).toBe(404);
    expect((await retire(60)).status).toBe(404);
    const audit = (await invoke('GET', '/api/v1/audit?target=subtypes/60', { headers: admin() })).json.items.map((e: { action: string }) => e.action);
    expect(audit).toEqual(['subtype.retire', 'subtype.create']);
  });

  it('refuses a taken id or name, an unknown super type, a mailbox check without a sender, and a sender a mailbox check reads', async () => {
    const errors = async (body: unknown) => ((await create(body)).json.errors as { path: string }[]).map((e) => e.path);
    expect(await errors({ id: 1, name: 'Other', super_type_id: 1, max_score: 1 })).toEqual(['id']);
    expect(await errors({ name: 'http', super_type_id: 1, max_score: 1 })).toEqual(['name']);
    expect(await errors({ name: 'Nothing', super_type_id: 99, max_score: 1 })).toEqual(['super_type_id']);
    expect(await errors({ name: 'POP', super_type_id: 1, max_score: 1, check: 'imap', sent_by: 'Nobody' })).toEqual(['sent_by']);
    expect((await create({ name: 'Bad', super_type_id: 1, max_score: 1, check: 'tcp', accounts: [] })).status).toBe(400);
    expect((await create({ name: 'Bad', super_type_id: 1, max_score: 1, check: 'tcp', query: 'www' })).status).toBe(400);
    expect((await retire(4)).json.code).toBe('subtype_in_use');
  });
});

describe('super types', () => {
  const read = (id: number) => invoke('GET', `/api/v1/super-types/${id}`, { headers: admin() });
  const write = (method: string, path: string, body?: unknown, etag?: string) =>
    invoke(method, `/api/v1/super-types${path}`, { headers: { ...admin(), ...(etag ? { 'if-match': etag } : {}) }, ...(body ? { body } : {}) });
  const scorecardNames = async () =>
    ((await invoke('GET', '/api/v1/teams/1/scorecard')).json.scores as { super_type_id: number; super_type: string }[]).map((s) => s.super_type);

  it('adds one (a new column of every scorecard), renames one (the scorecards follow), retires one nothing uses; If-Match and the audit trail as for the others', async () => {
    expect((await invoke('GET', '/api/v1/super-types', { headers: admin() })).json).toEqual([
      { id: 1, name: 'Services', version: 1 },
      { id: 2, name: 'Injects', version: 1 },
      { id: 3, name: 'Red Team', version: 1 },
    ]);
    const added = await invoke('POST', '/api/v1/super-types', { headers: { ...admin(), 'idempotency-key': 'uptime-1' }, body: { name: 'Uptime bonus' } });
    expect(added.status, added.text).toBe(201);
    expect(added.json).toEqual({ id: 4, name: 'Uptime bonus', version: 1 });
    expect(added.headers.etag).toBe((await read(4)).headers.etag);
    forgetFreshCopies();
    expect(await scorecardNames()).toEqual(['Services', 'Injects', 'Red Team', 'Uptime bonus']);

    const before = await read(3);
    const renamed = await write('PATCH', '/3', { name: 'Red team findings' }, before.headers.etag);
    expect(renamed.json).toEqual({ id: 3, name: 'Red team findings', version: 2 });
    expect((await write('PATCH', '/3', { name: 'Lost' }, before.headers.etag)).status).toBe(412);
    expect((await write('PATCH', '/3', { name: 'services' })).json.errors[0].path).toBe('name');
    forgetFreshCopies();
    expect(await scorecardNames()).toEqual(['Services', 'Injects', 'Red team findings', 'Uptime bonus']);

    expect((await write('DELETE', '/4', undefined, added.headers.etag)).status).toBe(204);
    expect((await read(4)).status).toBe(404);
    const audit = (await invoke('GET', '/api/v1/audit?action=super-type.', { headers: admin() })).json.items.map(
      (e: { action: string; target: string }) => `${e.action} ${e.target}`,
    );
    expect(audit).toEqual(['super-type.retire super-types/4', 'super-type.update super-types/3', 'super-type.create super-types/4']);
  });

  it('keeps one a subtype is in, or an adjustment was made in (409), and refuses a taken name or id (400)', async () => {
    expect((await write('DELETE', '/1')).json.code).toBe('super_type_in_use');
    const adjusted = await invoke('POST', '/api/v1/teams/1/adjustments', { headers: admin(), body: { super_type_id: 2, points: 5, reason: 'Inject 1' } });
    expect(adjusted.status, adjusted.text).toBe(201);
    // Refused at once, before the fold has counted the adjustment in the team's totals: the super type counts it itself.
    expect((await write('DELETE', '/2')).json.code).toBe('super_type_in_use');
    await fold.caughtUp();
    expect((await write('DELETE', '/2')).json.code).toBe('super_type_in_use');
    expect((await write('POST', '', { name: 'Injects' })).json.errors[0].path).toBe('name');
    expect((await write('POST', '', { id: 1, name: 'Other' })).json.errors[0].path).toBe('id');
    expect((await write('POST', '', { name: '' })).status).toBe(400);
    expect((await write('PATCH', '/99', { name: 'Nowhere' })).status).toBe(404);
  });
});

describe('adding a team and a service', () => {
  const create = (path: string, body: unknown, key?: string) =>
    invoke('POST', `/api/v1/${path}`, { headers: { ...admin(), ...(key ? { 'idempotency-key': key } : {}) }, body });
  const newTeam = { number: 51, name: 'Late Arrivals', team_url: 'team51.ccdc.example' };
  const scoreboard = async () => (await invoke('GET', '/api/v1/teams/scoreboard')).json.scoreboard as Record<string, any>[];

  it('adds a team, shown at once with no services and no points; a retry with its Idempotency-Key adds nothing; taken numbers, names and zones are refused', async () => {
    const before = await scoreboard();
    const added = await create('teams', newTeam, 'late-team-1');
    expect(added.status, added.text).toBe(201);
    expect(added.json).toEqual({ id: expect.any(Number), ...newTeam, logo: '', guest_division: false, hidden: false, version: 1 });
    expect(added.headers.location).toBe(`/api/v1/teams/${added.json.id}/profile`);
    expect(added.headers.etag).toBe((await invoke('GET', `/api/v1/teams/${added.json.id}/profile`, { headers: admin() })).headers.etag);
    expect((await create('teams', newTeam, 'late-team-1')).json).toEqual(added.json);

    const after = await scoreboard();
    expect(after).toHaveLength(before.length + 1);
    expect(after.find((row) => row.team.id === added.json.id)).toMatchObject({ total_score: 0, services_total: 0 });
    expect((await invoke('GET', `/api/v1/teams/${added.json.id}`)).json.name).toBe('Late Arrivals');
    // The status view shows cells: a team without services has none yet.

    // Taken: each field its own reason, and nothing is added.
    const taken = await create('teams', { number: 11, name: 'late arrivals', team_url: 'TEAM12.ccdc.example' });
    expect(taken.status).toBe(400);
    expect(taken.json.errors.map((e: { path: string }) => e.path).sort()).toEqual(['name', 'number', 'team_url']);
    expect(await scoreboard()).toHaveLength(after.length);
    expect((await create('teams', { ...newTeam, number: 52, team_url: 'bad zone' })).status).toBe(400);
    expect((await create('teams', { ...newTeam, number: 52, name: 'x', team_url: 'team52.ccdc.example', extra: 1 })).status).toBe(400);

    const audit = (await invoke('GET', '/api/v1/audit?limit=100', { headers: admin() })).json.items as { action: string; target: string }[];
    expect(audit.filter((e) => e.action === 'team.create' && e.target === `teams/${added.json.id}`)).toHaveLength(1);
  });

  it('gives one of two teams created at once with the same number the number, and the other a 400', async () => {
    const answers = await Promise.all(['Twin One', 'Twin Two'].map((name, i) => create('teams', { number: 31, name, team_url: `twin${i}.ccdc.example` })));
    expect(answers.map((a) => a.status).sort()).toEqual([201, 400]);
    expect((await scoreboard()).filter((row) => row.team.number === 31)).toHaveLength(1);
  });

  it('gives one name to one team, whether two teams are created or renamed to it at once; a name left is free again', async () => {
    const named = (name: string) => async () => (await scoreboard()).filter((row) => row.team.name.toLowerCase() === name.toLowerCase());
    const created = await Promise.all(
      [32, 33].map((number) => create('teams', { number, name: number === 32 ? 'Same Name' : 'same name ', team_url: `same${number}.ccdc.example` })),
    );
    expect(created.map((a) => a.status).sort()).toEqual([201, 400]);
    expect(created.find((a) => a.status === 400)!.json.errors.map((e: { path: string }) => e.path)).toEqual(['name']);
    expect(await named('Same Name')()).toHaveLength(1);

    // Two teams renamed to one new name at once: the claims settle it.
    const winner = created.find((a) => a.status === 201)!.json as { id: number };
    const second = (await create('teams', { number: 34, name: 'Second Team', team_url: 'same34.ccdc.example' })).json as { id: number };
    const renamed = await Promise.all(
      [winner.id, second.id].map((id) => invoke('PATCH', `/api/v1/teams/${id}`, { headers: admin(), body: { name: 'Renamed At Once' } })),
    );
    expect(renamed.map((a) => a.status).sort()).toEqual([200, 400]);
    expect(await named('Renamed At Once')()).toHaveLength(1);
    // (What settles it when both have read the teams before either wrote: the name's claim, whatever the list said.)
    const loser = renamed[0]!.status === 200 ? second.id : winner.id;
    const loserProfile = (await readTeamProfile(loser))!;
    expect(await writeTeamProfile(loserProfile, { ...loserProfile, name: 'RENAMED at once', version: loserProfile.version + 1 }, [], TEST_AUDIT)).toBe(
      'name-taken',
    );

    // The name the winner left (claimed when it was created) is another team's to take.
    const leftBy = renamed[0]!.status === 200 ? 'Same Name' : 'Second Team';
    const taker = await create('teams', { number: 35, name: leftBy, team_url: 'same35.ccdc.example' });
    expect(taker.status, taker.text).toBe(201);
  });

  it('adds a service to the new team: listed, unscanned, earning from its first result; the team edit then reaches it too', async () => {
    const team = (await invoke('GET', '/api/v1/teams', { headers: admin() })).json.find((t: { number: number }) => t.number === 51) as { id: number };
    const profile = await invoke('GET', `/api/v1/teams/${team.id}/profile`, { headers: admin() });
    const otherScores = (await scoreboard()).find((row) => row.team.number === 11)!.scores;
    const body = { team_id: team.id, subtype_id: 2, url: 'shell.team51.ccdc.example', port: 2222, accounts: [{ username: 'blue', password: 'Late-Pa55word' }] };

    const added = await create('services', body, 'late-ssh');
    expect(added.status, added.text).toBe(201);
    expect(added.json).toEqual({
      id: expect.any(Number),
      team_id: team.id,
      subtype_id: 2,
      subtype: 'SSH',
      url: body.url,
      port: 2222,
      max_score: 10,
      enabled: true,
      version: 1,
    });
    expect(added.text).not.toContain('Late-Pa55word');
    expect((await create('services', body, 'late-ssh')).json).toEqual(added.json);
    const serviceId = added.json.id as number;

    const listed = (await invoke('GET', '/api/v1/services?team=51')).json as { id: number; last_scan_time: string | null }[];
    expect(listed).toEqual([expect.objectContaining({ id: serviceId, last_scan_time: null })]);
    expect((await scoreboard()).find((row) => row.team.id === team.id)).toMatchObject({ services_total: 1, services_up: 0 });
    expect((await invoke('GET', '/api/v1/services/status')).json.teams[team.id]).toEqual([[2, 'unscanned']]);
    // Its accounts were sealed with it: organisers see the names, the agent's read the secret.
    expect((await invoke('GET', `/api/v1/services/${serviceId}/accounts`, { headers: admin() })).json.accounts).toEqual([
      expect.objectContaining({ username: 'blue' }),
    ]);
    const secrets = await invoke('GET', `/api/v1/services/accounts?service_id=${serviceId}`, { headers: bearer(tokens.service) });
    expect(secrets.json.services[serviceId]).toEqual([expect.objectContaining({ username: 'blue', password: 'Late-Pa55word' })]);
    // Adding a service moved the team's version: an edit opened before it is stale.
    expect((await invoke('GET', `/api/v1/teams/${team.id}/profile`, { headers: admin() })).json.version).toBe(2);
    expect(
      (await invoke('PATCH', `/api/v1/teams/${team.id}`, { headers: { ...admin(), 'if-match': profile.headers.etag! }, body: { name: 'Stale' } })).status,
    ).toBe(412);

    // Its first result earns; the other teams' maximum so far is as it was.
    const scan = await invoke('POST', `/api/v1/services/${serviceId}/scans`, {
      headers: bearer(tokens.service),
      body: { scan_id: 'late-1', score: 10, error: null },
    });
    expect(scan.status, scan.text).toBe(201);
    await fold.caughtUp();
    const rows = await scoreboard();
    expect(rows.find((row) => row.team.id === team.id)).toMatchObject({ total_score: 10, services_up: 1 });
    expect(rows.find((row) => row.team.number === 11)!.scores).toEqual(otherScores);

    // A team edit now writes its new service too.
    expect((await invoke('PATCH', `/api/v1/teams/${team.id}`, { headers: admin(), body: { name: 'Late But Here' } })).status).toBe(200);
    expect((await invoke('GET', `/api/v1/services/${serviceId}`)).json.team.name).toBe('Late But Here');
  });

  it('refuses a service already there (409), of an unknown team or subtype (400), and anything once finalised (409)', async () => {
    const team = (await invoke('GET', '/api/v1/teams', { headers: admin() })).json.find((t: { number: number }) => t.number === 51) as { id: number };
    const place = { team_id: team.id, subtype_id: 2, url: 'SHELL.team51.ccdc.example', port: 2222 };
    expect((await create('services', place)).json.code).toBe('service_exists');
    expect((await create('services', { ...place, team_id: 99999 })).json.errors[0].path).toBe('team_id');
    expect((await create('services', { ...place, subtype_id: 99 })).json.errors[0].path).toBe('subtype_id');
    expect((await create('services', { ...place, port: 0 })).status).toBe(400);

    expect((await invoke('POST', '/api/v1/competition/finalise', { headers: admin(), body: { force: true } })).status).toBe(200);
    expect((await create('teams', { number: 41, name: 'Too Late', team_url: 'team41.ccdc.example' })).json.code).toBe('competition_final');
    expect((await create('services', { ...place, port: 2223 })).json.code).toBe('competition_final');
  });
});

describe("changing a subtype's check", () => {
  const subtypeOf = (id: number) => invoke('GET', `/api/v1/subtypes/${id}`, { headers: admin() });
  const replace = (id: number, body: unknown, etag?: string) =>
    invoke('PUT', `/api/v1/subtypes/${id}/check`, { headers: { ...admin(), ...(etag ? { 'if-match': etag } : {}) }, body });

  it("replaces the HTTP check's expected content with If-Match: the agents' list shows it, parameters left out are gone, the rest of the subtype stays", async () => {
    const before = await subtypeOf(1);
    expect(before.json).toMatchObject({ id: 1, name: 'HTTP', max_score: 10, check: 'http', content: 'Welcome', reject: '(?i)hacked by', version: 1 });
    const replaced = await replace(1, { check: 'http', path: '/', status: 200, content: 'Welcome back' }, before.headers.etag);
    expect(replaced.status, replaced.text).toBe(200);
    // What the agents read now: the subtype's own fields, the new definition, its defaults filled in.
    const shown = { id: 1, name: 'HTTP', super_type_id: 1, max_score: 10, check: 'http', path: '/', status: 200, content: 'Welcome back', timeout_seconds: 5 };
    expect(replaced.json).toEqual({ ...shown, version: 2 });
    expect(replaced.headers.etag).toBe((await subtypeOf(1)).headers.etag);
    const listed = ((await invoke('GET', '/api/v1/subtypes', { headers: bearer(tokens.service) })).json as { id: number }[]).find((s) => s.id === 1);
    expect(listed).toEqual(shown);
    expect((await replace(1, { check: 'http', content: 'Lost' }, before.headers.etag)).status).toBe(412);

    const audit = (await invoke('GET', '/api/v1/audit?limit=100', { headers: admin() })).json.items as { action: string; target: string; after: unknown }[];
    expect(audit.find((e) => e.action === 'subtype.check.replace' && e.target === 'subtypes/1')?.after).toEqual(replaced.json);
  });

  it('refuses what a competition file would refuse, and a mailbox check left without a sender; nothing changes', async () => {
    const before = (await subtypeOf(1)).json;
    expect((await replace(1, { check: 'http', content: '(?=lookahead)' })).json.errors[0].path).toBe('content');
    expect((await replace(1, { check: 'http', query: 'www' })).status).toBe(400);
    expect((await replace(1, { check: 'gopher' })).status).toBe(400);
    expect((await replace(1, { check: 'http', timeout_seconds: 300 })).status).toBe(400);
    expect((await subtypeOf(1)).json).toEqual(before);
    expect((await replace(7, { check: 'imap', sent_by: 'Nobody' })).json.errors).toEqual([expect.objectContaining({ path: 'sent_by' })]);
    expect((await replace(4, { check: 'smtp' })).json.errors).toEqual([expect.objectContaining({ path: 'check' })]);
    expect((await replace(4, { check: 'smtp', mail_to: 'red' })).status).toBe(200);
    expect((await replace(99, { check: 'tcp' })).status).toBe(404);
  });
});

describe("a service's own check", () => {
  const serviceOf = async (subtypeId: number) =>
    ((await invoke('GET', `/api/v1/services?subtype_id=${subtypeId}`, { headers: admin() })).json as { id: number }[]).at(-1)!.id;
  const ownChecks = async () => (await invoke('GET', '/api/v1/services/own-checks', { headers: bearer(tokens.service) })).json.services;

  it("checks one service otherwise than its subtype says: PUT creates it, If-Match guards a change, the agent's read has it, DELETE goes back to the subtype's; audited", async () => {
    const id = await serviceOf(1);
    const path = `/api/v1/services/${id}/check`;
    expect((await invoke('GET', path, { headers: admin() })).status).toBe(404);
    const created = await invoke('PUT', path, { headers: admin(), body: { content: 'Team shop', check: 'http', status: 200 } });
    expect(created.status, created.text).toBe(200);
    // The kind first, then its parameters in their order (those left out at their defaults), whatever order they came in.
    expect(created.json).toEqual({ service_id: id, check: { check: 'http', path: '/', status: 200, content: 'Team shop', timeout_seconds: 5 }, version: 1 });
    expect(Object.keys(created.json.check)).toEqual(['check', 'path', 'status', 'content', 'timeout_seconds']);
    const read = await invoke('GET', path, { headers: admin() });
    expect([read.json, read.headers.etag]).toEqual([created.json, created.headers.etag]);
    expect((await ownChecks())[String(id)]).toEqual(created.json.check);

    const changed = await invoke('PUT', path, { headers: { ...admin(), 'if-match': created.headers.etag! }, body: { check: 'http', content: 'Other shop' } });
    expect(changed.json).toMatchObject({ check: { check: 'http', content: 'Other shop' }, version: 2 });
    expect((await invoke('PUT', path, { headers: { ...admin(), 'if-match': created.headers.etag! }, body: { check: 'http' } })).status).toBe(412);
    expect((await invoke('DELETE', path, { headers: { ...admin(), 'if-match': created.headers.etag! } })).status).toBe(412);
    expect((await invoke('DELETE', path, { headers: { ...admin(), 'if-match': changed.headers.etag! } })).status).toBe(204);
    expect((await invoke('GET', path, { headers: admin() })).status).toBe(404);
    expect((await invoke('DELETE', path, { headers: admin() })).status).toBe(404);
    expect((await ownChecks())[String(id)]).toBeUndefined();
    const audit = (await invoke('GET', `/api/v1/audit?limit=10&target=services/${id}/check`, { headers: admin() })).json.items as { action: string }[];
    expect(audit.map((e) => e.action)).toEqual(['service.check.delete', 'service.check.replace', 'service.check.replace']);
  });

  it("refuses another kind than its subtype's, a mail check (it pairs by subtype), what a competition file would refuse, and an unknown service; nothing changes", async () => {
    const http = await serviceOf(1);
    const put = (id: number, body: unknown) => invoke('PUT', `/api/v1/services/${id}/check`, { headers: admin(), body });
    const refused = await put(http, { check: 'tcp' });
    expect([refused.status, refused.json.errors]).toEqual([400, [{ path: 'check', message: 'must be its subtype’s kind (http)'.replace('’', "'") }]]);
    expect((await put(await serviceOf(4), { check: 'smtp' })).json.errors[0].message).toContain('pairs with');
    expect((await put(http, { check: 'http', content: '(a+)+$', regex: true })).status).toBe(400);
    expect((await put(http, { check: 'http', surprise: 1 })).status).toBe(400);
    expect((await put(99999, { check: 'http' })).status).toBe(404);
    expect(await ownChecks()).toEqual({});
  });
});

describe('renaming a subtype or changing its points', () => {
  const subtypeOf = (id: number) => invoke('GET', `/api/v1/subtypes/${id}`, { headers: admin() });
  const patch = (id: number, body: unknown, etag?: string) =>
    invoke('PATCH', `/api/v1/subtypes/${id}`, { headers: { ...admin(), ...(etag ? { 'if-match': etag } : {}) }, body });
  const servicesOf = async (subtypeId: number) =>
    (await invoke('GET', `/api/v1/services?subtype_id=${subtypeId}`)).json as { id: number; subtype: string; max_score: number; team: { number: number } }[];

  it('renames it and gives it new points: every service of it follows, one with points of its own keeps them; If-Match and the audit trail as for the others', async () => {
    const [own, ...following] = await servicesOf(3);
    expect(following.length).toBeGreaterThan(0);
    expect((await move({ max_score: 9 }, undefined, own!.id)).status).toBe(200);
    const before = await subtypeOf(3);
    expect(before.json).toMatchObject({ name: 'DNS', max_score: 5 });

    const edited = await patch(3, { name: 'Name service', max_score: 7 }, before.headers.etag);
    expect(edited.status, edited.text).toBe(200);
    expect(edited.json).toMatchObject({ id: 3, name: 'Name service', max_score: 7, check: 'dns', version: before.json.version + 1 });
    expect(edited.headers.etag).toBe((await subtypeOf(3)).headers.etag);
    const after = await servicesOf(3);
    expect(after.map((s) => s.subtype)).toEqual(after.map(() => 'Name service'));
    expect(after.map((s) => [s.id, s.max_score])).toEqual([[own!.id, 9], ...following.map((s) => [s.id, 7])]);
    // The agents' list says it too.
    expect(
      ((await invoke('GET', '/api/v1/subtypes', { headers: bearer(tokens.service) })).json as { id: number; name: string }[]).find((s) => s.id === 3)!.name,
    ).toBe('Name service');
    // The old ETag is stale: 412, nothing changes.
    expect((await patch(3, { max_score: 1 }, before.headers.etag)).status).toBe(412);
    expect((await servicesOf(3)).every((s) => s.max_score !== 1)).toBe(true);
    const audit = (await invoke('GET', '/api/v1/audit?target=subtypes/3&action=subtype.update', { headers: admin() })).json.items;
    expect(audit).toEqual([expect.objectContaining({ before: { name: 'DNS', max_score: 5 }, after: { name: 'Name service', max_score: 7 } })]);
  });

  it('refuses renaming a sender a mailbox check names (409), an empty or hostile edit (400) and an unknown subtype (404)', async () => {
    expect((await patch(4, { name: 'Outbound mail' })).json.code).toBe('subtype_in_use');
    expect((await subtypeOf(4)).json.name).toBe('SMTP');
    expect((await patch(4, { max_score: 9 })).status).toBe(200);
    expect((await patch(1, {})).status).toBe(400);
    expect((await patch(1, { max_score: 0 })).status).toBe(400);
    expect((await patch(1, { name: 'x'.repeat(101) })).status).toBe(400);
    expect((await patch(99, { max_score: 3 })).status).toBe(404);
  });
});
