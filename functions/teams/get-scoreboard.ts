import { readStandingsInputs } from '#shared/data/standings';
import { buildScoreboard } from '#shared/domain/scoring';
import { endpoint } from '#shared/http/endpoint';
import { visibleTo } from '#shared/http/principal';
import { ok } from '#shared/http/responses';

export const handler = endpoint('GetScoreboard', {}, async ({ principal }) => {
  const { segregate, teams, superTypes } = await readStandingsInputs();
  return ok({ segregate, scoreboard: buildScoreboard(visibleTo(principal, teams), superTypes, segregate) });
});
