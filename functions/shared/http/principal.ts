import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import { roleMayCall, type Route } from '#shared/api/route';
import type { TokenRole } from '#shared/domain/roles';
import { isSessionToken } from '#shared/auth/sessions';
import { parseAuthorization, tokenRejection } from '#shared/auth/tokens';
import { findSession, sessionRejection } from '#shared/data/sessions';
import { resolveIamRole } from '#shared/data/iam-principals';
import { findToken } from '#shared/data/tokens';
import { databaseUnavailable, forbidden, unauthorized } from '#shared/http/problem';

/**
 * Who is calling, with their role: a token's from the token record, an IAM
 * caller's from the registry of IAM principals (IAM's policy let the request
 * through; the registry says who it is, and a caller not in it is refused).
 */
export type Principal =
  /** `pool`: the pool an agent's credential works for (role `agent` only). */
  | { via: 'token'; role: TokenRole; name: string; tokenId: string; pool?: string }
  | { via: 'iam'; role: TokenRole; name: string; pool?: string }
  /** A blue team member signed in: their account's name, their team's id and the session's public id. */
  | { via: 'session'; role: 'team'; name: string; team: number; sessionId: string }
  /** A red team member signed in: bound to no team. */
  | { via: 'session'; role: 'red-team'; name: string; sessionId: string };

/**
 * What our Lambda authorizer puts in the request context (simple responses
 * allow flat string values). `unavailable`: the authorizer could not reach the
 * database, so it decided nothing; the handler decides itself (and answers 503
 * if the database is still not there).
 */
export type AuthorizerContext =
  | { role: TokenRole; name: string; tokenId: string; pool?: string }
  | { role: 'team'; name: string; tokenId: string; team: string }
  | { role: 'red-team'; name: string; tokenId: string }
  | { rejected: string }
  | { unavailable: string; decidedAt: string };

/**
 * An `unavailable` verdict younger than this was taken for this very request
 * (the handler runs right after its authorizer, a cold start included): the
 * database was away a moment ago, so the answer is 503 at once rather than a
 * second wait. An older one can only come from an authorizer cache, and then
 * the handler asks the table again so that the verdict never sticks.
 */
const FRESH_VERDICT_MS = 10_000;

interface AuthorizerShape {
  lambda?: Partial<Record<'role' | 'name' | 'tokenId' | 'team' | 'pool' | 'rejected' | 'unavailable' | 'decidedAt', string>>;
  iam?: { userArn?: string; accessKey?: string };
}

/**
 * Resolves the caller from the authorizer's context or, on routes without one
 * (the public ones), from the header, where a public route ignores a team
 * session.
 */
export async function resolvePrincipal(event: APIGatewayProxyEventV2, route: Pick<Route, 'access'>): Promise<Principal | undefined> {
  const sessions = route.access !== 'public';
  const authorizer = (event.requestContext as { authorizer?: AuthorizerShape }).authorizer;
  if (authorizer?.iam) {
    const arn = authorizer.iam.userArn ?? '';
    const registered = arn ? await resolveIamRole(arn) : undefined;
    if (!registered) throw forbidden(`The IAM principal ${arn || `of access key ${authorizer.iam.accessKey}`} is not registered for this API.`);
    return { via: 'iam', role: registered.role, name: arn, ...(registered.pool ? { pool: registered.pool } : {}) };
  }
  if (authorizer?.lambda) {
    const { role, name, tokenId, team, pool, rejected, unavailable, decidedAt } = authorizer.lambda;
    if (unavailable) {
      if (Date.now() - Number(decidedAt ?? 0) < FRESH_VERDICT_MS) throw databaseUnavailable();
      return principalFromHeader(event.headers.authorization, { sessions });
    }
    if (rejected || !role || !name || !tokenId) throw unauthorized(rejected ?? 'The credentials were not accepted.');
    if (role === 'team') return { via: 'session', role, name, team: Number(team), sessionId: tokenId };
    if (role === 'red-team') return { via: 'session', role, name, sessionId: tokenId };
    return { via: 'token', role: role as TokenRole, name, tokenId, ...(pool ? { pool } : {}) };
  }
  return principalFromHeader(event.headers.authorization, { sessions });
}

