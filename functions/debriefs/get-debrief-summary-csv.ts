import { debriefsRoutes } from '#shared/api/routes/debriefs';
import { summaryOfDebriefs } from '#shared/app/debriefs';
import { summaryCsv } from '#shared/domain/debrief-table';
import { endpoint } from '#shared/http/endpoint';
import { textResult } from '#shared/http/responses';

/** The organisers' table of ranks, as a spreadsheet opens it. */
export const handler = endpoint(debriefsRoutes.GetDebriefSummaryCsv, {}, async () =>
  textResult('text/csv; charset=utf-8', summaryCsv(await summaryOfDebriefs()), { 'content-disposition': 'attachment; filename="ranks.csv"' }),
);
