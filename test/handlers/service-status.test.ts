/**
 * The compact status view (issue #24): every visible service's cell by team,
 * written by the fold only when it changes; its `as_of` is the live version's
 * last move (decision 0086), and `?since=` answers only what changed after it
 * (and again what changed just before it), anything else the whole view; a
 * reload after `since` answers in full. Failure categories travel from the
 * report to the cell.
 */
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { loadCompetition } from '#shared/data/competition';
import { verifyTotals } from '#shared/app/verify';
import { forgetFreshCopies } from '#shared/data/fresh';
import { readPublicVersions } from '#shared/data/public-version';
import { VIEW_SETTLE_MS } from '#shared/http/conditional';
import { readStatusCells, readTeamStatusCells, repairStatusCell, writeStatusCells } from '#shared/data/status-cells';
import { STATUS_DELTA_OVERLAP_MS, STATUS_DELTA_WINDOW_MS } from '#shared/domain/scoring/status-view';
import { mintTokens, sampleCompetition, TEST_AUDIT, useFreshTable } from '../support/database';
import { startFold } from '../support/fold';
import { bearer, invoke } from '../support/invoke';

type View = { as_of: string; full: boolean; subtypes?: Record<string, string>; teams: Record<string, [number, string, number?, string?][]> };

let tokens: { admin: string; service: string };
let fold: Awaited<ReturnType<typeof startFold>>;
let teams: { id: number; number: number }[];
let services: { id: number; subtype_id: number; team: { id: number; number: number } }[];

const status = async (query = '', headers: Record<string, string> = {}) => {
  const answer = await invoke('GET', `/api/v1/services/status${query}`, { headers });
  expect(answer.status, JSON.stringify(answer.json)).toBe(200);
  return answer.json as View;
};
const report = (serviceId: number, body: Record<string, unknown>) =>
  invoke('POST', `/api/v1/services/${serviceId}/scans`, { headers: bearer(tokens.service), body });
/**
 * The handlers' and the fold's clock (they run in this process) is moved on where the test would otherwise wait for
 * time to pass: only `Date` moves, still ticking, by the steps the waits took.
 */
const clockPasses = (ms: number) => vi.setSystemTime(Date.now() + ms);
/** The view (or a delta) read past the function's one-second copy of the version, as a nudged page's read is. */
async function statusNow(query = ''): Promise<View> {
  forgetFreshCopies();
  return status(query);
}
/** A time as the view writes it: whole seconds, rounded down. */
const stamp = (ms: number) => new Date(ms).toISOString().replace(/\.\d{3}Z$/, 'Z');
const serviceOf = (teamNumber: number, subtypeId: number) => services.find((s) => s.team.number === teamNumber && s.subtype_id === subtypeId)!;
const cellOf = (view: View, teamNumber: number, subtypeId: number) =>
  view.teams[String(teams.find((t) => t.number === teamNumber)!.id)]?.find((c) => c[0] === subtypeId);

beforeAll(() => {
  vi.useFakeTimers({ toFake: ['Date'], shouldAdvanceTime: true });
});
afterAll(() => {
  vi.useRealTimers();
});
// The cells are the table's: each test starts from a competition just loaded, every service unscanned.
beforeEach(async () => {
  await useFreshTable();
  tokens = await mintTokens();
  fold = await startFold();
  teams = (await invoke('GET', '/api/v1/teams', { headers: bearer(tokens.admin) })).json as typeof teams;
  services = (await invoke('GET', '/api/v1/services', { headers: bearer(tokens.admin) })).json as typeof services;
});
afterEach(async () => {
  await fold?.stop();
});

/** Team 11's SSH service up, as the fold leaves it. */
async function team11SshUp() {
  const ssh = serviceOf(11, 2);
  expect((await report(ssh.id, { scan_id: 'up-1', score: 10, error: null })).status).toBe(201);
  await fold.caughtUp();
  return ssh;
}

