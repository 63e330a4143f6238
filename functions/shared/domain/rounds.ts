/**
 * Rounds are aligned to the Unix epoch in steps of round_seconds, so every
 * agent (and every restart of one), the console's overview and anything else
 * agree on when a round starts without holding any state.
 */

/** The scheduled start (ms) of the round that holds `now`. */
export function roundStartAt(now: number, roundSeconds: number): number {
  const step = roundSeconds * 1000;
  return Math.floor(now / step) * step;
}
