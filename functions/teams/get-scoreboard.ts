import { getSettings } from '../shared/data/settings';
import { listSuperTypes, listTeamRecords } from '../shared/data/teams';
import { buildScoreboard } from '../shared/domain/scoring';
import { endpoint } from '../shared/http/endpoint';
import { visibleTo } from '../shared/http/principal';
import { ok } from '../shared/http/responses';

/** One Query on the teams partition (their running totals), whatever the number of scans. */
export const handler = endpoint('GetScoreboard', {}, async ({ principal }) => {
  const [settings, teams, superTypes] = await Promise.all([getSettings(), listTeamRecords(), listSuperTypes()]);
  const segregate = settings?.settings.guest_division_enabled ?? false;
  return ok({ segregate, scoreboard: buildScoreboard(visibleTo(principal, teams), superTypes, segregate) });
});
