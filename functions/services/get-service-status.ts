import { servicesRoutes } from '#shared/api/routes/services';
import { freshSubtypeNames } from '#shared/data/fresh';
import { readStatusCells } from '#shared/data/status-cells';
import { deltaBase, statusAsOf, statusView } from '#shared/domain/scoring/status-view';
import { endpoint } from '#shared/http/endpoint';
import { visibleTo } from '#shared/http/principal';
import { ok } from '#shared/http/responses';

/**
 * The matrix page's read: one Query per shard of the status cells, whole or
 * (for `?since=` on the grid) only what changed. Its ETag is the public
 * version's alone, not the clock's: while nothing changes, a viewer's poll is
 * a 304 and it keeps its `since`, whose delta would be empty anyway (an
 * `as_of` further on says nothing new).
 */
export const handler = endpoint(servicesRoutes.GetServiceStatus, {}, async ({ query, principal }) => {
  const asOf = statusAsOf(Date.now());
  const base = deltaBase(query.since, asOf);
  let read = await readStatusCells(base);
  // A load after `since`: services came and went, which a delta cannot say.
  const full = base === undefined || read.loadedAt > base;
  if (base !== undefined && full) read = await readStatusCells();
  return ok(statusView(visibleTo(principal, read.cells), asOf, full ? { subtypes: await freshSubtypeNames() } : undefined));
});
