/**
 * What a public view follows (issue #49, decision 0077): `history`, the score
 * history's view, moves with its samples; `live`, every other view, with
 * results, adjustments, grades, scans started and the rest. What every view
 * shows (teams, services, super types, subtypes, settings) moves both. So the
 * minute's sample leaves the scoreboard's ETag where it was, and a result the
 * history's. The data layer keeps a version per topic (data/public-version.ts);
 * the pages are nudged per topic (decision 0086).
 */
export type PublicTopic = 'live' | 'history';

/**
 * Whether a moment a public view turns at with nothing written (the freeze
 * starting, an inject falling due) fell in the minute one of these samples
 * closes (epoch ms, each a sample's minute: the moments after the minute
 * before it, up to it).
 */
export function momentInMinutes(moments: readonly number[], sampleMinutes: readonly number[], minuteMs = 60_000): boolean {
  return sampleMinutes.some((minute) => moments.some((moment) => moment > minute - minuteMs && moment <= minute));
}
