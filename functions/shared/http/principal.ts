import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import { roleMayCall, type Role, type Route } from '#shared/api/route';
import { parseAuthorization, tokenRejection } from '#shared/auth/tokens';
import { resolveIamRole } from '#shared/data/iam-principals';
import { findToken } from '#shared/data/tokens';
import { databaseUnavailable, forbidden, unauthorized } from '#shared/http/problem';

/**
 * Who is calling, with their role: a token's from the token record, an IAM
 * caller's from the registry of IAM principals (IAM's policy let the request
 * through; the registry says who it is, and a caller not in it is refused).
 */
export type Principal = { via: 'token'; role: Role; name: string; tokenId: string } | { via: 'iam'; role: Role; name: string };

/**
 * What our Lambda authorizer puts in the request context (simple responses
 * allow flat string values). `unavailable`: the authorizer could not reach the
 * database, so it decided nothing; the handler decides itself (and answers 503
 * if the database is still not there).
 */
export type AuthorizerContext = { role: Role; name: string; tokenId: string } | { rejected: string } | { unavailable: string; decidedAt: string };

/**
 * An `unavailable` verdict younger than this was taken for this very request
 * (the handler runs right after its authorizer, a cold start included): the
 * database was away a moment ago, so the answer is 503 at once rather than a
 * second wait. An older one can only come from an authorizer cache, and then
 * the handler asks the table again so that the verdict never sticks.
 */
const FRESH_VERDICT_MS = 10_000;

interface AuthorizerShape {
  lambda?: Partial<Record<'role' | 'name' | 'tokenId' | 'rejected' | 'unavailable' | 'decidedAt', string>>;
  iam?: { userArn?: string; accessKey?: string };
}

/** Resolves the caller from the authorizer's context or, on routes without one, from the header. */
export async function resolvePrincipal(event: APIGatewayProxyEventV2): Promise<Principal | undefined> {
  const authorizer = (event.requestContext as { authorizer?: AuthorizerShape }).authorizer;
  if (authorizer?.iam) {
    const arn = authorizer.iam.userArn ?? '';
    const role = arn ? await resolveIamRole(arn) : undefined;
    if (!role) throw forbidden(`The IAM principal ${arn || `of access key ${authorizer.iam.accessKey}`} is not registered for this API.`);
    return { via: 'iam', role, name: arn };
  }
  if (authorizer?.lambda) {
    const { role, name, tokenId, rejected, unavailable, decidedAt } = authorizer.lambda;
    if (unavailable) {
      if (Date.now() - Number(decidedAt ?? 0) < FRESH_VERDICT_MS) throw databaseUnavailable();
      return principalFromHeader(event.headers.authorization);
    }
    if (rejected || !role || !name || !tokenId) throw unauthorized(rejected ?? 'The credentials were not accepted.');
    return { via: 'token', role: role as Role, name, tokenId };
  }
  return principalFromHeader(event.headers.authorization);
}

/**
 * The Bearer token in a header, checked against the table. Shared by the
 * Lambda authorizer and by public routes, which have no authorizer in front.
 */
export async function principalFromHeader(header: string | undefined): Promise<Principal | undefined> {
  const authorization = parseAuthorization(header);
  switch (authorization.scheme) {
    case 'none':
      return undefined;
    case 'malformed':
      throw unauthorized('The Authorization header must be "Bearer <token>".');
    case 'sigv4':
      throw unauthorized('SigV4-signed requests are accepted only on the IAM API.');
    case 'bearer': {
      const record = await findToken(authorization.token);
      if (!record) throw unauthorized('The token is not known.');
      const rejection = tokenRejection(record, new Date());
      if (rejection) throw unauthorized(rejection);
      return { via: 'token', role: record.role, name: record.name, tokenId: record.token_id };
    }
  }
}

/** 401 when a protected route has no caller, 403 when the caller's role may not use it. */
export function checkAccess(route: Route, principal: Principal | undefined): void {
  if (route.access === 'public') return;
  if (!principal) throw unauthorized('This route needs credentials: send "Authorization: Bearer <token>".');
  if (!roleMayCall(route.access, principal.role)) {
    throw forbidden(`A ${principal.role} ${principal.via === 'token' ? 'token' : 'IAM principal'} may not use ${route.method} ${route.path}.`);
  }
}

/** Admins and services (and IAM callers) see what the public does not: hidden teams. */
export function seesHidden(principal: Principal | undefined): boolean {
  return principal !== undefined;
}

export function principalName(principal: Principal | undefined): string {
  if (!principal) return 'anonymous';
  return principal.via === 'token' ? `${principal.name} (token ${principal.tokenId})` : principal.name;
}

/** Whether the caller may see a record: hidden teams' records only for admins and services. */
export function canSee(principal: Principal | undefined, record: { hidden: boolean }): boolean {
  return !record.hidden || seesHidden(principal);
}

export function visibleTo<T extends { hidden: boolean }>(principal: Principal | undefined, records: T[]): T[] {
  return records.filter((record) => canSee(principal, record));
}
