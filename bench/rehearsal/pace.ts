/** The rehearsal's sense of time: waits, and the pause before sending again a request whose outcome was unknown. */
export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Until an epoch time (at once when it has passed). */
export const until = (time: number) => sleep(Math.max(0, time - Date.now()));

/** The pause before attempt n (from 1) of a request sent again: doubling from half a second, 5 s at most. */
export const backoff = (attempt: number) => Math.min(5000, 250 * 2 ** attempt);

/** A moment of the event: a share of the way from its first round's start to its end. */
export const partWay = (plan: { startsAt: number; endsAt: number }, fraction: number) => plan.startsAt + fraction * (plan.endsAt - plan.startsAt);
