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
