/**
 * Jobs that run on a timer rather than for a request (functions/scheduled/):
 * the score snapshot, the due password changes and the scoring watch (EventBridge schedules in AWS, timers in the local
 * server), and the local stream poller. A failure is one structured line: a
 * database outage by its cause (as a request's 503 is logged), anything else
 * by its name, message and stack as fields; never a raw trace on the terminal.
 */
import { databaseUnavailableCause } from '#shared/data/client';
import { describeError, type LogFields, type Logger } from '#shared/log';

/** What EventBridge's schedule sends (only its time matters); the local timer sends the same. */
export interface ScheduledEvent {
  time?: string;
  id?: string;
}

/** What a failure's log line says of it. */
export function failureFields(error: unknown): LogFields {
  const cause = databaseUnavailableCause(error);
  return cause === undefined ? describeError(error) : { error: 'database unavailable', cause };
}

/** Runs one pass of a scheduled job; a failure is logged (`<what> failed`) and the job's next pass runs as planned. */
export async function runScheduled(log: Logger, what: string, job: () => Promise<unknown>): Promise<boolean> {
  try {
    await job();
    return true;
  } catch (error) {
    log.error(`${what} failed`, failureFields(error));
    return false;
  }
}
