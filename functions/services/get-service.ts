import { IN_PROGRESS_MAX_MS } from '#shared/domain/scoring/status';
import { servicesRoutes } from '#shared/api/routes/services';
import { recentScans } from '#shared/data/results';
import { publicScan } from '#shared/domain/model';
import { getServiceRecord } from '#shared/data/services';
import { frozenServiceFigures } from '#shared/domain/scoring/freeze';
import { endpoint } from '#shared/http/endpoint';
import { canSee } from '#shared/http/principal';
import { notFound } from '#shared/http/problem';
import { ok } from '#shared/http/responses';

/** How many of a service's latest scans its detail view lists. */
const RECENT_SCANS = 10;

/** A service, its points and its latest scans; during a freeze the public gets the points and scans as of the freeze, the status live. */
export const handler = endpoint(
  servicesRoutes.GetService,
  { freeze: true, changesWithClockMs: IN_PROGRESS_MAX_MS / 10 },
  async ({ id, principal, frozenAt }) => {
    const [record, scans] = await Promise.all([getServiceRecord(id), recentScans(id, RECENT_SCANS, frozenAt)]);
    if (!record || !canSee(principal, record)) throw notFound(`No service has id ${id}.`);
    const live = { points_earned: record.points_earned, sla: { run: record.sla.run, violations: record.sla.violations, penalty: record.sla.penalty } };
    const figures = frozenAt ? frozenServiceFigures(live, record.after_freeze, frozenAt) : live;
    return ok({ ...record.service, ...figures, recent_scans: scans.map(publicScan) });
  },
);
