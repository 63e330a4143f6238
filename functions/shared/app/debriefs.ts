/**
 * Teams' debriefs (issue #62): built from what the table holds for one team,
 * read by key (its services' results, its submissions and grades, its
 * incident reports and findings) and, once, what the whole field shares (the
 * standings, the injects, the score history). Built once per version of the
 * public data (data/public-version.ts moves with every result, grade,
 * ruling, load and settings change, `finalise` and `override_final` writes
 * included) and kept (data/debriefs.ts): a read of a current one is two
 * GetItems. That version is the public data's: a submission, a revision
 * request, an incident report filed, or an edit of an inject or a finding do
 * not move it, so a debrief shows them once the data moves next (rare after
 * `finalise`; a per-team mark those writes bump would close the gap).
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { mapBounded } from '#shared/bounded';
import { historySamples } from '#shared/app/score-history';
import { standingsAsSeen } from '#shared/app/standings';
import { claimDebriefBuild, putDebrief, readDebrief, type DebriefView } from '#shared/data/debriefs';
import { listFindings, teamFindingRulings } from '#shared/data/findings';
import { freshSettings } from '#shared/data/fresh';
import { teamGrades } from '#shared/data/grades';
import { listIncidentReports, teamIncidentGrades } from '#shared/data/incidents';
import { listInjects } from '#shared/data/injects';
import { readPublicVersions } from '#shared/data/public-version';
import { storedResults } from '#shared/data/results';
import { listServiceRecords } from '#shared/data/services';
import { teamSubmissions } from '#shared/data/submissions';
import { readTeamProfile } from '#shared/data/teams';
import { buildDebrief, debriefShownNow, memberRelease, type Debrief } from '#shared/domain/debrief';
import { debriefSummary, injectPoints, type DebriefSummary } from '#shared/domain/debrief-summary';
import { freezeView } from '#shared/domain/scoring/freeze';
import { HttpProblem, notFound } from '#shared/http/problem';
import { formatTimestamp } from '#shared/validation';

/** How long a build may hold its claim: a build that died leaves it to the next read after this. */
const BUILD_LEASE_SECONDS = 30;
/** How long a read waits for a build another read claimed, before building itself: well within its function's 29 s (the route's `runs`). */
const WAIT_FOR_BUILD_MS = 8_000;
/** A team's services' histories read at once. */
const HISTORIES_AT_ONCE = 4;
/** Teams' grades read at once for the table of ranks. */
const TEAMS_AT_ONCE = 8;

/** What the whole field shares, read once for every debrief built together: the standings as of the cutoff, the injects, the history. */
export async function fieldOf(cutoff: string | undefined, now = new Date()) {
  const freeze = cutoff === undefined ? { frozen: false, frozen_since: null, applies: false } : freezeView(cutoff, true, now);
  // Everything as it is (the settings read consistently with the standings), not the copies a function keeps for up
  // to 5 s: what is built is kept until the public data moves again.
  const [standings, injects, history] = await Promise.all([
    standingsAsSeen(freeze, now, { exact: true }),
    listInjects(),
    historySamples(cutoff, undefined, now),
  ]);
  return { settings: standings.settings, standings, injects, history, cutoff, now };
}
export type Field = Awaited<ReturnType<typeof fieldOf>>;

/** One team's debrief, built now from the field and the team's own items. Undefined when the field holds no such team. */
export async function builtDebrief(teamId: number, field: Field): Promise<Debrief | undefined> {
  const team = field.standings.teams.find((t) => t.team.id === teamId);
  if (!team) return undefined;
  const { settings } = field;
  const [services, submissions, grades, incidents, incidentGrades, findings, findingRulings] = await Promise.all([
    listServiceRecords({ teamNumber: team.team.number }).then((records) =>
      mapBounded(records, HISTORIES_AT_ONCE, async (record) => ({ record, results: await storedResults(record.service.id) })),
    ),
    teamSubmissions(teamId),
    teamGrades(teamId),
    listIncidentReports(teamId),
    teamIncidentGrades(teamId),
    listFindings(teamId),
    teamFindingRulings(teamId),
  ]);
  return buildDebrief({
    competitionName: settings.competition_name,
    team,
    field: field.standings.teams,
    superTypes: field.standings.superTypes,
    segregate: field.standings.segregate,
    services: services
      .filter(({ record, results }) => !record.disabled || results.length > 0)
      .map(({ record, results }) => ({
        id: record.service.id,
        subtype: record.service.subtype,
        url: record.service.url,
        port: record.service.port,
        max_score: record.service.max_score,
        results,
      })),
    injects: field.injects,
    submissions,
    grades,
    incidents,
    incidentGrades,
    findings,
    findingRulings,
    // Whether the team sees them yet depends on the clock too: the read decides that (debriefShownNow).
    findingsShown: settings.red_team_findings_super_type_id !== null && settings.red_team_findings_shown !== 'never',
    findingsDescribed: settings.red_team_findings_described,
    history: { interval_seconds: field.history.interval, samples: field.history.samples },
    cutoff: field.cutoff,
    builtAt: formatTimestamp(field.now),
  });
}

