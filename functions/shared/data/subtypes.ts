import { CHECK_PARAMETER_NAMES, checkOf, type CheckDefinition } from '#shared/domain/check-definitions';
import { auditPut, type AuditContext } from '#shared/data/audit';
import { definitionsMoved } from '#shared/data/settings';
import type { SuperType } from '#shared/domain/model';
import type { CurrentSuperType } from '#shared/domain/competition-update';
import { queryPartition, STILL_AT_VERSION, transactionConditionFailed, withoutKeys } from '#shared/data/operations';
import { GetCommand, TransactWriteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { db, tableName } from '#shared/data/client';
import { keys, PARTITION } from '#shared/data/keys';
import { publicVersionMove } from '#shared/data/public-version';

/** A subtype as `GET /subtypes` shows it: its fields, then its check definition when it has one. */
export interface SubtypeWithCheck {
  id: number;
  name: string;
  super_type_id: number;
  max_score: number;
  check?: CheckDefinition['check'];
  [parameter: string]: unknown;
}

/** Every subtype in id order: one Query on the subtypes partition. */
export async function listSubtypes(): Promise<SubtypeWithCheck[]> {
  const items = await queryPartition(PARTITION.subtypes);
  return items.map(toSubtype);
}

/** A subtype as stored now, with its own SLA rules where it has them and the version that guards concurrent edits (1 as loaded). */
export type StoredSubtype = SubtypeWithCheck & { sla_threshold?: number; sla_penalty?: number; version: number };

/** One subtype as stored now (consistent). */
export async function readSubtype(id: number): Promise<StoredSubtype | undefined> {
  const { Item } = await db().send(new GetCommand({ TableName: tableName(), Key: keys.subtype(id), ConsistentRead: true }));
  return Item ? toStoredSubtype(Item) : undefined;
}

/** Every subtype as stored now (consistent), in id order: what `load` onto a running event compares, each as its edit's ETag is of. */
export async function listStoredSubtypes(): Promise<StoredSubtype[]> {
  return (await queryPartition(PARTITION.subtypes, { consistent: true })).map(toStoredSubtype);
}

function toStoredSubtype(item: Record<string, unknown>): StoredSubtype {
  const { sla_threshold, sla_penalty, version } = withoutKeys<{ sla_threshold?: number; sla_penalty?: number; version?: number }>(item);
  return {
    ...toSubtype(item),
    ...(sla_threshold !== undefined ? { sla_threshold } : {}),
    ...(sla_penalty !== undefined ? { sla_penalty } : {}),
    version: Number(version ?? 1),
  };
}

/** Every name a check parameter may have, of any kind: what a replaced definition removes. */
const ALL_PARAMETER_NAMES = ['check', ...new Set(Object.values(CHECK_PARAMETER_NAMES).flat())];

/**
 * Replaces a subtype's check definition (its kind and parameters), if the
 * subtype is still at `before`'s version: one transaction with the
 * definitions mark (every function's kept copy of the subtypes is read
 * again) and the audit entry. Its name, points and super type, which its
 * services embed, stay. The subtype as written, or undefined when someone
 * edited it first.
 */
export async function writeSubtypeCheck(before: StoredSubtype, definition: CheckDefinition, audit: AuditContext): Promise<StoredSubtype | undefined> {
  const given = Object.entries(definition).filter(([, value]) => value !== undefined);
  const removed = ALL_PARAMETER_NAMES.filter((name) => !given.some(([field]) => field === name));
  const names: Record<string, string> = { '#version': 'version' };
  const values: Record<string, unknown> = { ':next': before.version + 1, ':version': before.version, ':one': 1 };
  given.forEach(([field, value], i) => {
    names[`#p${i}`] = field;
    values[`:p${i}`] = value;
  });
  removed.forEach((field, i) => {
    names[`#r${i}`] = field;
  });
  const after: StoredSubtype = { ...before, ...Object.fromEntries(given), version: before.version + 1 };
  for (const field of removed) delete (after as Record<string, unknown>)[field];
  try {
    await db().send(
      new TransactWriteCommand({
        TransactItems: [
          {
            Update: {
              TableName: tableName(),
              Key: keys.subtype(before.id),
              UpdateExpression: `SET ${given.map((_, i) => `#p${i} = :p${i}`).join(', ')}, #version = :next REMOVE ${removed.map((_, i) => `#r${i}`).join(', ')}`,
              ConditionExpression: STILL_AT_VERSION,
              ExpressionAttributeNames: names,
              ExpressionAttributeValues: values,
            },
          },
          definitionsMoved(),
          auditPut(audit, { action: 'subtype.check.replace', target: `subtypes/${before.id}`, before, after }),
        ],
      }),
    );
    return after;
  } catch (error) {
    if (transactionConditionFailed(error, 0)) return undefined;
    throw error;
  }
}

/**
 * Claims a subtype for an edit that fans out to its services, until `until`
 * (epoch ms): no other such edit of it starts meanwhile, so two organisers'
 * edits never both rewrite its services. Its version does not move (an edit
 * stopped midway is finished by the same edit again, whose If-Match still
 * holds, once the claim has lapsed). False when it moved or is claimed.
 */
export async function claimSubtypeEdit(before: StoredSubtype, claim: string, until: number, now = Date.now()): Promise<boolean> {
  try {
    await db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.subtype(before.id),
        UpdateExpression: 'SET #claim = :claim, #until = :until',
        ConditionExpression: `${STILL_AT_VERSION} AND (attribute_not_exists(#until) OR #until < :now)`,
        ExpressionAttributeNames: { '#version': 'version', '#claim': 'edit_claim', '#until': 'edit_claimed_until' },
        ExpressionAttributeValues: { ':claim': claim, ':until': until, ':now': now, ':version': before.version, ':one': 1 },
      }),
    );
    return true;
  } catch (error) {
    if (error instanceof ConditionalCheckFailedException) return false;
    throw error;
  }
}

