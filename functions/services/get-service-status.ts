import { servicesRoutes } from '#shared/api/routes/services';
import { freshPublicVersions, freshSubtypeNames } from '#shared/data/fresh';
import { readStatusCells } from '#shared/data/status-cells';
import { deltaBase, deltaCells, statusAsOf, statusView } from '#shared/domain/scoring/status-view';
import { endpoint } from '#shared/http/endpoint';
import { visibleTo } from '#shared/http/principal';
import { ok } from '#shared/http/responses';

/**
 * The matrix page's read: one consistent Query per shard of the status cells,
 * whole or (for `?since=`) only what changed from `since` (less a short
 * overlap) to `as_of`, the live version's last move. Its ETag is the
 * version's (decision 0077): a viewer's quiet poll is a 304 until something
 * changes, and a nudged page's read (`?v=`) is answered from the version it
 * was nudged to (decision 0086).
 */
export const handler = endpoint(servicesRoutes.GetServiceStatus, {}, async ({ query, principal }) => {
  // The copy the endpoint wrapper tagged the answer with (read again there for a nudged `v`).
  const asOf = statusAsOf((await freshPublicVersions()).live.movedAt, Date.now());
  const base = deltaBase(query.since, asOf);
  let read = await readStatusCells(base?.from, { consistent: true });
  // A load after `since`: services came and went, which a delta cannot say.
  const full = base === undefined || read.loadedAt > base.since;
  if (base !== undefined && full) read = await readStatusCells(undefined, { consistent: true });
  const cells = visibleTo(principal, read.cells);
  return ok(
    full
      ? statusView(cells, asOf, { whole: { subtypes: await freshSubtypeNames() } })
      : statusView(deltaCells(cells, base.from, asOf), asOf, { base: base.from }),
  );
});
