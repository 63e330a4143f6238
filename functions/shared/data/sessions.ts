/**
 * Members' sign-in sessions (`SESSIONS#<team> / SESSION#<hash>`, or
 * `SESSIONS#RED` for the red team's): only the SHA-256 of the token is
 * stored, beside the account, its role and team (none for the red team) and
 * when it ends. Expired sessions are refused at once and removed
 * later by the table's TTL.
 */
import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { GetCommand, PutCommand, TransactWriteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { generateSessionToken, hashSessionToken, SESSION_HOURS, sessionHome } from '#shared/auth/sessions';
import { sessionRoleOf, teamOfHome, type AccountHome, type SessionRole } from '#shared/domain/roles';
import { auditPut, type AuditContext } from '#shared/data/audit';
import { db, tableName } from '#shared/data/client';
import { keys } from '#shared/data/keys';
import { queryPartition, transactionConditionFailed } from '#shared/data/operations';

export interface Session {
  session_id: string;
  role: SessionRole;
  /** The member's team; null for the red team's. */
  team_id: number | null;
  /** The account's name. */
  account: string;
  created_at: string;
  expires_at: string;
  ended_at: string | null;
}

const toSession = (item: Record<string, unknown>): Session => ({
  session_id: String(item.session_id),
  // Sessions from before the red team were all blue teams'.
  role: (item.role as SessionRole | undefined) ?? 'team',
  team_id: item.team_id === null || item.team_id === undefined ? null : Number(item.team_id),
  account: String(item.account),
  created_at: String(item.created_at),
  expires_at: String(item.expires_at),
  ended_at: (item.ended_at as string | null | undefined) ?? null,
});

/** The account a session was being started for was removed meanwhile. */
export class AccountGone extends Error {}

/** Why a stored session may not be used now, or undefined when it may. */
export function sessionRejection(session: Session, now: Date): string | undefined {
  if (session.ended_at) return 'The session has ended: sign in again.';
  if (Date.parse(session.expires_at) <= now.getTime()) return 'The session has expired: sign in again.';
  return undefined;
}

/**
 * Starts a session for an account; the token is returned once and never
 * stored. With the account's id, only while that account still exists (an
 * account removed meanwhile leaves no session behind): undefined otherwise.
 */
export async function startSession(account: { id?: number; name: string; home: AccountHome }, now = new Date()): Promise<{ token: string; session: Session }> {
  const { token, hash, sessionId } = generateSessionToken(account.home);
  const expires = new Date(now.getTime() + SESSION_HOURS * 3_600_000);
  const session: Session = {
    session_id: sessionId,
    role: sessionRoleOf(account.home),
    team_id: teamOfHome(account.home),
    account: account.name,
    created_at: now.toISOString(),
    expires_at: expires.toISOString(),
    ended_at: null,
  };
  // Kept a day past its end: long enough to say "expired" rather than "unknown".
  const put = { TableName: tableName(), Item: { ...keys.session(account.home, hash), ...session, ttl: Math.floor(expires.getTime() / 1000) + 86_400 } };
  if (account.id === undefined) {
    await db().send(new PutCommand(put));
    return { token, session };
  }
  try {
    await db().send(
      new TransactWriteCommand({
        TransactItems: [
          { Put: put },
          {
            ConditionCheck: {
              TableName: tableName(),
              Key: keys.teamAccount(account.name),
              ConditionExpression: 'id = :id',
              ExpressionAttributeValues: { ':id': account.id },
            },
          },
        ],
      }),
    );
  } catch (error) {
    if (transactionConditionFailed(error)) throw new AccountGone();
    throw error;
  }
  return { token, session };
}

/** The session a token names, if any. Strongly consistent, so a sign-out counts at once. */
export async function findSession(token: string): Promise<Session | undefined> {
  const home = sessionHome(token);
  if (home === undefined) return undefined;
  const { Item } = await db().send(new GetCommand({ TableName: tableName(), Key: keys.session(home, hashSessionToken(token)), ConsistentRead: true }));
  return Item ? toSession(Item) : undefined;
}

const END = {
  UpdateExpression: 'SET ended_at = :now',
  ConditionExpression: 'attribute_exists(pk) AND ended_at = :null',
} as const;

/** Ends the session a token names (sign-out); false when it had ended already. */
export async function endSession(token: string, now = new Date()): Promise<boolean> {
  const home = sessionHome(token);
  if (home === undefined) return false;
  try {
    await db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.session(home, hashSessionToken(token)),
        ...END,
        ExpressionAttributeValues: { ':now': now.toISOString(), ':null': null },
      }),
    );
    return true;
  } catch (error) {
    if (error instanceof ConditionalCheckFailedException) return false;
    throw error;
  }
}

/** A home's sessions that are still open (not ended, not expired). */
export async function openSessions(home: AccountHome, now = new Date()): Promise<Session[]> {
  const items = await queryPartition(keys.sessionsOf(home), { consistent: true });
  return items.map(toSession).filter((session) => sessionRejection(session, now) === undefined);
}

/**
 * Ends every open session of a home (a team, or the red team), or only its
 * account's (an organiser's "sign them all out", or an account's removal):
 * one audited change each. Returns how many it ended.
 */
export async function endSessionsOf(home: AccountHome, audit: AuditContext, options: { account?: string } = {}, now = new Date()): Promise<number> {
  const items = await queryPartition(keys.sessionsOf(home), { consistent: true });
  let ended = 0;
  for (const item of items) {
    const session = toSession(item);
    if (sessionRejection(session, now) !== undefined || (options.account !== undefined && session.account !== options.account)) continue;
    try {
      await db().send(
        new TransactWriteCommand({
          TransactItems: [
            {
              Update: {
                TableName: tableName(),
                Key: { pk: String(item.pk), sk: String(item.sk) },
                ...END,
                ExpressionAttributeValues: { ':now': now.toISOString(), ':null': null },
              },
            },
            auditPut(audit, {
              action: 'session.end',
              target: `${home === 'red' ? 'red-team' : `teams/${home}`}/sessions/${session.session_id}`,
              before: session,
              after: { ...session, ended_at: now.toISOString() },
            }),
          ],
        }),
      );
      ended++;
    } catch (error) {
      // Signed out meanwhile: already ended.
      if (!transactionConditionFailed(error)) throw error;
    }
  }
  return ended;
}
