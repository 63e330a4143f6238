import { environmentCredentials } from '#shared/aws/invoke';
import { createLogger, type Logger } from '#shared/log';
import { runCheckJob, type CheckJobSummary } from './check-job';
import { scoringApi, type ScoringApi } from './api';
import { lambdaFanOut, type AgentEvent, type FanOut } from './fan-out';
import { kmsMailToken, type MailToken } from '#shared/mail-token';
import { concurrencyLimit, roundsInMinute, invocationsFor, type Invocation } from './schedule';
import { runRound, type RoundSummary } from './round';
import { sendHeartbeat } from './agent';
import { allowedRanges, systemResolver, withinRanges, withLiterals, type HostResolver } from './resolve';
import { CLOUD_POOL } from '#shared/domain/pools';

/**
 * The agent in AWS. EventBridge Scheduler invokes it once a minute with the
 * scheduled time; it reads round_seconds from the settings and runs the rounds
 * scheduled in that minute: none, one, or (rounds under a minute) several,
 * each started at its time inside this invocation. It signs its calls to the
 * IAM API with the function's own credentials and resolves through the VPC's
 * (or Lambda's) DNS; there is no loopback restriction here.
 */
const log = createLogger({ component: 'agent' });
const CONCURRENCY = Number(process.env.AGENT_CONCURRENCY ?? '256');
/**
 * The services one invocation checks. A login check costs the agent up to
 * 12 ms of CPU (FTPS, the dearest: npm run bench:agent), and the function
 * has one vCPU: 2 000 of them are 24 s, inside the minute with room for the
 * waits and the reports. A bigger round fans out.
 */
const SERVICES_PER_INVOCATION = Number(process.env.AGENT_SERVICES_PER_INVOCATION ?? '2000');

/** The only target addresses its checks may reach (the stack's `agentAllowedRanges`); none: whatever its network routes. */
const ALLOWED = (() => {
  const text = process.env.AGENT_ALLOWED_RANGES;
  if (!text) return undefined;
  const ranges = allowedRanges(text);
  if ('error' in ranges) throw new Error(`AGENT_ALLOWED_RANGES: ${ranges.error}`);
  return ranges;
})();

export async function handler(event: AgentEvent): Promise<RoundSummary[] | CheckJobSummary> {
  const credentials = environmentCredentials;
  const api = scoringApi(process.env.SCORING_API_URL!, { kind: 'sigv4', region: process.env.AWS_REGION!, credentials });
  const mailToken = kmsMailToken({
    keyId: process.env.AGENT_MAIL_KEY_ID!,
    region: process.env.AWS_REGION!,
    credentials,
    endpoint: process.env.AWS_ENDPOINT_URL_KMS,
  });
  const resolver = ALLOWED ? withinRanges(ALLOWED, withLiterals(systemResolver)) : withLiterals(systemResolver);
  // A "check now" job, invoked by the API when a team or an organiser asks for one.
  if (event.check_job !== undefined) return runCheckJob(event.check_job, { api, resolver, log, mailToken });
  const fanOut = lambdaFanOut({
    functionName: process.env.AWS_LAMBDA_FUNCTION_NAME!,
    region: process.env.AWS_REGION!,
    credentials,
    endpoint: process.env.AWS_ENDPOINT_URL_LAMBDA,
  });
  return runScheduledMinute(event.time, { api, resolver, log, mailToken, fanOut, servicesPerInvocation: SERVICES_PER_INVOCATION }, event.invocation);
}

/**
 * The rounds scheduled in the invoked minute, each at its time; none when no
 * round starts in it. The Lambda agent is the cloud pool's, and shares each
 * round by the pool's one rule (round.ts, checkShared): it claims slices until
 * none is left. Invoked by the scheduler (no invocation), it first starts more
 * agents when the round has more services than one invocation checks: the
 * function again, asynchronously, with the same scheduled time, each one
 * more claimant. Whichever finishes first takes more, and a slice an
 * invocation dropped (it timed out, it was throttled) goes to another when its
 * lease runs out.
 */
export async function runScheduledMinute(
  time: string | undefined,
  deps: {
    api: ScoringApi;
    resolver: HostResolver;
    log: Logger;
    mailToken: MailToken;
    fanOut?: FanOut;
    servicesPerInvocation?: number;
    /** The clock rounds are waited for and ended by (default Date.now; tests run rounds of another day). */
    now?: () => number;
  },
  invocation?: Invocation,
): Promise<RoundSummary[]> {
  const { api, resolver, log, mailToken } = deps;
  const now = deps.now ?? Date.now;
  const scheduled = Date.parse(time ?? '') || now();
  const minute = Math.floor(scheduled / 60_000) * 60_000;
  const settings = await api.settings();
  const starts = roundsInMinute(minute, settings.round_seconds);
  if (starts.length === 0) return [];
  if (!invocation && deps.fanOut && deps.servicesPerInvocation) {
    const of = invocationsFor((await api.pool(CLOUD_POOL)).checks.length, deps.servicesPerInvocation);
    if (of > 1) {
      const fanOut = deps.fanOut;
      await Promise.all(Array.from({ length: of - 1 }, (_, i) => fanOut({ time: new Date(scheduled).toISOString(), invocation: { index: i + 1, of } })));
      log.info('round fanned out', { invocations: of, services_per_invocation: deps.servicesPerInvocation });
      invocation = { index: 0, of };
    }
  }
  const checkLimit = concurrencyLimit(CONCURRENCY);
  // Each invocation is one of the cloud pool's agents, by name, and says it is alive after each round.
  const share = {
    agent: invocation ? `lambda-${invocation.index + 1}-of-${invocation.of}` : 'lambda',
    version: process.env.AGENT_VERSION ?? 'lambda',
    host: process.env.AWS_LAMBDA_FUNCTION_NAME ?? 'lambda',
  };
  const rounds = starts.map(async (start) => {
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, start - now())));
    const startedAt = Date.now();
    const summary = await runRound(start, settings, { api, resolver, checkLimit, log, mailToken, pool: CLOUD_POOL, share, now });
    const overrun = now() - (start + settings.round_seconds * 1000);
    if (overrun > 0) log.warn('round overran its interval', { round: summary.round, overrun_seconds: overrun / 1000 });
    await sendHeartbeat({ api, log, pool: CLOUD_POOL, share }, summary, startedAt);
    return summary;
  });
  return Promise.all(rounds);
}
