/**
 * The fold: turns the table's stream of new results and adjustments into each
 * service's STATE item and each team's TOTALS item. The only writer of both
 * (except `started`, which the request path sets).
 *
 * Idempotent under replay without per-result marks: each item keeps, per
 * source partition, the stream sequence number it has folded up to (the
 * watermark), and every write is conditioned on the watermark it read. The
 * team is written first, then its services: the team's delta depends on the
 * services' previous states, and a crash between the two leaves a team
 * watermark ahead of the service's, which the next fold reads as "already
 * counted for the team" (see foldServiceResults).
 */
import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { ServiceState, StoredResult } from '#shared/domain/model';
import { afterFreeze, freezeStamp, shareFor } from '#shared/domain/freeze';
import {
  addDeltas,
  adjustmentDelta,
  emptyDelta,
  foldServiceResults,
  isEmptyDelta,
  slaAfterFreeze,
  slaDelta,
  slaOfHistory,
  type FoldRecord,
  type TotalsDelta,
  type VoidFlip,
} from '#shared/domain/scoring';
import { cachedSettings } from '#shared/data/scoring';
import { db, tableName } from '#shared/data/client';
import { idOfPartition, isTeamPartition, keys } from '#shared/data/keys';
import { batchGet } from '#shared/data/operations';
import { storedResults } from '#shared/data/scans';
import { toServiceState, } from '#shared/data/services';
import { TOTALS_ATTRIBUTE } from '#shared/data/teams';
import type { Logger } from '#shared/log';

/** A new result or adjustment from the stream. */
export interface FoldInput {
  /** The stream's SequenceNumber as given (what ReportBatchItemFailures names). */
  sequenceNumber: string;
  pk: string;
  sk: string;
  image: Record<string, unknown>;
  /** A result voided or restored (a MODIFY whose `voided` flag changed). */
  flip?: VoidFlip;
}

/**
 * Sequence numbers are decimal strings without leading zeros, of 21 to 40
 * digits: prefixed with their length (two digits), they compare as strings
 * in numeric order, and stay short (every byte of TOTALS is paid per write).
 */
export const paddedSequence = (sequenceNumber: string) => `${String(sequenceNumber.length).padStart(2, '0')}${sequenceNumber}`;

/** How many teams of one batch are folded at once. */
const TEAM_CONCURRENCY = 8;
/** Re-reads after a lost condition (a concurrent fold, or a `started` landing meanwhile) before the batch is retried. */
const FOLD_ATTEMPTS = 10;

/**
 * Folds a batch in stream order. Returns the sequence number of the first
 * record whose team could not be folded (the event source mapping retries
 * from there; everything after it is replayed, harmlessly), or undefined.
 */
export async function foldBatch(inputs: FoldInput[], log?: Logger): Promise<string | undefined> {
  // The freeze time in force (cached a few seconds, as on the scan path): results checked after it are also counted apart.
  const freezeTime = inputs.length === 0 ? null : (await cachedSettings()).scoreboard_freeze_time;
  const byTeam = new Map<number, { index: number; input: FoldInput }[]>();
  inputs.forEach((input, index) => {
    const teamId = isTeamPartition(input.pk) ? idOfPartition(input.pk) : Number(input.image.team_id);
    byTeam.set(teamId, [...(byTeam.get(teamId) ?? []), { index, input }]);
  });
  const failed: number[] = [];
  const queue = [...byTeam];
  const worker = async () => {
    for (let next = queue.shift(); next; next = queue.shift()) {
      const [teamId, records] = next;
      try {
        await foldTeam(teamId, records.map((r) => r.input), freezeTime);
      } catch (error) {
        log?.error('fold failed', { team: teamId, error: error instanceof Error ? error.message : String(error) });
        failed.push(records[0]!.index);
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(TEAM_CONCURRENCY, queue.length) }, worker));
  if (failed.length === 0) return undefined;
  return inputs[Math.min(...failed)]!.sequenceNumber;
}