/**
 * Renames a subtype or changes its points, if it is still at `before`'s
 * version and under the caller's claim, with the definitions mark, the
 * public version and the audit entry; the claim is released. Its services
 * embed both: the caller has changed them first (app/live-edits.ts). The
 * subtype as written, or undefined when someone edited it first.
 */
export async function writeSubtypeFields(
  before: StoredSubtype,
  change: { name?: string; max_score?: number },
  claim: string,
  audit: AuditContext,
): Promise<StoredSubtype | undefined> {
  const after: StoredSubtype = { ...before, ...change, version: before.version + 1 };
  try {
    await db().send(
      new TransactWriteCommand({
        TransactItems: [
          {
            Update: {
              TableName: tableName(),
              Key: keys.subtype(before.id),
              UpdateExpression: 'SET #name = :name, #max_score = :max_score, #version = :next REMOVE #claim, #until',
              ConditionExpression: `${STILL_AT_VERSION} AND #claim = :claim`,
              ExpressionAttributeNames: {
                '#name': 'name',
                '#max_score': 'max_score',
                '#version': 'version',
                '#claim': 'edit_claim',
                '#until': 'edit_claimed_until',
              },
              ExpressionAttributeValues: {
                ':name': after.name,
                ':max_score': after.max_score,
                ':claim': claim,
                ':next': after.version,
                ':version': before.version,
                ':one': 1,
              },
            },
          },
          definitionsMoved(),
          { Update: publicVersionMove() },
          auditPut(audit, {
            action: 'subtype.update',
            target: `subtypes/${before.id}`,
            before: { name: before.name, max_score: before.max_score },
            after: { name: after.name, max_score: after.max_score },
          }),
        ],
      }),
    );
    return after;
  } catch (error) {
    if (transactionConditionFailed(error, 0)) return undefined;
    throw error;
  }
}

/** Why a subtype could not be added: its id is taken, or the competition is finalised. */
export type SubtypeCreation = 'created' | 'id-taken' | 'final';

/**
 * Adds a subtype during the event, in one transaction with the definitions
 * mark (refused once finalised) and the audit entry. Its services come
 * after (POST /services); its accounts are theirs, never kept with it.
 */
export async function writeNewSubtype(
  subtype: SubtypeWithCheck & { sla_threshold?: number; sla_penalty?: number },
  audit: AuditContext,
): Promise<SubtypeCreation> {
  try {
    await db().send(
      new TransactWriteCommand({
        TransactItems: [
          { Put: { TableName: tableName(), Item: { ...keys.subtype(subtype.id), ...subtype, version: 1 }, ConditionExpression: 'attribute_not_exists(pk)' } },
          definitionsMoved({ unlessFinal: true }),
          auditPut(audit, { action: 'subtype.create', target: `subtypes/${subtype.id}`, before: null, after: subtype }),
        ],
      }),
    );
    return 'created';
  } catch (error) {
    if (transactionConditionFailed(error, 0)) return 'id-taken';
    if (transactionConditionFailed(error, 1)) return 'final';
    throw error;
  }
}

/**
 * Retires a subtype, if it is still at `before`'s version and no service was
 * ever added to it live (`services_added`; the caller has found none loaded
 * with it), with the definitions mark and the audit entry. False when it
 * moved or gained a service.
 */
export async function deleteSubtype(before: StoredSubtype, audit: AuditContext): Promise<boolean> {
  try {
    await db().send(
      new TransactWriteCommand({
        TransactItems: [
          {
            Delete: {
              TableName: tableName(),
              Key: keys.subtype(before.id),
              ConditionExpression: `${STILL_AT_VERSION} AND (attribute_not_exists(#added) OR #added = :zero)`,
              ExpressionAttributeNames: { '#version': 'version', '#added': 'services_added' },
              ExpressionAttributeValues: { ':version': before.version, ':one': 1, ':zero': 0 },
            },
          },
          definitionsMoved(),
          auditPut(audit, { action: 'subtype.retire', target: `subtypes/${before.id}`, before, after: null }),
        ],
      }),
    );
    return true;
  } catch (error) {
    if (transactionConditionFailed(error, 0)) return false;
    throw error;
  }
}

