import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { handler as recordScoreSnapshot } from '../../functions/scheduled/record-score-snapshot';
import { DeleteCommand, GetCommand } from '@aws-sdk/lib-dynamodb';
import { commandObservers, db, tableName } from '#shared/data/client';
import { historyKeys } from '#shared/data/keys';
import { bearer, invoke } from '../support/invoke';
import { loadCompetition } from '#shared/data/competition';
import { mintTokens, sampleCompetition, TEST_AUDIT, useFreshTable } from '../support/database';
import { startFold } from '../support/fold';

let tokens: { admin: string; service: string };
let fold: Awaited<ReturnType<typeof startFold>>;
// Recent minutes: the resolution answered depends on how long ago the first sample was.
const START = Math.floor(Date.now() / 60_000) * 60_000 - 10 * 60_000;
const minute = (m: number) => new Date(START + m * 60_000).toISOString().replace('.000Z', 'Z');

// The history is the table's: each test starts from a competition just loaded, with no sample.
beforeEach(async () => {
  await useFreshTable();
  tokens = await mintTokens();
  fold = await startFold();
});

afterEach(async () => {
  await fold?.stop();
});

/** A sample for each of these minutes, one after the other. */
async function samplesAt(...minutes: number[]) {
  for (const m of minutes) await recordScoreSnapshot({ time: minute(m) });
}