async function foldTeam(teamId: number, inputs: FoldInput[], freezeTime: string | null): Promise<void> {
  const results = new Map<number, FoldRecord<StoredResult>[]>();
  const adjustments: FoldRecord<{ super_type_id: number; points: number; created_at: string }>[] = [];
  for (const input of inputs) {
    const seq = paddedSequence(input.sequenceNumber);
    if (isTeamPartition(input.pk)) {
      adjustments.push({ seq, item: input.image as { super_type_id: number; points: number; created_at: string } });
    } else {
      const serviceId = idOfPartition(input.pk);
      results.set(serviceId, [...(results.get(serviceId) ?? []), { seq, item: input.image as unknown as StoredResult, ...(input.flip ? { flip: input.flip } : {}) }]);
    }
  }
  const serviceIds = [...results.keys()];
  for (let attempt = 0; attempt < FOLD_ATTEMPTS; attempt++) {
    const items = await batchGet([keys.teamTotals(teamId), ...serviceIds.map((id) => keys.serviceState(id))], { consistent: true });
    const totals = items.find((item) => item.sk === keys.teamTotals(teamId).sk);
    const states = new Map(items.filter((item) => item !== totals).map((item) => [idOfPartition(String(item.pk)), toServiceState(item)]));
    const watermarkOf = (sourcePk: string) => (totals?.[TOTALS_ATTRIBUTE.watermark(sourcePk)] as string | undefined) ?? null;

    let delta = emptyDelta();
    let afterFreezeDelta = emptyDelta();
    const stamp = freezeTime === null ? undefined : freezeStamp(freezeTime);
    const watermarks: { source: string; read: string | null; next: string }[] = [];
    const serviceWrites: { id: number; read: ServiceState; next: ServiceState }[] = [];
    const slaWrites: SlaWrite[] = [];
    for (const [serviceId, records] of results) {
      const source = keys.servicePartition(serviceId);
      const read = states.get(serviceId) ?? toServiceState({});
      const teamWatermark = watermarkOf(source);
      const folded = foldServiceResults(read, records, teamWatermark, freezeTime);
      // A late result (or a void) re-evaluates the run from the history, read after the state: it holds every result folded so far.
      if (folded.slaNeedsHistory) {
        const history = await storedResults(serviceId);
        folded.state.sla = slaOfHistory(history);
        if (folded.state.after_freeze) folded.state.after_freeze = { ...folded.state.after_freeze, ...slaAfterFreeze(history, folded.state.after_freeze.at) };
      }
      delta = addDeltas(delta, folded.delta);
      afterFreezeDelta = addDeltas(afterFreezeDelta, folded.afterFreeze);
      const newest = records.at(-1)!.seq;
      if (teamWatermark === null || newest > teamWatermark) watermarks.push({ source, read: teamWatermark, next: newest });
      if (folded.folded > 0) serviceWrites.push({ id: serviceId, read, next: folded.state });
      const superTypeId = records[0]!.item.super_type_id;
      // The SLA figures are absolute on both ends (what the team counts for the service, what the service has), live and after the freeze.
      const counted = countedSla(totals, serviceId);
      const now = folded.folded > 0 ? folded.state.sla : read.sla;
      if (counted.violations !== now.violations || counted.penalty !== now.penalty) {
        delta = addDeltas(delta, slaDelta(superTypeId, counted, now));
        slaWrites.push({ serviceId, read: counted, next: { violations: now.violations, penalty: now.penalty } });
      }
      if (stamp !== undefined) {
        const countedAfter = countedSla(totals, serviceId, stamp);
        const share = shareFor(folded.folded > 0 ? folded.state.after_freeze : read.after_freeze, freezeTime)!;
        if (countedAfter.violations !== share.violations || countedAfter.penalty !== share.penalty) {
          afterFreezeDelta = addDeltas(afterFreezeDelta, slaDelta(superTypeId, countedAfter, share));
          slaWrites.push({ serviceId, stamp, read: countedAfter, next: { violations: share.violations, penalty: share.penalty } });
        }
      }
    }
    if (adjustments.length > 0) {
      const source = keys.teamPartition(teamId);
      const read = watermarkOf(source);
      for (const { seq, item } of adjustments) {
        if (read !== null && seq <= read) continue;
        delta = addDeltas(delta, adjustmentDelta(item.super_type_id, Number(item.points)));
        if (afterFreeze(item.created_at, freezeTime)) afterFreezeDelta = addDeltas(afterFreezeDelta, adjustmentDelta(item.super_type_id, Number(item.points)));
      }
      const newest = adjustments.at(-1)!.seq;
      if (read === null || newest > read) watermarks.push({ source, read, next: newest });
    }
    const afterFreezeShare = stamp === undefined || isEmptyDelta(afterFreezeDelta) ? undefined : { stamp, delta: afterFreezeDelta };

    try {
      if (watermarks.length > 0 || slaWrites.length > 0) {
        await writeTeamTotals(teamId, delta, watermarks, (totals?.last_scan_time as string | undefined) ?? null, slaWrites, afterFreezeShare);
      }
      await Promise.all(serviceWrites.map((w) => writeServiceState(w.id, w.read, w.next)));
      return;
    } catch (error) {
      if (!(error instanceof ConditionalCheckFailedException)) throw error;
      // Someone else folded or started meanwhile: read again, fold only what is new.
    }
  }
  throw new Error(`team ${teamId}: the fold lost its conditions ${FOLD_ATTEMPTS} times in a row`);
}

