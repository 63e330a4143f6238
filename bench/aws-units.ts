/**
 * Write units in AWS terms, computed from the items written (DynamoDB Local
 * reports its own figures, which charge a transactional write like a plain
 * one). Rules: a write costs 1 WCU per KB of the item (rounded up, at least
 * 1), twice that inside a transaction, plus each index entry it writes (an
 * entry costs by its own size). An UpdateItem is charged by the item's size
 * after the update, read back at the end (totals only grow, so this is an
 * upper bound).
 */
import { commandObservers } from '#shared/data/client';
import { batchGet } from '#shared/data/operations';
import { GLOBAL_INDEXES, LOCAL_INDEXES, TABLE_KEYS } from '#shared/data/table-schema';

type Item = Record<string, unknown>;

/** DynamoDB's item size: attribute names plus values (numbers about 1 byte per 2 digits, maps and lists 3 bytes plus 1 per element). */
export function itemBytes(item: Item): number {
  return Object.entries(item).reduce((n, [name, value]) => n + Buffer.byteLength(name) + valueBytes(value), 0);
}

function valueBytes(value: unknown): number {
  if (value === null || value === undefined || typeof value === 'boolean') return 1;
  if (typeof value === 'string') return Buffer.byteLength(value);
  if (typeof value === 'number') return Math.ceil(String(Math.abs(value)).replace('.', '').replace(/^0+/, '').length / 2) + 1;
  if (Array.isArray(value)) return 3 + value.reduce((n: number, v) => n + valueBytes(v) + 1, 0);
  if (typeof value === 'object') return 3 + Object.entries(value as Item).reduce((n, [k, v]) => n + Buffer.byteLength(k) + valueBytes(v) + 1, 0);
  return 0;
}

const wcu = (bytes: number) => Math.max(1, Math.ceil(bytes / 1024));

/** What the index entries of a put item cost. */
function indexUnits(item: Item): number {
  let units = 0;
  for (const g of GLOBAL_INDEXES) if (item[g.partitionKey] !== undefined) units += wcu(itemBytes(item)); // projects ALL
  for (const l of LOCAL_INDEXES) {
    if (item[l.sortKey] === undefined) continue;
    const projected: Item = { [TABLE_KEYS.partitionKey]: item.pk, [TABLE_KEYS.sortKey]: item.sk, [l.sortKey]: item[l.sortKey] };
    for (const attribute of l.projection) projected[attribute] = item[attribute];
    units += wcu(itemBytes(projected));
  }
  return units;
}

/** What a key the stream consumer writes holds (undefined: a key of the request path). */
export type FoldItemKind = 'state' | 'totals' | 'standings' | 'status cells' | 'public version';
function foldKindOf(key: Item): FoldItemKind | undefined {
  const pk = String(key.pk);
  if (key.sk === 'STATE') return 'state';
  if (key.sk === 'TOTALS') return 'totals';
  if (pk.startsWith('STANDINGS#')) return 'standings';
  if (pk.startsWith('STATUS#')) return 'status cells';
  if (pk === 'PUBLIC') return 'public version';
  return undefined;
}
const isFoldKey = (key: Item) => foldKindOf(key) !== undefined;

export interface AwsWrites {
  /** Write units of the request path, and of the consumer. */
  requestUnits: number;
  /** The part of requestUnits that index entries cost. */
  requestIndexUnits: number;
  foldUnits: number;
  /** foldUnits by the kind of item written. */
  foldUnitsByKind: Partial<Record<FoldItemKind, number>>;
  /** DynamoDB calls of the request path (reads included), and of the consumer. */
  requestCalls: number;
  foldCalls: number;
}

/** Records every write the data layer sends in this process while `work` runs, and prices it. */
export async function awsWritesDuring<T>(work: () => Promise<T>): Promise<{ result: T } & AwsWrites> {
  let requestUnits = 0;
  let requestIndexUnits = 0;
  let foldUnits = 0;
  const foldUnitsByKind: Partial<Record<FoldItemKind, number>> = {};
  let requestCalls = 0;
  let foldCalls = 0;
  const updates: { key: Item; transactional: boolean; fold: boolean }[] = [];
  const observe = ({ command, input }: { command: string; input: unknown }) => {
    const i = input as Item;
    const keyOf = (op: Item) => (op.Key ?? op.Item) as Item | undefined;
    const fold =
      (/^Update/.test(command) && isFoldKey(i.Key as Item)) ||
      (/^BatchGet/.test(command) &&
        Object.values(i.RequestItems as Record<string, { Keys: Item[]; ConsistentRead?: boolean }>).every((r) => r.ConsistentRead && r.Keys.some(isFoldKey)));
    if (fold) foldCalls++;
    else requestCalls++;
    if (/^Put/.test(command)) {
      const index = indexUnits(i.Item as Item);
      requestUnits += wcu(itemBytes(i.Item as Item)) + index;
      requestIndexUnits += index;
    } else if (/^Update/.test(command)) updates.push({ key: i.Key as Item, transactional: false, fold });
    else if (/^TransactWrite/.test(command)) {
      for (const op of i.TransactItems as Record<string, Item>[]) {
        const [kind, body] = Object.entries(op)[0]!;
        if (kind === 'Put') {
          const index = indexUnits(body.Item as Item);
          requestUnits += 2 * wcu(itemBytes(body.Item as Item)) + index;
          requestIndexUnits += index;
        } else if (kind === 'Update') updates.push({ key: keyOf(body)!, transactional: true, fold: false });
        else requestUnits += 2; // a condition check on an item that (usually) does not exist: the 1 KB minimum, transactional
      }
    }
  };
  commandObservers.add(observe);
  let result: T;
  try {
    result = await work();
  } finally {
    commandObservers.delete(observe);
  }
  const distinct = new Map(updates.map((u) => [`${u.key.pk}|${u.key.sk}`, { pk: String(u.key.pk), sk: String(u.key.sk) }]));
  const sizes = new Map((await batchGet([...distinct.values()])).map((item) => [`${item.pk}|${item.sk}`, itemBytes(item)]));
  for (const u of updates) {
    const units = wcu(sizes.get(`${u.key.pk}|${u.key.sk}`) ?? 0) * (u.transactional ? 2 : 1);
    if (u.fold) {
      foldUnits += units;
      const kind = foldKindOf(u.key)!;
      foldUnitsByKind[kind] = (foldUnitsByKind[kind] ?? 0) + units;
    } else requestUnits += units;
  }
  return { result: result!, requestUnits, requestIndexUnits, foldUnits, foldUnitsByKind, requestCalls, foldCalls };
}
