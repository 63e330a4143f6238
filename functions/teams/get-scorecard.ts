import { readStandingsInputs } from '#shared/data/standings';
import { buildScoreboard, buildScorecard } from '#shared/domain/scoring';
import { endpoint } from '#shared/http/endpoint';
import { canSee, visibleTo } from '#shared/http/principal';
import { notFound } from '#shared/http/problem';
import { ok } from '#shared/http/responses';

/**
 * The team's figures and its rank on the scoreboard this caller would get
 * (within its division when the scoreboard is segregated). The rank needs
 * every team's total, so this reads what the scoreboard reads.
 */
export const handler = endpoint('GetScorecard', {}, async ({ id, principal }) => {
  const { segregate, teams, superTypes } = await readStandingsInputs();
  const record = teams.find((t) => t.team.id === id);
  if (!record || !canSee(principal, record)) throw notFound(`No team has id ${id}.`);
  const row = buildScoreboard(visibleTo(principal, teams), superTypes, segregate).find((r) => r.team.id === id)!;
  return ok(buildScorecard(record, superTypes, row.rank));
});
