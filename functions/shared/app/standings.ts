/**
 * The standings as one caller sees them, the one way the scoreboard and the
 * scorecards read them: every team's figures as the freeze shows them to
 * this caller, and the maxima so far with the injects past their due time
 * added (due by the freeze time for a frozen view; else by now). A grade is
 * points the fold counts; what an inject could have earned is added here, at
 * read time, since it grows with the clock and not with a write.
 */
import { freshInjectSchedule } from '#shared/data/fresh';
import { readInjectSchedule } from '#shared/data/injects';
import { readStandingsInputs } from '#shared/data/standings';
import { readExactStandings } from '#shared/data/teams';
import { injectMaxima, withInjectMaxima } from '#shared/domain/injects';
import { frozenFor, teamsAsSeen, type FreezeView } from '#shared/domain/scoring/freeze';
import { formatTimestamp } from '#shared/validation';

export async function standingsAsSeen(freeze: FreezeView, now = new Date(), options: { exact?: boolean } = {}) {
  // Exact (a debrief, kept until the data moves again): every team's totals, the settings and the schedule as they
  // are now, not the projection and the copies a function keeps for up to 5 s.
  const [{ settings, segregate, teams, superTypes }, schedule] = await Promise.all(
    options.exact ? [readExactStandings(), readInjectSchedule()] : [readStandingsInputs(), freshInjectSchedule()],
  );
  const cutoff = frozenFor(freeze) ?? formatTimestamp(now);
  return { settings, segregate, superTypes, teams: withInjectMaxima(teamsAsSeen(teams, freeze), injectMaxima(schedule, cutoff)) };
}

/** When the standings change with the clock alone: the injects' due times (the endpoint's `changesAt`). */
export async function standingsChangeAt(): Promise<number[]> {
  return (await freshInjectSchedule()).map((inject) => Date.parse(inject.due_at));
}
