import { tokensRoutes } from '#shared/api/routes/tokens';
import { revokeToken } from '#shared/data/tokens';
import { auditContext } from '#shared/http/audit-context';
import { endpoint } from '#shared/http/endpoint';
import { notFound } from '#shared/http/problem';
import { noContent } from '#shared/http/responses';

/** Revokes a token by its public id: every later request with it is refused (the lookup is consistent). */
export const handler = endpoint(tokensRoutes.RevokeToken, {}, async (request) => {
  if (!(await revokeToken(request.textId, auditContext(request)))) throw notFound(`No token ${request.textId} to revoke (unknown, or revoked already).`);
  request.log.info('token revoked', { token_id: request.textId });
  return noContent();
});
