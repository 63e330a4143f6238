/**
 * The fold consumer against DynamoDB Local, with faults injected between its
 * writes: whatever fails, replaying the batch (as Lambda does from the first
 * failed record) ends with totals equal to a recomputation, counted once.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DynamoDBStreamEvent } from 'aws-lambda';
import { db } from '#shared/data/client';
import { storedResults } from '#shared/data/results';
import { recordScanResult } from '#shared/app/scans';
import { listServiceRecords } from '#shared/data/services';
import { listTeamRecords } from '#shared/data/teams';
import type { ServiceRecord } from '#shared/domain/model';
import { handler as foldResults } from '../../functions/scoring/fold-results';
import { useFreshTable } from '../support/database';
import { startFold } from '../support/fold';

let fold: Awaited<ReturnType<typeof startFold>>;
let services: ServiceRecord[];

beforeAll(async () => {
  await useFreshTable();
  fold = await startFold();
  services = (await listServiceRecords()).filter((s) => s.service.team.number === 11);
});
afterAll(() => fold?.stop());

/** Fails the data layer's UpdateItem on keys with this sort key, `times` times. */
function failUpdatesOf(sk: string, times: number) {
  let left = times;
  const name = `fail-${sk}-${Math.random()}`;
  db().middlewareStack.add(
    (next, context) => async (args) => {
      const key = (args.input as { Key?: { sk?: string } }).Key;
      if (/^Update/.test(String(context.commandName)) && key?.sk === sk && left > 0) {
        left--;
        throw Object.assign(new Error('injected'), { name: 'InternalServerError' });
      }
      return next(args);
    },
    { step: 'initialize', name },
  );
  return () => db().middlewareStack.remove(name);
}

async function teamFigures() {
  const team = (await listTeamRecords({ consistent: true })).find((t) => t.team.number === 11)!;
  return team.totals;
}

async function recomputed() {
  let points = 0;
  let checks = 0;
  for (const s of services) {
    const results = await storedResults(s.service.id);
    points += results.reduce((n, r) => n + r.points, 0);
    checks += results.length;
  }
  return { points, checks };
}

describe('the fold under faults', () => {
  it('replays a batch that failed between the team write and the service write without counting twice', async () => {
    await fold.pause();
    const seenBefore = fold.seen.length;
    // What the other test may have counted already.
    const checksBefore = new Map((await listServiceRecords({ teamNumber: 11 })).map((s) => [s.service.id, s.checks]));
    for (const [i, s] of services.entries()) {
      await recordScanResult(s.service.id, { scan_id: `f-${i}-a`, score: s.service.max_score, error: null });
      await recordScanResult(s.service.id, { scan_id: `f-${i}-b`, score: 0, error: 'down' });
    }
    // The poller hands the batch to the consumer while every STATE write fails: the team's totals are written, the services' are not.
    const restore = failUpdatesOf('STATE', 1000);
    fold.resume();
    const deadline = Date.now() + 30_000;
    while (fold.seen.length === seenBefore && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
    await fold.pause();
    restore();
    const failing = fold.seen.slice(seenBefore) as DynamoDBStreamEvent[];
    expect(failing.length).toBeGreaterThan(0);
    const partial = await teamFigures();
    expect(partial.checks_total).toBeGreaterThan(0);

    // Lambda retries from the first failed record: here, the whole batch again, then the poller carries on.
    for (const event of failing) expect((await foldResults(event)).batchItemFailures).toEqual([]);
    fold.resume();
    await fold.caughtUp();
    const { points, checks } = await recomputed();
    const totals = await teamFigures();
    expect(totals.checks_total).toBe(checks);
    expect(totals.points['1']).toBe(points);
    expect(totals.services_down).toBe(services.length);
    const states = await listServiceRecords({ teamNumber: 11 });
    for (const s of states) expect(s.checks).toBe(checksBefore.get(s.service.id)! + 2);
  });

  it('reports the first record of a team it could not fold, and folds it on the retry', async () => {
    await fold.pause();
    const seenBefore = fold.seen.length;
    await recordScanResult(services[0]!.service.id, { scan_id: 'g-1', score: 1, error: 'x' });
    const restore = failUpdatesOf('TOTALS', 1000);
    fold.resume();
    const deadline = Date.now() + 30_000;
    while (fold.seen.length === seenBefore && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
    await fold.pause();
    restore();
    const event = fold.seen[seenBefore]!;
    const failures = (
      await (async () => {
        const again = failUpdatesOf('TOTALS', 1000);
        try {
          return await foldResults(event);
        } finally {
          again();
        }
      })()
    ).batchItemFailures;
    expect(failures).toEqual([{ itemIdentifier: event.Records[0]!.dynamodb!.SequenceNumber }]);
    fold.resume();
    await fold.caughtUp();
    const { points, checks } = await recomputed();
    const totals = await teamFigures();
    expect(totals.checks_total).toBe(checks);
    expect(totals.points['1']).toBe(points);
  });
});
