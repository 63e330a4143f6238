import { FinaliseBody } from '#shared/api/schemas/requests/competition';
import { FinalisedSchema } from '#shared/api/schemas/responses/competition';
import { OverviewSchema } from '#shared/api/schemas/responses/pools';
import { route, json } from '#shared/api/route';

/** The competition as a whole: how it goes (the console's overview), and closing it (the command line's `scoring finalise`, from the console or a script). */
export const competitionRoutes = {
  GetOverview: route('GetOverview', 'GET', '/overview', 'competition/get-overview', 'admin', 'read', {
    summary: "The event at a glance: the scoring window, the round, services by state per check, the pools' agents, what waits and the fold's lag",
    responses: { 200: json('The overview (ETag: poll with If-None-Match).', OverviewSchema) },
  }),
  FinaliseCompetition: route('FinaliseCompetition', 'POST', '/competition/finalise', 'competition/finalise-competition', 'admin', 'read-write', {
    summary: "Lock the results: no scan report, adjustment, void or scoring setting changes them from now on; every team's debrief is built and exported",
    body: FinaliseBody,
    invokes: 'ExportWorker',
    responses: { 200: json('Final (now, or already before).', FinalisedSchema) },
    problems: { 409: ['not_ended'] },
  }),
} as const;
