import { createHash } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { markFinal } from '#shared/app/finalise';
import { forgetFreshCopies } from '#shared/data/fresh';
import { findToken } from '#shared/data/tokens';
import { sealCursor } from '#shared/http/cursor';
import { mintTokens, TEST_AUDIT, useFreshTable } from '../support/database';
import { bearer, invoke } from '../support/invoke';
import { withSignatureBitFlipped } from '../support/tamper';

let tokens: { admin: string; service: string };
let admin: Record<string, string>;
let service: Record<string, string>;
let adminTokenId: string;

interface Entry {
  id: string;
  time: string;
  actor: Record<string, unknown>;
  route: string;
  request_id: string | null;
  action: string;
  target: string;
  before: any;
  after: any;
}

/** The whole trail, newest first, read a page of `limit` at a time. */
async function trail(limit = 100): Promise<Entry[]> {
  const entries: Entry[] = [];
  let cursor: string | null = null;
  do {
    const response = await invoke('GET', `/api/v1/audit?limit=${limit}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`, { headers: admin });
    expect(response.status).toBe(200);
    entries.push(...response.json.items);
    cursor = response.json.cursor;
  } while (cursor);
  return entries;
}

const newest = async () => (await trail())[0]!;

/** A table of the describe block's own (one finalises its competition), with its tokens. */
async function freshTrail() {
  await useFreshTable();
  tokens = await mintTokens();
  admin = bearer(tokens.admin);
  service = bearer(tokens.service);
  adminTokenId = (await findToken(tokens.admin))!.token_id;
}

/** An adjustment of the first team: an entry whose target is a team's. */
async function adjustFirstTeam() {
  const team = (await invoke('GET', '/api/v1/teams')).json[0].id;
  const response = await invoke('POST', `/api/v1/teams/${team}/adjustments`, { headers: admin, body: { super_type_id: 2, points: 40, reason: 'Inject 3' } });
  expect(response.status).toBe(201);
  return { team, adjustment: response.json };
}

