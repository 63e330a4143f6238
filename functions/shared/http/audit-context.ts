import type { AuditActor, AuditContext } from '#shared/data/audit';
import type { Principal } from '#shared/http/principal';

/** The actor of a request: a token by its public id and name, an IAM caller by its ARN, a member by account, team (none for the red team's) and session id. */
export function auditActor(principal: Principal): AuditActor {
  switch (principal.via) {
    case 'token':
      return { type: 'token', name: principal.name, token_id: principal.tokenId, role: principal.role };
    case 'iam':
      return { type: 'iam', name: principal.name, arn: principal.name, role: principal.role };
    case 'session':
      return principal.role === 'team'
        ? { type: 'session', name: principal.name, team_id: principal.team, session_id: principal.sessionId, role: 'team' }
        : { type: 'session', name: principal.name, team_id: null, session_id: principal.sessionId, role: 'red-team' };
  }
}

/**
 * Who, through which route, for the audit entry a write adds to its
 * transaction. Writes are never anonymous (their routes need credentials).
 */
export function auditContext(request: { principal: Principal | undefined; route: string; requestId: string }): AuditContext {
  if (!request.principal) throw new Error(`An audited write without a caller: ${request.route}`);
  return { actor: auditActor(request.principal), route: request.route, requestId: request.requestId };
}
