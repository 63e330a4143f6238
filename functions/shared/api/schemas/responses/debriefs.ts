import * as v from 'valibot';
import { exportJobProgress, exportJobResult } from '#shared/api/schemas/export-job-fields';
import { Count, Id, named } from '#shared/domain/shapes';

/** Answers about teams' debriefs: their schemas are the domain's (domain/debrief.ts, domain/debrief-summary.ts), and the export's job. */
export { DebriefSchema } from '#shared/domain/debrief';
export { DebriefSummarySchema } from '#shared/domain/debrief-summary';

export const DebriefExportSchema = named(
  'DebriefExport',
  "An export of every visible team's debrief as one ZIP in the bucket: a self-contained HTML file per team (`team-<number>-<name>.html`: inline style, the chart as SVG, no script) and the table of ranks (`ranks.csv`), written by the export worker, which builds any debrief not current on the way. Poll it (its `Location`) until `state` is `done` (then `url` downloads it until `expires_at`) or `failed` (`error` says why).",
  v.strictObject({
    id: Id,
    ...exportJobProgress,
    teams: v.pipe(Count, v.description('Teams in it: the visible ones when it was asked for.')),
    ...exportJobResult,
  }),
);
