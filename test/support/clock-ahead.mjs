/**
 * Moves this Node process's clock ahead by CLOCK_AHEAD_DAYS (365 unless
 * said), for a run of the suite that proves no test leans on today's date:
 *
 *   NODE_OPTIONS="--import ./test/support/clock-ahead.mjs" npx vitest run
 *
 * Every Node process of the run (the test workers, the local servers they
 * start) inherits NODE_OPTIONS, so all of them agree on the moved clock;
 * DynamoDB Local, the daemons and Chromium keep the real one, as a server's
 * clock and a browser's may differ (the browser tests move the pages' clock
 * with it: CLOCK_AHEAD_DAYS). Only `Date` moves (`new Date()`,
 * `Date.now()`): timers and `performance` measure durations, not dates.
 */
// Said in the environment, so the browser tests move the pages' clock too (and child processes keep the same offset).
// CLOCK_AHEAD_SECONDS, when given, says it in seconds instead (the rehearsal's agent whose clock runs 90 s ahead).
process.env.CLOCK_AHEAD_DAYS ??= '365';
const offset = process.env.CLOCK_AHEAD_SECONDS ? Number(process.env.CLOCK_AHEAD_SECONDS) * 1000 : Number(process.env.CLOCK_AHEAD_DAYS) * 86_400_000;
const RealDate = Date;

class MovedDate extends RealDate {
  constructor(...args) {
    if (args.length === 0) super(RealDate.now() + offset);
    else super(...args);
  }

  static now() {
    return RealDate.now() + offset;
  }
}

globalThis.Date = MovedDate;
