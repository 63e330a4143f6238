import { beaconsRoutes } from '#shared/api/routes/beacons';
import { closeBeaconBy } from '#shared/app/beacons';
import { auditContext } from '#shared/http/audit-context';
import { endpoint } from '#shared/http/endpoint';
import { ok } from '#shared/http/responses';

/** The red team or an organiser closes a beacon. */
export const handler = endpoint(beaconsRoutes.CloseBeacon, {}, async (request) =>
  ok(await closeBeaconBy(request.id, request.principal!.role === 'admin' ? 'organiser' : 'red_team', auditContext(request))),
);
