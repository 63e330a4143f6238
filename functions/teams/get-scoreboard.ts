import { teamsRoutes } from '#shared/api/routes/teams';
import { standingsAsSeen, standingsChangeAt } from '#shared/app/standings';
import { buildScoreboard } from '#shared/domain/scoring/standings';
import { endpoint } from '#shared/http/endpoint';
import { visibleTo } from '#shared/http/principal';
import { ok } from '#shared/http/responses';
import { recordScoreboardAge } from '#shared/metrics';

export const handler = endpoint(teamsRoutes.GetScoreboard, { freeze: true, changesAt: standingsChangeAt }, async ({ principal, freeze }) => {
  const { segregate, teams, superTypes } = await standingsAsSeen(freeze);
  const lastScan = Math.max(...teams.map((t) => Date.parse(t.totals.last_scan_time ?? '') || 0));
  if (lastScan > 0) recordScoreboardAge((Date.now() - lastScan) / 1000);
  return ok({ segregate, scoreboard: buildScoreboard(visibleTo(principal, teams), superTypes, segregate) });
});
