import { beaconsRoutes } from '#shared/api/routes/beacons';
import { voidBeacon } from '#shared/app/beacons';
import { auditContext } from '#shared/http/audit-context';
import { endpoint } from '#shared/http/endpoint';
import { ok } from '#shared/http/responses';

/** An organiser previews, then voids, a beacon's deductions. */
export const handler = endpoint(beaconsRoutes.VoidBeacon, {}, async (request) => {
  const done = await voidBeacon(request.id, request.body.dry_run, auditContext(request));
  if (done.applied) request.log.info('beacon voided', { beacon: done.beacon_id, team: done.team_id, deductions: done.deductions, points: done.points });
  return ok(done);
});
