import { poolsRoutes } from '#shared/api/routes/pools';
import { deletePool } from '#shared/app/pools';
import { auditContext } from '#shared/http/audit-context';
import { endpoint } from '#shared/http/endpoint';
import { noContent } from '#shared/http/responses';

/** An organiser deletes a pool that places nothing; audited. */
export const handler = endpoint(poolsRoutes.DeletePool, {}, async (request) => {
  await deletePool(request.textId, auditContext(request));
  request.log.info('pool deleted', { pool: request.textId });
  return noContent();
});
