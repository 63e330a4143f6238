/**
 * The red team's beacons (issue #63). A beacon (`BEACONS / BEACON#<id>`) is
 * got by its id, consistently, whenever its implant checks in: never by an
 * index, whose eventual consistency could refuse a fresh beacon's first call.
 * The open beacon on a team host is held by a marker
 * (`BEACONHOSTS#<team> / HOST#<host>`), so that a host has one at a time.
 * A round's deduction (`TEAM#<team> / BEACONROUND#<beacon>#<round>`) is in
 * the team's partition, whose stream the fold reads (an award, as a
 * finding's ruling), and what a team's beacons took in a round is counted
 * against the cap (`BEACONCAP#<team> / ROUND#<round>`). The deduction, the
 * count, the beacon's own figures and the check that the results are not
 * final are one transaction: a round's deduction is written once, whatever
 * the number of calls, and the cap is never passed.
 */
import { TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import { GetCommand, TransactWriteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { auditPut, type AuditContext } from '#shared/data/audit';
import { db, tableName } from '#shared/data/client';
import { keys, PARTITION } from '#shared/data/keys';
import { queryPartition, transactionConditionFailed } from '#shared/data/operations';
import { notFinal, refusedAsFinal } from '#shared/data/settings';
import { inSchemaOrder } from '#shared/domain/shapes';
import {
  beaconAsShown,
  BeaconDeductionSchema,
  CHECK_IN_INTERVAL_SECONDS,
  REFUSAL_INTERVAL_SECONDS,
  REFUSALS_KEPT,
  type Beacon,
  type BeaconCloseReason,
  type BeaconDeduction,
  type StoredBeacon,
} from '#shared/domain/beacons';

/** A stored beacon with every field its schema has: the times it has not had yet are null. */
function toStoredBeacon(item: Record<string, unknown>): StoredBeacon {
  return {
    ...beaconAsShown({ closed_at: null, first_call_at: null, last_call_at: null, ...item } as Beacon),
    token_hash: String(item.token_hash),
    counted_round: Number(item.counted_round ?? 0),
    refused_at_ms: Number(item.refused_at_ms ?? 0),
    last_call_ms: Number(item.last_call_ms ?? 0),
  };
}

/**
 * Opens a beacon: its item, the host's marker (free, or `host-taken`) and
 * the audit entry (never the token's hash), in one transaction.
 */
export async function putBeacon(beacon: StoredBeacon, audit: AuditContext): Promise<'stored' | 'host-taken'> {
  const { first_call_at: _first, last_call_at: _last, closed_at: _closed, ...stored } = beacon;
  try {
    await db().send(
      new TransactWriteCommand({
        TransactItems: [
          {
            Put: {
              TableName: tableName(),
              Item: { ...keys.beaconHost(beacon.team_id, beacon.host), beacon_id: beacon.id },
              ConditionExpression: 'attribute_not_exists(pk)',
            },
          },
          { Put: { TableName: tableName(), Item: { ...keys.beacon(beacon.id), ...stored }, ConditionExpression: 'attribute_not_exists(pk)' } },
          auditPut(audit, { action: 'beacon.create', target: `red-team/beacons/${beacon.id}`, before: null, after: beaconAsShown(beacon) }),
        ],
      }),
    );
    return 'stored';
  } catch (error) {
    if (transactionConditionFailed(error, 0)) return 'host-taken';
    throw error;
  }
}

export async function readBeacon(id: number): Promise<StoredBeacon | undefined> {
  const { Item } = await db().send(new GetCommand({ TableName: tableName(), Key: keys.beacon(id), ConsistentRead: true }));
  return Item ? toStoredBeacon(Item) : undefined;
}

/** The beacon open on a team host now, by its marker (undefined: none). */
export async function openBeaconOn(teamId: number, host: string): Promise<number | undefined> {
  const { Item } = await db().send(new GetCommand({ TableName: tableName(), Key: keys.beaconHost(teamId, host), ConsistentRead: true }));
  return Item ? Number(Item.beacon_id) : undefined;
}

/** Every beacon, by id (consistent). */
export async function listBeacons(): Promise<StoredBeacon[]> {
  return (await queryPartition(PARTITION.beacons, { consistent: true })).map(toStoredBeacon);
}

/** Frees a beacon's host: its marker deleted, unless it names another beacon (none left is fine). */
const freeHost = (beacon: StoredBeacon) => ({
  Delete: {
    TableName: tableName(),
    Key: keys.beaconHost(beacon.team_id, beacon.host),
    ConditionExpression: 'attribute_not_exists(pk) OR beacon_id = :id',
    ExpressionAttributeValues: { ':id': beacon.id },
  },
});

/**
 * Closes an open beacon and frees its host, in one transaction (false: it
 * was closed already, or, closed for going quiet, it checked in since it was
 * read). Closed for going quiet, it has no audit entry: no one closed it.
 */
export async function closeBeacon(beacon: StoredBeacon, reason: BeaconCloseReason, at: string, audit?: AuditContext): Promise<boolean> {
  const quiet = reason === 'expired';
  const after = { ...beaconAsShown(beacon), state: 'closed' as const, closed_reason: reason, closed_at: at };
  try {
    await db().send(
      new TransactWriteCommand({
        TransactItems: [
          {
            Update: {
              TableName: tableName(),
              Key: keys.beacon(beacon.id),
              UpdateExpression: 'SET #state = :closed, closed_reason = :reason, closed_at = :at',
              ConditionExpression: `#state = :open${quiet ? ' AND last_call_ms = :read' : ''}`,
              ExpressionAttributeNames: { '#state': 'state' },
              ExpressionAttributeValues: {
                ':closed': 'closed',
                ':open': 'open',
                ':reason': reason,
                ':at': at,
                ...(quiet ? { ':read': beacon.last_call_ms } : {}),
              },
            },
          },
          freeHost(beacon),
          ...(audit ? [auditPut(audit, { action: 'beacon.close', target: `red-team/beacons/${beacon.id}`, before: beaconAsShown(beacon), after })] : []),
        ],
      }),
    );
    return true;
  } catch (error) {
    if (transactionConditionFailed(error, 0)) return false;
    throw error;
  }
}

/**
 * Writes a refused check-in on its beacon: counted, and the newest few kept.
 * At most one a REFUSAL_INTERVAL_SECONDS per beacon, on the condition that
 * the beacon is as read (false: limited, nothing written).
 */
export async function recordRefusal(beacon: StoredBeacon, refusal: StoredBeacon['recent_refusals'][number], nowMs: number): Promise<boolean> {
  if (nowMs - beacon.refused_at_ms < REFUSAL_INTERVAL_SECONDS * 1000) return false;
  try {
    await db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.beacon(beacon.id),
        UpdateExpression: 'SET refusals = refusals + :one, recent_refusals = :recent, refused_at_ms = :now',
        ConditionExpression: 'attribute_exists(pk) AND (attribute_not_exists(refused_at_ms) OR refused_at_ms = :read)',
        ExpressionAttributeValues: {
          ':one': 1,
          ':recent': [refusal, ...beacon.recent_refusals].slice(0, REFUSALS_KEPT),
          ':now': nowMs,
          ':read': beacon.refused_at_ms,
        },
      }),
    );
    return true;
  } catch (error) {
    if (error instanceof ConditionalCheckFailedException) return false;
    throw error;
  }
}

