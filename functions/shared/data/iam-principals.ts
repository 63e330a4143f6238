import { GetCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { auditPut, type AuditContext } from '#shared/data/audit';
import type { TokenRole as Role } from '#shared/domain/roles';
import { normalizeIamArn } from '#shared/auth/iam-arns';
import { db, tableName } from '#shared/data/client';
import { IAM_PRINCIPALS_PARTITION, iamPrincipalKey } from '#shared/data/keys';
import { queryPartition, transactionConditionFailed } from '#shared/data/operations';

/**
 * The registry of IAM principals allowed on the IAM API, with their role. The
 * IAM policy decides which routes a signed request may reach; the registry
 * tells the handler who is calling, and a signed caller it does not hold is refused.
 */
export interface IamPrincipalRecord {
  arn: string;
  role: Role;
  /** The pool an `agent` principal works for (domain/pools.ts). */
  pool?: string;
  /** Who put it there: `stack` (the grant helpers), `cli`, `local` (the dev server's keys). */
  source: string;
  created_at: string;
}

function registryKey(arn: string): string {
  const normalized = normalizeIamArn(arn);
  if (!normalized) throw new Error(`"${arn}" is not an IAM user, role or assumed-role ARN`);
  return normalized;
}

/**
 * Registers (or re-registers with a new role) a principal; assumed-role
 * session ARNs are stored as their role. Registering it again with the role
 * it has changes nothing (and records nothing). Each change is one
 * transaction with its audit entry, conditioned on the registration read.
 */
export async function registerIamPrincipal(input: {
  arn: string;
  role: Role;
  pool?: string;
  source: string;
  audit: AuditContext;
}): Promise<IamPrincipalRecord> {
  const arn = registryKey(input.arn);
  const pool = input.role === 'agent' ? input.pool : undefined;
  for (;;) {
    const before = await readPrincipal(arn);
    if (before?.role === input.role && before.pool === pool) return before;
    const record: IamPrincipalRecord = { arn, role: input.role, ...(pool ? { pool } : {}), source: input.source, created_at: new Date().toISOString() };
    const changed = await transactUnlessChanged([
      { Put: { TableName: tableName(), Item: { ...iamPrincipalKey(arn), ...record }, ...asRead(before) } },
      auditPut(input.audit, { action: 'iam.grant', target: `iam/${arn}`, before: before ?? null, after: record }),
    ]);
    if (changed) return record;
  }
}

/** Removes a principal; false when it was not registered. */
export async function revokeIamPrincipal(arn: string, audit: AuditContext): Promise<boolean> {
  const key = registryKey(arn);
  for (;;) {
    const before = await readPrincipal(key);
    if (!before) return false;
    const changed = await transactUnlessChanged([
      { Delete: { TableName: tableName(), Key: iamPrincipalKey(key), ...asRead(before) } },
      auditPut(audit, { action: 'iam.revoke', target: `iam/${key}`, before, after: null }),
    ]);
    if (changed) return true;
  }
}

async function readPrincipal(arn: string): Promise<IamPrincipalRecord | undefined> {
  const result = await db().send(new GetCommand({ TableName: tableName(), Key: iamPrincipalKey(arn), ConsistentRead: true }));
  return result.Item ? toPrincipal(result.Item) : undefined;
}

/** The condition that the registration is still as read (absent, or with the created_at read). */
function asRead(before: IamPrincipalRecord | undefined) {
  return before
    ? { ConditionExpression: 'created_at = :read', ExpressionAttributeValues: { ':read': before.created_at } }
    : { ConditionExpression: 'attribute_not_exists(pk)' };
}

/** Runs the transaction; false when the registration changed since it was read (the caller reads again). */
async function transactUnlessChanged(items: NonNullable<ConstructorParameters<typeof TransactWriteCommand>[0]['TransactItems']>): Promise<boolean> {
  try {
    await db().send(new TransactWriteCommand({ TransactItems: items }));
    return true;
  } catch (error) {
    if (transactionConditionFailed(error, 0)) return false;
    throw error;
  }
}

const toPrincipal = (item: Record<string, unknown>): IamPrincipalRecord => ({
  arn: String(item.arn),
  role: item.role as Role,
  ...(typeof item.pool === 'string' ? { pool: item.pool } : {}),
  source: String(item.source ?? ''),
  created_at: String(item.created_at ?? ''),
});

export async function listIamPrincipals(): Promise<IamPrincipalRecord[]> {
  const items = await queryPartition(IAM_PRINCIPALS_PARTITION, { consistent: true });
  return items.map(toPrincipal);
}

/** The role (and an agent's pool) of a signed caller (user, role or assumed-role session ARN), or undefined when it is not registered. */
export async function resolveIamRole(callerArn: string): Promise<{ role: Role; pool?: string } | undefined> {
  const arn = normalizeIamArn(callerArn);
  if (!arn) return undefined;
  const result = await db().send(new GetCommand({ TableName: tableName(), Key: iamPrincipalKey(arn), ConsistentRead: true }));
  const { role, pool } = (result.Item ?? {}) as { role?: unknown; pool?: unknown };
  if (role === 'admin' || role === 'service') return { role };
  // An agent without its pool would be an agent of nothing: refused like an unknown caller.
  return role === 'agent' && typeof pool === 'string' ? { role, pool } : undefined;
}
