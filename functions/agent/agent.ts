import type { Logger } from '#shared/log';
import type { ScoringApi } from './api';
import { runRound, type RoundSummary } from './round';
import type { MailToken } from './mail-token';
import type { HostResolver } from './resolve';
import { concurrencyLimit, roundStartAt } from './schedule';

export interface AgentOptions {
  api: ScoringApi;
  /** Called at the start of each round (the local agent refreshes its zones there). */
  resolverForRound: () => Promise<HostResolver>;
  /** How many rounds to run, or until the signal aborts. */
  rounds: number | 'forever';
  /** Checks in flight at once, across overlapping rounds. */
  concurrency: number;
  log: Logger;
  /** The tokens of the mail checks' messages (mail-token.ts). */
  mailToken: MailToken;
  signal?: AbortSignal;
}

/**
 * The round loop. The first round is the one scheduled now (its start may be
 * a few seconds past: a restarted agent redoes it under the same scan ids);
 * each next one starts at its scheduled time whether or not the previous one
 * has finished; one that overruns is logged. round_seconds is read from the
 * settings before every round, so a change takes effect at the next one.
 */
export async function runAgent(options: AgentOptions): Promise<RoundSummary[]> {
  const { api, log, signal } = options;
  const checkLimit = concurrencyLimit(options.concurrency);
  const running: Promise<RoundSummary | undefined>[] = [];
  let next: number | undefined;
  for (let n = 0; options.rounds === 'forever' || n < options.rounds; n++) {
    if (next !== undefined) await sleepUntil(next, signal);
    if (signal?.aborted) break;
    const settings = await api.settings();
    const roundSeconds = settings.round_seconds;
    const start = roundStartAt(Math.max(Date.now(), next ?? 0), roundSeconds);
    const deadline = start + roundSeconds * 1000;
    log.info('round started', { round: new Date(start).toISOString(), round_seconds: roundSeconds });
    running.push(
      options
        .resolverForRound()
        .then((resolver) => runRound(start, settings, { api, resolver, checkLimit, log, mailToken: options.mailToken }))
        .then((summary) => {
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
  return summaries.filter((s): s is RoundSummary => s !== undefined);
}

function sleepUntil(time: number, signal?: AbortSignal): Promise<void> {
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
