import { DeleteCommand, GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import type { Role } from '#shared/api/routes';
import { normalizeIamArn } from '#shared/auth/iam-arns';
import { db, tableName } from '#shared/data/client';
import { IAM_PRINCIPALS_PARTITION, iamPrincipalKey } from '#shared/data/keys';
import { queryPartition } from '#shared/data/operations';

/**
 * The registry of IAM principals allowed on the IAM API, with their role. The
 * IAM policy decides which routes a signed request may reach; the registry
 * tells the handler who is calling, and a signed caller it does not hold is refused.
 */
export interface IamPrincipalRecord {
  arn: string;
  role: Role;
  /** Who put it there: `stack` (the grant helpers), `cli`, `local` (the dev server's keys). */
  source: string;
  created_at: string;
}

function registryKey(arn: string): string {
  const normalized = normalizeIamArn(arn);
  if (!normalized) throw new Error(`"${arn}" is not an IAM user, role or assumed-role ARN`);
  return normalized;
}

/** Registers (or re-registers with a new role) a principal; assumed-role session ARNs are stored as their role. */
export async function registerIamPrincipal(input: { arn: string; role: Role; source: string }): Promise<IamPrincipalRecord> {
  const record: IamPrincipalRecord = { arn: registryKey(input.arn), role: input.role, source: input.source, created_at: new Date().toISOString() };
  await db().send(new PutCommand({ TableName: tableName(), Item: { ...iamPrincipalKey(record.arn), ...record } }));
  return record;
}

/** Removes a principal; false when it was not registered. */
export async function revokeIamPrincipal(arn: string): Promise<boolean> {
  const result = await db().send(
    new DeleteCommand({ TableName: tableName(), Key: iamPrincipalKey(registryKey(arn)), ReturnValues: 'ALL_OLD' }),
  );
  return result.Attributes !== undefined;
}

export async function listIamPrincipals(): Promise<IamPrincipalRecord[]> {
  const items = await queryPartition(IAM_PRINCIPALS_PARTITION, { consistent: true });
  return items.map((item) => ({ arn: String(item.arn), role: item.role as Role, source: String(item.source ?? ''), created_at: String(item.created_at ?? '') }));
}

/** The role of a signed caller (user, role or assumed-role session ARN), or undefined when it is not registered. */
export async function resolveIamRole(callerArn: string): Promise<Role | undefined> {
  const arn = normalizeIamArn(callerArn);
  if (!arn) return undefined;
  const result = await db().send(new GetCommand({ TableName: tableName(), Key: iamPrincipalKey(arn), ConsistentRead: true }));
  const role = result.Item?.role;
  return role === 'admin' || role === 'service' ? role : undefined;
}
