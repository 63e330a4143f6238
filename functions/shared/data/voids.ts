/**
 * Voiding results. A result's `voided` flag is flipped by a conditional
 * UpdateItem; the fold sees the flip on the stream (a MODIFY) and takes the
 * result's points, max_points and check out of its team's totals (or puts
 * them back), and re-evaluates the service's SLA run from its history.
 *
 * A void is one item (`VOID#id / VOIDJOB`): written by the preview with the
 * filter and the preview's time (the set is "the filter, received before the
 * preview", never a list of keys) and a fingerprint of the results it would
 * flip; the confirmation turns it to `running`; the job then advances chunk
 * by chunk, each step recorded on the item, until `done`. The item is on the
 * table's stream: every step's write wakes the stream consumer for the next
 * (see advanceVoidJob), so nothing else has to drive it.
 */
import { createHash } from 'node:crypto';
import { ConditionalCheckFailedException, TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import { GetCommand, PutCommand, QueryCommand, TransactWriteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { auditPut, type AuditContext } from '#shared/data/audit';
import { db, tableName } from '#shared/data/client';
import { allocateId } from '#shared/data/counters';
import { notFinal, refusedAsFinal } from '#shared/data/final';
import { idOfPartition, keys, PARTITION } from '#shared/data/keys';
import { queryPartition, withoutKeys } from '#shared/data/operations';
import { storedResults } from '#shared/data/scans';
import type { StoredDefinition } from '#shared/data/services';
import { inVoidSet, receivedBy, resultRef, targetFlag, teamTotalFromHistory, type VoidAction, type VoidFilter } from '#shared/domain/voids';
import { formatTimestamp } from '#shared/validation';

export type VoidStatus = 'previewed' | 'running' | 'done';

export interface TeamChange {
  team_id: number;
  total_before: number;
  total_after: number;
}

/** The void item as the API shows it (the preview, then the job's progress). */
export interface VoidJob {
  preview_id: number;
  action: VoidAction;
  filter: VoidFilter;
  previewed_at: string;
  /** How many results the preview found to flip. */
  count: number;
  teams: TeamChange[];
  status: VoidStatus;
  /** Results this job has flipped so far. */
  flipped: number;
  applied_at: string | null;
  finished_at: string | null;
}

/** What the item keeps beyond what the API shows: the services to walk, where the job is, and the set's fingerprint. */
interface StoredVoidJob extends VoidJob {
  service_ids: number[];
  fingerprint: string;
  /** Steps taken (each write conditioned on it), the service being walked, and where its last page ended. */
  step: number;
  position: { service: number; after: Record<string, unknown> | null };
}

/** Results flipped per job step (one Query page of one service's history, and its UpdateItems). */
export const VOID_CHUNK = 100;
/** How far the clocks of the functions that stamp `received_at` may be apart. */
const CLOCK_MARGIN_MS = 1000;
/** Reads of services' histories at once while previewing. */
const READ_CONCURRENCY = 16;

const publicView = (job: StoredVoidJob): VoidJob => ({
  preview_id: job.preview_id,
  action: job.action,
  filter: job.filter,
  previewed_at: job.previewed_at,
  count: job.count,
  teams: job.teams,
  status: job.status,
  flipped: job.flipped,
  applied_at: job.applied_at,
  finished_at: job.finished_at,
});

/**
 * Sets a result's `voided` flag for a job. False when there is nothing to
 * change (the result is already so, not flipped by this job, or gone).
 * Flipping again what the same job flipped counts as flipped: a step retried
 * after a crash counts the results it had flipped before the crash.
 */
export async function flipResult(serviceId: number, scanId: string, voided: boolean, jobId?: number): Promise<boolean> {
  const flippable = voided ? ['attribute_not_exists(voided)', 'voided = :false'] : ['voided = :true'];
  if (jobId !== undefined) flippable.push('void_job = :job');
  try {
    await db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.scanResult(serviceId, scanId),
        UpdateExpression: jobId === undefined ? 'SET voided = :voided REMOVE void_job' : 'SET voided = :voided, void_job = :job',
        ConditionExpression: `attribute_exists(pk) AND ${flippable.length > 1 ? `(${flippable.join(' OR ')})` : flippable[0]}`,
        ExpressionAttributeValues: {
          ':voided': voided,
          ...(voided ? { ':false': false } : { ':true': true }),
          ...(jobId === undefined ? {} : { ':job': jobId }),
        },
      }),
    );
    return true;
  } catch (error) {
    if (error instanceof ConditionalCheckFailedException) return false;
    throw error;
  }
}

/** The services a filter takes, by id (one Query of the services' partition). */
async function servicesOf(filter: VoidFilter): Promise<StoredDefinition[]> {
  const all = (await queryPartition(PARTITION.services)).map((item) => withoutKeys<StoredDefinition>(item));
  return all
    .filter((d) => (filter.team_id === null || d.service.team.id === filter.team_id) && (filter.subtype_id === null || d.service.subtype_id === filter.subtype_id))
    .sort((a, b) => a.service.id - b.service.id);
}

