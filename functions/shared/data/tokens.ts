import { GetCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import type { TokenRole as Role } from '#shared/domain/roles';
import { generateToken, hashToken, type TokenRecord } from '#shared/auth/tokens';
import { inSchemaOrder } from '#shared/domain/shapes';
import { TokenSchema } from '#shared/domain/tokens';
import { db, tableName } from '#shared/data/client';
import { keys, PARTITION } from '#shared/data/keys';
import { queryPartition, transactionConditionFailed } from '#shared/data/operations';
import { auditPut, type AuditContext } from '#shared/data/audit';

/** A token as the audit trail shows it: its public id, never its hash or secret. */
const audited = ({ token_id, role, pool, name, created_at, expires_at, revoked_at }: TokenRecord) => ({
  token_id,
  role,
  ...(pool ? { pool } : {}),
  name,
  created_at,
  expires_at,
  revoked_at,
});
const conditionFailed = (error: unknown) => transactionConditionFailed(error, 0);

/** A token as listed: its schema's fields, in its order (a pool only an agent token's). */
const toRecord = (item: Record<string, unknown>): TokenRecord =>
  inSchemaOrder(TokenSchema, {
    ...item,
    pool: typeof item.pool === 'string' ? item.pool : null,
    expires_at: item.expires_at ?? null,
    revoked_at: item.revoked_at ?? null,
  });

/** Creates a token and returns its secret: the only time the secret exists outside the caller. */
export async function createToken(input: { role: Role; pool?: string; name: string; expiresAt: string | null; token?: string; audit: AuditContext }) {
  const generated = generateToken();
  // A caller-chosen token (the dev server's SCORING_ADMIN_TOKEN) is stored the same way.
  const token = input.token ?? generated.token;
  const hash = input.token ? hashToken(input.token) : generated.hash;
  const record: TokenRecord = {
    token_id: input.token ? hash.slice(0, 8) : generated.tokenId,
    role: input.role,
    pool: input.role === 'agent' ? (input.pool ?? null) : null,
    name: input.name,
    created_at: new Date().toISOString(),
    expires_at: input.expiresAt,
    revoked_at: null,
  };
  try {
    await db().send(
      new TransactWriteCommand({
        TransactItems: [
          {
            Put: {
              TableName: tableName(),
              Item: { ...keys.token(hash), ...record },
              // A caller-chosen token registered again (every dev-server start) must not undo a revocation.
              ConditionExpression: input.token ? 'attribute_not_exists(pk)' : undefined,
            },
          },
          auditPut(input.audit, { action: 'token.create', target: `tokens/${record.token_id}`, before: null, after: audited(record) }),
        ],
      }),
    );
  } catch (error) {
    // Registered before: nothing changed, so nothing is recorded either.
    if (!conditionFailed(error)) throw error;
  }
  return { token, record };
}

/** The token with this hash, if any. Strongly consistent, so a revocation counts at once. */
export async function findToken(token: string): Promise<TokenRecord | undefined> {
  const result = await db().send(new GetCommand({ TableName: tableName(), Key: keys.token(hashToken(token)), ConsistentRead: true }));
  return result.Item ? toRecord(result.Item) : undefined;
}

export async function listTokens(): Promise<TokenRecord[]> {
  const items = await queryPartition(PARTITION.tokens, { consistent: true });
  return items.map(toRecord).sort((a, b) => a.created_at.localeCompare(b.created_at));
}

/** Revokes the token with this public id; false when there is none (or it is already revoked). */
export async function revokeToken(tokenId: string, audit: AuditContext): Promise<boolean> {
  const items = await queryPartition(PARTITION.tokens, { consistent: true });
  const item = items.find((i) => i.token_id === tokenId);
  if (!item) return false;
  const before = toRecord(item);
  const revokedAt = new Date().toISOString();
  try {
    await db().send(
      new TransactWriteCommand({
        TransactItems: [
          {
            Update: {
              TableName: tableName(),
              Key: { pk: item.pk, sk: item.sk },
              UpdateExpression: 'SET revoked_at = :now',
              ConditionExpression: 'attribute_exists(pk) AND revoked_at = :null',
              ExpressionAttributeValues: { ':now': revokedAt, ':null': null },
            },
          },
          auditPut(audit, {
            action: 'token.revoke',
            target: `tokens/${tokenId}`,
            before: audited(before),
            after: audited({ ...before, revoked_at: revokedAt }),
          }),
        ],
      }),
    );
    return true;
  } catch (error) {
    if (conditionFailed(error)) return false;
    throw error;
  }
}
