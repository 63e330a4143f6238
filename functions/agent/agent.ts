import type { Logger } from '#shared/log';
import type { ScoringApi, Settings } from './api';
import { runRound, type RoundSummary } from './round';
import { runCheckJob, type CheckJobDependencies } from './check-job';
import type { MailToken } from '#shared/mail-token';
import type { HostResolver } from './resolve';
import { concurrencyLimit, roundStartAt } from './schedule';
import { CLOUD_POOL } from '#shared/domain/pools';
import type { Recipes } from './kinds/command';

export interface AgentOptions {
  api: ScoringApi;
  /** Called at the start of each round (the local agent refreshes its zones there). */
  resolverForRound: () => Promise<HostResolver>;
  /** The pool it checks (default `cloud`): its services only, and its services' "check now" jobs. */
  pool?: string;
  /**
   * Share each round with the pool's other agents (claiming slices), and send
   * a heartbeat when it starts and after each round: this agent's name, version
   * and host in the pool.
   */
  share?: AgentIdentity;
  /** How many rounds to run, or until the signal aborts. */
  rounds: number | 'forever';
  /** Checks in flight at once, across overlapping rounds. */
  concurrency: number;
  log: Logger;
  /** The tokens of the mail checks' messages (mail-token.ts). */
  mailToken: MailToken;
  signal?: AbortSignal;
  /** Also take "check now" jobs from the queue, polled this often (the local agent; in AWS the API invokes the agent per job). */
  pollCheckJobsMs?: number;
  /** The command checks' recipes, from the agent's configuration (checks/command.ts). */
  recipes?: Recipes;
  /** How soon it tries again to read the settings it never read (default SETTINGS_RETRY_MS: tests shorten the wait, not the path). */
  settingsRetryMs?: number;
}

/**
 * The round loop. The first round is the one scheduled now (its start may be
 * a few seconds past: a restarted agent redoes it under the same scan ids);
 * each next one starts at its scheduled time whether or not the previous one
 * has finished; one that overruns is logged. round_seconds is read from the
 * settings before every round, so a change takes effect at the next one.
 */
/** How soon an agent that never read the settings tries again, the API being out of reach. */
const SETTINGS_RETRY_MS = 5000;

export async function runAgent(options: AgentOptions): Promise<RoundSummary[]> {
  const { api, log, signal } = options;
  const checkLimit = concurrencyLimit(options.concurrency);
  const running: Promise<RoundSummary | undefined>[] = [];
  const pool = options.pool ?? CLOUD_POOL;
  const share = options.share;
  const roundsOver = new AbortController();
  const polling = options.pollCheckJobsMs
    ? pollCheckJobs(
        { api, log, mailToken: options.mailToken, resolver: options.resolverForRound, pool, ...(options.recipes ? { recipes: options.recipes } : {}) },
        options.pollCheckJobsMs,
        signal ? AbortSignal.any([signal, roundsOver.signal]) : roundsOver.signal,
      )
    : undefined;
  const beat = (summary?: RoundSummary, startedAt?: number) => (share ? sendHeartbeat({ api, log, pool, share }, summary, startedAt) : undefined);
  await beat();
  let next: number | undefined;
  let lastSettings: Settings | undefined;
  for (let n = 0; options.rounds === 'forever' || n < options.rounds; n++) {
    if (next !== undefined) await sleepUntil(next, signal);
    if (signal?.aborted) break;
    // The API out of reach (a cut link, a restart): an agent that runs for good keeps its rhythm on the settings it last
    // read, its round failing as it may, and never ends over it (its operator's systemd would restart it, its pool's
    // other agents would not wait).
    const settings = await api.settings().catch((error: unknown) => {
      if (options.rounds !== 'forever' && !lastSettings) throw error;
      log.error('settings unreadable: the round runs on the last ones read', { error: (error as Error).message });
      return lastSettings;
    });
    if (!settings) {
      next = Date.now() + (options.settingsRetryMs ?? SETTINGS_RETRY_MS);
      n--;
      continue;
    }
    lastSettings = settings;
    const roundSeconds = settings.round_seconds;
    const start = roundStartAt(Math.max(Date.now(), next ?? 0), roundSeconds);
    const deadline = start + roundSeconds * 1000;
    log.info('round started', { round: new Date(start).toISOString(), round_seconds: roundSeconds });
    const startedAt = Date.now();
    running.push(
      options
        .resolverForRound()
        .then((resolver) =>
          runRound(start, settings, {
            api,
            resolver,
            checkLimit,
            log,
            mailToken: options.mailToken,
            pool,
            ...(share ? { share: { agent: share.agent } } : {}),
            ...(options.recipes ? { recipes: options.recipes } : {}),
          }),
        )
        .then(async (summary) => {
          await beat(summary, startedAt);
          if (Date.now() > deadline) {
            log.warn('round overran its interval', { round: summary.round, overrun_seconds: (Date.now() - deadline) / 1000 });
          }
          return summary;
        })
        .catch((error: unknown) => {
          log.error('round failed', { round: new Date(start).toISOString(), error: (error as Error).message });
          return undefined;
        }),
    );
    next = deadline;
  }
  const summaries = await Promise.all(running);
  roundsOver.abort();
  await polling;
  return summaries.filter((s): s is RoundSummary => s !== undefined);
}