describe('GET /services/status', () => {
  it('shows every visible service unscanned after a load, grouped by team; the hidden team only to an admin', async () => {
    const view = await status();
    expect(view.full).toBe(true);
    // Everything up to the live version's last move (the load's) is in.
    expect(view.as_of).toBe(stamp((await readPublicVersions(true)).live.movedAt));
    expect(view.subtypes).toEqual({
      '1': 'HTTP',
      '2': 'SSH',
      '3': 'DNS',
      '4': 'SMTP',
      '5': 'FTP',
      '6': 'Database',
      '7': 'IMAP',
      '8': 'Directory',
      '9': 'Remote Desktop',
      '10': 'File Share',
    });
    const visible = teams.filter((t) => t.number !== 99);
    expect(Object.keys(view.teams).sort()).toEqual(visible.map((t) => String(t.id)).sort());
    expect(Object.values(view.teams).flat()).toHaveLength(services.filter((s) => s.team.number !== 99).length);
    for (const cells of Object.values(view.teams)) for (const cell of cells) expect(cell).toEqual([cell[0], 'unscanned']);
    const admin = await status('', bearer(tokens.admin));
    expect(Object.keys(admin.teams)).toHaveLength(teams.length);
  });

  it('takes a down cell with its category and an up cell from the fold, each with the seconds since it took its state', async () => {
    const http = serviceOf(11, 1);
    const ssh = serviceOf(11, 2);
    const checked = new Date(Date.now() - 60_000).toISOString().replace(/\.\d{3}Z$/, 'Z');
    expect((await report(http.id, { scan_id: 'c-1', score: 0, error: 'connect ECONNREFUSED', category: 'connection refused', time: checked })).status).toBe(
      201,
    );
    expect((await report(ssh.id, { scan_id: 'c-2', score: 10, error: null, time: checked })).status).toBe(201);
    await fold.caughtUp();
    const view = await status();
    const age = Math.round((Date.parse(view.as_of) - Date.parse(checked)) / 1000);
    expect(cellOf(view, 11, 1)).toEqual([1, 'down', age, 'connection refused']);
    expect(cellOf(view, 11, 2)).toEqual([2, 'up', age]);
  });

  it('writes no cell for a check that changes nothing, and keeps the time the state began', async () => {
    const ssh = await team11SshUp();
    const before = (await readStatusCells(undefined, { consistent: true })).cells.find((c) => c.service_id === ssh.id)!;
    expect((await report(ssh.id, { scan_id: 'c-3', score: 10, error: null })).status).toBe(201);
    await fold.caughtUp();
    const after = (await readStatusCells(undefined, { consistent: true })).cells.find((c) => c.service_id === ssh.id)!;
    expect(after).toEqual(before);
  });

  it('never takes a cell back to an earlier stream position, and a replayed cell does not hold back the others', async () => {
    const team = teams.find((t) => t.number === 14)!;
    const [a, b] = [serviceOf(14, 1), serviceOf(14, 2)];
    await writeStatusCells(team.id, [{ serviceId: a.id, cell: { status: 'down', since: '2026-11-22T10:00:00Z', category: 'timeout' }, seq: '50' }]);
    // A replay of an older decision for a, beside a new one for b: b lands, a keeps what it had.
    await writeStatusCells(team.id, [
      { serviceId: a.id, cell: { status: 'up', since: '2026-11-22T09:00:00Z', category: null }, seq: '40' },
      { serviceId: b.id, cell: { status: 'down', since: '2026-11-22T10:01:00Z', category: 'tls' }, seq: '41' },
    ]);
    const cells = await readTeamStatusCells(team.id);
    expect(cells.get(a.id)).toMatchObject({ status: 'down', category: 'timeout' });
    expect(cells.get(b.id)).toMatchObject({ status: 'down', category: 'tls' });
    // A service the item does not hold (another team's) is never added to it.
    await writeStatusCells(team.id, [{ serviceId: serviceOf(13, 1).id, cell: { status: 'up', since: null, category: null }, seq: '99' }]);
    expect((await readTeamStatusCells(team.id)).has(serviceOf(13, 1).id)).toBe(false);
  });

  it('has verify find a cell that disagrees with its service, and repair it', async () => {
    const ssh = await team11SshUp();
    const good = (await readTeamStatusCells(ssh.team.id)).get(ssh.id)!;
    await repairStatusCell(ssh.team.id, ssh.id, { status: 'down', since: good.since, category: 'tls' }, '0');
    const found = await verifyTotals({ repair: false, attempts: 2, pauseMs: 10 });
    expect(found.flatMap((t) => t.differences.map((d) => d.figure))).toEqual([`service ${ssh.id} status cell (down → up)`]);
    await verifyTotals({ repair: true, audit: TEST_AUDIT, attempts: 2, pauseMs: 10 });
    const repaired = (await readTeamStatusCells(ssh.team.id)).get(ssh.id)!;
    expect({ status: repaired.status, since: repaired.since, category: repaired.category }).toEqual({ status: 'up', since: good.since, category: null });
  });

  it('answers ?since= (an as_of) with the cells that changed from it to its own as_of, the last moments before it again; any other since in full', async () => {
    // A view past the overlap after the load: its as_of is the move of team 11's SSH going up.
    clockPasses(STATUS_DELTA_OVERLAP_MS + 1000);
    await team11SshUp();
    const first = await statusNow();
    const smtp = serviceOf(12, 4);
    expect((await report(smtp.id, { scan_id: 'd-1', score: 0, error: 'timeout after 5 s', category: 'timeout' })).status).toBe(201);
    await fold.caughtUp();
    const changedAt = (await readTeamStatusCells(smtp.team.id)).get(smtp.id)!.changedAt;
    // The fold moved the version after writing the cell: a read of the version it moved to holds the change at once.
    const delta = await statusNow(`?since=${first.as_of}`);
    expect(Date.parse(delta.as_of)).toBeGreaterThanOrEqual(Math.floor(changedAt / 1000) * 1000);
    expect(delta.full).toBe(false);
    expect(delta.subtypes).toBeUndefined();
    // The change, and again the one that moved the version to since (within the overlap before it).
    expect(Object.values(delta.teams).flat()).toHaveLength(2);
    expect(cellOf(delta, 12, 4)).toEqual([4, 'down', expect.any(Number), 'timeout']);
    expect(cellOf(delta, 11, 2)).toEqual([2, 'up', expect.any(Number)]);
    // From that as_of on, the change is sent again only while it is within the overlap before since.
    clockPasses(STATUS_DELTA_OVERLAP_MS + 1000);
    const other = serviceOf(13, 4);
    expect((await report(other.id, { scan_id: 'd-2', score: 0, error: 'timeout after 5 s', category: 'timeout' })).status).toBe(201);
    await fold.caughtUp();
    const mid = await statusNow();
    const next = await statusNow(`?since=${mid.as_of}`);
    expect(next.full).toBe(false);
    expect(Object.values(next.teams).flat()).toEqual([[4, 'down', expect.any(Number), 'timeout']]);
    expect(cellOf(next, 13, 4)).toBeDefined();
    const again = await statusNow(`?since=${delta.as_of}`);
    expect(cellOf(again, 12, 4), 'within the overlap before since').toEqual([4, 'down', expect.any(Number), 'timeout']);
    // Ahead of as_of, or too old: the whole view.
    const tooOld = stamp(Date.parse(first.as_of) - STATUS_DELTA_WINDOW_MS - 1000);
    const ahead = stamp(Date.parse(next.as_of) + 60_000);
    for (const since of [tooOld, ahead]) expect((await statusNow(`?since=${since}`)).full, since).toBe(true);
    expect((await invoke('GET', '/api/v1/services/status?since=yesterday')).status).toBe(400);
  });

  it('sends a cell of several services whole when one of them changes, the others as their subtype alone, so a viewer replaces it in place (issue #49)', async () => {
    // A second web server for team 14: its HTTP cell holds two services.
    const team14 = teams.find((t) => t.number === 14)!;
    const added = await invoke('POST', '/api/v1/services', {
      headers: bearer(tokens.admin),
      body: { team_id: team14.id, subtype_id: 1, url: 'www2.team14.ccdc.example', port: 8081 },
    });
    expect(added.status, added.text).toBe(201);
    await fold.caughtUp();
    // Past the overlap, a move of another team's: a delta from here sends that again, and what changes next.
    clockPasses(STATUS_DELTA_OVERLAP_MS + 1000);
    await team11SshUp();
    const first = await statusNow();
    expect(first.teams[String(team14.id)]!.filter((c) => c[0] === 1)).toHaveLength(2);
    expect((await report(added.json.id, { scan_id: 'multi-1', score: 0, error: 'connect ECONNREFUSED', category: 'connection refused' })).status).toBe(201);
    await fold.caughtUp();
    const delta = await statusNow(`?since=${first.as_of}`);
    expect(delta.full).toBe(false);
    // The team's HTTP cell, both services in service id order: the one unchanged as its subtype alone (the viewer keeps
    // what it holds), then the one down; nothing else.
    const team11 = teams.find((t) => t.number === 11)!;
    expect(Object.keys(delta.teams).sort()).toEqual([String(team14.id), String(team11.id)].sort());
    expect(delta.teams[String(team14.id)]).toEqual([[1], [1, 'down', expect.any(Number), 'connection refused']]);
  });

  it('answers a quiet poll with 304, whatever its since, until something changes, which the next poll holds at once (decisions 0077, 0086)', async () => {
    await fold.caughtUp();
    // Past the settle time of the version's last move: the view is tagged by the version alone.
    clockPasses(VIEW_SETTLE_MS + 500);
    forgetFreshCopies();
    let answer = await invoke('GET', '/api/v1/services/status');
    while (!answer.headers.etag!.startsWith('"v-')) {
      clockPasses(250);
      answer = await invoke('GET', '/api/v1/services/status');
    }
    const { as_of } = answer.json as View;
    const held = { 'if-none-match': answer.headers.etag! };
    // A minute of quiet polls, from the as_of held and from an older one: all 304s.
    for (let step = 0; step < 12; step++) {
      clockPasses(5_000);
      const since = step % 2 === 0 ? as_of : stamp(Date.parse(as_of) - 60_000);
      expect((await invoke('GET', `/api/v1/services/status?since=${since}`, { headers: held })).status, `step ${step}`).toBe(304);
    }
    // A change: the poll that reads the version it moved to holds it, with the since and ETag the page held.
    const http = serviceOf(13, 1);
    expect((await report(http.id, { scan_id: 'quiet-1', score: 0, error: 'timeout after 5 s', category: 'timeout' })).status).toBe(201);
    await fold.caughtUp();
    forgetFreshCopies();
    const poll = await invoke('GET', `/api/v1/services/status?since=${as_of}`, { headers: held });
    expect(poll.status).toBe(200);
    expect(cellOf(poll.json as View, 13, 1)).toEqual([1, 'down', expect.any(Number), 'timeout']);
  });

  it('answers in full when a team was hidden or shown after since: a delta cannot take its row away or bring it', async () => {
    const team = teams.find((t) => t.number === 12)!;
    const edit = async (hidden: boolean) => {
      const profile = await invoke('GET', `/api/v1/teams/${team.id}/profile`, { headers: bearer(tokens.admin) });
      const edited = await invoke('PATCH', `/api/v1/teams/${team.id}`, {
        headers: { ...bearer(tokens.admin), 'if-match': profile.headers.etag! },
        body: { hidden },
      });
      expect(edited.status, edited.text).toBe(200);
    };
    for (const hidden of [true, false]) {
      // A view whose as_of has passed every write so far: a delta from it would otherwise be empty.
      await fold.caughtUp();
      clockPasses(STATUS_DELTA_OVERLAP_MS + 1000);
      const first = await statusNow();
      // Before the edit: shown when it is about to be hidden, and not when about to be shown.
      expect(String(team.id) in first.teams).toBe(hidden);
      await edit(hidden);
      await fold.caughtUp();
      const after = await statusNow(`?since=${first.as_of}`);
      expect(after.full, `hidden: ${hidden}`).toBe(true);
      expect(String(team.id) in after.teams).toBe(!hidden);
    }
  });

  it('answers in full when the competition was loaded again after since', async () => {
    const first = await status();
    await loadCompetition(sampleCompetition(), { replace: true, loadedBy: 'test', audit: TEST_AUDIT });
    const after = await status(`?since=${first.as_of}`);
    expect(after.full).toBe(true);
    const reloaded = (await invoke('GET', '/api/v1/teams')).json as { id: number }[];
    expect(Object.keys(after.teams).sort()).toEqual(reloaded.map((t) => String(t.id)).sort());
    for (const cells of Object.values(after.teams)) for (const cell of cells) expect(cell[1]).toBe('unscanned');
  });

  it('refuses a category without an error, and one that is not in the list', async () => {
    const http = serviceOf(13, 1);
    const reloaded = (await invoke('GET', '/api/v1/services?team=13')).json as { id: number; subtype_id: number }[];
    const id = reloaded.find((s) => s.subtype_id === http.subtype_id)!.id;
    expect((await report(id, { scan_id: 'e-1', score: 10, error: null, category: 'timeout' })).status).toBe(400);
    expect((await report(id, { scan_id: 'e-2', score: 0, error: 'x', category: 'gremlins' })).status).toBe(400);
    expect((await report(id, { scan_id: 'e-3', status: 'started', category: 'timeout' })).status).toBe(400);
  });
});
