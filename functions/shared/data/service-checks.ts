/**
 * A service's own check (`SERVICECHECKS / SERVICE#<id>`): the kind and
 * parameters its agent runs in place of its subtype's, for the rare service
 * that differs (another path, other content). Only services that have one
 * have an item, so the agent's read of them all, once a round, is one Query
 * of a small partition. `version` moves with every change (0: none).
 */
import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { GetCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { checkOf, type CheckDefinition } from '#shared/domain/check-definitions';
import type { ServiceCheck } from '#shared/domain/service-check';
import { auditPut, type AuditContext } from '#shared/data/audit';
import { db, tableName } from '#shared/data/client';
import { keys, PARTITION } from '#shared/data/keys';
import { queryPartition, transactionConditionFailed } from '#shared/data/operations';

/** A check definition as stored: its kind and that kind's parameters, by name. */
export type StoredCheck = CheckDefinition & Record<string, unknown>;

/** Nested values with their keys in order: a stored map comes back in any order, and the ETag is of the text. */
const inOrder = (value: unknown): unknown =>
  Array.isArray(value)
    ? value.map(inOrder)
    : value !== null && typeof value === 'object'
      ? Object.fromEntries(
          Object.keys(value)
            .sort()
            .map((key) => [key, inOrder((value as Record<string, unknown>)[key])]),
        )
      : value;

/** A check definition as every answer shows it: the kind, then its parameters in their order, nested ones by name. */
export function canonicalCheck(definition: CheckDefinition | Record<string, unknown>): StoredCheck {
  const ordered = checkOf(definition as Record<string, unknown>) ?? { check: (definition as Record<string, unknown>).check };
  return Object.fromEntries(Object.entries(ordered).map(([name, value]) => [name, inOrder(value)])) as StoredCheck;
}

/** The service's own check as stored now (consistent); version 0 and no check when it has none. */
export async function readServiceCheck(serviceId: number): Promise<ServiceCheck> {
  const { Item } = await db().send(new GetCommand({ TableName: tableName(), Key: keys.serviceCheck(serviceId), ConsistentRead: true }));
  return {
    service_id: serviceId,
    check: Item?.definition ? canonicalCheck(Item.definition as Record<string, unknown>) : null,
    version: Number(Item?.version ?? 0),
  };
}

/** Every service's own check, by service id (the agent's read, once a round). */
export async function listServiceChecks(): Promise<Map<number, StoredCheck>> {
  const items = await queryPartition(PARTITION.serviceChecks);
  return new Map(items.map((item) => [Number(item.service_id), canonicalCheck(item.definition as Record<string, unknown>)]));
}

/**
 * Writes the service's own check (null: removes it) with its audit entry,
 * if it is still at `before`'s version. False when someone changed it first.
 */
export async function writeServiceCheck(before: ServiceCheck, after: ServiceCheck, audit: AuditContext): Promise<boolean> {
  const key = keys.serviceCheck(before.service_id);
  const unchanged =
    before.version === 0
      ? { ConditionExpression: 'attribute_not_exists(pk)' }
      : { ConditionExpression: 'version = :v', ExpressionAttributeValues: { ':v': before.version } };
  const write = after.check
    ? { Put: { TableName: tableName(), Item: { ...key, service_id: after.service_id, definition: after.check, version: after.version }, ...unchanged } }
    : { Delete: { TableName: tableName(), Key: key, ...unchanged } };
  try {
    await db().send(
      new TransactWriteCommand({
        TransactItems: [
          write,
          auditPut(audit, {
            action: after.check ? 'service.check.replace' : 'service.check.delete',
            target: `services/${before.service_id}/check`,
            before: before.check,
            after: after.check,
          }),
        ],
      }),
    );
    return true;
  } catch (error) {
    if (error instanceof ConditionalCheckFailedException || transactionConditionFailed(error, 0)) return false;
    throw error;
  }
}
