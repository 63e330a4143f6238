import { poolsRoutes } from '#shared/api/routes/pools';
import { replacePool } from '#shared/app/pools';
import { auditContext } from '#shared/http/audit-context';
import { endpoint } from '#shared/http/endpoint';
import { ok } from '#shared/http/responses';

/** An organiser creates a pool or replaces what it checks; audited. */
export const handler = endpoint(poolsRoutes.ReplacePool, {}, async (request) => {
  const pool = await replacePool(request.textId, request.body, auditContext(request));
  request.log.info('pool written', { pool: pool.name, checks: pool.checks.length });
  return ok(pool);
});