/**
 * Takes the queued "check now" jobs of its pool's services every `everyMs`
 * and runs each (at once, beside any round), until the signal aborts; then
 * waits for those under way. A job another agent took first is simply not
 * taken (runCheckJob). An agent credential lists its own pool's jobs only; a
 * service account's lists every pool's, so the agent keeps its pool's.
 */
export async function pollCheckJobs(
  deps: Omit<CheckJobDependencies, 'resolver'> & { resolver: () => Promise<HostResolver>; pool: string },
  everyMs: number,
  signal: AbortSignal,
): Promise<void> {
  const underWay = new Map<number, Promise<void>>();
  while (!signal.aborted) {
    const queued = await deps.api.queuedCheckJobs().catch((error: unknown) => {
      deps.log.warn('check job queue not read', { error: (error as Error).message });
      return [];
    });
    const waiting = queued.filter((j) => j.state === 'queued' && !underWay.has(j.id));
    // The pool is read only when a job waits: most polls find none.
    const ours =
      waiting.length === 0
        ? new Set<number>()
        : await deps.api.pool(deps.pool).then(
            (pool) => new Set(pool.checks),
            (error: unknown) => {
              deps.log.warn('pool not read', { pool: deps.pool, error: (error as Error).message });
              return new Set<number>();
            },
          );
    for (const job of waiting.filter((j) => ours.has(j.service_id))) {
      const run = deps
        .resolver()
        .then((resolver) => runCheckJob(job.id, { ...deps, resolver }))
        .then(
          () => undefined,
          (error: unknown) => deps.log.error('check job failed', { check_job: job.id, error: (error as Error).message }),
        )
        .finally(() => underWay.delete(job.id));
      underWay.set(job.id, run);
    }
    await sleepUntil(Date.now() + everyMs, signal);
  }
  await Promise.all(underWay.values());
}

/** Who an agent is in its pool, on the console. */
export interface AgentIdentity {
  agent: string;
  version: string;
  host: string;
}

/**
 * Tells the API this agent is alive, and how its round went (none yet: it
 * has just started). A heartbeat that does not arrive is logged, never a
 * round's failure: the console then shows the agent late, which is true.
 */
export async function sendHeartbeat(
  deps: { api: ScoringApi; log: Logger; pool: string; share: AgentIdentity },
  summary?: RoundSummary,
  startedAt?: number,
): Promise<void> {
  const agentErrors = summary?.agent_errors ?? 0;
  await deps.api
    .heartbeat(deps.pool, {
      ...deps.share,
      round: summary?.round ?? null,
      round_started_at: startedAt === undefined ? null : stamp(startedAt),
      round_finished_at: summary ? stamp(Date.now()) : null,
      checks: summary?.checks ?? 0,
      failed_team: (summary?.failed ?? 0) - agentErrors,
      failed_agent: agentErrors,
    })
    .catch((error: unknown) => deps.log.warn('heartbeat not sent', { pool: deps.pool, error: (error as Error).message }));
}

const stamp = (ms: number) => new Date(ms).toISOString().replace(/\.\d{3}Z$/, 'Z');

function sleepUntil(time: number, signal?: AbortSignal): Promise<void> {
  // Aborted already (Ctrl-C while the settings were read): an abort listener added now would never hear it.
  if (signal?.aborted) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(done, Math.max(0, time - Date.now()));
    function done() {
      clearTimeout(timer);
      signal?.removeEventListener('abort', done);
      resolve();
    }
    signal?.addEventListener('abort', done, { once: true });
  });
}
