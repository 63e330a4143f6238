import { beaconsRoutes } from '#shared/api/routes/beacons';
import { beacons } from '#shared/app/beacons';
import { endpoint } from '#shared/http/endpoint';
import { ok } from '#shared/http/responses';

/** Every beacon as it stands, or one team's. */
export const handler = endpoint(beaconsRoutes.ListBeacons, {}, async ({ query }) => ok(await beacons(query.team_id ? { teamId: query.team_id } : {})));
