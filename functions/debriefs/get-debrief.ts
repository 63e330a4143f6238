import { debriefsRoutes } from '#shared/api/routes/debriefs';
import { organiserDebrief } from '#shared/app/debriefs';
import { endpoint } from '#shared/http/endpoint';
import { ok } from '#shared/http/responses';

/** Any team's debrief, hidden teams' included, whatever the release. */
export const handler = endpoint(debriefsRoutes.GetDebrief, {}, async ({ id }) => ok(await organiserDebrief(id)));
