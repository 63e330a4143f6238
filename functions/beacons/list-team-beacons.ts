import { beaconsRoutes } from '#shared/api/routes/beacons';
import { teamBeacons } from '#shared/app/beacons';
import { endpoint } from '#shared/http/endpoint';
import { ok } from '#shared/http/responses';

/** The beacons found on the team's hosts, when the settings show them. */
export const handler = endpoint(beaconsRoutes.ListTeamBeacons, {}, async ({ id }) => ok(await teamBeacons(id)));
