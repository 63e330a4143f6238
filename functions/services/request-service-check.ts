import { servicesRoutes } from '#shared/api/routes/services';
import { requestCheck, shownJobs, teamChecksLocation } from '#shared/app/check-jobs';
import { endpoint } from '#shared/http/endpoint';
import { accepted } from '#shared/http/responses';

/** An organiser asks the agent to check a service now (not counted against its team's limit). */
export const handler = endpoint(servicesRoutes.RequestServiceCheck, {}, async ({ id, principal, log }) => {
  const job = await requestCheck({ serviceId: id, limited: false, requestedBy: principal!.name, log });
  const [shown] = await shownJobs([job], principal!.role);
  return accepted(shown!, teamChecksLocation(job.team_id));
});
