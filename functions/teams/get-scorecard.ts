import { readStandingsInputs } from '#shared/data/standings';
import { freezeFields, freezeView, teamsAsSeen } from '#shared/domain/freeze';
import { buildScoreboard, buildScorecard } from '#shared/domain/scoring';
import { endpoint } from '#shared/http/endpoint';
import { canSee, visibleTo } from '#shared/http/principal';
import { notFound } from '#shared/http/problem';
import { ok } from '#shared/http/responses';

/**
 * The team's figures and its rank on the scoreboard this caller would get
 * (within its division when the scoreboard is segregated; frozen for the
 * public during a freeze). The rank needs every team's total, so this reads
 * what the scoreboard reads.
 */
export const handler = endpoint('GetScorecard', {}, async ({ id, principal }) => {
  const { settings, segregate, teams, superTypes } = await readStandingsInputs();
  const freeze = freezeView(settings.scoreboard_freeze_time, principal === undefined, new Date());
  const seen = teamsAsSeen(teams, freeze);
  const record = seen.find((t) => t.team.id === id);
  if (!record || !canSee(principal, record)) throw notFound(`No team has id ${id}.`);
  const row = buildScoreboard(visibleTo(principal, seen), superTypes, segregate).find((r) => r.team.id === id)!;
  return ok({ ...buildScorecard(record, superTypes, row.rank), ...freezeFields(freeze) }, undefined, freeze.freshUntil);
});
