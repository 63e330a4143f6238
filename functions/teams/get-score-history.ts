import { teamsRoutes } from '#shared/api/routes/teams';
import { firstSampleTime, readSamples, readWindow } from '#shared/data/history';
import { listTeamRecords } from '#shared/data/teams';
import { lastSampleBefore } from '#shared/domain/scoring/freeze';
import { buildHistory, MAX_SAMPLES, resolutionFor, SAMPLE_SECONDS, samplesAfter } from '#shared/domain/history';
import { endpoint } from '#shared/http/endpoint';
import { ok } from '#shared/http/responses';

/**
 * Every visible team's total over time, at the finest resolution that keeps
 * the answer within MAX_SAMPLES per team. The samples hold the public
 * standings only, so hidden teams appear to nobody here. During a freeze the
 * public's history ends at the last sample before it.
 */
export const handler = endpoint(teamsRoutes.GetScoreHistory, { freeze: true }, async ({ query, frozenAt }) => {
  const [first, teams] = await Promise.all([firstSampleTime(SAMPLE_SECONDS), listTeamRecords({ totals: false })]);
  const until = frozenAt === undefined ? undefined : lastSampleBefore(frozenAt);
  // Frozen, the answer is the one of the freeze's time: the same for every poll until it is lifted.
  const interval = resolutionFor(first, until ? new Date(until) : new Date());
  // Live, the minute's job has rendered the answer's samples as one item; frozen (or before it is rendered), a Query.
  const window = until === undefined ? await readWindow(interval) : undefined;
  const samples = window ? samplesAfter(window, query.since) : await readSamples(interval, { since: query.since, until, limit: MAX_SAMPLES });
  return ok(
    buildHistory(
      interval,
      samples,
      teams.filter((t) => !t.hidden).map((t) => t.team),
    ),
  );
});
