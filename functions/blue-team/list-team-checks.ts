import { blueTeamRoutes } from '#shared/api/routes/blue-team';
import { shownJobs } from '#shared/app/check-jobs';
import { listTeamCheckJobs } from '#shared/data/check-jobs';
import { endpoint } from '#shared/http/endpoint';
import { ok } from '#shared/http/responses';

/** The team's latest dry runs and how they went (full reasons as the settings allow). */
export const handler = endpoint(blueTeamRoutes.ListTeamChecks, {}, async ({ id, principal }) =>
  ok(await shownJobs(await listTeamCheckJobs(id), principal!.role)),
);
