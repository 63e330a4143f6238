import { randomUUID } from 'node:crypto';
import { TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import { GetCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import type { ScanResult, Service } from '#shared/domain/model';
import { adjustmentDelta, sameResult, scanOutcome, type Adjustment, type TotalsDelta } from '#shared/domain/scoring';
import { DEFAULT_SETTINGS, SETTINGS_ID, scoringOpenAt } from '#shared/domain/settings';
import { formatTimestamp } from '#shared/validation';
import { db, tableName } from '#shared/data/client';
import { allocateId } from '#shared/data/counters';
import { keys } from '#shared/data/keys';
import { backoff, batchGet, queryPartition, withoutKeys } from '#shared/data/operations';
import { getServiceRecord, toServiceRecord } from '#shared/data/services';
import { toVersionedSettings } from '#shared/data/settings';
import { getTeamRecord } from '#shared/data/teams';

/**
 * How long a write keeps retrying after losing races (another scan of the
 * same service took the sequence number it read, or a concurrent transaction
 * touched the same team). Scoring agents report a handful of scans per team
 * per round, so this is rarely needed; it must stay well under the function's
 * timeout (10 s) so that an exhausted write answers `busy` (the agent resends
 * the same scan_id, which is safe) instead of being cut off mid-request.
 */
const RETRY_BUDGET_MS = 4_000;

/** The attempts of a write that may lose races: the first at once, then with backoff while the budget lasts. */
async function* attempts(): AsyncGenerator<number> {
  const deadline = Date.now() + RETRY_BUDGET_MS;
  for (let attempt = 0; attempt === 0 || Date.now() < deadline; attempt++) {
    if (attempt > 0) await backoff(attempt);
    yield attempt;
  }
}

export interface ScanReport {
  scan_id: string;
  score: number;
  error: string | null;
}

export type ScanStartOutcome =
  | { kind: 'started'; service: Service }
  /** The scan already has a result: a late or repeated "started" changes nothing. */
  | { kind: 'finished'; scan: ScanResult; service: Service }
  | { kind: 'not-found' }
  | { kind: 'busy' };

export type ScanResultOutcome =
  | { kind: 'recorded'; scan: ScanResult; service: Service }
  | { kind: 'repeat'; scan: ScanResult; service: Service }
  | { kind: 'conflict'; scan: ScanResult }
  | { kind: 'out-of-range'; maxScore: number }
  | { kind: 'not-found' }
  | { kind: 'busy' };

/** The marker that makes a scan_id count once: it holds the recorded result. */
async function findScanMarker(serviceId: number, scanId: string): Promise<ScanResult | undefined> {
  const result = await db().send(
    new GetCommand({ TableName: tableName(), Key: keys.scanId(serviceId, scanId), ConsistentRead: true }),
  );
  if (!result.Item) return undefined;
  const { scan_id, score, error, time, points } = result.Item as ScanResult;
  return { scan_id, score, error: error ?? null, time, points };
}

/**
 * Marks a service's scan as under way. Atomic with a check that the scan_id
 * has no result yet, so a "started" that arrives after its own result (a
 * retry, or a slow network) cannot leave the service stuck in progress.
 */
export async function recordScanStart(serviceId: number, scanId: string): Promise<ScanStartOutcome> {
  for await (const _attempt of attempts()) {
    try {
      await db().send(
        new TransactWriteCommand({
          TransactItems: [
            {
              ConditionCheck: {
                TableName: tableName(),
                Key: keys.scanId(serviceId, scanId),
                ConditionExpression: 'attribute_not_exists(pk)',
              },
            },
            {
              Update: {
                TableName: tableName(),
                Key: keys.service(serviceId),
                UpdateExpression: 'SET #service.#in_progress = :true',
                ConditionExpression: 'attribute_exists(pk)',
                ExpressionAttributeNames: { '#service': 'service', '#in_progress': 'in_progress' },
                ExpressionAttributeValues: { ':true': true },
              },
            },
          ],
        }),
      );
      const record = await getServiceRecord(serviceId, { consistent: true });
      return record ? { kind: 'started', service: record.service } : { kind: 'not-found' };
    } catch (error) {
      const reasons = cancellationReasons(error);
      if (reasons[1] === 'ConditionalCheckFailed') return { kind: 'not-found' };
      if (reasons[0] === 'ConditionalCheckFailed') {
        const [scan, record] = await Promise.all([
          findScanMarker(serviceId, scanId),
          getServiceRecord(serviceId, { consistent: true }),
        ]);
        if (!scan || !record) return { kind: 'not-found' };
        return { kind: 'finished', scan, service: record.service };
      }
      if (!reasons.includes('TransactionConflict')) throw error;
    }
  }
  return { kind: 'busy' };
}

/**
 * Records a scan result in one transaction: the service's last-scan fields
 * and counters (guarded by the scan_count it read), the scan_id marker (which
 * must not exist), the history item, and the team's totals. A lost race
 * re-reads and tries again; the marker makes a retry that raced its own
 * duplicate come back as a repeat instead of counting twice. The marker is
 * read only when the transaction says it exists: repeats are rare, and every
 * request saved matters when many reports for one service collide.
 */
export async function recordScanResult(serviceId: number, report: ScanReport): Promise<ScanResultOutcome> {
  // Consistent: the moment an organiser closes scoring is the moment scans stop earning.
  const { settings, service: firstRead } = await readServiceAndSettings(serviceId);
  for await (const attempt of attempts()) {
    const record = attempt === 0 ? firstRead : await getServiceRecord(serviceId, { consistent: true });
    if (!record) return { kind: 'not-found' };
    const service = record.service;
    if (report.score > service.max_score) return { kind: 'out-of-range', maxScore: service.max_score };

    // Taken per attempt: a retried scan is stamped (and windowed) when it is actually recorded.
    const at = new Date();
    const time = formatTimestamp(at);
    const { points, delta } = scanOutcome(service, record.super_type_id, report.score, scoringOpenAt(settings, at));
    const scan: ScanResult = { scan_id: report.scan_id, score: report.score, error: report.error, time, points };
    const sequence = record.scan_count + 1;
    try {
      await db().send(
        new TransactWriteCommand({
          // SDK-level retries of this same attempt are idempotent; a new attempt gets a new token.
          ClientRequestToken: randomUUID(),
          TransactItems: [
            {
              Update: {
                TableName: tableName(),
                Key: keys.service(serviceId),
                UpdateExpression:
                  'SET #service.#last_scan = :score, #service.#last_scan_time = :time, #service.#last_scan_error = :error, ' +
                  '#service.#in_progress = :false, scan_count = :sequence, points_earned = points_earned + :points',
                ConditionExpression: 'scan_count = :expected',
                ExpressionAttributeNames: {
                  '#service': 'service',
                  '#last_scan': 'last_scan',
                  '#last_scan_time': 'last_scan_time',
                  '#last_scan_error': 'last_scan_error',
                  '#in_progress': 'in_progress',
                },
                ExpressionAttributeValues: {
                  ':score': report.score,
                  ':time': time,
                  ':error': report.error,
                  ':false': false,
                  ':sequence': sequence,
                  ':points': points,
                  ':expected': record.scan_count,
                },
              },
            },
            {
              Put: {
                TableName: tableName(),
                Item: { ...keys.scanId(serviceId, report.scan_id), ...scan },
                ConditionExpression: 'attribute_not_exists(pk)',
              },
            },
            {
              Put: {
                TableName: tableName(),
                Item: { ...keys.scanResult(serviceId, sequence), ...scan },
                ConditionExpression: 'attribute_not_exists(pk)',
              },
            },
            { Update: { TableName: tableName(), Key: keys.team(service.team.id), ...totalsUpdate(delta, time) } },
          ],
        }),
      );
    } catch (error) {
      const reasons = cancellationReasons(error);
      if (reasons[1] === 'ConditionalCheckFailed') {
        // The scan_id has a result (an earlier report, or a duplicate that just won).
        const marker = await findScanMarker(serviceId, report.scan_id);
        if (marker && !sameResult(marker, report)) return { kind: 'conflict', scan: marker };
        if (marker) {
          // The duplicate that won may have committed after our read: answer with the service as it is now.
          const now = await getServiceRecord(serviceId, { consistent: true });
          return { kind: 'repeat', scan: marker, service: now?.service ?? service };
        }
      }
      // Lost the optimistic lock, or a concurrent transaction touched the
      // same items: read again and decide again. (A missing team item is no race.)
      const raced = reasons.slice(0, 3).includes('ConditionalCheckFailed') || reasons.includes('TransactionConflict');
      if (!raced) throw error;
      continue;
    }
    const updated: Service = { ...service, last_scan: report.score, last_scan_time: time, last_scan_error: report.error, in_progress: false };
    return { kind: 'recorded', scan, service: updated };
  }
  return { kind: 'busy' };
}

/**
 * The service and the settings in one strongly consistent BatchGetItem: every
 * scan report needs both, and one round trip instead of two is measurable
 * when agents report a whole round at once.
 */
async function readServiceAndSettings(serviceId: number) {
  const serviceKey = keys.service(serviceId);
  const items = await batchGet([serviceKey, keys.settings(SETTINGS_ID)], { consistent: true });
  const serviceItem = items.find((item) => item.pk === serviceKey.pk && item.sk === serviceKey.sk);
  const settingsItem = items.find((item) => item !== serviceItem);
  return {
    service: serviceItem ? toServiceRecord(serviceItem) : undefined,
    settings: settingsItem ? toVersionedSettings(settingsItem).settings : DEFAULT_SETTINGS,
  };
}

// ---------------------------------------------------------------------------
// Adjustments

export type AdjustmentOutcome =
  | { kind: 'created'; adjustment: Adjustment }
  | { kind: 'team-not-found' }
  | { kind: 'unknown-super-type' }
  | { kind: 'busy' };

/**
 * Writes an adjustment and adds it to the team's totals in one transaction,
 * which also checks that the super type exists. The id is allocated first; a
 * refused or failed write leaves a gap in ids, never a reuse.
 */
export async function createAdjustment(
  teamId: number,
  input: { super_type_id: number; points: number; reason: string },
  createdBy: string,
): Promise<AdjustmentOutcome> {
  const adjustment: Adjustment = {
    id: await allocateId('adjustment'),
    team: teamId,
    super_type_id: input.super_type_id,
    points: input.points,
    reason: input.reason,
    created_by: createdBy,
    created_at: formatTimestamp(new Date()),
  };
  for await (const _attempt of attempts()) {
    try {
      await db().send(
        new TransactWriteCommand({
          // Makes the SDK's own retries of this attempt idempotent.
          ClientRequestToken: randomUUID(),
          TransactItems: [
            {
              ConditionCheck: {
                TableName: tableName(),
                Key: keys.superType(input.super_type_id),
                ConditionExpression: 'attribute_exists(pk)',
              },
            },
            {
              Update: {
                TableName: tableName(),
                Key: keys.team(teamId),
                ...totalsUpdate(adjustmentDelta(input.super_type_id, input.points)),
              },
            },
            {
              Put: {
                TableName: tableName(),
                Item: { ...keys.adjustment(teamId, adjustment.id), ...adjustment },
                ConditionExpression: 'attribute_not_exists(pk)',
              },
            },
          ],
        }),
      );
      return { kind: 'created', adjustment };
    } catch (error) {
      const reasons = cancellationReasons(error);
      if (reasons[1] === 'ConditionalCheckFailed') return { kind: 'team-not-found' };
      if (reasons[0] === 'ConditionalCheckFailed') return { kind: 'unknown-super-type' };
      if (!reasons.includes('TransactionConflict')) throw error;
    }
  }
  return { kind: 'busy' };
}

/** A team's adjustments in id order, or undefined when the team does not exist. */
export async function listAdjustments(teamId: number): Promise<Adjustment[] | undefined> {
  const [team, items] = await Promise.all([
    getTeamRecord(teamId),
    queryPartition(keys.teamPartition(teamId), { skPrefix: keys.adjustmentPrefix }),
  ]);
  if (!team) return undefined;
  return items.map((item) => withoutKeys<Adjustment>(item));
}

// ---------------------------------------------------------------------------

/**
 * The update that adds a delta to a team's stored totals. Entries are written
 * as `if_not_exists(x, 0) + n`, so a super type added after the team was
 * loaded still works; zero increments are left out. The team must exist: an
 * update must never create a team item out of nothing.
 */
function totalsUpdate(delta: TotalsDelta, lastScanTime?: string) {
  const names: Record<string, string> = {};
  const values: Record<string, unknown> = {};
  const sets: string[] = [];
  // Attributes here are known field names and numeric super type ids.
  const path = (...attributes: string[]) =>
    attributes
      .map((attribute) => {
        const placeholder = `#${attribute}`;
        names[placeholder] = attribute;
        return placeholder;
      })
      .join('.');
  const value = (v: unknown) => {
    const placeholder = `:v${Object.keys(values).length}`;
    values[placeholder] = v;
    return placeholder;
  };
  // DynamoDB refuses placeholders the expression does not use: register them only for real increments.
  const add = (attributes: string[], amount: number) => {
    if (amount === 0) return;
    const target = path(...attributes);
    sets.push(`${target} = if_not_exists(${target}, ${value(0)}) + ${value(amount)}`);
  };
  for (const field of ['points', 'max_points'] as const) {
    for (const [superTypeId, amount] of Object.entries(delta[field])) add(['totals', field, superTypeId], amount);
  }
  for (const field of ['checks_total', 'checks_passed', 'adjustments_total', 'services_up', 'services_down', 'services_unscanned'] as const) {
    add(['totals', field], delta[field]);
  }
  if (lastScanTime !== undefined) sets.push(`${path('totals', 'last_scan_time')} = ${value(lastScanTime)}`);
  return {
    UpdateExpression: `SET ${sets.join(', ')}`,
    ConditionExpression: 'attribute_exists(pk)',
    ExpressionAttributeNames: names,
    ExpressionAttributeValues: values,
  };
}

/** The per-item reasons of a cancelled transaction (`None`, `ConditionalCheckFailed`, `TransactionConflict`, ...). */
function cancellationReasons(error: unknown): string[] {
  if (!(error instanceof TransactionCanceledException)) return [];
  return (error.CancellationReasons ?? []).map((r) => r.Code ?? 'None');
}
