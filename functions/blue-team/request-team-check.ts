import { blueTeamRoutes } from '#shared/api/routes/blue-team';
import { requestCheck, shownJobs, teamChecksLocation } from '#shared/app/check-jobs';
import { endpoint } from '#shared/http/endpoint';
import { accepted } from '#shared/http/responses';

/** A team (or an organiser for it) asks the agent to check one of its services now: 202 and the job. */
export const handler = endpoint(blueTeamRoutes.RequestTeamCheck, {}, async ({ id, body, principal, log }) => {
  const job = await requestCheck({ serviceId: body.service_id, team: id, limited: principal!.role === 'team', requestedBy: principal!.name, log });
  const [shown] = await shownJobs([job], principal!.role);
  return accepted(shown!, teamChecksLocation(id));
});
