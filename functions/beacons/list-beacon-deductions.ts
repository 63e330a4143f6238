import { beaconsRoutes } from '#shared/api/routes/beacons';
import { beaconDeductions } from '#shared/app/beacons';
import { endpoint } from '#shared/http/endpoint';
import { ok } from '#shared/http/responses';

/** A beacon's deductions, a round each. */
export const handler = endpoint(beaconsRoutes.ListBeaconDeductions, {}, async ({ id }) => ok(await beaconDeductions(id)));
