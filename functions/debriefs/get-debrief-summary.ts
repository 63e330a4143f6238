import { debriefsRoutes } from '#shared/api/routes/debriefs';
import { summaryOfDebriefs } from '#shared/app/debriefs';
import { endpoint } from '#shared/http/endpoint';
import { ok } from '#shared/http/responses';

/** The organisers' table of ranks. */
export const handler = endpoint(debriefsRoutes.GetDebriefSummary, {}, async () => ok(await summaryOfDebriefs()));
