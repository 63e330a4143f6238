import { DebriefExportSchema, DebriefSchema, DebriefSummarySchema } from '#shared/api/schemas/responses/debriefs';
import { route, json } from '#shared/api/route';

/**
 * Teams' debriefs (issue #62): each team's story of the event. Organisers
 * read any team's at any time; a team's members read their own once the
 * settings release it (`debriefs_shown`). Built once per version of the
 * public data and kept: a read that finds its team's stale builds it and
 * keeps it in the debriefs' own partitions, the one thing it may write.
 */
const KEEPS = ['DEBRIEF#'];
/** A read that finds its debrief stale builds it from the team's results: seconds at the end of a long event (bench/debriefs.ts). */
const BUILDS = { timeoutSeconds: 29, memoryMb: 1024 } as const;
export const debriefsRoutes = {
  GetDebrief: route('GetDebrief', 'GET', '/teams/{id}/debrief', 'debriefs/get-debrief', 'admin', 'read', {
    keeps: KEEPS,
    runs: BUILDS,
    summary: "A team's debrief, as the team will read it: standing, services, injects, incident reports, the red team's findings, the score over time",
    responses: { 200: json('Everything so far, whatever the release and the freeze.', DebriefSchema) },
  }),
  GetTeamDebrief: route('GetTeamDebrief', 'GET', '/team/{id}/debrief', 'debriefs/get-team-debrief', 'team', 'read', {
    keeps: KEEPS,
    runs: BUILDS,
    summary:
      "The team's own debrief, once released to its members (`debriefs_shown`: after `finalise` and with no freeze standing, or at once); an organiser reads it whenever",
    responses: { 200: json('The debrief; while a freeze stands in a practice event (`now`), as of the freeze.', DebriefSchema) },
    problems: { 403: ['debrief_not_released'] },
  }),
  GetDebriefSummary: route('GetDebriefSummary', 'GET', '/debriefs/summary', 'debriefs/get-debrief-summary', 'admin', 'read', {
    summary: 'The organisers’ table of ranks: every team × every super type with score and rank, its uptime and inject points',
    responses: {
      200: json('By rank, as the scoreboard ranks (the main division first when segregated); hidden teams listed, ranked with nobody.', DebriefSummarySchema),
    },
  }),
  GetDebriefSummaryCsv: route('GetDebriefSummaryCsv', 'GET', '/debriefs/summary.csv', 'debriefs/get-debrief-summary-csv', 'admin', 'read', {
    summary: 'The table of ranks as CSV',
    responses: { 200: { description: 'RFC 4180, a header row first; text a spreadsheet would run as a formula starts with an apostrophe.', text: 'text/csv' } },
  }),
  ExportDebriefs: route('ExportDebriefs', 'POST', '/debriefs/exports', 'debriefs/export-debriefs', 'admin', 'read-write', {
    summary: "Every visible team's debrief as one ZIP in the bucket (an HTML file each, and the table of ranks as CSV): a job, written by the export worker",
    invokes: 'ExportWorker',
    responses: { 202: json('The job, queued; poll its Location until it is done (with a link) or failed.', DebriefExportSchema) },
  }),
  GetDebriefExport: route('GetDebriefExport', 'GET', '/debriefs/exports/{id}', 'debriefs/get-debrief-export', 'admin', 'read', {
    summary: 'An export of the debriefs: its state, and once done a link to its ZIP',
    bucket: { read: ['exports/'] },
    responses: { 200: json('The job as it is now.', DebriefExportSchema) },
  }),
} as const;