describe('the audit trail', () => {
  beforeAll(freshTrail);

  it('records the load and the tokens of the setup, with who did them', async () => {
    const entries = await trail();
    // The first four entries, whatever the other tests wrote since.
    const setup = entries.slice(-4);
    expect(setup.map((e) => e.action).reverse()).toEqual(['competition.load', 'settings.replace', 'token.create', 'token.create']);
    expect(setup.every((e) => e.actor.type === 'system' && e.actor.name === 'test')).toBe(true);
    const created = entries.find((e) => e.action === 'token.create' && e.after.role === 'admin')!;
    expect(created).toMatchObject({ target: `tokens/${adminTokenId}`, before: null, after: { token_id: adminTokenId, name: 'test admin', revoked_at: null } });
    // Never a secret: neither the token nor its hash is anywhere in the trail.
    const hash = createHash('sha256').update(tokens.admin).digest('hex');
    const text = JSON.stringify(entries);
    // The whole secret (what follows `ccdc_<id>_`; it may itself hold `_`), never a piece of it that could match by chance.
    const secret = tokens.admin.slice(tokens.admin.indexOf('_', 'ccdc_'.length) + 1);
    expect(secret.length).toBeGreaterThanOrEqual(40);
    expect(text).not.toContain(tokens.admin);
    expect(text).not.toContain(secret);
    expect(text).not.toContain(hash);
  });

  it('records a settings change with the token, the route, and the settings before and after', async () => {
    const ttl = (await invoke('GET', '/api/v1/settings/1', { headers: admin })).json.dns_ttl;
    const response = await invoke('PATCH', '/api/v1/settings/1', { headers: service, body: { dns_ttl: ttl + 60 } });
    expect(response.status).toBe(200);
    const entry = await newest();
    expect(entry).toMatchObject({
      action: 'settings.update',
      target: 'settings/1',
      route: 'PATCH /api/v1/settings/1',
      actor: { type: 'token', name: 'test agent', role: 'service' },
      before: { dns_ttl: ttl },
      after: { dns_ttl: ttl + 60 },
    });
    expect(entry.request_id).toBe(response.headers['x-request-id']);
    expect(entry.actor.token_id).toMatch(/^[0-9a-f]{8}$/);
  });

  it('records nothing for a write that is refused or changes nothing', async () => {
    const before = (await trail()).length;
    const current = await invoke('GET', '/api/v1/settings/1', { headers: admin });
    // Versions start at 1: version 0 is never the current one.
    const stale = await invoke('PATCH', '/api/v1/settings/1', { headers: { ...admin, 'if-match': '"settings-v0"' }, body: { dns_ttl: 1200 } });
    expect(stale.status).toBe(412);
    expect((await invoke('PATCH', '/api/v1/settings/1', { headers: admin, body: { dns_ttl: current.json.dns_ttl } })).status).toBe(200);
    expect((await invoke('POST', '/api/v1/dns', { headers: admin, body: { name: 'www', type: 'A', value: '5', team: 99999 } })).status).toBe(400);
    expect(await trail()).toHaveLength(before);
  });

  it('records a DNS record created once, however often an idempotent create is replayed, then its update and removal', async () => {
    const team = (await invoke('GET', '/api/v1/teams')).json[0].id;
    const create = { headers: { ...admin, 'idempotency-key': 'audit-create-1' }, body: { name: 'www', type: 'A', value: '5', team } };
    const first = await invoke('POST', '/api/v1/dns', create);
    const replay = await invoke('POST', '/api/v1/dns', create);
    expect([first.status, replay.status]).toEqual([201, 201]);
    expect(replay.json.id).toBe(first.json.id);
    const id = first.json.id;
    const creations = (await trail()).filter((e) => e.action === 'dns.create');
    expect(creations).toHaveLength(1);
    expect(creations[0]).toMatchObject({ target: `dns/${id}`, before: null, after: { id, name: 'www', type: 'A', value: '5', team } });

    const etag = (await invoke('GET', `/api/v1/dns/${id}`, { headers: admin })).headers.etag!;
    const updated = await invoke('PUT', `/api/v1/dns/${id}`, { headers: { ...admin, 'if-match': etag }, body: { name: 'www', type: 'A', value: '6', team } });
    expect(updated.status).toBe(200);
    expect(await newest()).toMatchObject({ action: 'dns.update', route: `PUT /api/v1/dns/${id}`, before: { value: '5' }, after: { value: '6' } });
    expect((await invoke('DELETE', `/api/v1/dns/${id}`, { headers: service })).status).toBe(204);
    expect(await newest()).toMatchObject({ action: 'dns.delete', before: { id, value: '6' }, after: null, actor: { name: 'test agent' } });
  });

  it('records an adjustment', async () => {
    const { team, adjustment } = await adjustFirstTeam();
    expect(await newest()).toMatchObject({
      action: 'adjustment.create',
      target: `teams/${team}/adjustments/${adjustment.id}`,
      actor: { type: 'token', token_id: adminTokenId, name: 'test admin', role: 'admin' },
      before: null,
      after: { points: 40, reason: 'Inject 3' },
    });
  });

  it('pages newest first with a signed cursor, in the body and the Link header', async () => {
    const all = await trail();
    expect(all.map((e) => e.id)).toEqual([...all.map((e) => e.id)].sort().reverse());
    const paged = await trail(2);
    expect(paged.map((e) => e.id)).toEqual(all.map((e) => e.id));

    const first = await invoke('GET', '/api/v1/audit?limit=2', { headers: admin });
    expect(first.headers.link).toBe(`</api/v1/audit?limit=2&cursor=${encodeURIComponent(first.json.cursor)}>; rel="next"`);
    expect(first.headers['cache-control']).toBe('no-store');
    const edited = withSignatureBitFlipped(first.json.cursor);
    expect((await invoke('GET', `/api/v1/audit?cursor=${encodeURIComponent(edited)}`, { headers: admin })).json.code).toBe('invalid_cursor');
    const foreign = sealCursor('service-scans:1', { after: all[0]!.id });
    expect((await invoke('GET', `/api/v1/audit?cursor=${encodeURIComponent(foreign)}`, { headers: admin })).status).toBe(400);
    expect((await invoke('GET', '/api/v1/audit?limit=0', { headers: admin })).status).toBe(400);
  });

  it('filters by target (and its parts) and by action (or its kind), page by page, the filter kept in the Link header', async () => {
    await adjustFirstTeam();
    const all = await trail();
    const filtered = async (query: string, limit: number) => {
      const entries: Entry[] = [];
      let next: string | undefined = `/api/v1/audit?limit=${limit}&${query}`;
      while (next) {
        const response = await invoke('GET', next, { headers: admin });
        expect(response.status, response.text).toBe(200);
        expect(response.json.items.length).toBeLessThanOrEqual(limit);
        entries.push(...response.json.items);
        next = /^<([^>]+)>; rel="next"$/.exec(response.headers.link ?? '')?.[1];
        expect(next === undefined).toBe(response.json.cursor === null);
      }
      return entries;
    };
    const tokenEntries = all.filter((e) => e.action.startsWith('token.'));
    expect(tokenEntries.length).toBeGreaterThan(1);
    for (const limit of [1, 2, 100]) {
      expect((await filtered('action=token.', limit)).map((e) => e.id)).toEqual(tokenEntries.map((e) => e.id));
      expect((await filtered('action=token.create', limit)).map((e) => e.id)).toEqual(all.filter((e) => e.action === 'token.create').map((e) => e.id));
    }
    const teamTarget = all
      .find((e) => /^teams\/\d+\//.test(e.target))!
      .target.split('/')
      .slice(0, 2)
      .join('/');
    const ofTeam = all.filter((e) => e.target === teamTarget || e.target.startsWith(`${teamTarget}/`));
    expect(ofTeam.length).toBeGreaterThan(0);
    expect(await filtered(`target=${teamTarget}`, 1)).toEqual(ofTeam);
    // `teams/1` is not `teams/10`: a target's parts follow a slash.
    expect((await filtered('target=teams/1', 100)).every((e) => e.target === 'teams/1' || e.target.startsWith('teams/1/'))).toBe(true);
    expect(await filtered('action=nothing.like.this', 100)).toEqual([]);
    expect((await invoke('GET', '/api/v1/audit?target=teams%2F1%20OR%201', { headers: admin })).status).toBe(400);
    expect((await invoke('GET', '/api/v1/audit?action=Team*', { headers: admin })).status).toBe(400);
  });

  it('is for admins only', async () => {
    expect((await invoke('GET', '/api/v1/audit', { headers: service })).status).toBe(403);
    expect((await invoke('GET', '/api/v1/audit')).status).toBe(401);
  });
});

describe('a finalised competition', () => {
  let team: number;
  let serviceId: number;

  beforeAll(async () => {
    await freshTrail();
    team = (await invoke('GET', '/api/v1/teams')).json[0].id;
    serviceId = (await invoke('GET', '/api/v1/services')).json[0].id;
    const outcome = await markFinal({ ...TEST_AUDIT, route: 'scoring finalise' });
    expect(outcome.kind).toBe('finalised');
    // Scan reports see the mark with their cached settings (at most SETTINGS_CACHE_MS later).
    forgetFreshCopies();
  });

  it('is recorded in the trail', async () => {
    const finalised = (await trail()).filter((e) => e.action === 'competition.finalise');
    expect(finalised).toHaveLength(1);
    expect(finalised[0]).toMatchObject({
      action: 'competition.finalise',
      route: 'scoring finalise',
      before: { final: null },
      after: { final: { by: 'test' } },
    });
    expect((await markFinal(TEST_AUDIT)).kind).toBe('already');
  });

  it('refuses every write that would change a score with 409 competition_final, and records none of them', async () => {
    const before = (await trail()).length;
    const refused = [
      await invoke('POST', `/api/v1/teams/${team}/adjustments`, { headers: admin, body: { super_type_id: 2, points: 5, reason: 'late' } }),
      await invoke('PATCH', '/api/v1/settings/1', { headers: admin, body: { scoring_enabled: false } }),
      await invoke('POST', `/api/v1/services/${serviceId}/scans`, { headers: service, body: { scan_id: 'after-final', score: 1, error: null } }),
      await invoke('POST', `/api/v1/services/${serviceId}/scans`, { headers: service, body: { scan_id: 'after-final-2', status: 'started' } }),
    ];
    for (const response of refused) {
      expect(response.status, response.text).toBe(409);
      expect(response.json.code).toBe('competition_final');
    }
    const batch = await invoke('POST', '/api/v1/scans', {
      headers: service,
      body: [{ service_id: serviceId, scan_id: 'after-final-3', score: 1, error: null }],
    });
    expect(batch.json[0]).toMatchObject({ status: 409, body: { code: 'competition_final' } });
    expect(await trail()).toHaveLength(before);
  });

  it('still takes settings that move no score, keeping the lock', async () => {
    const response = await invoke('PATCH', '/api/v1/settings/1', { headers: admin, body: { competition_name: 'Finals (final)' } });
    expect(response.status).toBe(200);
    expect(await newest()).toMatchObject({ action: 'settings.update', after: { competition_name: 'Finals (final)' } });
    expect((await invoke('PATCH', '/api/v1/settings/1', { headers: admin, body: { late_result_grace_seconds: 17 } })).json.code).toBe('competition_final');
  });
});