/**
 * The Bearer token in a header, checked against the table. Shared by the
 * Lambda authorizer and by public routes, which have no authorizer in front
 * and ignore team sessions (`sessions: false`): a member reads them as
 * anyone does, and the session is not even looked up.
 */
export async function principalFromHeader(header: string | undefined, options: { sessions: boolean }): Promise<Principal | undefined> {
  const authorization = parseAuthorization(header);
  switch (authorization.scheme) {
    case 'none':
      return undefined;
    case 'malformed':
      throw unauthorized('The Authorization header must be "Bearer <token>".');
    case 'sigv4':
      throw unauthorized('SigV4-signed requests are accepted only on the IAM API.');
    case 'bearer': {
      if (isSessionToken(authorization.token)) return options.sessions ? sessionPrincipal(authorization.token) : undefined;
      const record = await findToken(authorization.token);
      if (!record) throw unauthorized('The token is not known.');
      const rejection = tokenRejection(record, new Date());
      if (rejection) throw unauthorized(rejection);
      return { via: 'token', role: record.role, name: record.name, tokenId: record.token_id, ...(record.pool ? { pool: record.pool } : {}) };
    }
  }
}

async function sessionPrincipal(token: string): Promise<Principal> {
  const session = await findSession(token);
  if (!session) throw unauthorized('The session is not known: sign in again.');
  const rejection = sessionRejection(session, new Date());
  if (rejection) throw unauthorized(rejection);
  if (session.team_id === null) return { via: 'session', role: 'red-team', name: session.account, sessionId: session.session_id };
  return { via: 'session', role: 'team', name: session.account, team: session.team_id, sessionId: session.session_id };
}

const CREDENTIAL: Record<Principal['via'], string> = { token: 'token', iam: 'IAM principal', session: 'session' };

/** 401 when a protected route has no caller, 403 when the caller's role may not use it. */
export function checkAccess(route: Route, principal: Principal | undefined): void {
  if (route.access === 'public') return;
  if (!principal) throw unauthorized('This route needs credentials: send "Authorization: Bearer <token>".');
  if (!roleMayCall(route.access, principal.role)) {
    const article = principal.role === 'admin' ? 'An' : 'A';
    throw forbidden(`${article} ${principal.role} ${CREDENTIAL[principal.via]} may not use ${route.method} ${route.path}.`);
  }
}

/** On a team's own route (`/team/{id}/…`): 403 when a team session asks for another team's. Admins may ask for any. */
export function checkOwnTeam(principal: Principal | undefined, teamId: number): void {
  if (principal?.role === 'team' && principal.team !== teamId) {
    throw forbidden(`A session of team ${principal.team} reaches its own team's routes only.`);
  }
  if (principal?.role === 'red-team') throw forbidden("A red team session reaches no team's routes.");
}

/** Admins, services and agents (and IAM callers) see what the public does not: hidden teams. Sessions never reach a public route's handler as a principal. */
export function seesHidden(principal: Principal | undefined): boolean {
  return principal !== undefined && principal.via !== 'session';
}

export function principalName(principal: Principal | undefined): string {
  if (!principal) return 'anonymous';
  switch (principal.via) {
    case 'token':
      return `${principal.name} (token ${principal.tokenId})`;
    case 'iam':
      return principal.name;
    case 'session':
      return principal.role === 'team'
        ? `${principal.name} (team ${principal.team} session ${principal.sessionId})`
        : `${principal.name} (red team session ${principal.sessionId})`;
  }
}

/** Whether the caller may see a record: hidden teams' records only for admins and services. */
export function canSee(principal: Principal | undefined, record: { hidden: boolean }): boolean {
  return !record.hidden || seesHidden(principal);
}

export function visibleTo<T extends { hidden: boolean }>(principal: Principal | undefined, records: T[]): T[] {
  return records.filter((record) => canSee(principal, record));
}