/** What a debrief is built from: the version of the public data read before the field, and the field (read once, or for this build). */
export interface BuildBasis {
  version: number;
  field: () => Promise<Field>;
}

/**
 * A team's debrief of one view, current with the public data: the kept one
 * when it is, else built (one reader claims the build; the others wait for it
 * a while, then build themselves) and kept. 404 for no such team. The export
 * worker gives the basis it read once for every team.
 */
export async function keptDebrief(teamId: number, view: DebriefView, cutoff: string | undefined, given?: BuildBasis): Promise<Debrief> {
  const [stored, version] = await Promise.all([readDebrief(teamId, view), given?.version ?? readPublicVersions().then((v) => v.live.version)]);
  if (stored && stored.version >= version) return stored.debrief;
  if (!(await claimDebriefBuild(teamId, view, version, BUILD_LEASE_SECONDS))) {
    for (const started = Date.now(); Date.now() - started < WAIT_FOR_BUILD_MS;) {
      await sleep(250);
      const built = await readDebrief(teamId, view);
      if (built && built.version >= version) return built.debrief;
    }
  }
  const now = new Date();
  const debrief = await builtDebrief(teamId, await (given?.field() ?? fieldOf(cutoff, now)));
  if (!debrief) throw notFound(`No team has id ${teamId}.`);
  await putDebrief(teamId, view, { version, built_at: formatTimestamp(now), debrief });
  return debrief;
}

/** An organiser's read: everything so far, whatever the release and the freeze, as the team will see it. */
export async function organiserDebrief(teamId: number, now = new Date()): Promise<Debrief> {
  const [{ settings }, debrief] = await Promise.all([freshSettings(), keptDebrief(teamId, 'live', undefined)]);
  return debriefShownNow(debrief, settings, now.getTime(), 'organiser');
}

/** A member's read: 403 `debrief_not_released` until released; 404 for a hidden team. */
export async function memberDebrief(teamId: number, now = new Date()): Promise<Debrief> {
  const { settings, final } = await freshSettings();
  const release = memberRelease(settings.debriefs_shown, final, settings.scoreboard_freeze_time, now.getTime());
  if (!release.released) throw new HttpProblem(403, 'debrief_not_released', release.why);
  // A hidden team's debrief is the organisers' alone (its members are signed out when it is hidden: this holds anyway).
  if ((await readTeamProfile(teamId))?.hidden !== false) throw notFound(`No team has id ${teamId}.`);
  const debrief = await (release.cutoff === undefined ? keptDebrief(teamId, 'live', undefined) : keptDebrief(teamId, 'frozen', release.cutoff));
  return debriefShownNow(debrief, settings, now.getTime(), 'member');
}

/** The organisers' table of ranks: the standings as organisers see them, and each team's inject grades read by key. */
export async function summaryOfDebriefs(now = new Date(), read?: Field['standings']): Promise<DebriefSummary> {
  // The export worker gives the standings its field read (live, exact): read once for the debriefs and the table.
  const { teams, superTypes, segregate } = read ?? (await standingsAsSeen({ frozen: false, frozen_since: null, applies: false }, now, { exact: true }));
  const points = await mapBounded(teams, TEAMS_AT_ONCE, async (t) => [t.team.id, injectPoints(await teamGrades(t.team.id))] as const);
  return debriefSummary(teams, superTypes, segregate, new Map(points));
}