/** What a check-in's write came to: counted; refused because the beacon changed (closed, or called within the interval); the cap's count or a conflict moved under it; the results are final. */
export type CallWritten = 'stored' | 'beacon-changed' | 'cap-changed' | 'busy' | 'final';

/** The beacon's side of an accepted check-in: its times, on the condition that it is open and was not accepted within the interval. */
function acceptedCall(beacon: StoredBeacon, at: string, nowMs: number, counted?: { round: number; deducted: number }) {
  return {
    Update: {
      TableName: tableName(),
      Key: keys.beacon(beacon.id),
      UpdateExpression: `SET last_call_at = :at, first_call_at = if_not_exists(first_call_at, :at), last_call_ms = :now${
        counted ? ', counted_round = :round, rounds_counted = rounds_counted + :one, points_taken = points_taken + :deducted' : ''
      }`,
      ConditionExpression: `#state = :open AND last_call_ms <= :since${counted ? ' AND counted_round < :round' : ''}`,
      ExpressionAttributeNames: { '#state': 'state' },
      ExpressionAttributeValues: {
        ':at': at,
        ':now': nowMs,
        ':open': 'open',
        ':since': nowMs - CHECK_IN_INTERVAL_SECONDS * 1000,
        ...(counted ? { ':round': counted.round, ':one': 1, ':deducted': counted.deducted } : {}),
      },
    },
  };
}

/** An accepted check-in that writes no deduction (its round counted already, scoring closed, nothing to take): one UpdateItem. */
export async function acceptCall(beacon: StoredBeacon, at: string, nowMs: number): Promise<CallWritten> {
  try {
    await db().send(new UpdateCommand(acceptedCall(beacon, at, nowMs).Update));
    return 'stored';
  } catch (error) {
    if (error instanceof ConditionalCheckFailedException) return 'beacon-changed';
    throw error;
  }
}

/**
 * An accepted check-in that writes its round's deduction: the results not
 * final, the beacon's figures (it has not counted this round), the deduction
 * (absent), and the team's count for the round (as read: `taken`).
 */
