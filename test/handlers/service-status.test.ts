/**
 * The compact status view (issue #24): every visible service's cell by team,
 * written by the fold only when it changes; `?since=` on the 5 s grid answers
 * only what changed, anything else the whole view; a reload after `since`
 * answers in full. Failure categories travel from the report to the cell.
 */
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { loadCompetition } from '#shared/data/competition';
import { verifyTotals } from '#shared/app/verify';
import { forgetFreshCopies } from '#shared/data/fresh';
import { readStatusCells, readTeamStatusCells, repairStatusCell, writeStatusCells } from '#shared/data/status-cells';
import { STATUS_DELTA_WINDOW_MS, STATUS_GRID_MS } from '#shared/domain/scoring/status-view';
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
 * grid steps to pass: only `Date` moves, still ticking, by the steps the waits took.
 */
const clockPasses = (ms: number) => vi.setSystemTime(Date.now() + ms);
/** The view (or a delta) once its as_of has reached `at` (epoch ms): at most two grid steps later. */
async function statusOnceAsOfReaches(at: number, query = ''): Promise<View> {
  let view = await status(query);
  while (Date.parse(view.as_of) < at) {
    // A grid step at a time: each moves as_of on by one step.
    clockPasses(STATUS_GRID_MS);
    view = await status(query);
  }
  return view;
}
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
    expect(Date.parse(view.as_of) % STATUS_GRID_MS).toBe(0);
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

  it('answers ?since= (an as_of) with the cells that changed from it to its own as_of, each once; any other since in full', async () => {
    // Wait (at most 10 s) until as_of is past every write so far: the load (else a delta is whole) and the cells (else they are in it).
    const written = await readStatusCells(undefined, { consistent: true });
    const first = await statusOnceAsOfReaches(Math.max(written.loadedAt, ...written.cells.map((c) => c.changedAt)));
    const smtp = serviceOf(12, 4);
    expect((await report(smtp.id, { scan_id: 'd-1', score: 0, error: 'timeout after 5 s', category: 'timeout' })).status).toBe(201);
    await fold.caughtUp();
    const changedAt = (await readTeamStatusCells(smtp.team.id)).get(smtp.id)!.changedAt;
    // Until as_of passes the change, a delta does not hold it (the next one will).
    const early = await status(`?since=${first.as_of}`);
    if (Date.parse(early.as_of) < changedAt) expect(early.teams).toEqual({});
    const delta = await statusOnceAsOfReaches(changedAt, `?since=${first.as_of}`);
    expect(delta.full).toBe(false);
    expect(delta.subtypes).toBeUndefined();
    expect(Object.values(delta.teams).flat()).toHaveLength(1);
    expect(cellOf(delta, 12, 4)).toEqual([4, 'down', expect.any(Number), 'timeout']);
    // The next delta, from that as_of on, does not send it again.
    const next = await statusOnceAsOfReaches(Date.parse(delta.as_of) + STATUS_GRID_MS, `?since=${delta.as_of}`);
    expect(next).toEqual({ as_of: next.as_of, full: false, teams: {} });
    // Off the grid, ahead of as_of, or too old: the whole view.
    const offGrid = new Date(Date.parse(first.as_of) - 1000).toISOString().replace(/\.\d{3}Z$/, 'Z');
    const tooOld = new Date(Date.parse(first.as_of) - STATUS_DELTA_WINDOW_MS - STATUS_GRID_MS).toISOString().replace(/\.\d{3}Z$/, 'Z');
    const ahead = new Date(Date.parse(next.as_of) + 60_000).toISOString().replace(/\.\d{3}Z$/, 'Z');
    for (const since of [offGrid, tooOld, ahead]) expect((await status(`?since=${since}`)).full, since).toBe(true);
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
    const written = await readStatusCells(undefined, { consistent: true });
    const first = await statusOnceAsOfReaches(Math.max(written.loadedAt, ...written.cells.map((c) => c.changedAt)));
    expect(first.teams[String(team14.id)]!.filter((c) => c[0] === 1)).toHaveLength(2);
    expect((await report(added.json.id, { scan_id: 'multi-1', score: 0, error: 'connect ECONNREFUSED', category: 'connection refused' })).status).toBe(201);
    await fold.caughtUp();
    const changedAt = (await readTeamStatusCells(team14.id)).get(added.json.id)!.changedAt;
    const delta = await statusOnceAsOfReaches(changedAt, `?since=${first.as_of}`);
    expect(delta.full).toBe(false);
    // The team's HTTP cell, both services in service id order: the one unchanged as its subtype alone (the viewer keeps
    // what it holds), then the one down; nothing else.
    expect(Object.keys(delta.teams)).toEqual([String(team14.id)]);
    expect(delta.teams[String(team14.id)]).toEqual([[1], [1, 'down', expect.any(Number), 'connection refused']]);
  });

  it('answers a quiet poll with 304 across grid steps, whatever its since, until something changes, which reaches a polling page (decision 0077)', async () => {
    await fold.caughtUp();
    // Past the version's last move: the view holds every change (its as_of trails the clock by up to two grid steps).
    clockPasses(2 * STATUS_GRID_MS + 500);
    forgetFreshCopies();
    let answer = await invoke('GET', '/api/v1/services/status');
    // A version tag once the version has settled (a content tag before).
    while (!answer.headers.etag!.startsWith('"v-')) {
      clockPasses(250);
      answer = await invoke('GET', '/api/v1/services/status');
    }
    const { as_of } = answer.json as View;
    const held = { 'if-none-match': answer.headers.etag! };
    // A minute of quiet polls, each a grid step apart, from the as_of held: all 304s.
    for (let step = 0; step < 12; step++) {
      clockPasses(STATUS_GRID_MS);
      expect((await invoke('GET', `/api/v1/services/status?since=${as_of}`, { headers: held })).status, `step ${step}`).toBe(304);
    }
    // A change, polled as the page polls (its since and ETag move on with each 200): an answer made before as_of passes
    // the change lacks it, and the next grid step's holds it.
    const http = serviceOf(13, 1);
    expect((await report(http.id, { scan_id: 'quiet-1', score: 0, error: 'timeout after 5 s', category: 'timeout' })).status).toBe(201);
    await fold.caughtUp();
    let since = as_of;
    let etag = held['if-none-match'];
    let seen: View['teams'][string][number] | undefined;
    for (let step = 0; step < 6 && !seen; step++) {
      forgetFreshCopies();
      const poll = await invoke('GET', `/api/v1/services/status?since=${since}`, { headers: { 'if-none-match': etag } });
      if (poll.status === 200) {
        const view = poll.json as View;
        seen = cellOf(view, 13, 1);
        since = view.as_of;
        etag = poll.headers.etag!;
      }
      clockPasses(STATUS_GRID_MS);
    }
    expect(seen).toEqual([1, 'down', expect.any(Number), 'timeout']);
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
      const written = await readStatusCells(undefined, { consistent: true });
      const first = await statusOnceAsOfReaches(Math.max(written.loadedAt, ...written.cells.map((c) => c.changedAt)) + 1);
      // Before the edit: shown when it is about to be hidden, and not when about to be shown.
      expect(String(team.id) in first.teams).toBe(hidden);
      await edit(hidden);
      const after = await status(`?since=${first.as_of}`);
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
