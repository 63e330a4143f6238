import { firstSampleTime, readSamples } from '#shared/data/history';
import { listTeamRecords } from '#shared/data/teams';
import { buildHistory, MAX_SAMPLES, resolutionFor, SAMPLE_SECONDS } from '#shared/domain/history';
import { endpoint } from '#shared/http/endpoint';
import { ok } from '#shared/http/responses';

/**
 * Every visible team's total over time, at the finest resolution that keeps
 * the answer within MAX_SAMPLES per team. The samples hold the public
 * standings only, so hidden teams appear to nobody here.
 */
export const handler = endpoint('GetScoreHistory', {}, async ({ query }) => {
  const [first, teams] = await Promise.all([firstSampleTime(SAMPLE_SECONDS), listTeamRecords({ totals: false })]);
  const interval = resolutionFor(first, new Date());
  const samples = await readSamples(interval, { since: query.since, limit: MAX_SAMPLES });
  return ok(buildHistory(interval, samples, teams.filter((t) => !t.hidden).map((t) => t.team)));
});