export async function countRound(beacon: StoredBeacon, deduction: BeaconDeduction, round: number, taken: number, nowMs: number): Promise<CallWritten> {
  try {
    await db().send(
      new TransactWriteCommand({
        TransactItems: [
          notFinal(),
          acceptedCall(beacon, deduction.called_at, nowMs, { round, deducted: deduction.deducted }),
          {
            Put: {
              TableName: tableName(),
              Item: { ...keys.beaconDeduction(deduction.team_id, deduction.beacon_id, deduction.round_start), ...deduction },
              ConditionExpression: 'attribute_not_exists(pk)',
            },
          },
          {
            Update: {
              TableName: tableName(),
              Key: keys.beaconRoundTotal(deduction.team_id, deduction.round_start),
              UpdateExpression: 'SET taken = :next',
              ConditionExpression: taken === 0 ? 'attribute_not_exists(taken) OR taken = :zero' : 'taken = :taken',
              ExpressionAttributeValues: { ':next': taken + deduction.deducted, ...(taken === 0 ? { ':zero': 0 } : { ':taken': taken }) },
            },
          },
        ],
      }),
    );
    return 'stored';
  } catch (error) {
    if (!(error instanceof TransactionCanceledException)) throw error;
    if (refusedAsFinal(error, 0)) return 'final';
    // The beacon counted the round or was closed, or its deduction is there already: the beacon changed.
    if (transactionConditionFailed(error, 1) || transactionConditionFailed(error, 2)) return 'beacon-changed';
    if (transactionConditionFailed(error, 3)) return 'cap-changed';
    // A conflict with another transaction on one of its items: nothing was written.
    return 'busy';
  }
}

/** What a team's beacons took in a round so far (consistent). */
export async function roundTaken(teamId: number, roundStart: string): Promise<number> {
  const { Item } = await db().send(new GetCommand({ TableName: tableName(), Key: keys.beaconRoundTotal(teamId, roundStart), ConsistentRead: true }));
  return Number(Item?.taken ?? 0);
}

/** A team's beacon deductions, of one beacon or all, in key order (consistent). */
export async function teamBeaconDeductions(teamId: number, beaconId?: number): Promise<BeaconDeduction[]> {
  const { pk, skPrefix } = keys.beaconDeductionsOf(teamId, beaconId);
  return (await queryPartition(pk, { skPrefix, consistent: true })).map((item) => inSchemaOrder(BeaconDeductionSchema, item));
}

/**
 * Voids a beacon: closed (if open, its host freed), marked voided with
 * nothing taken, and the audit entry, in one transaction, unless the results
 * are final (`final`) or it was voided already (`already`). Its deductions
 * are flipped after (voidDeduction): once it is closed no check-in writes
 * another, and a void run again flips what a stop left.
 */
export async function markBeaconVoided(
  beacon: StoredBeacon,
  at: string,
  audit: AuditContext,
  preview: { deductions: number; points: number },
): Promise<'stored' | 'final' | 'already' | 'changed'> {
  const open = beacon.state === 'open';
  try {
    await db().send(
      new TransactWriteCommand({
        TransactItems: [
          notFinal(),
          {
            Update: {
              TableName: tableName(),
              Key: keys.beacon(beacon.id),
              UpdateExpression: `SET voided = :yes, points_taken = :zero${open ? ', #state = :closed, closed_reason = :reason, closed_at = :at' : ''}`,
              // As read: open (then this closes it), or closed.
              ConditionExpression: 'voided = :no AND #state = :read',
              ExpressionAttributeNames: { '#state': 'state' },
              ExpressionAttributeValues: {
                ':yes': true,
                ':no': false,
                ':zero': 0,
                ':read': beacon.state,
                ...(open ? { ':closed': 'closed', ':reason': 'voided', ':at': at } : {}),
              },
            },
          },
          ...(open ? [freeHost(beacon)] : []),
          auditPut(audit, { action: 'beacon.void', target: `red-team/beacons/${beacon.id}`, before: beaconAsShown(beacon), after: preview }),
        ],
      }),
    );
    return 'stored';
  } catch (error) {
    if (refusedAsFinal(error, 0)) return 'final';
    if (transactionConditionFailed(error, 1)) return beacon.voided ? 'already' : 'changed';
    // The host's marker names another beacon: this one was closed, and the host taken, since it was read.
    if (transactionConditionFailed(error, 2)) return 'changed';
    throw error;
  }
}

/** Deductions flipped in one transaction, with the check that the results are not final. */
const FLIPS_PER_TRANSACTION = 99;

/**
 * Flips deductions to voided, as many as a transaction holds at a time, each
 * transaction refused once the results are final (`final`: those before it
 * stand flipped). The fold gives back each one's points.
 */
export async function voidDeductions(deductions: BeaconDeduction[]): Promise<'done' | 'final'> {
  for (let start = 0; start < deductions.length; start += FLIPS_PER_TRANSACTION) {
    const chunk = deductions.slice(start, start + FLIPS_PER_TRANSACTION);
    try {
      await db().send(
        new TransactWriteCommand({
          TransactItems: [
            notFinal(),
            ...chunk.map((d) => ({
              Update: {
                TableName: tableName(),
                Key: keys.beaconDeduction(d.team_id, d.beacon_id, d.round_start),
                UpdateExpression: 'SET voided = :yes',
                ConditionExpression: 'attribute_exists(pk)',
                ExpressionAttributeValues: { ':yes': true },
              },
            })),
          ],
        }),
      );
    } catch (error) {
      if (refusedAsFinal(error, 0)) return 'final';
      throw error;
    }
  }
  return 'done';
}
