/**
 * A pool's agents in the table: their heartbeats (`AGENTS` / `AGENT#<pool>#<name>`,
 * one partition: a few dozen agents, each writing once a round), and the
 * slices of each round they claim (`ROUND#<pool>#<round>`: the round's
 * slice count, then an item per slice claimed). Both expire by TTL.
 */
import { GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { db, tableName } from '#shared/data/client';
import { keys, PARTITION } from '#shared/data/keys';
import { queryPartition, withoutKeys } from '#shared/data/operations';
import type { Heartbeat, SliceState } from '#shared/domain/agents';

/** Heartbeats are kept a week after the last (the console shows dead agents for a while); claims a day. */
const HEARTBEAT_TTL_SECONDS = 7 * 86_400;
const CLAIM_TTL_SECONDS = 86_400;
const ttl = (seconds: number) => Math.floor(Date.now() / 1000) + seconds;

export type StoredHeartbeat = Heartbeat & { pool: string; last_seen: string };

export async function putHeartbeat(pool: string, heartbeat: Heartbeat, now: Date): Promise<void> {
  const item: StoredHeartbeat = { ...heartbeat, pool, last_seen: now.toISOString() };
  await db().send(new PutCommand({ TableName: tableName(), Item: { ...keys.agent(pool, heartbeat.agent), ...item, ttl: ttl(HEARTBEAT_TTL_SECONDS) } }));
}

export async function listHeartbeats(): Promise<StoredHeartbeat[]> {
  return (await queryPartition(PARTITION.agents)).map((item) => {
    const { ttl: _ttl, ...heartbeat } = withoutKeys<StoredHeartbeat & { ttl?: number }>(item);
    return heartbeat;
  });
}

/** A round's slice count, if a claim fixed it already. */
export async function readRoundSlices(pool: string, round: string): Promise<number | undefined> {
  const { Item } = await db().send(new GetCommand({ TableName: tableName(), Key: keys.roundOf(pool, round), ConsistentRead: true }));
  return Item ? Number(Item.of) : undefined;
}

/** Fixes a round's slice count: the first claim's stands for every agent (a later one reads it). */
export async function fixRoundSlices(pool: string, round: string, of: number): Promise<number> {
  try {
    await db().send(
      new PutCommand({
        TableName: tableName(),
        Item: { ...keys.roundOf(pool, round), of, ttl: ttl(CLAIM_TTL_SECONDS) },
        ConditionExpression: 'attribute_not_exists(pk)',
      }),
    );
    return of;
  } catch (error) {
    if (!(error instanceof ConditionalCheckFailedException)) throw error;
    return (await readRoundSlices(pool, round)) ?? of;
  }
}

/** The slices of a round claimed so far (consistent: a claim decides on them). */
export async function sliceStates(pool: string, round: string): Promise<SliceState[]> {
  const items = await queryPartition(keys.roundPartition(pool, round), { consistent: true, skPrefix: keys.slicePrefix });
  return items.map((item) => ({
    slice: Number(item.slice),
    ...(item.lease_until ? { lease_until: String(item.lease_until) } : {}),
    ...(item.done_at ? { done_at: String(item.done_at) } : {}),
  }));
}

/**
 * Takes a slice: never claimed, or its lease ran out unfinished. False when
 * another agent took it first (the caller tries the next).
 */
export async function claimSlice(pool: string, round: string, slice: number, agent: string, leaseUntil: string, now: string): Promise<boolean> {
  try {
    await db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.roundSlice(pool, round, slice),
        UpdateExpression: 'SET #slice = :slice, #agent = :agent, lease_until = :until, #ttl = :ttl ADD claims :one',
        ConditionExpression: 'attribute_not_exists(pk) OR (attribute_not_exists(done_at) AND lease_until <= :now)',
        ExpressionAttributeNames: { '#slice': 'slice', '#agent': 'agent', '#ttl': 'ttl' },
        ExpressionAttributeValues: { ':slice': slice, ':agent': agent, ':until': leaseUntil, ':ttl': ttl(CLAIM_TTL_SECONDS), ':one': 1, ':now': now },
      }),
    );
    return true;
  } catch (error) {
    if (error instanceof ConditionalCheckFailedException) return false;
    throw error;
  }
}

/**
 * Extends the lease of a slice its agent is still checking; false when the
 * slice is no longer that agent's (another took it once its lease ran out)
 * or is done. A lease that ran out unclaimed is the agent's to renew still.
 */
export async function renewSlice(pool: string, round: string, slice: number, agent: string, leaseUntil: string): Promise<boolean> {
  try {
    await db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.roundSlice(pool, round, slice),
        UpdateExpression: 'SET lease_until = :until',
        ConditionExpression: 'attribute_exists(pk) AND #agent = :agent AND attribute_not_exists(done_at)',
        ExpressionAttributeNames: { '#agent': 'agent' },
        ExpressionAttributeValues: { ':agent': agent, ':until': leaseUntil },
      }),
    );
    return true;
  } catch (error) {
    if (error instanceof ConditionalCheckFailedException) return false;
    throw error;
  }
}

/** A slice its agent checked to the end: no one takes it again this round. */
export async function finishSlice(pool: string, round: string, slice: number, agent: string, now: string): Promise<void> {
  await db()
    .send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.roundSlice(pool, round, slice),
        UpdateExpression: 'SET done_at = if_not_exists(done_at, :now)',
        ConditionExpression: 'attribute_exists(pk) AND #agent = :agent',
        ExpressionAttributeNames: { '#agent': 'agent' },
        ExpressionAttributeValues: { ':now': now, ':agent': agent },
      }),
    )
    .catch((error: unknown) => {
      // A slice never claimed, or another agent's now (its lease ran out and it was taken), is not this agent's to
      // finish: its word is ignored, and the slice stays with the agent that holds it.
      if (!(error instanceof ConditionalCheckFailedException)) throw error;
    });
}
