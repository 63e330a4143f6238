import { tokensRoutes } from '#shared/api/routes/tokens';
import { createToken } from '#shared/data/tokens';
import { auditContext } from '#shared/http/audit-context';
import { endpoint } from '#shared/http/endpoint';
import { created } from '#shared/http/responses';

/** An organiser mints a token; the secret is answered once, and only its hash is kept. */
export const handler = endpoint(tokensRoutes.CreateToken, {}, async (request) => {
  const { body, log } = request;
  const { token, record } = await createToken({ role: body.role, name: body.name, expiresAt: body.expires_at, audit: auditContext(request) });
  log.info('token created', { token_id: record.token_id, role: record.role, expires_at: record.expires_at });
  return created({ ...record, token }, tokensRoutes.ListTokens.path);
});