/** One page of a service's results checked inside the filter's range, from the history index. */
async function rangePage(serviceId: number, filter: VoidFilter, after: Record<string, unknown> | null, limit?: number) {
  const page = await db().send(
    new QueryCommand({
      TableName: tableName(),
      IndexName: 'lsi1',
      // `T#<to>` sorts before every `T#<to>#<scan_id>`: the range is [from, to).
      KeyConditionExpression: 'pk = :pk AND lsi1sk BETWEEN :from AND :to',
      ExpressionAttributeValues: {
        ':pk': keys.servicePartition(serviceId),
        ':from': keys.scanHistorySortKey(filter.from, '').lsi1sk.slice(0, -1),
        ':to': keys.scanHistorySortKey(filter.to, '').lsi1sk.slice(0, -1),
      },
      ConsistentRead: true,
      ...(after ? { ExclusiveStartKey: after } : {}),
      ...(limit ? { Limit: limit } : {}),
    }),
  );
  return { items: page.Items ?? [], next: page.LastEvaluatedKey ?? null };
}

/** The results a void would flip now: references, sorted (for the fingerprint). */
async function currentSet(serviceIds: number[], filter: VoidFilter, previewedAt: string, action: VoidAction): Promise<string[]> {
  const refs: string[] = [];
  const queue = [...serviceIds];
  const worker = async () => {
    for (let id = queue.shift(); id !== undefined; id = queue.shift()) {
      let after: Record<string, unknown> | null = null;
      do {
        const page = await rangePage(id, filter, after);
        for (const item of page.items) {
          if (inVoidSet(item as { time: string; received_at: string; voided?: boolean }, filter, previewedAt, action)) refs.push(resultRef(id, String(item.scan_id)));
        }
        after = page.next;
      } while (after);
    }
  };
  await Promise.all(Array.from({ length: Math.min(READ_CONCURRENCY, serviceIds.length) }, worker));
  return refs.sort();
}

const fingerprintOf = (refs: string[]) => createHash('sha256').update(refs.join('\n')).digest('hex');

/** Each affected team's total before and after, recomputed from its whole history (as `verify` does) with the set flipped. */
async function teamChanges(definitions: StoredDefinition[], refs: string[]): Promise<TeamChange[]> {
  const flipped = new Set(refs);
  const affected = new Set(refs.map((ref) => Number(ref.split('/')[0])));
  const teamIds = [...new Set(definitions.filter((d) => affected.has(d.service.id)).map((d) => d.service.team.id))].sort((a, b) => a - b);
  const all = (await queryPartition(PARTITION.services)).map((item) => withoutKeys<StoredDefinition>(item));
  const out: TeamChange[] = [];
  for (const teamId of teamIds) {
    const services = all.filter((d) => d.service.team.id === teamId);
    const histories = await Promise.all(services.map(async (d) => ({ service_id: d.service.id, super_type_id: d.super_type_id, results: await storedResults(d.service.id) })));
    const adjustments = (await queryPartition(keys.teamPartition(teamId), { consistent: true, skPrefix: keys.adjustmentPrefix })).map((a) => ({
      super_type_id: Number(a.super_type_id),
      points: Number(a.points),
    }));
    out.push({ team_id: teamId, total_before: teamTotalFromHistory(histories, adjustments), total_after: teamTotalFromHistory(histories, adjustments, flipped) });
  }
  return out;
}

/** A dry run: finds the set, works out each team's change, and stores the preview (its filter, its time, a fingerprint of the set). */
export async function previewVoid(action: VoidAction, filter: VoidFilter, now = new Date()): Promise<VoidJob> {
  const previewedAt = formatTimestamp(now);
  const definitions = await servicesOf(filter);
  const serviceIds = definitions.map((d) => d.service.id);
  const refs = await currentSet(serviceIds, filter, previewedAt, action);
  const job: StoredVoidJob = {
    preview_id: await allocateId('void'),
    action,
    filter,
    previewed_at: previewedAt,
    count: refs.length,
    teams: await teamChanges(definitions, refs),
    status: 'previewed',
    flipped: 0,
    applied_at: null,
    finished_at: null,
    service_ids: serviceIds,
    fingerprint: fingerprintOf(refs),
    step: 0,
    position: { service: 0, after: null },
  };
  await db().send(new PutCommand({ TableName: tableName(), Item: { ...keys.voidJob(job.preview_id), ...job }, ConditionExpression: 'attribute_not_exists(pk)' }));
  return publicView(job);
}

async function readJob(id: number): Promise<StoredVoidJob | undefined> {
  const { Item } = await db().send(new GetCommand({ TableName: tableName(), Key: keys.voidJob(id), ConsistentRead: true }));
  return Item ? withoutKeys<StoredVoidJob>(Item) : undefined;
}

