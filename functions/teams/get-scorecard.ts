import { teamsRoutes } from '#shared/api/routes/teams';
import { standingsAsSeen, standingsChangeAt } from '#shared/app/standings';
import { buildScoreboard, buildScorecard } from '#shared/domain/scoring/standings';
import { endpoint } from '#shared/http/endpoint';
import { canSee, visibleTo } from '#shared/http/principal';
import { notFound } from '#shared/http/problem';
import { ok } from '#shared/http/responses';

/**
 * The team's figures and its rank on the scoreboard this caller would get
 * (within its division when the scoreboard is segregated; frozen for the
 * public during a freeze; the maxima with the injects past due). The rank
 * needs every team's total, so this reads what the scoreboard reads.
 */
export const handler = endpoint(teamsRoutes.GetScorecard, { freeze: true, changesAt: standingsChangeAt }, async ({ id, principal, freeze }) => {
  const { segregate, teams: seen, superTypes } = await standingsAsSeen(freeze);
  const record = seen.find((t) => t.team.id === id);
  if (!record || !canSee(principal, record)) throw notFound(`No team has id ${id}.`);
  const row = buildScoreboard(visibleTo(principal, seen), superTypes, segregate).find((r) => r.team.id === id)!;
  return ok(buildScorecard(record, superTypes, row.rank));
});
