import { servicesRoutes } from '#shared/api/routes/services';
import { freshSubtypeNames } from '#shared/data/fresh';
import { readStatusCells } from '#shared/data/status-cells';
import { deltaBase, deltaCells, STATUS_GRID_MS, statusAsOf, statusView } from '#shared/domain/scoring/status-view';
import { endpoint } from '#shared/http/endpoint';
import { visibleTo } from '#shared/http/principal';
import { ok } from '#shared/http/responses';

/**
 * The matrix page's read: one Query per shard of the status cells, whole or
 * (for `?since=` on the grid) only what changed from `since` to `as_of`, so a
 * viewer gets each change once. Its ETag is the public version's, and the
 * grid's only until `as_of` has passed the version's last move (decision
 * 0077): an answer made before that lacks the change, and the next grid step
 * must reach the viewer; after it, a viewer's quiet poll, whatever its
 * `since`, is a 304 until something changes (any change moves the version).
 */
export const handler = endpoint(
  servicesRoutes.GetServiceStatus,
  { changesWithClockMs: STATUS_GRID_MS, completeUpTo: statusAsOf },
  async ({ query, principal }) => {
    const asOf = statusAsOf(Date.now());
    const base = deltaBase(query.since, asOf);
    let read = await readStatusCells(base);
    // A load after `since`: services came and went, which a delta cannot say.
    const full = base === undefined || read.loadedAt > base;
    if (base !== undefined && full) read = await readStatusCells();
    const cells = visibleTo(principal, read.cells);
    return ok(full ? statusView(cells, asOf, { whole: { subtypes: await freshSubtypeNames() } }) : statusView(deltaCells(cells, base, asOf), asOf, { base }));
  },
);
