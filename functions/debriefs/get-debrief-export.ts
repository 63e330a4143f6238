import { debriefsRoutes } from '#shared/api/routes/debriefs';
import { debriefExportJob } from '#shared/app/debrief-exports';
import { endpoint } from '#shared/http/endpoint';
import { ok } from '#shared/http/responses';

export const handler = endpoint(debriefsRoutes.GetDebriefExport, {}, async ({ id }) => ok(await debriefExportJob(id)));
