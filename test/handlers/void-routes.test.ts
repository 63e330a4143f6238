/**
 * Voids over the API: POST /scans/void and /scans/unvoid (a preview by
 * default, then its application as a job with a status resource) and
 * GET /scans/voids/{id}, through the route table's handlers against DynamoDB
 * Local with the stream consumer driving the job. What the job does to the
 * totals is tested in void.test.ts; this is the HTTP contract.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { flipResult } from '#shared/data/results';
import { verifyTotals } from '#shared/app/verify';
import type { Service, Team } from '#shared/domain/model';
import { mintTokens, sampleCompetition, useFreshTable } from '../support/database';
import { startFold } from '../support/fold';
import { bearer, invoke } from '../support/invoke';

let tokens: { admin: string; service: string };
let fold: Awaited<ReturnType<typeof startFold>>;
let team: Team;
let services: Service[];
const admin = () => bearer(tokens.admin);

const minute = 60_000;
const base = Date.parse('2026-11-22T10:00:00Z');
const at = (n: number) => new Date(base + n * minute).toISOString().replace(/\.\d{3}Z$/, 'Z');
const range = () => ({ from: at(0), to: at(10), team_id: team.id });

// Each test starts from the results as reported, none voided: a table of its own.
beforeEach(async () => {
  await useFreshTable(sampleCompetition());
  tokens = await mintTokens();
  fold = await startFold();
  const teams: Team[] = (await invoke('GET', '/api/v1/teams')).json;
  team = teams.find((t) => t.number === 11)!;
  services = (await invoke('GET', `/api/v1/services?team=11`)).json;
  const [http, ssh] = services;
  for (const [service, n, score] of [
    [http, 1, 10],
    [http, 2, 0],
    [ssh, 3, 10],
    [http, 20, 10],
  ] as const) {
    const answer = await invoke('POST', `/api/v1/services/${service!.id}/scans`, {
      headers: bearer(tokens.service),
      body: { scan_id: `r${n}`, score, error: score ? null : 'down', time: at(n) },
    });
    expect(answer.status).toBe(201);
  }
  await fold.caughtUp();
});
afterEach(() => fold?.stop());

const scorecard = async () => (await invoke('GET', `/api/v1/teams/${team.id}/scorecard`, { headers: admin() })).json;
const post = (path: string, body: unknown, headers: Record<string, string> = admin()) => invoke('POST', `/api/v1/scans/${path}`, { headers, body });

async function done(location: string) {
  const deadline = Date.now() + 60_000;
  for (;;) {
    const job = await invoke('GET', location, { headers: admin() });
    expect(job.status).toBe(200);
    if (job.json.status === 'done') {
      await fold.caughtUp();
      return job.json;
    }
    if (Date.now() > deadline) throw new Error(`${location} still ${job.json.status}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

async function noDifferences() {
  await fold.caughtUp();
  expect((await verifyTotals({ repair: false, pauseMs: 100 })).filter((t) => t.differences.length > 0)).toEqual([]);
}

describe('POST /scans/void and /scans/unvoid', () => {
  it('previews by default (200, nothing changes), applies the preview as a job (202 + Location), and the totals equal the preview', async () => {
    const before = await scorecard();
    const preview = await post('void', range());
    expect(preview.status).toBe(200);
    expect(preview.json).toMatchObject({
      action: 'void',
      count: 3,
      status: 'previewed',
      flipped: 0,
      filter: { ...range(), subtype_id: null },
      teams: [{ team_id: team.id, total_before: before.total_score, total_after: 10 }],
    });
    expect(await scorecard()).toEqual(before);

    const applied = await post('void', { ...range(), dry_run: false, preview_id: preview.json.preview_id });
    expect(applied.status).toBe(202);
    expect(applied.headers.location).toBe(`/api/v1/scans/voids/${preview.json.preview_id}`);
    expect(applied.json).toMatchObject({ preview_id: preview.json.preview_id, status: expect.stringMatching(/^(running|done)$/) });
    const job = await done(applied.headers.location!);
    expect(job).toMatchObject({ status: 'done', flipped: 3, count: 3, applied_at: expect.any(String), finished_at: expect.any(String) });
    expect((await scorecard()).total_score).toBe(preview.json.teams[0].total_after);
    await noDifferences();

    const entry = (await invoke('GET', '/api/v1/audit', { headers: admin() })).json.items.find((e: { action: string }) => e.action === 'scans.void');
    expect(entry).toMatchObject({ target: `scans/voids/${preview.json.preview_id}`, actor: { type: 'token' } });
  });

  it('restores them through /scans/unvoid the same way', async () => {
    // Voided first.
    const voiding = await post('void', range());
    await done((await post('void', { ...range(), dry_run: false, preview_id: voiding.json.preview_id })).headers.location!);
    const preview = await post('unvoid', range());
    expect(preview.json).toMatchObject({ action: 'unvoid', count: 3 });
    const applied = await post('unvoid', { ...range(), dry_run: false, preview_id: preview.json.preview_id });
    expect(applied.status).toBe(202);
    await done(applied.headers.location!);
    expect((await scorecard()).total_score).toBe(preview.json.teams[0].total_after);
    expect((await scorecard()).stats.checks_total).toBe(4);
    await noDifferences();
  });

  it("answers 412 when results of the set changed since the preview, 409 for another filter than the preview's, 404 for an unknown preview; nothing changes", async () => {
    const preview = await post('void', range());
    expect(preview.json.count).toBe(3);
    expect((await post('void', { ...range(), to: at(9), dry_run: false, preview_id: preview.json.preview_id })).json).toMatchObject({
      status: 409,
      code: 'preview_mismatch',
    });
    expect((await post('unvoid', { ...range(), dry_run: false, preview_id: preview.json.preview_id })).status).toBe(409);
    expect((await post('void', { ...range(), dry_run: false, preview_id: 999_999 })).status).toBe(404);
    // Another request voids one of them meanwhile.
    expect(await flipResult(services[0]!.id, 'r1', true)).toBe(true);
    await fold.caughtUp();
    const before = await scorecard();
    const refused = await post('void', { ...range(), dry_run: false, preview_id: preview.json.preview_id });
    expect(refused.status).toBe(412);
    expect((await invoke('GET', `/api/v1/scans/voids/${preview.json.preview_id}`, { headers: admin() })).json.status).toBe('previewed');
    expect(await scorecard()).toEqual(before);
    expect(await flipResult(services[0]!.id, 'r1', false)).toBe(true);
    await noDifferences();
  });

  it('refuses bad bodies with 400 and changes nothing', async () => {
    const before = await scorecard();
    for (const body of [
      { from: at(10), to: at(0) },
      { ...range(), dry_run: false },
      { ...range(), dry_run: 'no' },
      { ...range(), team_id: -1 },
      { ...range(), from: 'yesterday' },
      { ...range(), extra: 1 },
      {},
    ]) {
      const answer = await post('void', body);
      expect(answer.status, JSON.stringify(body)).toBe(400);
      expect(answer.headers['content-type']).toContain('application/problem+json');
    }
    expect(await scorecard()).toEqual(before);
  });

  it('is for admins only: a service account gets 403, nobody else reaches it', async () => {
    expect((await post('void', range(), bearer(tokens.service))).status).toBe(403);
    expect((await post('void', range(), {})).status).toBe(401);
    expect((await invoke('GET', '/api/v1/scans/voids/1', { headers: bearer(tokens.service) })).status).toBe(403);
  });
});

describe('GET /scans/voids/{id}', () => {
  it('answers 404 for a void that does not exist', async () => {
    const answer = await invoke('GET', '/api/v1/scans/voids/424242', { headers: admin() });
    expect(answer.status).toBe(404);
    expect(answer.json.detail).toContain('424242');
  });
});