/** A service's SLA figures as the team's totals count them (live, or in the after-freeze share of `stamp`), and what they become. */
export interface SlaWrite {
  serviceId: number;
  stamp?: string;
  read: { violations: number; penalty: number };
  next: { violations: number; penalty: number };
}

/** The team's totals' attribute for a figure: live, or in the after-freeze share of `stamp`. */
const figureAttribute = (attribute: string, stamp: string | undefined) => (stamp === undefined ? attribute : TOTALS_ATTRIBUTE.afterFreeze(stamp, attribute));

export function countedSla(totals: Record<string, unknown> | undefined, serviceId: number, stamp?: string) {
  return {
    violations: Number(totals?.[figureAttribute(TOTALS_ATTRIBUTE.serviceViolations(serviceId), stamp)] ?? 0),
    penalty: Number(totals?.[figureAttribute(TOTALS_ATTRIBUTE.servicePenalty(serviceId), stamp)] ?? 0),
  };
}

/** The after-freeze share of a fold: what its results checked at or after the freeze add, under the freeze time's stamp. */
export interface AfterFreezeWrite {
  stamp: string;
  delta: TotalsDelta;
}

/**
 * ADDs the delta to the team's totals and moves the watermarks and the
 * services' counted SLA figures, if they are all still what was read.
 */
export async function writeTeamTotals(
  teamId: number,
  delta: TotalsDelta,
  watermarks: { source: string; read: string | null; next: string | null }[],
  lastScanTimeRead: string | null,
  slaWrites: SlaWrite[] = [],
  afterFreezeShare?: AfterFreezeWrite,
) {
  await db().send(new UpdateCommand(teamTotalsUpdate(teamId, delta, watermarks, lastScanTimeRead, slaWrites, afterFreezeShare)));
}

