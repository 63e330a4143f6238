/**
 * Voiding results, the workflow. A result's `voided` flag is flipped by a
 * conditional UpdateItem; the fold sees the flip on the stream and takes the
 * result's points, max_points and check out of its team's totals (or puts
 * them back), and re-evaluates the service's SLA run from its history.
 *
 * A void is previewed first: the set is "the filter, received before the
 * preview" (never a list of keys), stored with a fingerprint of the results it
 * would flip and each team's total before and after. Confirming it with the
 * preview's id starts the job if the set is still the same; the job then
 * advances a page of one service's results per step, each step recorded on
 * the job's item (data/void-jobs.ts), whose stream record wakes the stream
 * consumer for the next step. POST /scans/void and /scans/unvoid answer here.
 */
import { createHash } from 'node:crypto';
import { TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import { TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import type * as v from 'valibot';
import { API_PREFIX } from '#shared/api/prefix';
import type { VoidBody } from '#shared/api/schemas/requests/scans';
import { inVoidSet, receivedBy, resultRef, targetFlag, teamTotalFromHistory, type VoidAction, type VoidFilter } from '#shared/domain/voids';
import { teamAwards } from '#shared/data/adjustments';
import { auditPut, type AuditContext } from '#shared/data/audit';
import { db } from '#shared/data/client';
import { allocateId } from '#shared/data/counters';
import { flipResult, resultsCheckedBetween, storedResults } from '#shared/data/results';
import { listServiceDefinitions, type StoredDefinition } from '#shared/data/services';
import { notFinal, refusedAsFinal } from '#shared/data/settings';
import {
  publicView,
  putVoidPreview,
  readVoidJob,
  recordVoidStep,
  startVoidJob,
  type StoredVoidJob,
  type TeamChange,
  type VoidJob,
  type VoidStatus,
} from '#shared/data/void-jobs';
import { auditContext } from '#shared/http/audit-context';
import type { ApiRequest } from '#shared/http/endpoint';
import { competitionFinal, conflict, notFound, preconditionFailed } from '#shared/http/problem';
import type { Logger } from '#shared/log';
import { formatTimestamp } from '#shared/validation';
import { mapBounded } from '#shared/bounded';

/** Results flipped per job step (one Query page of one service's history, and its UpdateItems). */
export const VOID_CHUNK = 100;
/** How far the clocks of the functions that stamp `received_at` may be apart. */
const CLOCK_MARGIN_MS = 1000;
/** Reads of services' histories at once while previewing. */
const READ_CONCURRENCY = 16;
/** How long one stream consumer invocation keeps stepping a job before leaving the rest to the wake-ups its own steps wrote (the function has 60 s). */
const STEP_BUDGET_MS = 20_000;

/** The services a filter takes, by id. */
async function servicesOf(filter: VoidFilter): Promise<StoredDefinition[]> {
  return (await listServiceDefinitions()).filter(
    (d) => (filter.team_id === null || d.service.team.id === filter.team_id) && (filter.subtype_id === null || d.service.subtype_id === filter.subtype_id),
  );
}

/** The results a void would flip now: references, sorted (for the fingerprint). */
async function currentSet(serviceIds: number[], filter: VoidFilter, previewedAt: string, action: VoidAction): Promise<string[]> {
  const refs: string[] = [];
  await mapBounded(serviceIds, READ_CONCURRENCY, async (id) => {
    let after: Record<string, unknown> | null = null;
    do {
      const page = await resultsCheckedBetween(id, filter, after);
      for (const item of page.items) {
        if (inVoidSet(item as { time: string; received_at: string; voided?: boolean }, filter, previewedAt, action))
          refs.push(resultRef(id, String(item.scan_id)));
      }
      after = page.next;
    } while (after);
  });
  return refs.sort();
}

const fingerprintOf = (refs: string[]) => createHash('sha256').update(refs.join('\n')).digest('hex');

/** Each affected team's total before and after, recomputed from its whole history (as `verify` does) with the set flipped. */
async function teamChanges(refs: string[]): Promise<TeamChange[]> {
  const flipped = new Set(refs);
  const all = await listServiceDefinitions();
  const affected = new Set(refs.map((ref) => Number(ref.split('/')[0])));
  const teamIds = [...new Set(all.filter((d) => affected.has(d.service.id)).map((d) => d.service.team.id))].sort((a, b) => a - b);
  const out: TeamChange[] = [];
  for (const teamId of teamIds) {
    const services = all.filter((d) => d.service.team.id === teamId);
    const histories = await Promise.all(
      services.map(async (d) => ({ service_id: d.service.id, super_type_id: d.super_type_id, results: await storedResults(d.service.id) })),
    );
    const adjustments = await teamAwards(teamId);
    out.push({
      team_id: teamId,
      total_before: teamTotalFromHistory(histories, adjustments),
      total_after: teamTotalFromHistory(histories, adjustments, flipped),
    });
  }
  return out;
}

/** A dry run: finds the set, works out each team's change, and stores the preview (its filter, its time, a fingerprint of the set). */
export async function previewVoid(action: VoidAction, filter: VoidFilter, now = new Date()): Promise<VoidJob> {
  const previewedAt = formatTimestamp(now);
  const serviceIds = (await servicesOf(filter)).map((d) => d.service.id);
  const refs = await currentSet(serviceIds, filter, previewedAt, action);
  const job: StoredVoidJob = {
    preview_id: await allocateId('void'),
    action,
    filter,
    previewed_at: previewedAt,
    count: refs.length,
    teams: await teamChanges(refs),
    status: 'previewed',
    flipped: 0,
    applied_at: null,
    finished_at: null,
    service_ids: serviceIds,
    fingerprint: fingerprintOf(refs),
    step: 0,
    position: { service: 0, after: null },
  };
  await putVoidPreview(job);
  return publicView(job);
}

export async function getVoidJob(id: number): Promise<VoidJob | undefined> {
  const job = await readVoidJob(id);
  return job && publicView(job);
}

export type ApplyOutcome =
  { kind: 'started'; job: VoidJob } | { kind: 'not-found' } | { kind: 'mismatch'; detail: string } | { kind: 'changed' } | { kind: 'final' };

const sameFilter = (a: VoidFilter, b: VoidFilter) => a.from === b.from && a.to === b.to && a.team_id === b.team_id && a.subtype_id === b.subtype_id;

/**
 * Confirms a preview: if the set still is what the preview found (same
 * fingerprint), the job starts, with its audit entry, in one transaction
 * refused once the competition is final. Confirming a job that started
 * already answers it again (a retried confirmation starts nothing twice).
 */
export async function applyVoid(id: number, action: VoidAction, filter: VoidFilter, audit: AuditContext, now = new Date()): Promise<ApplyOutcome> {
  const job = await readVoidJob(id);
  if (!job) return { kind: 'not-found' };
  if (job.action !== action || !sameFilter(job.filter, filter)) {
    return {
      kind: 'mismatch',
      detail: `Preview ${id} is a${action === 'void' && job.action === 'unvoid' ? 'n' : ''} ${job.action} of another filter: send the preview's own filter.`,
    };
  }
  if (job.status !== 'previewed') return { kind: 'started', job: publicView(job) };
  // Results of the preview's own second may still be landing (and other functions' clocks differ a little): once it is over, the set can only shrink.
  const settling = Date.parse(job.previewed_at) + 1000 + CLOCK_MARGIN_MS - Date.now();
  if (settling > 0) await new Promise((resolve) => setTimeout(resolve, settling));
  const refs = await currentSet(job.service_ids, job.filter, job.previewed_at, job.action);
  if (fingerprintOf(refs) !== job.fingerprint) return { kind: 'changed' };
  try {
    await db().send(
      new TransactWriteCommand({
        TransactItems: [
          notFinal(),
          startVoidJob(id, now.toISOString()),
          auditPut(audit, {
            action: `scans.${action}`,
            target: `scans/voids/${id}`,
            before: { teams: job.teams.map((t) => ({ team_id: t.team_id, total: t.total_before })) },
            after: {
              filter: job.filter,
              preview_id: id,
              previewed_at: job.previewed_at,
              count: job.count,
              teams: job.teams.map((t) => ({ team_id: t.team_id, total: t.total_after })),
            },
          }),
        ],
      }),
    );
  } catch (error) {
    if (refusedAsFinal(error, 0)) return { kind: 'final' };
    if (!(error instanceof TransactionCanceledException)) throw error;
    // Another confirmation of the same preview won the race: answer its job.
  }
  return { kind: 'started', job: publicView((await readVoidJob(id))!) };
}

/**
 * One step of a running job: one page of the current service's results in
 * the range, each of the set flipped by a conditional UpdateItem, then the
 * step recorded on the job item on the condition that nobody recorded it
 * first. A crash midway leaves the step unrecorded: the retry walks the same
 * page again, and flipping is idempotent. Returns the job's status after.
 */
export async function advanceVoidJob(id: number, chunk = VOID_CHUNK): Promise<VoidStatus | undefined> {
  const job = await readVoidJob(id);
  if (!job || job.status !== 'running') return job?.status;
  const serviceId = job.service_ids[job.position.service];
  let next = job.position;
  let flipped = 0;
  if (serviceId !== undefined) {
    const page = await resultsCheckedBetween(serviceId, job.filter, job.position.after, chunk);
    const target = targetFlag(job.action);
    const flips = await Promise.all(
      page.items
        .filter((item) => receivedBy(item as { received_at: string }, job.previewed_at))
        .map((item) => flipResult(serviceId, String(item.scan_id), target, id)),
    );
    flipped = flips.filter(Boolean).length;
    next = page.next ? { service: job.position.service, after: page.next } : { service: job.position.service + 1, after: null };
  }
  const done = next.service >= job.service_ids.length;
  await recordVoidStep(job, next, flipped, done);
  return done ? 'done' : 'running';
}

/**
 * The stream consumer's part: steps each woken job until it is done or the
 * budget is spent; returns the first job's record that failed (retried from
 * there), or undefined.
 */
export async function stepVoidJobs(jobs: { sequenceNumber: string; id: number }[], log: Logger): Promise<string | undefined> {
  const started = Date.now();
  for (const job of jobs) {
    try {
      while ((await advanceVoidJob(job.id)) === 'running' && Date.now() - started < STEP_BUDGET_MS);
    } catch (error) {
      log.error('void job step failed', { job: job.id, error: error instanceof Error ? error.message : String(error) });
      return job.sequenceNumber;
    }
  }
  return undefined;
}

export const voidJobLocation = (id: number) => `${API_PREFIX}/scans/voids/${id}`;

/** POST /scans/void and /scans/unvoid: a preview (200), or its application started (202 + Location of the job). */
export async function voidRequest(
  action: VoidAction,
  request: ApiRequest<v.InferOutput<typeof VoidBody>, undefined>,
): Promise<{ status: 200; body: VoidJob } | { status: 202; body: VoidJob; headers: Record<string, string> }> {
  const { filter, dry_run, preview_id } = request.body;
  if (dry_run) return { status: 200, body: await previewVoid(action, filter) };
  const outcome = await applyVoid(preview_id!, action, filter, auditContext(request));
  switch (outcome.kind) {
    case 'started':
      return { status: 202, body: outcome.job, headers: { location: voidJobLocation(outcome.job.preview_id) } };
    case 'not-found':
      throw notFound(`No preview has id ${preview_id}.`);
    case 'mismatch':
      throw conflict('preview_mismatch', outcome.detail);
    case 'changed':
      throw preconditionFailed('Results of the set were voided or restored since the preview: nothing was changed; preview again.');
    case 'final':
      throw competitionFinal();
  }
}
