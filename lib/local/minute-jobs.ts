import { handler as recordScoreSnapshot } from '../../functions/scheduled/record-score-snapshot';
import { handler as applyDuePasswordChanges } from '../../functions/scheduled/apply-due-password-changes';
import { handler as scoringWatch } from '../../functions/scheduled/scoring-watch';
import { SAMPLE_SECONDS } from '#shared/domain/history';
import { createLogger } from '#shared/log';
import { runScheduled } from '#shared/scheduled';

/**
 * The local twin of the stack's every-minute EventBridge schedules: the
 * score snapshot, the delayed password changes and the scoring watch, run
 * with the same handlers at the start of every minute (and once at start, so
 * the history page has a first point). Metrics are CloudWatch's, so here the
 * watch says in the log what its alarm would see: a pool with services and no
 * live agent. Returns a function that stops them.
 */
export function startMinuteJobs(): () => void {
  const watchLog = createLogger({ requestId: 'schedule', route: 'ScoringWatch' });
  const watch = async () => {
    const { poolsWithoutLiveAgent } = await scoringWatch();
    if (poolsWithoutLiveAgent.length > 0) watchLog.warn('pools without a live agent: their services go unscored', { pools: poolsWithoutLiveAgent.join(', ') });
  };
  const jobs = [
    { what: 'score snapshot', route: 'RecordScoreSnapshot', run: recordScoreSnapshot },
    { what: 'delayed password changes', route: 'ApplyDuePasswordChanges', run: applyDuePasswordChanges },
    { what: 'scoring watch', route: 'ScoringWatch', run: watch },
  ].map((job) => ({ ...job, log: createLogger({ requestId: 'schedule', route: job.route }) }));
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;
  const run = async () => {
    const event = { time: new Date().toISOString(), id: 'local-timer' };
    for (const job of jobs) await runScheduled(job.log, job.what, () => job.run(event));
  };
  const next = () => {
    if (stopped) return;
    const period = SAMPLE_SECONDS * 1000;
    timer = setTimeout(() => void run().then(next), period - (Date.now() % period) + 50);
    timer.unref();
  };
  void run().then(next);
  return () => {
    stopped = true;
    clearTimeout(timer);
  };
}
