/**
 * A service's STATE item (`SERVICE#<id> / STATE`): its newest check, the scan
 * under way, what it earned, its SLA standing and the fold's watermark. The
 * fold is its only writer, except `started`, which a scan report sets (in a
 * transaction with the check that its result is not in yet), and the SLA
 * standing, which `verify --repair` may set.
 */
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { emptyServiceState, type ServiceState, type ServiceStateWrite } from '#shared/domain/scoring/fold';
import type { ServiceAfterFreeze } from '#shared/domain/scoring/freeze';
import { emptySla, type SlaState } from '#shared/domain/scoring/sla';
import { db, tableName } from '#shared/data/client';
import { idOfPartition, keys } from '#shared/data/keys';
import { batchGet } from '#shared/data/operations';

export const stateKey = keys.serviceState;

export function toServiceState(item: Record<string, unknown>): ServiceState {
  const empty = emptyServiceState();
  return {
    last_scan: Number(item.last_scan ?? empty.last_scan),
    last_scan_time: (item.last_scan_time as string | undefined) ?? null,
    last_scan_error: (item.last_scan_error as string | undefined) ?? null,
    last_scan_id: (item.last_scan_id as string | undefined) ?? null,
    last_scan_category: (item.last_scan_category as ServiceState['last_scan_category'] | undefined) ?? null,
    last_max_score: item.last_max_score === undefined || item.last_max_score === null ? null : Number(item.last_max_score),
    status_since: (item.status_since as string | undefined) ?? null,
    started: (item.started as ServiceState['started'] | undefined) ?? null,
    points_earned: Number(item.points_earned ?? 0),
    checks: Number(item.checks ?? 0),
    folded_seq: (item.folded_seq as string | undefined) ?? null,
    sla: { ...emptySla(), ...(item.sla as Partial<SlaState> | undefined) },
    after_freeze: (item.after_freeze as ServiceAfterFreeze | undefined) ?? null,
    disabled: item.disabled === true,
  };
}

/** The STATE items of these services, by service id (absent: never scanned nor started). */
export async function readServiceStates(ids: number[], options: { consistent?: boolean } = {}): Promise<Map<number, ServiceState>> {
  const items = await batchGet(
    ids.map((id) => stateKey(id)),
    options,
  );
  return new Map(items.map((item) => [idOfPartition(String(item.pk)), toServiceState(item)]));
}

/** The condition that the state folded nothing since it was read. */
function unfoldedSince(read: ServiceState) {
  return read.folded_seq === null
    ? { condition: 'attribute_not_exists(folded_seq)', values: {} }
    : { condition: 'folded_seq = :read_seq', values: { ':read_seq': read.folded_seq } };
}

/** Writes the service's folded state if its watermark (and the `started` it clears) are still what was read. */
export async function writeServiceState({ serviceId, read, next }: ServiceStateWrite): Promise<void> {
  const clearStarted = read.started !== null && next.started === null;
  const unfolded = unfoldedSince(read);
  const conditions = [unfolded.condition];
  const values: Record<string, unknown> = {
    ':last_scan': next.last_scan,
    ':last_scan_time': next.last_scan_time,
    ':last_scan_error': next.last_scan_error,
    ':last_scan_id': next.last_scan_id,
    ':last_scan_category': next.last_scan_category,
    ':last_max_score': next.last_max_score,
    ':status_since': next.status_since,
    ':points_earned': next.points_earned,
    ':checks': next.checks,
    ':folded_seq': next.folded_seq,
    ':sla': next.sla,
    ':after_freeze': next.after_freeze,
    ...unfolded.values,
  };
  if (clearStarted) {
    conditions.push('started.scan_id = :started_id');
    values[':started_id'] = read.started!.scan_id;
  }
  await db().send(
    new UpdateCommand({
      TableName: tableName(),
      Key: stateKey(serviceId),
      UpdateExpression:
        'SET last_scan = :last_scan, last_scan_time = :last_scan_time, last_scan_error = :last_scan_error, last_scan_id = :last_scan_id, ' +
        'last_scan_category = :last_scan_category, last_max_score = :last_max_score, status_since = :status_since, ' +
        'points_earned = :points_earned, checks = :checks, folded_seq = :folded_seq, sla = :sla, after_freeze = :after_freeze' +
        (clearStarted ? ' REMOVE started' : ''),
      ConditionExpression: conditions.join(' AND '),
      ExpressionAttributeValues: values,
    }),
  );
}

/** Sets a service's SLA standing if its state folded nothing since it was read (a repair, in a transaction). */
export function slaUpdate(serviceId: number, read: ServiceState, sla: SlaState) {
  const unfolded = unfoldedSince(read);
  return {
    TableName: tableName(),
    Key: stateKey(serviceId),
    UpdateExpression: 'SET sla = :sla',
    ConditionExpression: unfolded.condition,
    ExpressionAttributeValues: { ':sla': sla, ...unfolded.values },
  };
}

/**
 * Disables or enables a service's STATE (in the live edit's transaction),
 * if it folded nothing since it was read and is not so already: the counts
 * the same transaction moves are those of the state read.
 */
export function disabledUpdate(serviceId: number, read: ServiceState, disabled: boolean) {
  const unfolded = unfoldedSince(read);
  return {
    TableName: tableName(),
    Key: stateKey(serviceId),
    UpdateExpression: disabled ? 'SET #disabled = :yes' : 'REMOVE #disabled',
    ConditionExpression: `${unfolded.condition} AND ${disabled ? 'NOT #disabled = :yes' : '#disabled = :yes'}`,
    ExpressionAttributeNames: { '#disabled': 'disabled' },
    ExpressionAttributeValues: { ':yes': true, ...unfolded.values },
  };
}

/** The transaction item that marks a scan of the service as under way (a scan report's "started"). */
export function startedUpdate(serviceId: number, started: { scan_id: string; at: string }) {
  return {
    Update: {
      TableName: tableName(),
      Key: stateKey(serviceId),
      UpdateExpression: 'SET started = :started',
      ExpressionAttributeValues: { ':started': started },
    },
  };
}
