/**
 * The score history's samples up to a time: at the finest resolution that
 * keeps them within MAX_SAMPLES, as the public history and a team's debrief
 * both draw them.
 */
import { firstSampleTime, readSamples, readWindow } from '#shared/data/history';
import { MAX_SAMPLES, resolutionFor, SAMPLE_SECONDS, samplesAfter, type Snapshot } from '#shared/domain/history';
import { lastSampleBefore } from '#shared/domain/scoring/freeze';

/** The samples up to the freeze (`frozenAt`) or now, those after `since` only when given. */
export async function historySamples(frozenAt: string | undefined, since?: string, now = new Date()): Promise<{ interval: number; samples: Snapshot[] }> {
  const first = await firstSampleTime(SAMPLE_SECONDS);
  const until = frozenAt === undefined ? undefined : lastSampleBefore(frozenAt);
  // Frozen, the answer is the one of the freeze's time: the same for every poll until it is lifted.
  const interval = resolutionFor(first, until ? new Date(until) : now);
  // Live, the minute's job has rendered the answer's samples as one item; frozen (or before it is rendered), a Query.
  const window = until === undefined ? await readWindow(interval) : undefined;
  const samples = window ? samplesAfter(window, since) : await readSamples(interval, { since, until, limit: MAX_SAMPLES });
  return { interval, samples };
}
