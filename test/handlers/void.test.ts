/**
 * Voiding results end to end: results reported through the API, their
 * `voided` flag flipped, folded by the stream consumer against DynamoDB
 * Local, read back from the scorecard and checked against a recomputation
 * from the history.
 */
import type { DynamoDBStreamEvent } from 'aws-lambda';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { forgetFreshCopies } from '#shared/data/fresh';
import { verifyTotals } from '#shared/app/verify';
import { markFinal } from '#shared/app/finalise';
import { applyVoid, getVoidJob, previewVoid } from '#shared/app/voids';
import { flipResult } from '#shared/data/results';
import type { VoidAction, VoidFilter } from '#shared/domain/voids';
import type { Service, Team } from '#shared/domain/model';
import { handler as foldResults } from '../../functions/scoring/fold-results';
import { mintTokens, sampleCompetition, TEST_AUDIT, useFreshTable } from '../support/database';
import { startFold } from '../support/fold';
import { bearer, invoke } from '../support/invoke';

let tokens: { admin: string; service: string };
let fold: Awaited<ReturnType<typeof startFold>>;
const admin = () => bearer(tokens.admin);

beforeAll(() => {
  // The functions' clock (they run in this process) is moved on below where they would only wait: only `Date` moves, still ticking.
  vi.useFakeTimers({ toFake: ['Date'], shouldAdvanceTime: true });
});
afterAll(() => {
  vi.useRealTimers();
});

/** A table of its own, with the fold on its stream. */
async function freshTableAndFold() {
  await useFreshTable(sampleCompetition());
  tokens = await mintTokens();
  fold = await startFold();
}
const clockPasses = (ms: number) => vi.setSystemTime(Date.now() + ms);

const minute = 60_000;
const base = Date.parse('2026-11-22T10:00:00Z');
const at = (n: number) => new Date(base + n * minute).toISOString().replace(/\.\d{3}Z$/, 'Z');

