/**
 * Voiding results end to end: results reported through the API, their
 * `voided` flag flipped, folded by the stream consumer against DynamoDB
 * Local, read back from the scorecard and checked against a recomputation
 * from the history.
 */
import type { DynamoDBStreamEvent } from 'aws-lambda';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clearScoringCaches } from '#shared/data/scoring';
import { verifyTotals } from '#shared/data/verify';
import { flipResult } from '#shared/data/voids';
import type { Service, Team } from '#shared/domain/model';
import { handler as foldResults } from '../../functions/scoring/fold-results';
import { mintTokens, sampleCompetition, useFreshTable } from '../support/database';
import { startFold } from '../support/fold';
import { bearer, invoke } from '../support/invoke';

let tokens: { admin: string; service: string };
let fold: Awaited<ReturnType<typeof startFold>>;
const admin = () => bearer(tokens.admin);

beforeAll(async () => {
  await useFreshTable(sampleCompetition());
  tokens = await mintTokens();
  fold = await startFold();
});
afterAll(() => fold?.stop());

const minute = 60_000;
const base = Date.parse('2026-11-22T10:00:00Z');
const at = (n: number) => new Date(base + n * minute).toISOString().replace(/\.\d{3}Z$/, 'Z');

async function team11(): Promise<{ team: Team; services: Service[] }> {
  const teams: Team[] = (await invoke('GET', '/api/v1/teams', { headers: admin() })).json;
  const services: Service[] = (await invoke('GET', '/api/v1/services?team=11', { headers: admin() })).json;
  return { team: teams.find((t) => t.number === 11)!, services };
}

async function report(serviceId: number, scanId: string, score: number, time: string) {
  const answer = await invoke('POST', `/api/v1/services/${serviceId}/scans`, {
    headers: bearer(tokens.service),
    body: { scan_id: scanId, score, error: score === 0 ? 'down' : null, time },
  });
  expect(answer.status).toBe(201);
}

const scorecard = async (teamId: number) => (await invoke('GET', `/api/v1/teams/${teamId}/scorecard`, { headers: admin() })).json;

async function noDifferences() {
  await fold.caughtUp();
  const teams = await verifyTotals({ repair: false, pauseMs: 100 });
  expect(teams.filter((t) => t.differences.length > 0)).toEqual([]);
}

describe('the fold of voided results', () => {
  it('takes a voided result out of the totals and the SLA run, puts it back when restored, and ignores replays', async () => {
    const patch = await invoke('PATCH', '/api/v1/settings/1', { headers: admin(), body: { sla_threshold: 3, sla_penalty: 5 } });
    expect(patch.status).toBe(200);
    clearScoringCaches();
    const { team, services } = await team11();
    const http = services.find((s) => s.subtype_id === 1)!;
    await report(http.id, 'v1', 10, at(1));
    for (const n of [2, 3, 4]) await report(http.id, `v${n}`, 0, at(n));
    await fold.caughtUp();
    const before = await scorecard(team.id);
    expect(before.stats).toMatchObject({ checks_total: 4, checks_passed: 1, sla_violations: 1 });
    expect(before.total_score).toBe(10 - 5);

    // Voiding the pass and one failure: no points, and the run of 2 remaining failures costs nothing.
    expect(await flipResult(http.id, 'v1', true)).toBe(true);
    expect(await flipResult(http.id, 'v3', true)).toBe(true);
    expect(await flipResult(http.id, 'v3', true)).toBe(false);
    await fold.caughtUp();
    const voided = await scorecard(team.id);
    expect(voided.stats).toMatchObject({ checks_total: 2, checks_passed: 0, sla_violations: 0 });
    expect(voided.total_score).toBe(0);
    expect((await invoke('GET', `/api/v1/services/${http.id}`)).json.sla).toEqual({ run: 2, violations: 0, penalty: 0 });
    await noDifferences();

    // The stream delivers again what it delivered: nothing moves.
    for (const event of [...fold.seen] as DynamoDBStreamEvent[]) await foldResults(event);
    expect(await scorecard(team.id)).toEqual(voided);

    expect(await flipResult(http.id, 'v1', false)).toBe(true);
    expect(await flipResult(http.id, 'v3', false)).toBe(true);
    await fold.caughtUp();
    expect(await scorecard(team.id)).toEqual(before);
    await noDifferences();
  });
});
