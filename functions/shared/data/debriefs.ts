/**
 * Built debriefs (issue #62), a partition per team (`DEBRIEF#<team>`, the
 * only place the debrief routes may write): `<view>` holds the version of the
 * public data it was built from, when, and the document gzipped. A document
 * that outgrows one item even so (the red team's descriptions are up to
 * 50 000 characters each) is kept in parts beside it, `<view>#<build>#<n>`,
 * named by the build that wrote them (a random id: two builds of one version
 * never write the same parts) and written before the head that names them, so
 * a reader never finds a head without its parts. Two views: `live`
 * (everything so far) and `frozen` (as of the scoreboard freeze, what members
 * get while one stands in a practice event).
 *
 * A build is claimed with a lease on the head (a conditional update naming the
 * version it builds), so the first reads of a stale debrief do not all build
 * it; a claim for a newer version takes over one for an older. The head is
 * replaced only by a newer version, so a slow build never overwrites a newer.
 */
import { randomBytes } from 'node:crypto';
import { gunzipSync, gzipSync } from 'node:zlib';
import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { db, tableName } from '#shared/data/client';
import { keys } from '#shared/data/keys';
import { batchWrite, queryPartition } from '#shared/data/operations';
import type { Debrief } from '#shared/domain/debrief';

export type DebriefView = 'live' | 'frozen';

/** The most of a document one item holds, with room for the item's other attributes under DynamoDB's 400 KB. */
const PART_BYTES = 350_000;

/** How long a part outlives the head that named it: a reader that read the old head still finds its parts. */
const OLD_PARTS_SECONDS = 3600;

export interface StoredDebrief {
  version: number;
  built_at: string;
  debrief: Debrief;
}

/** The head as read: its version and document when one was stored, and a build's lease. */
interface Head {
  version?: number;
  built_at?: string;
  body?: Uint8Array;
  build?: string;
  parts?: number;
  lease_until?: number;
}

/** The stored debrief of a view, or undefined when none was built (or its parts are not all there). */
export async function readDebrief(teamId: number, view: DebriefView): Promise<StoredDebrief | undefined> {
  const { Item } = await db().send(new GetCommand({ TableName: tableName(), Key: keys.debrief(teamId, view), ConsistentRead: true }));
  const head = Item as Head | undefined;
  if (head?.version === undefined || head.built_at === undefined) return undefined;
  let zipped: Uint8Array;
  if (head.body !== undefined) zipped = head.body;
  else {
    const items = await queryPartition(keys.debriefPartition(teamId), { consistent: true, skPrefix: keys.debriefPartPrefix(view, head.build ?? '') });
    if (items.length !== head.parts) return undefined;
    zipped = Buffer.concat(items.map((item) => item.body as Uint8Array));
  }
  return { version: head.version, built_at: head.built_at, debrief: JSON.parse(gunzipSync(zipped).toString('utf8')) as Debrief };
}

/**
 * Claims the build of a view at `version` for `seconds`: false while another
 * build of this version or a newer one holds an unexpired lease, or when the
 * stored one is that version or newer.
 */
export async function claimDebriefBuild(teamId: number, view: DebriefView, version: number, seconds: number, now = Date.now()): Promise<boolean> {
  try {
    await db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.debrief(teamId, view),
        UpdateExpression: 'SET lease_until = :until, lease_version = :version',
        ConditionExpression:
          '(attribute_not_exists(lease_until) OR lease_until < :now OR lease_version < :version) AND (attribute_not_exists(version) OR version < :version)',
        ExpressionAttributeValues: { ':until': now + seconds * 1000, ':now': now, ':version': version },
      }),
    );
    return true;
  } catch (error) {
    if (error instanceof ConditionalCheckFailedException) return false;
    throw error;
  }
}

/**
 * Stores a debrief built at `version`, ending its lease: its parts first (under
 * this build's own id), then the head, unless one of this version or newer is
 * there already (false then). The parts of the head it replaces, and its own
 * when it lost, expire an hour later, so a reader of the old head still finds them.
 */
export async function putDebrief(teamId: number, view: DebriefView, stored: StoredDebrief, now = Date.now()): Promise<boolean> {
  const zipped = gzipSync(JSON.stringify(stored.debrief));
  const build = randomBytes(6).toString('hex');
  const parts =
    zipped.length <= PART_BYTES
      ? []
      : Array.from({ length: Math.ceil(zipped.length / PART_BYTES) }, (_, n) => zipped.subarray(n * PART_BYTES, (n + 1) * PART_BYTES));
  if (parts.length > 0) {
    await batchWrite(parts.map((body, n) => ({ PutRequest: { Item: { ...keys.debriefPart(teamId, view, build, n), body } } })));
  }
  try {
    const { Attributes } = await db().send(
      new PutCommand({
        TableName: tableName(),
        Item: {
          ...keys.debrief(teamId, view),
          version: stored.version,
          built_at: stored.built_at,
          ...(parts.length === 0 ? { body: zipped } : { build, parts: parts.length }),
          bytes: zipped.length,
        },
        ConditionExpression: 'attribute_not_exists(version) OR version < :version',
        ExpressionAttributeValues: { ':version': stored.version },
        ReturnValues: 'ALL_OLD',
      }),
    );
    const replaced = Attributes as Head | undefined;
    if (replaced?.parts && replaced.build) await expireParts(teamId, view, replaced.build, replaced.parts, now);
    return true;
  } catch (error) {
    if (!(error instanceof ConditionalCheckFailedException)) throw error;
    if (parts.length > 0) await expireParts(teamId, view, build, parts.length, now);
    return false;
  }
}

async function expireParts(teamId: number, view: DebriefView, build: string, count: number, now: number): Promise<void> {
  const ttl = Math.floor(now / 1000) + OLD_PARTS_SECONDS;
  await Promise.all(
    Array.from({ length: count }, (_, n) =>
      db()
        .send(
          new UpdateCommand({
            TableName: tableName(),
            Key: keys.debriefPart(teamId, view, build, n),
            UpdateExpression: 'SET #ttl = :ttl',
            ConditionExpression: 'attribute_exists(pk)',
            ExpressionAttributeNames: { '#ttl': 'ttl' },
            ExpressionAttributeValues: { ':ttl': ttl },
          }),
        )
        .catch((error: unknown) => {
          if (!(error instanceof ConditionalCheckFailedException)) throw error;
        }),
    ),
  );
}
