import { CheckJobUpdateBody } from '#shared/api/schemas/requests/team';
import { CheckJobSchema } from '#shared/api/schemas/responses/team';
import { route, list, json } from '#shared/api/route';

/**
 * "Check now" jobs as the scoring agent sees them: the queue it polls (the
 * local agent; in AWS the API invokes the agent with the job), and the one
 * route that moves a job on. Teams ask on their own routes, organisers on a
 * service's.
 */
export const checkJobsRoutes = {
  ListCheckJobs: route('ListCheckJobs', 'GET', '/checks', 'check-jobs/list-check-jobs', 'admin-service-or-agent', 'read', {
    summary: 'The "check now" jobs no agent has taken yet, oldest first: the local agent polls this',
    responses: { 200: list('Queued jobs (at most 100).', CheckJobSchema) },
  }),
  UpdateCheckJob: route('UpdateCheckJob', 'PATCH', '/checks/{id}', 'check-jobs/update-check-job', 'admin-service-or-agent', 'read-write', {
    summary: 'An agent takes a queued job (`running`), then reports how the check went (`done`)',
    body: CheckJobUpdateBody,
    responses: { 200: json('The job as it now is (its service is the one to check).', CheckJobSchema) },
    problems: { 409: ['check_job_state'] },
  }),
} as const;
