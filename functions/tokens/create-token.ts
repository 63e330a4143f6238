import { tokensRoutes } from '#shared/api/routes/tokens';
import { readPools } from '#shared/data/pools';
import { createToken } from '#shared/data/tokens';
import { auditContext } from '#shared/http/audit-context';
import { endpoint } from '#shared/http/endpoint';
import { validationFailed } from '#shared/http/problem';
import { created } from '#shared/http/responses';

/** An organiser mints a token; the secret is answered once, and only its hash is kept. An agent's names a pool that exists. */
export const handler = endpoint(tokensRoutes.CreateToken, {}, async (request) => {
  const { body, log } = request;
  if (body.pool !== undefined && !(await readPools({ consistent: true })).pools.some((p) => p.name === body.pool)) {
    throw validationFailed([{ path: 'pool', message: 'names no pool: create it first (PUT /api/v1/pools/{name})' }]);
  }
  const { token, record } = await createToken({ ...body, expiresAt: body.expires_at, audit: auditContext(request) });
  log.info('token created', { token_id: record.token_id, role: record.role, pool: record.pool, expires_at: record.expires_at });
  return created({ ...record, token }, tokensRoutes.ListTokens.path);
});
