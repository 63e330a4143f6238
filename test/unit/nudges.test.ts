/**
 * The spectators' nudges, coalesced per topic (decision 0086): at once when the topic's last nudge is an interval
 * old, else the newest version waits for that slot and every caller of the burst is answered by the one send.
 */
import { describe, expect, it } from 'vitest';
import { createNudger } from '#shared/app/nudges';
import type { Nudge } from '#shared/api/push';
import type { Logger } from '#shared/log';

/** A clock the test moves, and sleeps that end when it has moved past them. */
function manualClock() {
  let now = 10_000;
  const sleepers: { until: number; wake: () => void }[] = [];
  return {
    now: () => now,
    sleep: (ms: number) => new Promise<void>((wake) => sleepers.push({ until: now + ms, wake })),
    async pass(ms: number) {
      now += ms;
      for (const sleeper of sleepers.filter((s) => s.until <= now)) {
        sleepers.splice(sleepers.indexOf(sleeper), 1);
        sleeper.wake();
      }
      // Let what the woken sleeps started run.
      for (let i = 0; i < 10; i++) await Promise.resolve();
    },
    sleeping: () => sleepers.length,
  };
}

const errors: string[] = [];
const log: Logger = { info: () => undefined, warn: () => undefined, error: (message, fields) => void errors.push(`${message} ${JSON.stringify(fields)}`) };

describe('createNudger', () => {
  it('sends the first nudge of a topic at once, and one a burst later, carrying its last version', async () => {
    const clock = manualClock();
    const sent: Nudge[] = [];
    const nudger = createNudger(async (nudge) => void sent.push(nudge), { intervalMs: 1000, now: clock.now, sleep: clock.sleep });
    await nudger.nudge({ live: 1 }, log);
    expect(sent).toEqual([{ topic: 'live', version: 1 }]);
    // Two more within the second: both wait for the slot, and one send carries the later version.
    let second = false;
    let third = false;
    const waiting = [nudger.nudge({ live: 2 }, log).then(() => (second = true)), nudger.nudge({ live: 3 }, log).then(() => (third = true))];
    await clock.pass(500);
    expect([second, third, sent.length]).toEqual([false, false, 1]);
    await clock.pass(500);
    await Promise.all(waiting);
    expect(sent).toEqual([
      { topic: 'live', version: 1 },
      { topic: 'live', version: 3 },
    ]);
    // An interval after that send, the next goes at once again.
    await clock.pass(1000);
    await nudger.nudge({ live: 4 }, log);
    expect(sent.at(-1)).toEqual({ topic: 'live', version: 4 });
    expect(clock.sleeping()).toBe(0);
  });

  it('keeps each topic to its own slot', async () => {
    const clock = manualClock();
    const sent: Nudge[] = [];
    const nudger = createNudger(async (nudge) => void sent.push(nudge), { intervalMs: 1000, now: clock.now, sleep: clock.sleep });
    await nudger.nudge({ live: 1 }, log);
    // The history's first nudge is not held back by the live one's.
    await nudger.nudge({ history: 7 }, log);
    expect(sent).toEqual([
      { topic: 'live', version: 1 },
      { topic: 'history', version: 7 },
    ]);
  });

  it('logs a nudge the Event API refused and answers anyway: the fold never fails for it', async () => {
    const clock = manualClock();
    errors.length = 0;
    const nudger = createNudger(
      async () => {
        throw new Error('HTTP 403');
      },
      { intervalMs: 1000, now: clock.now, sleep: clock.sleep },
    );
    await expect(nudger.nudge({ live: 1, history: 2 }, log)).resolves.toBeUndefined();
    expect(errors).toHaveLength(2);
    expect(errors[0]).toContain('nudge failed');
    expect(errors[0]).toContain('HTTP 403');
  });
});
