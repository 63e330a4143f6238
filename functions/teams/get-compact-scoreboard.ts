import { teamsRoutes } from '#shared/api/routes/teams';
import { standingsAsSeen, standingsChangeAt } from '#shared/app/standings';
import { buildScoreboard, compactScoreboard } from '#shared/domain/scoring/standings';
import { endpoint } from '#shared/http/endpoint';
import { visibleTo } from '#shared/http/principal';
import { ok } from '#shared/http/responses';

/** The scoreboard page's read (issue #49): the full scoreboard's rows, each team once and only what the page draws. */
export const handler = endpoint(teamsRoutes.GetCompactScoreboard, { freeze: true, changesAt: standingsChangeAt }, async ({ principal, freeze }) => {
  const { segregate, teams, superTypes } = await standingsAsSeen(freeze);
  return ok({ segregate, ...compactScoreboard(buildScoreboard(visibleTo(principal, teams), superTypes, segregate)) });
});
