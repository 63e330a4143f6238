/**
 * The status cells (`STATUS#<shard> / TEAM#<id>`): one small item per team
 * holding what the status view shows of each of its services (`c`, by
 * service id: subtype, status, since when, failure category, when the cell
 * last changed) and when any of them last changed (`w`, epoch ms). A load
 * writes every team's item with its services unscanned, then a marker
 * (`STATUS#0 / LOADED`) with the load's time; afterwards the fold writes a
 * team's cells only when they change, so a quiet round writes nothing here.
 * One item per team, not per service: the view reads a tenth of the items
 * (DynamoDB Local, and the SDK, pay per item as much as per byte).
 *
 * Each cell's write is conditioned on the stream position it was decided at
 * (`q`), so a late or replayed write never takes a cell back. The fold writes
 * a team's changed cells before the services' STATE, so a fold that stops
 * between the two decides the same cells again when it is retried (and the
 * write is then a no-op). `verify --repair` rewrites a cell that disagrees
 * with its STATE.
 */
import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { FailureCategory } from '#shared/domain/scoring/failure';
import type { ServiceStatus, StatusCell } from '#shared/domain/scoring/status';
import { db, tableName } from '#shared/data/client';
import { keys, statusPartitions } from '#shared/data/keys';
import { queryAll } from '#shared/data/operations';

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

/** A changed cell as the fold decided it, at the service's stream position `seq`. */
export interface CellWrite {
  serviceId: number;
  cell: StatusCell;
  seq: string;
}

const STATUS_CODES: Record<ServiceStatus, string> = { up: 'u', down: 'd', unscanned: 'n' };
const STATUS_OF_CODE: Record<string, ServiceStatus> = { u: 'up', d: 'down', n: 'unscanned' };

/** A team's cells as a load writes them: every service unscanned, changed at the load. */
export function statusCellsItem(team: { id: number; hidden: boolean }, services: { id: number; subtype_id: number }[], loadedAt: number): Item {
  const cells = Object.fromEntries(services.map((s) => [String(s.id), { b: s.subtype_id, s: STATUS_CODES.unscanned, w: loadedAt }]));
  return { ...keys.statusCells(team.id), t: team.id, h: team.hidden, w: loadedAt, c: cells };
}

/** A live edit's update of a team's item: an unscanned cell for a service added during the event. */
export function cellAdded(teamId: number, service: { id: number; subtype_id: number }, now: number) {
  return {
    TableName: tableName(),
    Key: keys.statusCells(teamId),
    UpdateExpression: 'SET c.#id = :cell, w = :now',
    ConditionExpression: 'attribute_exists(pk)',
    ExpressionAttributeNames: { '#id': String(service.id) },
    ExpressionAttributeValues: { ':cell': { b: service.subtype_id, s: STATUS_CODES.unscanned, w: now }, ':now': now },
  };
}

/** A live edit's update of a team's item: a disabled service's cell leaves the view. */
export function cellRemoved(teamId: number, serviceId: number, now: number) {
  return {
    TableName: tableName(),
    Key: keys.statusCells(teamId),
    UpdateExpression: 'REMOVE c.#id SET w = :now',
    ConditionExpression: 'attribute_exists(pk)',
    ExpressionAttributeNames: { '#id': String(serviceId) },
    ExpressionAttributeValues: { ':now': now },
  };
}

/** A live edit's update of a team's item: an enabled service's cell again, as its state says (`seq`: the state's fold position). */
export function cellRestored(teamId: number, service: { id: number; subtype_id: number }, cell: StatusCell, seq: string | null, now: number) {
  return {
    TableName: tableName(),
    Key: keys.statusCells(teamId),
    UpdateExpression: 'SET c.#id = :cell, w = :now',
    ConditionExpression: 'attribute_exists(pk)',
    ExpressionAttributeNames: { '#id': String(service.id) },
    ExpressionAttributeValues: {
      ':cell': { b: service.subtype_id, s: STATUS_CODES[cell.status], si: cell.since, c: cell.category, ...(seq === null ? {} : { q: seq }), w: now },
      ':now': now,
    },
  };
}

/** The load's marker: a status delta asked from before it is answered in full (services came and went). */
export const statusLoadedItem = (loadedAt: number): Item => ({ ...keys.statusLoaded(), w: loadedAt });

