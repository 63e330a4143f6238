/**
 * The public version (`PUBLIC / VERSION`): a counter that moves whenever
 * anything a public view shows may have changed, and when it last moved. The
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

export interface PublicVersion {
  /** 0 before anything was written. */
  version: number;
  /** When it last moved (epoch ms; 0: never). */
  movedAt: number;
}

export async function readPublicVersion(): Promise<PublicVersion> {
  const { Item } = await db().send(new GetCommand({ TableName: tableName(), Key: keys.publicVersion() }));
  return { version: Number(Item?.v ?? 0), movedAt: Number(Item?.at ?? 0) };
}

/** The update that moves the version: on its own (the stream consumer), or inside a live edit's transaction. */
export function publicVersionMove(now = Date.now()) {
  return {
    TableName: tableName(),
    Key: keys.publicVersion(),
    UpdateExpression: 'ADD v :one SET #at = :now',
    ExpressionAttributeNames: { '#at': 'at' },
    ExpressionAttributeValues: { ':one': 1, ':now': now },
  };
}

export async function movePublicVersion(now = Date.now()): Promise<void> {
  await db().send(new UpdateCommand(publicVersionMove(now)));
}
