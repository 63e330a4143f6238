/**
 * Members' sign-in accounts (`TEAMACCOUNTS / ACCOUNT#<name>`): a name, the
 * role it signs in with and the team it is bound to (a blue team's; none for
 * the red team's), and a scrypt hash of a password the service generated. Keyed by name, so sign-in is one GetItem; an account's numeric
 * id (for the admin routes' paths) is found by reading the partition, which
 * holds a few per team.
 */
import { GetCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { auditPut, type AuditContext } from '#shared/data/audit';
import { db, tableName } from '#shared/data/client';
import { allocateId } from '#shared/data/counters';
import { keys, PARTITION } from '#shared/data/keys';
import { queryPartition, transactionConditionFailed } from '#shared/data/operations';
import { sessionRoleOf, teamOfHome, type AccountHome } from '#shared/domain/roles';
import { inSchemaOrder } from '#shared/domain/shapes';
import { TeamAccountSchema, type TeamAccount } from '#shared/domain/team-accounts';

export type { TeamAccount };

type Stored = TeamAccount & { password_hash: string };

/** An account as the admin routes show it: its schema's fields, in its order; accounts from before the red team were all blue teams'. */
const toAccount = (item: Record<string, unknown>): TeamAccount =>
  inSchemaOrder(TeamAccountSchema, { ...item, role: item.role ?? 'team', team_id: item.team_id ?? null });

/** Whose an account is: its team, or the red team. */
export const homeOf = (account: Pick<TeamAccount, 'team_id'>): AccountHome => account.team_id ?? 'red';

/** Stores a new account; false when the name is taken (names are unique across teams and roles: a member signs in with the name alone). */
export async function putTeamAccount(input: { name: string; home: AccountHome; passwordHash: string; audit: AuditContext }): Promise<TeamAccount | false> {
  const account: TeamAccount = {
    id: await allocateId('team-account'),
    name: input.name,
    role: sessionRoleOf(input.home),
    team_id: teamOfHome(input.home),
    created_at: new Date().toISOString(),
  };
  try {
    await db().send(
      new TransactWriteCommand({
        TransactItems: [
          {
            Put: {
              TableName: tableName(),
              Item: { ...keys.teamAccount(account.name), ...account, password_hash: input.passwordHash } satisfies Stored & object,
              ConditionExpression: 'attribute_not_exists(pk)',
            },
          },
          auditPut(input.audit, { action: 'team-account.create', target: `team-accounts/${account.id}`, before: null, after: account }),
        ],
      }),
    );
    return account;
  } catch (error) {
    if (transactionConditionFailed(error, 0)) return false;
    throw error;
  }
}

/** The account of this name with its hash (sign-in only). */
export async function findTeamAccount(name: string): Promise<(TeamAccount & { passwordHash: string }) | undefined> {
  const { Item } = await db().send(new GetCommand({ TableName: tableName(), Key: keys.teamAccount(name), ConsistentRead: true }));
  return Item ? { ...toAccount(Item), passwordHash: String(Item.password_hash) } : undefined;
}

/** Every account, or one team's. */
export async function listTeamAccounts(teamId?: number): Promise<TeamAccount[]> {
  const items = await queryPartition(PARTITION.teamAccounts, { consistent: true, skPrefix: keys.teamAccountPrefix });
  return items
    .map(toAccount)
    .filter((account) => teamId === undefined || account.team_id === teamId)
    .sort((a, b) => a.id - b.id);
}

/** Removes the account with this id; the removed account, or undefined when there is none. */
export async function deleteTeamAccount(id: number, audit: AuditContext): Promise<TeamAccount | undefined> {
  const account = (await listTeamAccounts()).find((a) => a.id === id);
  if (!account) return undefined;
  try {
    await db().send(
      new TransactWriteCommand({
        TransactItems: [
          {
            Delete: { TableName: tableName(), Key: keys.teamAccount(account.name), ConditionExpression: 'id = :id', ExpressionAttributeValues: { ':id': id } },
          },
          auditPut(audit, { action: 'team-account.delete', target: `team-accounts/${id}`, before: account, after: null }),
        ],
      }),
    );
    return account;
  } catch (error) {
    // Removed by a concurrent request: nothing left to remove.
    if (transactionConditionFailed(error, 0)) return undefined;
    throw error;
  }
}
