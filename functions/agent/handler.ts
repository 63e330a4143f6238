import { createLogger, type Logger } from '#shared/log';
import { scoringApi, type ScoringApi } from './api';
import { concurrencyLimit, roundsInMinute } from './schedule';
import { runRound, type RoundSummary } from './round';
import { systemResolver, withLiterals, type HostResolver } from './resolve';

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

export async function handler(event: { time?: string }): Promise<RoundSummary[]> {
  const api = scoringApi(process.env.SCORING_API_URL!, {
    kind: 'sigv4',
    region: process.env.AWS_REGION!,
    credentials: () => ({
      accessKeyId: process.env.AWS_ACCESS_KEY_ID!,
      secretAccessKey: process.env.AWS_SECRET_ACCESS_KEY!,
      sessionToken: process.env.AWS_SESSION_TOKEN,
    }),
  });
  return runScheduledMinute(event.time, { api, resolver: withLiterals(systemResolver), log });
}

/** The rounds scheduled in the invoked minute, each at its time; none when no round starts in it. */
export async function runScheduledMinute(
  time: string | undefined,
  { api, resolver, log }: { api: ScoringApi; resolver: HostResolver; log: Logger },
): Promise<RoundSummary[]> {
  const scheduled = Date.parse(time ?? '') || Date.now();
  const minute = Math.floor(scheduled / 60_000) * 60_000;
  const settings = await api.settings();
  const starts = roundsInMinute(minute, settings.round_seconds);
  if (starts.length === 0) return [];
  const checkLimit = concurrencyLimit(CONCURRENCY);
  const rounds = starts.map(async (start) => {
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, start - Date.now())));
    const summary = await runRound(start, settings, { api, resolver, checkLimit, log });
    const overrun = Date.now() - (start + settings.round_seconds * 1000);
    if (overrun > 0) log.warn('round overran its interval', { round: summary.round, overrun_seconds: overrun / 1000 });
    return summary;
  });
  return Promise.all(rounds);
}
