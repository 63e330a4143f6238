import { teamsRoutes } from '#shared/api/routes/teams';
import { historySamples } from '#shared/app/score-history';
import { listTeamRecords } from '#shared/data/teams';
import { buildHistory } from '#shared/domain/history';
import { endpoint } from '#shared/http/endpoint';
import { ok } from '#shared/http/responses';

/**
 * Every visible team's total over time, at the finest resolution that keeps
 * the answer within MAX_SAMPLES per team. The samples hold the public
 * standings only, so hidden teams appear to nobody here. During a freeze the
 * public's history ends at the last sample before it.
 */
export const handler = endpoint(teamsRoutes.GetScoreHistory, { freeze: true }, async ({ query, frozenAt }) => {
  const [{ interval, samples }, teams] = await Promise.all([historySamples(frozenAt, query.since), listTeamRecords({ totals: false })]);
  return ok(
    buildHistory(
      interval,
      samples,
      teams.filter((t) => !t.hidden).map((t) => t.team),
    ),
  );
});
