import { readStandingsInputs } from '#shared/data/standings';
import { freezeFields, freezeView, teamsAsSeen } from '#shared/domain/freeze';
import { buildScoreboard } from '#shared/domain/scoring';
import { endpoint } from '#shared/http/endpoint';
import { visibleTo } from '#shared/http/principal';
import { ok } from '#shared/http/responses';
import { recordScoreboardAge } from '#shared/metrics';

export const handler = endpoint('GetScoreboard', {}, async ({ principal }) => {
  const { settings, segregate, teams, superTypes } = await readStandingsInputs();
  const lastScan = Math.max(...teams.map((t) => Date.parse(t.totals.last_scan_time ?? '') || 0));
  if (lastScan > 0) recordScoreboardAge((Date.now() - lastScan) / 1000);
  const freeze = freezeView(settings.scoreboard_freeze_time, principal === undefined, new Date());
  const scoreboard = buildScoreboard(visibleTo(principal, teamsAsSeen(teams, freeze)), superTypes, segregate);
  return ok({ segregate, scoreboard, ...freezeFields(freeze) }, undefined, freeze.freshUntil);
});