describe('GET /api/v1/teams/scoreboard/history', () => {
  it('is empty before the first snapshot, and cacheable like the other public reads', async () => {
    const response = await invoke('GET', '/api/v1/teams/scoreboard/history');
    expect(response.status).toBe(200);
    expect(response.headers['cache-control']).toBe('public, max-age=5');
    expect(response.headers.etag).toBeTruthy();
    expect(response.json.times).toEqual([]);
    expect(response.json.interval_seconds).toBe(60);
  });

  it('records the public standings each minute; hidden teams appear to nobody', async () => {
    const services = (await invoke('GET', '/api/v1/services', { headers: bearer(tokens.admin) })).json as {
      id: number;
      max_score: number;
      team: { number: number };
    }[];
    await recordScoreSnapshot({ time: minute(0) });
    const scored = services.find((s) => s.team.number === 11)!;
    const hiddenService = services.find((s) => s.team.number === 99)!;
    for (const [service, scanId] of [
      [scored, 'h-1'],
      [hiddenService, 'h-2'],
    ] as const) {
      const report = await invoke('POST', `/api/v1/services/${service.id}/scans`, {
        headers: bearer(tokens.service),
        body: { scan_id: scanId, score: service.max_score, error: null },
      });
      expect(report.status).toBe(201);
    }
    // Results reach the totals through the stream's fold: the snapshot records what the scoreboard shows once folded.
    await fold.caughtUp();
    // A repeated run for the same minute replaces its sample rather than adding one.
    await recordScoreSnapshot({ time: new Date(Date.parse(minute(1)) + 30_000).toISOString() });
    await recordScoreSnapshot({ time: minute(1) });

    for (const headers of [{}, bearer(tokens.admin)]) {
      const history = (await invoke('GET', '/api/v1/teams/scoreboard/history', { headers })).json;
      expect(history.times).toEqual([minute(0), minute(1)]);
      const numbers = history.teams.map((t: { team: { number: number } }) => t.team.number);
      expect(numbers).not.toContain(99);
      expect(numbers).toEqual([11, 12, 13, 14, 21, 22]);
      const team11 = history.teams.find((t: { team: { number: number } }) => t.team.number === 11);
      expect(team11.totals).toEqual([0, scored.max_score]);
    }
  });

  it('returns only the samples after ?since=, which must be a sample time', async () => {
    await samplesAt(0, 1, 2);
    const increment = await invoke('GET', `/api/v1/teams/scoreboard/history?since=${minute(1)}`);
    expect(increment.status).toBe(200);
    expect(increment.json.times).toEqual([minute(2)]);
    expect(increment.json.teams[0].totals).toHaveLength(1);
    const upToDate = await invoke('GET', `/api/v1/teams/scoreboard/history?since=${minute(2)}`);
    expect(upToDate.json.times).toEqual([]);

    const unaligned = await invoke('GET', `/api/v1/teams/scoreboard/history?since=${minute(1).replace(':00Z', ':30Z')}`);
    expect(unaligned.status).toBe(400);
    expect(unaligned.json.errors[0].path).toBe('query.since');
    expect((await invoke('GET', '/api/v1/teams/scoreboard/history?since=yesterday')).status).toBe(400);
  });

  it('reads the rendered window, one item however many samples exist: the answer the samples give', async () => {
    await samplesAt(0, 1, 2);
    const calls: { command: string; limit?: number }[] = [];
    const observe = ({ command, input }: { command: string; input: unknown }) => calls.push({ command, limit: (input as { Limit?: number }).Limit });
    // The fold runs in this process too: pause it so only the request's own calls are seen.
    await fold.pause();
    commandObservers.add(observe);
    let rendered;
    try {
      rendered = await invoke('GET', '/api/v1/teams/scoreboard/history');
    } finally {
      commandObservers.delete(observe);
      fold.resume();
    }
    // GetItems (the window, the settings, the public version) and Queries: the first sample (one item), the teams
    // (unbounded); no Query of the samples (500 at a time).
    expect(calls.map((c) => c.command).filter((c) => !['QueryCommand', 'GetItemCommand'].includes(c))).toEqual([]);
    expect(calls.filter((c) => c.command === 'QueryCommand' && (c.limit ?? 0) > 1)).toEqual([]);

    // Without the window (an event upgraded mid-way), the samples answer: the same history, since or not.
    const sinces = ['', `?since=${minute(0)}`, `?since=${minute(1)}`];
    const fromWindow = await Promise.all(sinces.map(async (q) => (await invoke('GET', `/api/v1/teams/scoreboard/history${q}`)).json));
    await db().send(new DeleteCommand({ TableName: tableName(), Key: historyKeys.window(60) }));
    const fromSamples = await Promise.all(sinces.map(async (q) => (await invoke('GET', `/api/v1/teams/scoreboard/history${q}`)).json));
    expect(fromWindow[0]).toEqual(rendered.json);
    expect(fromSamples).toEqual(fromWindow);
    expect(fromWindow[0].times).toEqual([minute(0), minute(1), minute(2)]);
  });

  it('builds the window from the samples when there is none, puts a late minute in its place, and keeps both samples of two runs at once', async () => {
    await samplesAt(0, 1, 2);
    // Without the window (an event upgraded mid-way).
    await db().send(new DeleteCommand({ TableName: tableName(), Key: historyKeys.window(60) }));
    await recordScoreSnapshot({ time: minute(5) });
    await recordScoreSnapshot({ time: minute(4) });
    await Promise.all([recordScoreSnapshot({ time: minute(6) }), recordScoreSnapshot({ time: minute(7) }), recordScoreSnapshot({ time: minute(7) })]);
    const history = (await invoke('GET', '/api/v1/teams/scoreboard/history')).json;
    expect(history.times).toEqual([0, 1, 2, 4, 5, 6, 7].map(minute));
    const window = await db().send(new GetCommand({ TableName: tableName(), Key: historyKeys.window(60), ConsistentRead: true }));
    expect(window.Item?.version).toBeGreaterThanOrEqual(4);
  });

  it('starts empty again when the competition is replaced: no line of the old teams survives', async () => {
    await samplesAt(0, 1);
    expect((await invoke('GET', '/api/v1/teams/scoreboard/history')).json.times.length).toBeGreaterThan(0);
    await loadCompetition(sampleCompetition(), { replace: true, loadedBy: 'test', audit: TEST_AUDIT });
    const history = await invoke('GET', '/api/v1/teams/scoreboard/history');
    expect(history.status).toBe(200);
    expect(history.json.times).toEqual([]);
    expect(history.json.teams.map((t: { totals: unknown[] }) => t.totals)).toEqual(history.json.teams.map(() => []));
  });
});
