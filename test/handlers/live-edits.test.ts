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
import { mintTokens, useFreshTable } from '../support/database';
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
const move = (body: unknown, etag?: string) =>
  invoke('PATCH', `/api/v1/services/${serviceId}`, { headers: { ...admin(), ...(etag ? { 'if-match': etag } : {}) }, body });
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

  it('refuses an empty or hostile edit (400) and an unknown team (404)', async () => {
    const before = (await profileOf()).json;
    expect((await edit({})).status).toBe(400);
    expect((await edit({ logo: 'javascript:alert(1)' })).status).toBe(400);
    expect((await edit({ name: 'line\nbreak' })).status).toBe(400);
    expect((await edit({ team_url: 'elsewhere.example' })).status).toBe(400);
    expect((await profileOf()).json).toEqual(before);
    expect((await invoke('PATCH', '/api/v1/teams/99999', { headers: admin(), body: { hidden: true } })).status).toBe(404);
  });
});
