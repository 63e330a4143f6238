import { beaconsRoutes } from '#shared/api/routes/beacons';
import { openBeacon } from '#shared/app/beacons';
import { auditContext } from '#shared/http/audit-context';
import { endpoint } from '#shared/http/endpoint';
import { created } from '#shared/http/responses';

/** A red team member opens a beacon on a team host; the answer carries its token, this once. */
export const handler = endpoint(beaconsRoutes.OpenBeacon, {}, async (request) => {
  const opened = await openBeacon(request.body, request.principal!.name, auditContext(request));
  request.log.info('beacon opened', { beacon: opened.beacon.id, team: opened.beacon.team_id, host: opened.beacon.host });
  return created(opened, `${beaconsRoutes.ListBeacons.path}?team_id=${opened.beacon.team_id}`);
});
