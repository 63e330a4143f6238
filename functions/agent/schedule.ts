/**
 * Round arithmetic, pure. Rounds are aligned to the Unix epoch in steps of
 * round_seconds (domain/rounds.ts), so every agent (and every restart of
 * one) agrees on when a round starts without holding any state, and a scan's
 * id follows from the round's scheduled start and the service alone.
 */

/** Where the agents' rounds start (shared with the console's overview). */
export { roundStartAt } from '#shared/domain/rounds';

/**
 * `r20261123T172600Z-60s-svc12`: the round's scheduled start, its length and
 * the service. A restarted agent resends the same id for the same round; a
 * change of round_seconds never reuses one.
 */
export function scanIdFor(roundStart: number, roundSeconds: number, serviceId: number): string {
  const stamp = new Date(roundStart)
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}Z$/, 'Z');
  return `r${stamp}-${roundSeconds}s-svc${serviceId}`;
}

/**
 * The rounds an invocation that fires every minute must run: those scheduled
 * in the minute `[minuteStart, minuteStart + 60 s)`. Rounds of a minute or
 * more start in at most one such minute; shorter ones run several times
 * within one invocation.
 */
export function roundsInMinute(minuteStart: number, roundSeconds: number): number[] {
  const step = roundSeconds * 1000;
  const starts: number[] = [];
  for (let start = Math.ceil(minuteStart / step) * step; start < minuteStart + 60_000; start += step) starts.push(start);
  return starts;
}

/**
 * A limit on the file descriptors checks hold at once (Lambda allows 1 024
 * open files): a network check holds one socket, a command check its three
 * pipes (`weight`). A task heavier than the whole limit runs alone.
 */
export function concurrencyLimit(max: number) {
  let held = 0;
  const waiting: { weight: number; start: () => void }[] = [];
  const startWaiting = () => {
    while (waiting.length > 0 && (held === 0 || held + waiting[0]!.weight <= max)) {
      const next = waiting.shift()!;
      held += next.weight;
      next.start();
    }
  };
  return async function run<T>(task: () => Promise<T>, weight = 1): Promise<T> {
    if (waiting.length > 0 || (held > 0 && held + weight > max)) await new Promise<void>((start) => waiting.push({ weight, start }));
    else held += weight;
    try {
      return await task();
    } finally {
      held -= weight;
      startWaiting();
    }
  };
}
export type ConcurrencyLimit = ReturnType<typeof concurrencyLimit>;

/**
 * One of the invocations a round too big for one fans out to: the k-th of n.
 * It only names the invocation (its heartbeat's agent name): every invocation
 * claims the cloud pool's slices like any other agent (round.ts, checkShared).
 */
export interface Invocation {
  index: number;
  of: number;
}

/** How many invocations a round of `services` needs at `perInvocation` services each. */
export const invocationsFor = (services: number, perInvocation: number): number => Math.max(1, Math.ceil(services / perInvocation));