export async function getVoidJob(id: number): Promise<VoidJob | undefined> {
  const job = await readJob(id);
  return job && publicView(job);
}

export type ApplyOutcome =
  | { kind: 'started'; job: VoidJob }
  | { kind: 'not-found' }
  | { kind: 'mismatch'; detail: string }
  | { kind: 'changed' }
  | { kind: 'final' };

const sameFilter = (a: VoidFilter, b: VoidFilter) => a.from === b.from && a.to === b.to && a.team_id === b.team_id && a.subtype_id === b.subtype_id;

/**
 * Confirms a preview: if the set still is what the preview found (same
 * fingerprint), the job starts, with its audit entry, in one transaction
 * refused once the competition is final. Confirming a job that started
 * already answers it again (a retried confirmation starts nothing twice).
 */
export async function applyVoid(id: number, action: VoidAction, filter: VoidFilter, audit: AuditContext, now = new Date()): Promise<ApplyOutcome> {
  const job = await readJob(id);
  if (!job) return { kind: 'not-found' };
  if (job.action !== action || !sameFilter(job.filter, filter)) {
    return { kind: 'mismatch', detail: `Preview ${id} is a${action === 'void' && job.action === 'unvoid' ? 'n' : ''} ${job.action} of another filter: send the preview's own filter.` };
  }
  if (job.status !== 'previewed') return { kind: 'started', job: publicView(job) };
  // Results of the preview's own second may still be landing (and other functions' clocks differ a little): once it is over, the set can only shrink.
  const settling = Date.parse(job.previewed_at) + 1000 + CLOCK_MARGIN_MS - Date.now();
  if (settling > 0) await new Promise((resolve) => setTimeout(resolve, settling));
  const refs = await currentSet(job.service_ids, job.filter, job.previewed_at, job.action);
  if (fingerprintOf(refs) !== job.fingerprint) return { kind: 'changed' };
  const appliedAt = now.toISOString();
  try {
    await db().send(
      new TransactWriteCommand({
        TransactItems: [
          notFinal(),
          {
            Update: {
              TableName: tableName(),
              Key: keys.voidJob(id),
              UpdateExpression: 'SET #status = :running, applied_at = :at',
              ConditionExpression: '#status = :previewed',
              ExpressionAttributeNames: { '#status': 'status' },
              ExpressionAttributeValues: { ':running': 'running', ':previewed': 'previewed', ':at': appliedAt },
            },
          },
          auditPut(audit, {
            action: `scans.${action}`,
            target: `scans/voids/${id}`,
            before: { teams: job.teams.map((t) => ({ team_id: t.team_id, total: t.total_before })) },
            after: { filter: job.filter, preview_id: id, previewed_at: job.previewed_at, count: job.count, teams: job.teams.map((t) => ({ team_id: t.team_id, total: t.total_after })) },
          }),
        ],
      }),
    );
  } catch (error) {
    if (refusedAsFinal(error, 0)) return { kind: 'final' };
    if (!(error instanceof TransactionCanceledException)) throw error;
    // Another confirmation of the same preview won the race: answer its job.
  }
  return { kind: 'started', job: publicView((await readJob(id))!) };
}

/**
 * One step of a running job: one page of the current service's results in
 * the range, each of the set flipped by a conditional UpdateItem, then the
 * step recorded on the job item on the condition that nobody recorded it
 * first. A crash midway leaves the step unrecorded: the retry walks the same
 * page again, and flipping is idempotent. Returns the job's status after.
 */
export async function advanceVoidJob(id: number, chunk = VOID_CHUNK): Promise<VoidStatus | undefined> {
  const job = await readJob(id);
  if (!job || job.status !== 'running') return job?.status;
  const serviceId = job.service_ids[job.position.service];
  let next: StoredVoidJob['position'];
  let flipped = 0;
  if (serviceId === undefined) {
    next = job.position;
  } else {
    const page = await rangePage(serviceId, job.filter, job.position.after, chunk);
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
  try {
    await db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.voidJob(id),
        UpdateExpression: `SET step = :next, #position = :position, flipped = flipped + :flipped${done ? ', #status = :done, finished_at = :at' : ''}`,
        ConditionExpression: 'step = :read',
        ExpressionAttributeNames: { '#position': 'position', ...(done ? { '#status': 'status' } : {}) },
        ExpressionAttributeValues: {
          ':read': job.step,
          ':next': job.step + 1,
          ':position': next,
          ':flipped': flipped,
          ...(done ? { ':done': 'done', ':at': new Date().toISOString() } : {}),
        },
      }),
    );
  } catch (error) {
    if (!(error instanceof ConditionalCheckFailedException)) throw error;
    // Another consumer recorded this step first: its record wakes the next one.
  }
  return done ? 'done' : 'running';
}

/** The job a stream record of a void item names. */
export const voidJobIdOf = (pk: string) => idOfPartition(pk);
