import { getSettings } from '../shared/data/settings';
import { listSuperTypes, listTeamRecords } from '../shared/data/teams';
import { buildScoreboard, buildScorecard } from '../shared/domain/scoring';
import { endpoint } from '../shared/http/endpoint';
import { canSee, visibleTo } from '../shared/http/principal';
import { notFound } from '../shared/http/problem';
import { ok } from '../shared/http/responses';

/**
 * The team's figures and its rank on the scoreboard this caller would get
 * (within its division when the scoreboard is segregated). The rank needs
 * every team's total, so this reads the teams partition like the scoreboard.
 */
export const handler = endpoint('GetScorecard', {}, async ({ id, principal }) => {
  const [settings, teams, superTypes] = await Promise.all([getSettings(), listTeamRecords(), listSuperTypes()]);
  const record = teams.find((t) => t.team.id === id);
  if (!record || !canSee(principal, record)) throw notFound(`No team has id ${id}.`);
  const segregate = settings?.settings.guest_division_enabled ?? false;
  const row = buildScoreboard(visibleTo(principal, teams), superTypes, segregate).find((r) => r.team.id === id)!;
  return ok(buildScorecard(record, superTypes, row.rank));
});