function toSubtype(item: Record<string, unknown>): SubtypeWithCheck {
  return {
    id: item.id as number,
    name: item.name as string,
    super_type_id: item.super_type_id as number,
    max_score: item.max_score as number,
    ...checkOf(item),
  };
}

/** A subtype's own SLA rules, copied onto its services' definitions (what a result reads at arrival). */
export function subtypeSla(subtype: { sla_threshold?: number; sla_penalty?: number }) {
  const sla = {
    ...(subtype.sla_threshold !== undefined ? { sla_threshold: subtype.sla_threshold } : {}),
    ...(subtype.sla_penalty !== undefined ? { sla_penalty: subtype.sla_penalty } : {}),
  };
  return Object.keys(sla).length > 0 ? { sla } : {};
}

/** Every super type in id order: one Query on its partition. */
export async function listSuperTypes(): Promise<SuperType[]> {
  const items = await queryPartition(PARTITION.superTypes);
  return items.map((item) => ({ id: item.id as number, name: item.name as string }));
}

/** A super type as organisers edit it: with the version every edit moves (1 as loaded). */
export type StoredSuperType = CurrentSuperType;

const toStoredSuperType = (item: Record<string, unknown>): StoredSuperType => ({
  id: item.id as number,
  name: item.name as string,
  version: Number(item.version ?? 1),
});

/** Every super type with its version, in id order (consistent). */
export async function listStoredSuperTypes(): Promise<StoredSuperType[]> {
  return (await queryPartition(PARTITION.superTypes, { consistent: true })).map(toStoredSuperType);
}

/** One super type as stored now (consistent). */
export async function readSuperType(id: number): Promise<StoredSuperType | undefined> {
  const { Item } = await db().send(new GetCommand({ TableName: tableName(), Key: keys.superType(id), ConsistentRead: true }));
  return Item ? toStoredSuperType(Item) : undefined;
}

/** How many adjustments were ever made in a super type, and injects put in it (counted with each: data/adjustments.ts, data/injects.ts). */
export async function usesOfSuperType(id: number): Promise<{ adjustments: number; injects: number }> {
  const { Item } = await db().send(new GetCommand({ TableName: tableName(), Key: keys.superType(id), ConsistentRead: true }));
  return { adjustments: Number(Item?.adjustments_made ?? 0), injects: Number(Item?.injects_made ?? 0) };
}

/**
 * Adds, renames or retires a super type, in one transaction with the
 * definitions mark (refused once finalised for an add), the public version
 * (its name is on every scorecard) and the audit entry: an add conditioned
 * on its id being free, the others on the version read. False when that
 * condition failed; 'final' when finalised.
 */
export async function writeSuperType(
  before: StoredSuperType | null,
  after: StoredSuperType | null,
  audit: AuditContext,
): Promise<boolean | 'final' | 'named-by-settings'> {
  const TableName = tableName();
  const Key = keys.superType((after ?? before)!.id);
  const atVersion = (extra: Record<string, string>, values: Record<string, unknown>) => ({
    ExpressionAttributeNames: { '#version': 'version', ...extra },
    ExpressionAttributeValues: { ':version': before!.version, ':one': 1, ...values },
  });
  const write = !before
    ? { Put: { TableName, Item: { ...Key, ...after }, ConditionExpression: 'attribute_not_exists(pk)' } }
    : after
      ? // An Update, not a Put: the item also counts the adjustments made in it, which a rename keeps.
        {
          Update: {
            TableName,
            Key,
            UpdateExpression: 'SET #name = :name, #version = :next',
            ConditionExpression: STILL_AT_VERSION,
            ...atVersion({ '#name': 'name' }, { ':name': after.name, ':next': after.version }),
          },
        }
      : // Never one an adjustment was made in (folded or not yet: the count is written with the adjustment), nor an inject.
        {
          Delete: {
            TableName,
            Key,
            ConditionExpression: `${STILL_AT_VERSION} AND (attribute_not_exists(#made) OR #made = :zero) AND (attribute_not_exists(#injects) OR #injects = :zero)`,
            ...atVersion({ '#made': 'adjustments_made', '#injects': 'injects_made' }, { ':zero': 0 }),
          },
        };
  const action = !before ? 'super-type.create' : after ? 'super-type.update' : 'super-type.retire';
  try {
    await db().send(
      new TransactWriteCommand({
        TransactItems: [
          write,
          definitionsMoved({ unlessFinal: !before, ...(before && !after ? { unlessNamedBySettings: before.id } : {}) }),
          { Update: publicVersionMove() },
          auditPut(audit, { action, target: `super-types/${(after ?? before)!.id}`, before, after }),
        ],
      }),
    );
    return true;
  } catch (error) {
    if (transactionConditionFailed(error, 0)) return false;
    if (transactionConditionFailed(error, 1)) return before && !after ? 'named-by-settings' : 'final';
    throw error;
  }
}
