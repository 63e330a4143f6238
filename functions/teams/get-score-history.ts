import { firstSampleTime, readSamples } from '#shared/data/history';
import { cachedSettings } from '#shared/data/scoring';
import { listTeamRecords } from '#shared/data/teams';
import { freezeFields, freezeView, frozenFor, lastSampleBefore } from '#shared/domain/freeze';
import { buildHistory, MAX_SAMPLES, resolutionFor, SAMPLE_SECONDS } from '#shared/domain/history';
import { endpoint } from '#shared/http/endpoint';
import { ok } from '#shared/http/responses';

/**
 * Every visible team's total over time, at the finest resolution that keeps
 * the answer within MAX_SAMPLES per team. The samples hold the public
 * standings only, so hidden teams appear to nobody here. During a freeze the
 * public's history ends at the last sample before it.
 */
export const handler = endpoint('GetScoreHistory', {}, async ({ query, principal }) => {
  const [first, teams, settings] = await Promise.all([firstSampleTime(SAMPLE_SECONDS), listTeamRecords({ totals: false }), cachedSettings()]);
  const now = new Date();
  const freeze = freezeView(settings.scoreboard_freeze_time, principal === undefined, now);
  const frozenAt = frozenFor(freeze);
  const until = frozenAt === undefined ? undefined : lastSampleBefore(frozenAt);
  // Frozen, the answer is the one of the freeze's time: the same for every poll until it is lifted.
  const interval = resolutionFor(first, until ? new Date(until) : now);
  const samples = await readSamples(interval, { since: query.since, until, limit: MAX_SAMPLES });
  const history = buildHistory(interval, samples, teams.filter((t) => !t.hidden).map((t) => t.team));
  return ok({ ...freezeFields(freeze), ...history }, undefined, freeze.freshUntil);
});