/** The conditional update of a team's TOTALS that writeTeamTotals sends (a repair sends it in a transaction with its audit entry). */
export function teamTotalsUpdate(
  teamId: number,
  delta: TotalsDelta,
  watermarks: { source: string; read: string | null; next: string | null }[],
  lastScanTimeRead: string | null,
  slaWrites: SlaWrite[] = [],
  afterFreezeShare?: AfterFreezeWrite,
) {
  const names: Record<string, string> = {};
  const values: Record<string, unknown> = {};
  const name = (attribute: string) => {
    const placeholder = `#a${Object.keys(names).length}`;
    names[placeholder] = attribute;
    return placeholder;
  };
  const value = (v: unknown) => {
    const placeholder = `:v${Object.keys(values).length}`;
    values[placeholder] = v;
    return placeholder;
  };
  const adds: string[] = [];
  const sets: string[] = [];
  const conditions: string[] = [];
  const addFigures = (figures: TotalsDelta, stamp?: string) => {
    const add = (attribute: string, amount: number) => {
      if (amount !== 0) adds.push(`${name(figureAttribute(attribute, stamp))} ${value(amount)}`);
    };
    for (const [superTypeId, amount] of Object.entries(figures.points)) add(TOTALS_ATTRIBUTE.points(superTypeId), amount);
    for (const [superTypeId, amount] of Object.entries(figures.max_points)) add(TOTALS_ATTRIBUTE.maxPoints(superTypeId), amount);
    add('checks_total', figures.checks_total);
    add('checks_passed', figures.checks_passed);
    add('adjustments_total', figures.adjustments_total);
    add('services_up', figures.services_up);
    add('services_down', figures.services_down);
    for (const [superTypeId, amount] of Object.entries(figures.sla_penalty)) add(TOTALS_ATTRIBUTE.slaPenalty(superTypeId), amount);
    add('sla_violations', figures.sla_violations);
  };
  addFigures(delta);
  if (afterFreezeShare) addFigures(afterFreezeShare.delta, afterFreezeShare.stamp);
  for (const w of slaWrites) {
    for (const [attribute, read, next] of [
      [figureAttribute(TOTALS_ATTRIBUTE.serviceViolations(w.serviceId), w.stamp), w.read.violations, w.next.violations],
      [figureAttribute(TOTALS_ATTRIBUTE.servicePenalty(w.serviceId), w.stamp), w.read.penalty, w.next.penalty],
    ] as const) {
      const placeholder = name(attribute);
      sets.push(`${placeholder} = ${value(next)}`);
      // Absent counts as 0: a service without violations has no attribute.
      conditions.push(read === 0 ? `(attribute_not_exists(${placeholder}) OR ${placeholder} = ${value(0)})` : `${placeholder} = ${value(read)}`);
    }
  }
  for (const w of watermarks) {
    const attribute = name(TOTALS_ATTRIBUTE.watermark(w.source));
    // A watermark that stays where it was is only a condition (a repair that must not race a fold).
    if (w.next !== null && w.next !== w.read) sets.push(`${attribute} = ${value(w.next)}`);
    conditions.push(w.read === null ? `attribute_not_exists(${attribute})` : `${attribute} = ${value(w.read)}`);
  }
  if (delta.last_scan_time !== null && (lastScanTimeRead === null || delta.last_scan_time > lastScanTimeRead)) {
    const attribute = name('last_scan_time');
    const newer = value(delta.last_scan_time);
    sets.push(`${attribute} = ${newer}`);
    conditions.push(`(attribute_not_exists(${attribute}) OR ${attribute} < ${newer})`);
  }
  return {
    TableName: tableName(),
    Key: keys.teamTotals(teamId),
    UpdateExpression: [adds.length ? `ADD ${adds.join(', ')}` : '', sets.length ? `SET ${sets.join(', ')}` : ''].filter(Boolean).join(' '),
    ConditionExpression: conditions.join(' AND '),
    ExpressionAttributeNames: names,
    ExpressionAttributeValues: values,
  };
}

/** Writes the service's folded state if its watermark (and the `started` it clears) are still what was read. */
async function writeServiceState(serviceId: number, read: ServiceState, next: ServiceState) {
  const clearStarted = read.started !== null && next.started === null;
  const values: Record<string, unknown> = {
    ':last_scan': next.last_scan,
    ':last_scan_time': next.last_scan_time,
    ':last_scan_error': next.last_scan_error,
    ':last_scan_id': next.last_scan_id,
    ':points_earned': next.points_earned,
    ':checks': next.checks,
    ':folded_seq': next.folded_seq,
    ':sla': next.sla,
    ':after_freeze': next.after_freeze,
  };
  const conditions = [read.folded_seq === null ? 'attribute_not_exists(folded_seq)' : 'folded_seq = :read_seq'];
  if (read.folded_seq !== null) values[':read_seq'] = read.folded_seq;
  if (clearStarted) {
    conditions.push('started.scan_id = :started_id');
    values[':started_id'] = read.started!.scan_id;
  }
  await db().send(
    new UpdateCommand({
      TableName: tableName(),
      Key: keys.serviceState(serviceId),
      UpdateExpression:
        'SET last_scan = :last_scan, last_scan_time = :last_scan_time, last_scan_error = :last_scan_error, last_scan_id = :last_scan_id, ' +
        'points_earned = :points_earned, checks = :checks, folded_seq = :folded_seq, sla = :sla, after_freeze = :after_freeze' +
        (clearStarted ? ' REMOVE started' : ''),
      ConditionExpression: conditions.join(' AND '),
      ExpressionAttributeValues: values,
    }),
  );
}
