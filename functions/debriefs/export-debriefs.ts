import { API_PREFIX } from '#shared/api/prefix';
import { debriefsRoutes } from '#shared/api/routes/debriefs';
import { requestDebriefExport } from '#shared/app/debrief-exports';
import { endpoint } from '#shared/http/endpoint';
import { accepted } from '#shared/http/responses';

/** Every visible team's debrief as one ZIP in the bucket: a job the export worker writes. */
export const handler = endpoint(debriefsRoutes.ExportDebriefs, {}, async ({ principal, log }) => {
  const job = await requestDebriefExport(principal!.name, log);
  return accepted(job, `${API_PREFIX}/debriefs/exports/${job.id}`);
});
