import { debriefsRoutes } from '#shared/api/routes/debriefs';
import { memberDebrief, organiserDebrief } from '#shared/app/debriefs';
import { endpoint } from '#shared/http/endpoint';
import { ok } from '#shared/http/responses';

/** The team's own debrief, once the settings release it (403 `debrief_not_released` before); an organiser's read is the organisers' route's. */
export const handler = endpoint(debriefsRoutes.GetTeamDebrief, {}, async ({ id, principal }) =>
  ok(await (principal?.role === 'admin' ? organiserDebrief(id) : memberDebrief(id))),
);
