import type { APIGatewayRequestAuthorizerEventV2, APIGatewaySimpleAuthorizerWithContextResult } from 'aws-lambda';
import { principalFromHeader, type AuthorizerContext } from '#shared/http/principal';
import { cameThroughCdn } from '#shared/http/origin-check';
import { HttpProblem } from '#shared/http/problem';
import { databaseUnavailableCause } from '#shared/data/client';
import { createLogger, describeError } from '#shared/log';

type AuthorizerResult = APIGatewaySimpleAuthorizerWithContextResult<AuthorizerContext>;

/**
 * The token API's Lambda authorizer (simple responses). It authenticates:
 * a valid token or team session becomes the principal in the request
 * context (a session with its team; the route's handler decides whether
 * that team may use the path). A missing or
 * bad token is passed on as `rejected` so that the route's handler answers
 * with the contract's problem+json 401 (API Gateway's own denials cannot carry
 * one); the handler refuses every protected route without a principal.
 *
 * An HTTP API authorizer can only allow, deny (a bare 403) or fail (a bare
 * 500). When the table cannot be reached it allows with an `unavailable` mark
 * and no principal: the handler then asks the table itself and answers 503
 * with Retry-After while it is still away, so a valid token is never told
 * "forbidden" for the database's sake and nothing is served unauthenticated.
 * Any other failure to decide (a bug) denies: fail closed.
 */
export async function handler(event: APIGatewayRequestAuthorizerEventV2): Promise<AuthorizerResult> {
  // Not through the CDN: refused before any token is looked up.
  if (!cameThroughCdn(event.headers)) return { isAuthorized: false, context: { rejected: 'not through the CDN' } };
  try {
    const principal = await principalFromHeader(event.headers?.authorization, { sessions: true });
    if (principal?.via === 'token') {
      const { role, name, tokenId, pool } = principal;
      return { isAuthorized: true, context: { role, name, tokenId, ...(pool ? { pool } : {}) } };
    }
    if (principal?.role === 'team') {
      return { isAuthorized: true, context: { role: 'team', name: principal.name, tokenId: principal.sessionId, team: String(principal.team) } };
    }
    if (principal?.role === 'red-team') return { isAuthorized: true, context: { role: 'red-team', name: principal.name, tokenId: principal.sessionId } };
    return { isAuthorized: true, context: { rejected: 'This route needs credentials: send "Authorization: Bearer <token>".' } };
  } catch (error) {
    if (error instanceof HttpProblem && error.status === 401) return { isAuthorized: true, context: { rejected: error.detail } };
    const cause = databaseUnavailableCause(error);
    if (cause) {
      createLogger({ requestId: event.requestContext?.requestId }).error('database unavailable', { cause, in: 'authorizer' });
      return { isAuthorized: true, context: { unavailable: cause, decidedAt: String(Date.now()) } };
    }
    createLogger({ requestId: event.requestContext?.requestId }).error('authorizer failed; denying', describeError(error));
    return { isAuthorized: false, context: { rejected: 'authorizer error' } };
  }
}
