/**
 * The status cells (`STATUS#<shard> / SERVICE#<id>`): one small item per
 * service, what the status view shows of it (its status, since when, its
 * failure category) with its team and subtype, and when the cell last changed
 * (`w`, epoch ms). A load writes every cell unscanned and a marker
 * (`STATUS#0 / LOADED`) with the load's time; afterwards the fold writes a
 * cell only when it changes, so a quiet round writes nothing here.
 *
 * A cell write is conditioned on the fold position it was decided at (`q`,
 * the service's stream position): a late or replayed write never takes a cell
 * back. It goes before the service's STATE write, so a fold that stops between
 * the two decides the same cell again when it is retried (and the write is
 * then a no-op). `verify --repair` rewrites a cell that disagrees with its STATE.
 */
import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { FailureCategory } from '#shared/domain/scoring/failure';
import type { ServiceStatus, StatusCell } from '#shared/domain/scoring/status';
import { db, tableName } from '#shared/data/client';
import { keys, statusPartitions } from '#shared/data/keys';
import { batchGet, queryAll } from '#shared/data/operations';

type Item = Record<string, unknown>;

/** A stored cell with what it belongs to. */
export interface StoredCell extends StatusCell {
  service_id: number;
  team_id: number;
  subtype_id: number;
  hidden: boolean;
  /** When the cell last changed (epoch ms). */
  changedAt: number;
}

const STATUS_CODES: Record<ServiceStatus, string> = { up: 'u', down: 'd', unscanned: 'n' };
const STATUS_OF_CODE: Record<string, ServiceStatus> = { u: 'up', d: 'down', n: 'unscanned' };

/** A service's cell as a load writes it: unscanned, changed at the load. */
export function statusCellItem(cell: { service_id: number; team_id: number; subtype_id: number; hidden: boolean }, loadedAt: number): Item {
  return {
    ...keys.statusCell(cell.service_id),
    i: cell.service_id,
    t: cell.team_id,
    b: cell.subtype_id,
    h: cell.hidden,
    s: STATUS_CODES.unscanned,
    w: loadedAt,
  };
}

/** The load's marker: a status delta asked from before it is answered in full (services came and went). */
export const statusLoadedItem = (loadedAt: number): Item => ({ ...keys.statusLoaded(), w: loadedAt });

/**
 * Writes a service's cell as decided at fold position `seq`, unless a cell
 * decided at that position or a later one is there (false then), or the
 * service has no cell (its competition was replaced meanwhile).
 */
export async function writeStatusCell(serviceId: number, cell: StatusCell, seq: string, now = Date.now()): Promise<boolean> {
  try {
    await db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.statusCell(serviceId),
        UpdateExpression: 'SET s = :s, si = :si, c = :c, q = :q, w = :w',
        ConditionExpression: 'attribute_exists(pk) AND (attribute_not_exists(q) OR q < :q)',
        ExpressionAttributeValues: { ':s': STATUS_CODES[cell.status], ':si': cell.since, ':c': cell.category, ':q': seq, ':w': now },
      }),
    );
    return true;
  } catch (error) {
    if (error instanceof ConditionalCheckFailedException) return false;
    throw error;
  }
}

/** Rewrites a cell whatever it shows (verify's repair), keeping its position. */
export async function repairStatusCell(serviceId: number, cell: StatusCell, now = Date.now()): Promise<void> {
  await db().send(
    new UpdateCommand({
      TableName: tableName(),
      Key: keys.statusCell(serviceId),
      UpdateExpression: 'SET s = :s, si = :si, c = :c, w = :w',
      ConditionExpression: 'attribute_exists(pk)',
      ExpressionAttributeValues: { ':s': STATUS_CODES[cell.status], ':si': cell.since, ':c': cell.category, ':w': now },
    }),
  );
}

const toCell = (item: Item): StoredCell => ({
  service_id: Number(item.i),
  team_id: Number(item.t),
  subtype_id: Number(item.b),
  hidden: item.h === true,
  status: STATUS_OF_CODE[String(item.s)] ?? 'unscanned',
  since: (item.si as string | null | undefined) ?? null,
  category: (item.c as FailureCategory | null | undefined) ?? null,
  changedAt: Number(item.w ?? 0),
});

/** What the status view reads: the cells (all, or those changed after `changedAfter`) and when the competition was loaded. */
export interface StatusCells {
  cells: StoredCell[];
  /** Epoch ms of the last load (0: none). */
  loadedAt: number;
}

/**
 * Every cell, or only those changed after `changedAfter` (epoch ms): one
 * Query per shard. The filter saves bytes, not read units (DynamoDB charges
 * for what it reads before filtering); the load's marker passes it exactly
 * when a load came after `changedAfter`.
 */
export async function readStatusCells(changedAfter?: number, options: { consistent?: boolean } = {}): Promise<StatusCells> {
  const shards = await Promise.all(
    statusPartitions().map((pk) =>
      queryAll({
        KeyConditionExpression: 'pk = :pk',
        ConsistentRead: options.consistent,
        ...(changedAfter === undefined
          ? { ExpressionAttributeValues: { ':pk': pk } }
          : { FilterExpression: 'w > :after', ExpressionAttributeValues: { ':pk': pk, ':after': changedAfter } }),
      }),
    ),
  );
  const items = shards.flat();
  const marker = items.find((item) => item.sk === keys.statusLoaded().sk && item.pk === keys.statusLoaded().pk);
  return { cells: items.filter((item) => item !== marker).map(toCell), loadedAt: Number(marker?.w ?? 0) };
}

/** These services' cells, by service id (verify's read: consistent). */
export async function readStatusCellsOf(serviceIds: number[]): Promise<Map<number, StoredCell>> {
  const items = await batchGet(serviceIds.map(keys.statusCell), { consistent: true });
  return new Map(items.map((item) => [Number(item.i), toCell(item)]));
}
