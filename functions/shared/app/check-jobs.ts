import { CHECK_NOW_INTERVAL_SECONDS, jobState, shownJob, type CheckJob, type CheckOutcome } from '#shared/domain/check-jobs';
import { seesCheckDetails } from '#shared/domain/team-view';
import type { Role } from '#shared/domain/roles';
import { invokeAsync, lambdaTarget } from '#shared/aws/invoke';
import { findCheckJob, finishCheckJob, newCheckJobId, putCheckJob, startCheckJob } from '#shared/data/check-jobs';
import { freshPoolIndex, freshSettings } from '#shared/data/fresh';
import { agentPool, checkServiceInScope } from '#shared/app/pool-scope';
import { CLOUD_POOL, poolOf } from '#shared/domain/pools';
import type { Principal } from '#shared/http/principal';
import { getServiceDefinition } from '#shared/data/services';
import { API_PREFIX } from '#shared/api/prefix';
import { conflict, notFound, tooManyRequests, validationFailed } from '#shared/http/problem';
import type { Logger } from '#shared/log';
import { formatTimestamp } from '#shared/validation';

/** Where a team's jobs are listed: every job's `Location`. */
export const teamChecksLocation = (teamId: number) => `${API_PREFIX}/team/${teamId}/checks`;

/**
 * "Check now", the one entry point for a team (its own services, at most one
 * request every CHECK_NOW_INTERVAL_SECONDS) and an organiser (any service, not
 * counted): the job is queued, then the agent is started for it. In AWS the
 * API invokes the agent's function with the job's id
 * (SCORING_AGENT_FUNCTION); without one (the local twin, an agent run
 * elsewhere) an agent polling the queue takes it.
 */
export async function requestCheck(request: {
  serviceId: number;
  /** Asked on a team's route: the service must be that team's. */
  team?: number;
  /** A member's request: the team's limit applies (an organiser's is not counted). */
  limited: boolean;
  requestedBy: string;
  log: Logger;
  now?: number;
}): Promise<CheckJob> {
  const now = request.now ?? Date.now();
  const definition = await getServiceDefinition(request.serviceId);
  const teamId = definition?.service.team.id;
  if (request.team !== undefined && teamId !== request.team) {
    throw validationFailed([{ path: 'service_id', message: "is not one of the team's services" }]);
  }
  if (teamId === undefined) throw notFound(`No service has id ${request.serviceId}.`);
  const job: CheckJob = {
    id: await newCheckJobId(),
    team_id: teamId,
    service_id: request.serviceId,
    requested_by: request.requestedBy,
    requested_at: formatTimestamp(now),
    state: 'queued',
    started_at: null,
    outcome: null,
  };
  const limited = await putCheckJob(job, request.limited ? { intervalSeconds: CHECK_NOW_INTERVAL_SECONDS, now } : undefined);
  if (limited) {
    throw tooManyRequests(
      'check_limited',
      `A team may ask for a dry run once every ${CHECK_NOW_INTERVAL_SECONDS} s: try again in ${limited.retryAfterSeconds} s.`,
      limited.retryAfterSeconds,
    );
  }
  // Only the cloud pool's agent is a function to invoke; every other pool's agents poll their queue.
  if (poolOf(definition!.service, await freshPoolIndex()) === CLOUD_POOL) await startAgentFor(job, request.log);
  return job;
}

/**
 * Invokes the agent's function for the job, asynchronously. A failed
 * invocation leaves the job queued, for a polling agent, or to show as lost:
 * the request itself succeeded, and saying otherwise would invite a retry
 * that the team's limit then refuses.
 */
async function startAgentFor(job: CheckJob, log: Logger): Promise<void> {
  const functionName = process.env.SCORING_AGENT_FUNCTION;
  if (!functionName) return;
  try {
    await invokeAsync(lambdaTarget(functionName), { check_job: job.id });
  } catch (error) {
    log.error('the agent was not started for a check job', { job: job.id, service_id: job.service_id, error: (error as Error).message });
  }
}

/**
 * The agent moves a job on: takes it, or reports its outcome. 409 when the
 * job is not in the state that allows it; 403 when the caller is an agent of
 * another pool than the job's service's.
 */
export async function updateCheckJob(
  id: number,
  change: { state: 'running' } | ({ state: 'done' } & CheckOutcome),
  principal: Principal | undefined,
  now = Date.now(),
): Promise<CheckJob> {
  if (agentPool(principal) !== undefined) {
    const job = await findCheckJob(id);
    if (job) await checkServiceInScope(principal, job.service_id);
  }
  const { state, ...outcome } = change;
  const updated = change.state === 'running' ? await startCheckJob(id, now) : await finishCheckJob(id, outcome as CheckOutcome);
  if (updated) return updated;
  const job = await findCheckJob(id);
  if (!job) throw notFound(`No check job has id ${id}.`);
  const wanted = state === 'running' ? 'a queued job can be taken' : 'a running job can be done';
  throw conflict('check_job_state', `Check job ${id} is ${jobState(job, now)}: only ${wanted}.`);
}

/** Jobs as a caller of a team route sees them: with their reasons only when the settings let the caller see details. */
export async function shownJobs(jobs: CheckJob[], role: Role | undefined, now = Date.now()) {
  const details = seesCheckDetails(role, (await freshSettings()).settings);
  return jobs.map((job) => shownJob(job, now, details));
}