/** The update of some of a team's cells: each only if the service has a cell and (unless `force`) none decided at `seq` or later. */
function cellsUpdate(teamId: number, writes: (CellWrite & { force?: boolean })[], now: number) {
  const names: Record<string, string> = {};
  const values: Record<string, unknown> = { ':w': now };
  const sets = ['w = :w'];
  const conditions: string[] = [];
  writes.forEach(({ serviceId, cell, seq, force }, i) => {
    names[`#s${i}`] = String(serviceId);
    Object.assign(values, { [`:s${i}`]: STATUS_CODES[cell.status], [`:si${i}`]: cell.since, [`:c${i}`]: cell.category, [`:q${i}`]: seq });
    sets.push(`c.#s${i}.s = :s${i}`, `c.#s${i}.si = :si${i}`, `c.#s${i}.c = :c${i}`, `c.#s${i}.q = :q${i}`, `c.#s${i}.w = :w`);
    conditions.push(force ? `attribute_exists(c.#s${i})` : `attribute_exists(c.#s${i}) AND (attribute_not_exists(c.#s${i}.q) OR c.#s${i}.q < :q${i})`);
  });
  return new UpdateCommand({
    TableName: tableName(),
    Key: keys.statusCells(teamId),
    UpdateExpression: `SET ${sets.join(', ')}`,
    ConditionExpression: conditions.map((c) => `(${c})`).join(' AND '),
    ExpressionAttributeNames: names,
    ExpressionAttributeValues: values,
  });
}

/**
 * Writes a team's changed cells in one update. When one of them is already
 * at a later position (a replay) or gone (a reload meanwhile), each is
 * written on its own instead, and those are skipped.
 */
export async function writeStatusCells(teamId: number, writes: CellWrite[], now = Date.now()): Promise<void> {
  if (writes.length === 0) return;
  if (await conditional(() => db().send(cellsUpdate(teamId, writes, now)))) return;
  if (writes.length > 1) for (const write of writes) await conditional(() => db().send(cellsUpdate(teamId, [write], now)));
}

/** Rewrites a cell whatever position it shows (verify's repair). */
export async function repairStatusCell(teamId: number, serviceId: number, cell: StatusCell, seq: string, now = Date.now()): Promise<void> {
  await db().send(cellsUpdate(teamId, [{ serviceId, cell, seq, force: true }], now));
}

async function conditional(write: () => Promise<unknown>): Promise<boolean> {
  try {
    await write();
    return true;
  } catch (error) {
    if (error instanceof ConditionalCheckFailedException) return false;
    throw error;
  }
}

/** A team item's cells, each with what it belongs to. */
function toCells(item: Item): StoredCell[] {
  const cells = (item.c ?? {}) as Record<string, Item>;
  return Object.entries(cells).map(([serviceId, c]) => ({
    service_id: Number(serviceId),
    team_id: Number(item.t),
    subtype_id: Number(c.b),
    hidden: item.h === true,
    status: STATUS_OF_CODE[String(c.s)] ?? 'unscanned',
    since: (c.si as string | null | undefined) ?? null,
    category: (c.c as FailureCategory | null | undefined) ?? null,
    changedAt: Number(c.w ?? 0),
  }));
}

/** What the status view reads: the cells (all, or those of the teams changed after `changedAfter`) and when the competition was loaded. */
export interface StatusCells {
  cells: StoredCell[];
  /** Epoch ms of the last load (0: none, or none after `changedAfter`). */
  loadedAt: number;
}

/**
 * Every cell, or only those of the teams with a cell changed after
 * `changedAfter` (epoch ms; domain/scoring/status-view.ts picks a delta's from
 * them): one Query per shard. The filter (on the team's last change) saves bytes, not
 * read units: DynamoDB charges for what it reads before filtering. The load's
 * marker passes it exactly when a load came after `changedAfter`.
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
  const marker = items.find((item) => item.pk === keys.statusLoaded().pk && item.sk === keys.statusLoaded().sk);
  const cells = items.filter((item) => item !== marker).flatMap(toCells);
  return { cells, loadedAt: Number(marker?.w ?? 0) };
}

/** One team's cells, by service id (verify's read: consistent). */
export async function readTeamStatusCells(teamId: number): Promise<Map<number, StoredCell>> {
  const { Item } = await db().send(new GetCommand({ TableName: tableName(), Key: keys.statusCells(teamId), ConsistentRead: true }));
  return new Map((Item ? toCells(Item) : []).map((cell) => [cell.service_id, cell]));
}
