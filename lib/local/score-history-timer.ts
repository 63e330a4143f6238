import { handler as recordScoreSnapshot } from '../../functions/teams/record-score-snapshot';
import { SAMPLE_SECONDS } from '#shared/domain/history';
import { createLogger } from '#shared/log';
import { runScheduled } from '#shared/scheduled';

/**
 * The local twin of the stack's EventBridge schedule: runs the same snapshot
 * handler at the start of every minute (and once at start, so the history
 * page has a first point). Returns a function that stops it.
 */
export function startScoreHistoryTimer(): () => void {
  const log = createLogger({ requestId: 'schedule', route: 'RecordScoreSnapshot' });
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;
  const run = () => runScheduled(log, 'score snapshot', () => recordScoreSnapshot({ time: new Date().toISOString(), id: 'local-timer' }));
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
