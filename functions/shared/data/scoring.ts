import { ConditionalCheckFailedException, TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import { GetCommand, PutCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import type { ScanResult, ServiceDefinition, StoredResult } from '#shared/domain/model';
import { resultScoring, sameResult, slaRulesFor, type Adjustment, type SlaRules } from '#shared/domain/scoring';
import { DEFAULT_SETTINGS, type SettingsFields } from '#shared/domain/settings';
import { formatTimestamp } from '#shared/validation';
import { db, tableName } from '#shared/data/client';
import { allocateId } from '#shared/data/counters';
import { keys } from '#shared/data/keys';
import { batchGet, queryPartition, withoutKeys } from '#shared/data/operations';
import { getServiceDefinition } from '#shared/data/services';
import { getSettings } from '#shared/data/settings';
import { getTeamRecord } from '#shared/data/teams';
import { auditPut, type AuditContext } from '#shared/data/audit';
import { notFinal, refusedAsFinal } from '#shared/data/final';

/**
 * How long a function keeps the settings it read. Every result needs them,
 * and one item read by every result of a burst would be a hot key; an
 * organiser's change (closing scoring, moving the window) takes effect
 * within this time. Said in the README.
 */
export const SETTINGS_CACHE_MS = 5_000;
/** Services' max_score, team and super type never change during an event. */
const DEFINITION_CACHE_MS = 60_000;

let settingsCache: { value: Promise<CachedSettings>; until: number } | undefined;

/** The settings and whether the competition is finalised (the mark lives on the settings item: one read for both). */
interface CachedSettings {
  settings: SettingsFields;
  final: boolean;
}
const definitionCache = new Map<number, { value: ServiceDefinitionRecord; until: number }>();

/** Forgets cached settings and services (tests change settings and expect the next result to see it). */
export function clearScoringCaches(): void {
  settingsCache = undefined;
  definitionCache.clear();
}

function cachedSettingsItem(): Promise<CachedSettings> {
  const now = Date.now();
  if (!settingsCache || settingsCache.until <= now) {
    const value = getSettings().then((s) => ({ settings: s?.settings ?? DEFAULT_SETTINGS, final: s?.final !== undefined }));
    settingsCache = { value, until: now + SETTINGS_CACHE_MS };
    value.catch(() => (settingsCache = undefined));
  }
  return settingsCache.value;
}

/** The settings as this function last read them (at most SETTINGS_CACHE_MS ago): the scan path and the fold read them so. */
export function cachedSettings(): Promise<SettingsFields> {
  return cachedSettingsItem().then((s) => s.settings);
}

/** Whether scan reports are refused: the competition was finalised (seen within SETTINGS_CACHE_MS). */
const finalised = () => cachedSettingsItem().then((s) => s.final);

interface ServiceDefinitionRecord {
  service: ServiceDefinition;
  super_type_id: number;
  sla?: Partial<SlaRules>;
}

async function cachedDefinition(serviceId: number): Promise<ServiceDefinitionRecord | undefined> {
  const hit = definitionCache.get(serviceId);
  if (hit && hit.until > Date.now()) return hit.value;
  const value = await getServiceDefinition(serviceId);
  if (value) definitionCache.set(serviceId, { value, until: Date.now() + DEFINITION_CACHE_MS });
  return value;
}

/** Errors that mean "DynamoDB is shedding load": the client should resend later, and it is never a 500. */
export function isThrottling(error: unknown): boolean {
  const name = (error as { name?: string } | undefined)?.name;
  if (name === 'ProvisionedThroughputExceededException' || name === 'ThrottlingException' || name === 'RequestLimitExceeded') return true;
  if (error instanceof TransactionCanceledException || name === 'TransactionCanceledException') {
    const reasons = ((error as TransactionCanceledException).CancellationReasons ?? []).map((r) => r.Code ?? 'None');
    return reasons.some((code) => code === 'ThrottlingError' || code === 'ProvisionedThroughputExceeded' || code === 'TransactionConflict');
  }
  return false;
}

/** Runs a write path, turning throttling into a `busy` outcome. */
async function unlessThrottled<T>(write: () => Promise<T>): Promise<T | { kind: 'busy' }> {
  try {
    return await write();
  } catch (error) {
    if (isThrottling(error)) return { kind: 'busy' };
    throw error;
  }
}

export interface ScanReport {
  scan_id: string;
  score: number;
  error: string | null;
  /** The check's own time, already validated; absent: the arrival time. */
  time?: string;
}

export type ScanStartOutcome =
  | { kind: 'started' }
  /** The scan already has a result: a late or repeated "started" changes nothing. */
  | { kind: 'finished'; scan: ScanResult }
  | { kind: 'not-found' }
  | { kind: 'final' }
  | { kind: 'busy' };

export type ScanResultOutcome =
  | { kind: 'recorded'; scan: ScanResult }
  | { kind: 'repeat'; scan: ScanResult }
  | { kind: 'conflict'; scan: ScanResult }
  | { kind: 'out-of-range'; maxScore: number }
  | { kind: 'not-found' }
  | { kind: 'final' }
  | { kind: 'busy' };

const toScanResult = (item: Record<string, unknown>): ScanResult => ({
  scan_id: String(item.scan_id),
  time: String(item.time),
  received_at: String(item.received_at),
  score: Number(item.score),
  error: (item.error as string | null | undefined) ?? null,
  points: Number(item.points),
});

async function findResult(serviceId: number, scanId: string): Promise<ScanResult | undefined> {
  const result = await db().send(new GetCommand({ TableName: tableName(), Key: keys.scanResult(serviceId, scanId), ConsistentRead: true }));
  return result.Item ? toScanResult(result.Item) : undefined;
}

/**
 * Records a result: ONE conditional PutItem of its own item, keyed by its
 * scan_id. Everything the fold needs (points, whether it counts toward
 * max_score, team, super type) is decided here and stored in it; the stream
 * consumer folds it into the service's state and the team's totals. Nothing
 * shared by two services is written, and results never wait on each other.
 */
export function recordScanResult(serviceId: number, report: ScanReport, arrival = new Date()) {
  return unlessThrottled(async (): Promise<ScanResultOutcome> => {
    const [definition, settings, final] = await Promise.all([cachedDefinition(serviceId), cachedSettings(), finalised()]);
    if (!definition) return { kind: 'not-found' };
    if (final) return { kind: 'final' };
    const { service, super_type_id, sla } = definition;
    if (report.score > service.max_score) return { kind: 'out-of-range', maxScore: service.max_score };

    const receivedAt = formatTimestamp(arrival);
    const time = report.time ?? receivedAt;
    const { points, scored } = resultScoring(settings, report.score, new Date(time), arrival);
    const scan: ScanResult = { scan_id: report.scan_id, score: report.score, error: report.error, time, received_at: receivedAt, points };
    // The SLA rules in force travel with the result, so a change of them applies from the change on.
    const item: StoredResult = {
      ...scan,
      service_id: serviceId,
      team_id: service.team.id,
      super_type_id,
      max_score: service.max_score,
      scored,
      ...slaRulesFor(settings, sla),
    };
    try {
      await db().send(
        new PutCommand({
          TableName: tableName(),
          Item: { ...keys.scanResult(serviceId, report.scan_id), ...keys.scanHistorySortKey(time, report.scan_id), ...item },
          ConditionExpression: 'attribute_not_exists(pk)',
        }),
      );
      return { kind: 'recorded', scan };
    } catch (error) {
      if (!(error instanceof ConditionalCheckFailedException)) throw error;
    }
    // The scan_id has a result (a resend, or a duplicate that won the race).
    const recorded = await findResult(serviceId, report.scan_id);
    if (!recorded) throw new Error(`The result of scan ${report.scan_id} vanished after its conditional put failed`);
    return sameResult(recorded, report) ? { kind: 'repeat', scan: recorded } : { kind: 'conflict', scan: recorded };
  });
}

/**
 * Marks a service's scan as under way: one transaction of [the result for
 * that scan_id does not exist, SET the service state's `started`]. A
 * "started" arriving after its own result (a resend, a slow network) is
 * refused by the check, and the fold clears `started` when it folds the
 * result with that scan_id, so `in_progress` is never left stuck.
 */
export function recordScanStart(serviceId: number, scanId: string, arrival = new Date()) {
  return unlessThrottled(async (): Promise<ScanStartOutcome> => {
    const [definition, final] = await Promise.all([cachedDefinition(serviceId), finalised()]);
    if (!definition) return { kind: 'not-found' };
    if (final) return { kind: 'final' };
    try {
      await db().send(
        new TransactWriteCommand({
          TransactItems: [
            { ConditionCheck: { TableName: tableName(), Key: keys.scanResult(serviceId, scanId), ConditionExpression: 'attribute_not_exists(pk)' } },
            {
              Update: {
                TableName: tableName(),
                Key: keys.serviceState(serviceId),
                UpdateExpression: 'SET started = :started',
                ExpressionAttributeValues: { ':started': { scan_id: scanId, at: formatTimestamp(arrival) } },
              },
            },
          ],
        }),
      );
      return { kind: 'started' };
    } catch (error) {
      const reasons = error instanceof TransactionCanceledException ? (error.CancellationReasons ?? []).map((r) => r.Code) : [];
      if (reasons[0] !== 'ConditionalCheckFailed') throw error;
    }
    const scan = await findResult(serviceId, scanId);
    return scan ? { kind: 'finished', scan } : { kind: 'not-found' };
  });
}

// ---------------------------------------------------------------------------
// Adjustments

export type AdjustmentOutcome =
  | { kind: 'created'; adjustment: Adjustment }
  | { kind: 'team-not-found' }
  | { kind: 'unknown-super-type' }
  | { kind: 'final' }
  | { kind: 'busy' };

/**
 * Writes an adjustment: one transaction of its item in the team's
 * partition, its audit entry and the check that the results are not final. The fold consumer adds it to the team's totals (the scoreboard
 * shows it within a second or two). Team and super type are static, so they
 * are checked by a read first. The id is allocated first; a refused write
 * leaves a gap in ids, never a reuse.
 */
export function createAdjustment(teamId: number, input: { super_type_id: number; points: number; reason: string }, createdBy: string, audit: AuditContext) {
  return unlessThrottled(async (): Promise<AdjustmentOutcome> => {
    const found = await batchGet([keys.team(teamId), keys.superType(input.super_type_id)]);
    if (!found.some((item) => item.sk === keys.team(teamId).sk)) return { kind: 'team-not-found' };
    if (!found.some((item) => item.sk === keys.superType(input.super_type_id).sk)) return { kind: 'unknown-super-type' };
    const adjustment: Adjustment = {
      id: await allocateId('adjustment'),
      team: teamId,
      super_type_id: input.super_type_id,
      points: input.points,
      reason: input.reason,
      created_by: createdBy,
      created_at: formatTimestamp(new Date()),
    };
    try {
      await db().send(
        new TransactWriteCommand({
          TransactItems: [
            notFinal(),
            { Put: { TableName: tableName(), Item: { ...keys.adjustment(teamId, adjustment.id), ...adjustment }, ConditionExpression: 'attribute_not_exists(pk)' } },
            auditPut(audit, { action: 'adjustment.create', target: `teams/${teamId}/adjustments/${adjustment.id}`, before: null, after: adjustment }),
          ],
        }),
      );
    } catch (error) {
      if (refusedAsFinal(error, 0)) return { kind: 'final' };
      throw error;
    }
    return { kind: 'created', adjustment };
  });
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
