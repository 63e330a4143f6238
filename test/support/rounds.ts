import { roundStartAt } from '../../functions/agent/schedule';

/**
 * An agent run on the real clock checks the round it starts in, until that round's end: started in its last
 * seconds (one run in a few dozen, under the suite's load), it has no time to check. A test that counts an agent's
 * checks begins in a round with at least `marginMs` left, waiting for the next one when it must.
 */
export async function awayFromRoundEnd(roundSeconds: number, marginMs = 15_000): Promise<void> {
  const roundMs = roundSeconds * 1000;
  const left = roundStartAt(Date.now(), roundSeconds) + roundMs - Date.now();
  if (left < marginMs) await new Promise((resolve) => setTimeout(resolve, left + 100));
}
