/**
 * Live editing of what is checked and scored (issue #28): subtypes added,
 * retired, renamed and given new points; super types added, renamed and
 * retired; a subtype's check replaced, and a service's own check. Each
 * refuses what a competition file would, guards with If-Match, and is in
 * the audit trail. These tests change no part of the competition another
 * of them reads: they share one.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { forgetFreshCopies } from '#shared/data/fresh';
import { bearer, invoke } from '../support/invoke';
import { useCompetition } from './competition';

const { freshCompetition, fold: currentFold, admin, tokens } = useCompetition();
beforeAll(freshCompetition);

const move = (id: number, body: unknown) => invoke('PATCH', `/api/v1/services/${id}`, { headers: admin(), body });

describe('adding and retiring a subtype', () => {
  const create = (body: unknown, key?: string) =>
    invoke('POST', '/api/v1/subtypes', { headers: { ...admin(), ...(key ? { 'idempotency-key': key } : {}) }, body });
  const retire = (id: number, etag?: string) => invoke('DELETE', `/api/v1/subtypes/${id}`, { headers: { ...admin(), ...(etag ? { 'if-match': etag } : {}) } });

  it('adds a kind of check (the next free id, or the one given) that services can then be added with; retires one without services', async () => {
    const body = { name: 'Printer', super_type_id: 1, max_score: 4, check: 'tcp', timeout_seconds: 3 };
    const added = await create(body, 'printer-1');
    expect(added.status, added.text).toBe(201);
    const ids = ((await invoke('GET', '/api/v1/subtypes', { headers: bearer(tokens().service) })).json as { id: number }[]).map((s) => s.id);
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
    await currentFold().caughtUp();
    expect((await write('DELETE', '/2')).json.code).toBe('super_type_in_use');
    expect((await write('POST', '', { name: 'Injects' })).json.errors[0].path).toBe('name');
    expect((await write('POST', '', { id: 1, name: 'Other' })).json.errors[0].path).toBe('id');
    expect((await write('POST', '', { name: '' })).status).toBe(400);
    expect((await write('PATCH', '/99', { name: 'Nowhere' })).status).toBe(404);
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
    const listed = ((await invoke('GET', '/api/v1/subtypes', { headers: bearer(tokens().service) })).json as { id: number }[]).find((s) => s.id === 1);
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
  const ownChecks = async () => (await invoke('GET', '/api/v1/services/own-checks', { headers: bearer(tokens().service) })).json.services;

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
    expect((await move(own!.id, { max_score: 9 })).status).toBe(200);
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
      ((await invoke('GET', '/api/v1/subtypes', { headers: bearer(tokens().service) })).json as { id: number; name: string }[]).find((s) => s.id === 3)!.name,
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