async function teamNumbered(number: number): Promise<{ team: Team; services: Service[] }> {
  const teams: Team[] = (await invoke('GET', '/api/v1/teams', { headers: admin() })).json;
  const services: Service[] = (await invoke('GET', `/api/v1/services?team=${number}`, { headers: admin() })).json;
  return { team: teams.find((t) => t.number === number)!, services };
}
const team11 = () => teamNumbered(11);

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
  beforeAll(freshTableAndFold);
  afterAll(() => fold?.stop());

  it('takes a voided result out of the totals and the SLA run, puts it back when restored, and ignores replays', async () => {
    const patch = await invoke('PATCH', '/api/v1/settings/1', { headers: admin(), body: { sla_threshold: 3, sla_penalty: 5 } });
    expect(patch.status).toBe(200);
    forgetFreshCopies();
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

/** Waits for a job to finish (the stream consumer drives it), then for the fold to take its flips. */
async function finished(id: number) {
  const deadline = Date.now() + 60_000;
  for (;;) {
    const job = (await getVoidJob(id))!;
    if (job.status === 'done') {
      await fold.caughtUp();
      return job;
    }
    if (Date.now() > deadline) throw new Error(`void ${id} still ${job.status}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

const historyOf = async (serviceId: number) =>
  (await invoke('GET', `/api/v1/services/${serviceId}/scans?limit=500`, { headers: admin() })).json.items as { scan_id: string; voided: boolean }[];

/** Until the clock is in the next second: arrival times are kept to the second. */
const nextSecond = () => clockPasses(1000 - (Date.now() % 1000) + 50);

/**
 * A preview, after which the clock passes what applying it would wait for before it reads the set again (the rest of
 * the preview's second and a margin for other functions' clocks: 2 s at most). Nothing is in flight here for it to wait for.
 */
async function previewed(action: VoidAction, filter: VoidFilter) {
  const preview = await previewVoid(action, filter);
  clockPasses(2_000);
  return preview;
}

describe('voiding and restoring results: preview, then a job', () => {
  let team: Team;
  let services: Service[];
  const filter = (): VoidFilter => ({ from: at(100), to: at(110), team_id: team.id, subtype_id: null });

  // Each test starts from the five results of the range as reported, none voided: a table of its own.
  beforeEach(async () => {
    await freshTableAndFold();
    ({ team, services } = await teamNumbered(12));
    const [http, ssh] = services;
    for (const n of [100, 101, 102, 103]) await report(http!.id, `w${n}`, n % 2 === 0 ? 10 : 0, at(n));
    await report(ssh!.id, 'w104', 0, at(104));
    // Outside the range: never touched.
    await report(http!.id, 'w110', 0, at(110));
    await fold.caughtUp();
  });
  afterEach(() => fold?.stop());

  /** The five of the range voided, by a job. */
  async function voidTheRange() {
    const preview = await previewed('void', filter());
    expect((await applyVoid(preview.preview_id, 'void', filter(), TEST_AUDIT)).kind).toBe('started');
    expect((await finished(preview.preview_id)).flipped).toBe(5);
  }

  it('previews without changing anything, then applies exactly the preview as a job; totals equal the preview and a recomputation', async () => {
    const before = await scorecard(team.id);
    const preview = await previewed('void', filter());
    expect(preview).toMatchObject({
      action: 'void',
      count: 5,
      status: 'previewed',
      flipped: 0,
      teams: [{ team_id: team.id, total_before: before.total_score }],
    });
    expect(await scorecard(team.id)).toEqual(before);

    const applied = await applyVoid(preview.preview_id, 'void', filter(), TEST_AUDIT);
    expect(applied).toMatchObject({ kind: 'started', job: { status: 'running' } });
    const job = await finished(preview.preview_id);
    expect(job).toMatchObject({ status: 'done', flipped: 5, count: 5 });
    const after = await scorecard(team.id);
    expect(after.total_score).toBe(preview.teams[0]!.total_after);
    expect(after.stats.checks_total).toBe(1);
    expect(
      (await historyOf(services[0]!.id))
        .filter((r) => r.voided)
        .map((r) => r.scan_id)
        .sort(),
    ).toEqual(['w100', 'w101', 'w102', 'w103']);
    await noDifferences();

    // Confirming again starts nothing twice.
    expect(await applyVoid(preview.preview_id, 'void', filter(), TEST_AUDIT)).toMatchObject({ kind: 'started', job: { status: 'done', flipped: 5 } });

    const audit = (await invoke('GET', '/api/v1/audit', { headers: admin() })).json.items;
    expect(audit.filter((e: { action: string }) => e.action === 'scans.void')).toHaveLength(1);
    expect(audit.find((e: { action: string }) => e.action === 'scans.void')).toMatchObject({
      target: `scans/voids/${preview.preview_id}`,
      after: { preview_id: preview.preview_id, count: 5, filter: filter(), teams: [{ team_id: team.id, total: after.total_score }] },
      before: { teams: [{ team_id: team.id, total: before.total_score }] },
    });
  });

  it('restores them with an unvoid, the same way', async () => {
    await voidTheRange();
    const preview = await previewed('unvoid', filter());
    expect(preview.count).toBe(5);
    expect((await applyVoid(preview.preview_id, 'unvoid', filter(), TEST_AUDIT)).kind).toBe('started');
    await finished(preview.preview_id);
    const card = await scorecard(team.id);
    expect(card.total_score).toBe(preview.teams[0]!.total_after);
    expect(card.stats.checks_total).toBe(6);
    expect((await historyOf(services[0]!.id)).some((r) => r.voided)).toBe(false);
    await noDifferences();
  });

  it('leaves results that arrived after the preview alone', async () => {
    const preview = await previewed('void', filter());
    expect(preview.count).toBe(5);
    nextSecond();
    await report(services[0]!.id, 'w105-late', 0, at(105));
    expect((await applyVoid(preview.preview_id, 'void', filter(), TEST_AUDIT)).kind).toBe('started');
    expect((await finished(preview.preview_id)).flipped).toBe(5);
    expect((await historyOf(services[0]!.id)).find((r) => r.scan_id === 'w105-late')!.voided).toBe(false);
    await noDifferences();
  });

  it('refuses (412) when results of the set changed since the preview, and changes nothing', async () => {
    await voidTheRange();
    const preview = await previewed('unvoid', filter());
    expect(preview.count).toBe(5);
    // Another request restores one of them meanwhile.
    expect(await flipResult(services[0]!.id, 'w100', false)).toBe(true);
    await fold.caughtUp();
    const before = await scorecard(team.id);
    expect((await applyVoid(preview.preview_id, 'unvoid', filter(), TEST_AUDIT)).kind).toBe('changed');
    expect((await getVoidJob(preview.preview_id))!.status).toBe('previewed');
    expect(await scorecard(team.id)).toEqual(before);
    // Another filter or action than the preview's: refused.
    expect((await applyVoid(preview.preview_id, 'unvoid', { ...filter(), to: at(109) }, TEST_AUDIT)).kind).toBe('mismatch');
    expect((await applyVoid(preview.preview_id, 'void', filter(), TEST_AUDIT)).kind).toBe('mismatch');
  });

  it('finishes a job that crashed midway when it is retried', async () => {
    // Four of the five voided.
    await voidTheRange();
    expect(await flipResult(services[0]!.id, 'w100', false)).toBe(true);
    await fold.caughtUp();
    const preview = await previewed('unvoid', filter());
    expect(preview.count).toBe(4);
    await fold.stop();
    expect((await applyVoid(preview.preview_id, 'unvoid', filter(), TEST_AUDIT)).kind).toBe('started');
    // What a crash after two flips leaves: two results flipped by the job, its progress not recorded.
    expect(await flipResult(services[0]!.id, 'w101', false, preview.preview_id)).toBe(true);
    expect(await flipResult(services[0]!.id, 'w102', false, preview.preview_id)).toBe(true);
    expect(await getVoidJob(preview.preview_id)).toMatchObject({ status: 'running', flipped: 0 });
    // The consumer comes back and reads the stream from where it keeps it (here: from the start).
    fold = await startFold();
    const job = await finished(preview.preview_id);
    expect(job).toMatchObject({ status: 'done', flipped: 4 });
    expect((await scorecard(team.id)).total_score).toBe(preview.teams[0]!.total_after);
    await noDifferences();
  });

  it('refuses to apply once the competition is final (a preview still answers)', async () => {
    const preview = await previewed('void', filter());
    expect(preview.count).toBe(5);
    expect((await markFinal(TEST_AUDIT)).kind).toBe('finalised');
    expect((await applyVoid(preview.preview_id, 'void', filter(), TEST_AUDIT)).kind).toBe('final');
    expect((await getVoidJob(preview.preview_id))!.status).toBe('previewed');
  });
});
