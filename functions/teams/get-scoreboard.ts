import { teamsRoutes } from '#shared/api/routes/teams';
import { readStandingsInputs } from '#shared/data/standings';
import { teamsAsSeen } from '#shared/domain/scoring/freeze';
import { buildScoreboard } from '#shared/domain/scoring/standings';
import { endpoint } from '#shared/http/endpoint';
import { visibleTo } from '#shared/http/principal';
import { ok } from '#shared/http/responses';
import { recordScoreboardAge } from '#shared/metrics';

export const handler = endpoint(teamsRoutes.GetScoreboard, { freeze: true }, async ({ principal, freeze }) => {
  const { segregate, teams, superTypes } = await readStandingsInputs();
  const lastScan = Math.max(...teams.map((t) => Date.parse(t.totals.last_scan_time ?? '') || 0));
  if (lastScan > 0) recordScoreboardAge((Date.now() - lastScan) / 1000);
  return ok({ segregate, scoreboard: buildScoreboard(visibleTo(principal, teamsAsSeen(teams, freeze)), superTypes, segregate) });
});
