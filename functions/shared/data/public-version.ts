/**
 * The public versions (`PUBLIC / VERSION`): a counter per topic that moves
 * whenever anything a public view of that topic shows may have changed, and
 * when it last moved. The
 * stream consumer moves it, once per batch that holds such a change
 * (data/fold-events.ts lists the item types), so every writer is covered
 * without knowing of it. A public read reads it with one small GetItem and
 * answers a conditional request from it, without reading the view
 * (http/endpoint.ts). One item, written at most once per stream batch: never
 * a hot key.
 */
import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { db, tableName } from '#shared/data/client';
import { keys } from '#shared/data/keys';
import type { PublicTopic } from '#shared/domain/public-topics';

export type { PublicTopic };

/** Where each topic's counter and last move are kept on the item (`v`/`at` are the live ones, as before the split). */
const ATTRIBUTES: Record<PublicTopic, { count: string; at: string }> = { live: { count: 'v', at: 'at' }, history: { count: 'h', at: 'hat' } };

export interface PublicVersion {
  /** 0 before anything was written. */
  version: number;
  /** When it last moved (epoch ms; 0: never). */
  movedAt: number;
}

/** Every topic's version, from one small GetItem (`consistent`: one that sees the last move). */
export async function readPublicVersions(consistent = false): Promise<Record<PublicTopic, PublicVersion>> {
  const { Item } = await db().send(new GetCommand({ TableName: tableName(), Key: keys.publicVersion(), ConsistentRead: consistent }));
  const of = (topic: PublicTopic) => ({ version: Number(Item?.[ATTRIBUTES[topic].count] ?? 0), movedAt: Number(Item?.[ATTRIBUTES[topic].at] ?? 0) });
  return { live: of('live'), history: of('history') };
}

/**
 * How far behind the stream consumer was when it last folded results: the age
 * of the oldest record of its batch when the batch's writes were done (the
 * stream's creation times are whole seconds). The console's overview shows it.
 */
export interface FoldLag {
  lagMs: number;
  /** When it was measured (epoch ms). */
  at: number;
}

/** The fold's last lag (undefined before its first batch of results), from the versions' item. */
export async function readFoldLag(): Promise<FoldLag | undefined> {
  const { Item } = await db().send(
    new GetCommand({ TableName: tableName(), Key: keys.publicVersion(), ProjectionExpression: 'fl, fla', ConsistentRead: false }),
  );
  return Item?.fl === undefined ? undefined : { lagMs: Number(Item.fl), at: Number(Item.fla) };
}

/**
 * The update that moves the topics' versions: on its own (the stream consumer, which also records its lag), or
 * inside a live edit's transaction (both topics).
 */
export function publicVersionMove(now = Date.now(), topics: readonly PublicTopic[] = ['live', 'history'], foldLagMs?: number) {
  const names: Record<string, string> = {};
  const adds: string[] = [];
  const sets: string[] = [];
  const values: Record<string, number> = { ':now': now };
  if (foldLagMs !== undefined) {
    sets.push('fl = :lag', 'fla = :now');
    values[':lag'] = foldLagMs;
  }
  for (const topic of topics) {
    const { count, at } = ATTRIBUTES[topic];
    names[`#${count}`] = count;
    names[`#${at}`] = at;
    adds.push(`#${count} :one`);
    sets.push(`#${at} = :now`);
  }
  return {
    TableName: tableName(),
    Key: keys.publicVersion(),
    UpdateExpression: `ADD ${adds.join(', ')} SET ${sets.join(', ')}`,
    ExpressionAttributeNames: names,
    ExpressionAttributeValues: { ...values, ':one': 1 },
  };
}

/**
 * Moves the topics a batch touched (none: nothing is written; a batch that folded results always moves `live`);
 * answers each moved topic's new version, which the spectators are nudged with (app/nudges.ts).
 */
export async function movePublicVersion(
  topics: readonly PublicTopic[] = ['live', 'history'],
  now = Date.now(),
  foldLagMs?: number,
): Promise<Partial<Record<PublicTopic, number>>> {
  if (topics.length === 0) return {};
  const { Attributes } = await db().send(new UpdateCommand({ ...publicVersionMove(now, topics, foldLagMs), ReturnValues: 'UPDATED_NEW' }));
  return Object.fromEntries(topics.map((topic) => [topic, Number(Attributes?.[ATTRIBUTES[topic].count] ?? 0)]));
}
