/**
 * The spectators' nudges (decision 0086): when the stream consumer has moved
 * a public topic's version, every open page is told the topic and the new
 * version through the Event API. Coalesced per topic: a nudge goes out at
 * once when the topic's last one is at least NUDGE_INTERVAL_MS old, else the
 * newest version waits for that slot (a trailing nudge), so a burst of
 * batches costs one nudge a second and its last version always goes out.
 *
 * The caller awaits the nudge it asked for, trailing or not: a Lambda
 * function is frozen once it answers, and a timer left behind would wait for
 * the next batch, which may be a round away. A batch therefore waits at most
 * one interval, and only when the one before it was nudged less than an
 * interval ago; the records meanwhile gather into the next, larger batch.
 *
 * A nudge that fails is logged and counted, never retried and never a
 * failure of the batch: the fold's writes stand, and the next move nudges
 * again (the pages also poll while their socket is down).
 */
import { NUDGE_INTERVAL_MS, pushChannel, type Nudge } from '#shared/api/push';
import type { PublicTopic } from '#shared/domain/public-topics';
import { eventsTarget, publishEvents } from '#shared/aws/events';
import { describeError, type Logger } from '#shared/log';
import { recordNudgeFailure } from '#shared/metrics';

/** Sends one topic's nudge (throws when it was not taken). */
export type SendNudge = (nudge: Nudge) => Promise<void>;

interface TopicSlot {
  /** When its last nudge went out (epoch ms; 0: never). */
  sentAt: number;
  /** The version waiting for the next slot, and the send that will carry it. */
  waiting?: { version: number; sent: Promise<void> };
}

export interface Nudger {
  /** Nudges each topic to its version; resolves once each has gone out (or failed, which is logged). */
  nudge(versions: Partial<Record<PublicTopic, number>>, log: Logger): Promise<void>;
}

export function createNudger(send: SendNudge, options: { intervalMs?: number; now?: () => number; sleep?: (ms: number) => Promise<void> } = {}): Nudger {
  const intervalMs = options.intervalMs ?? NUDGE_INTERVAL_MS;
  const now = options.now ?? Date.now;
  const sleep = options.sleep ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)));
  const slots = new Map<PublicTopic, TopicSlot>();

  const sendLogged = async (nudge: Nudge, log: Logger) => {
    try {
      await send(nudge);
    } catch (error) {
      recordNudgeFailure();
      log.error('nudge failed', { topic: nudge.topic, version: nudge.version, ...describeError(error) });
    }
  };

  const nudgeTopic = (topic: PublicTopic, version: number, log: Logger): Promise<void> => {
    const slot = slots.get(topic) ?? { sentAt: 0 };
    slots.set(topic, slot);
    if (slot.waiting) {
      // The slot's send reads the version when it goes, so a later version rides on it.
      slot.waiting.version = Math.max(slot.waiting.version, version);
      return slot.waiting.sent;
    }
    const wait = slot.sentAt + intervalMs - now();
    if (wait <= 0) {
      slot.sentAt = now();
      return sendLogged({ topic, version }, log);
    }
    const waiting: NonNullable<TopicSlot['waiting']> = { version, sent: Promise.resolve() };
    waiting.sent = sleep(wait).then(() => {
      slot.waiting = undefined;
      slot.sentAt = now();
      return sendLogged({ topic, version: waiting.version }, log);
    });
    slot.waiting = waiting;
    return waiting.sent;
  };

  return {
    nudge: async (versions, log) => {
      await Promise.all(Object.entries(versions).map(([topic, version]) => nudgeTopic(topic as PublicTopic, version, log)));
    },
  };
}

let processNudger: Nudger | undefined;

/**
 * Nudges the spectators through the Event API when one is configured
 * (EVENTS_HTTP_URL, read at each call: the local server's tests start and
 * stop its twin within one process); without one, nothing is sent and
 * nothing waits.
 */
export async function nudgeSpectators(versions: Partial<Record<PublicTopic, number>>, log: Logger): Promise<void> {
  if (!eventsTarget() || Object.keys(versions).length === 0) return;
  processNudger ??= createNudger(async (nudge) => {
    const target = eventsTarget();
    if (target) await publishEvents(target, pushChannel(nudge.topic), [JSON.stringify(nudge)]);
  });
  await processNudger.nudge(versions, log);
}
