/**
 * A team's debrief (issue #62): its story of the event, as the team may read
 * it. Where it stood overall and in each super type beside the field's
 * median and best; how each service held; what its injects and incident
 * reports earned and why; what the red team did to it; its score over time
 * against the median. Never who filed or graded what, nor any evidence, nor
 * another team's reasons. Pure: app/debriefs.ts reads the inputs, by key.
 */
import * as v from 'valibot';
import { TeamGradeSchema, type Grade, type Inject, type Submission } from '#shared/domain/injects';
import { IncidentGradeShownSchema, shownGrade, type IncidentGrade, type IncidentReport } from '#shared/domain/incidents';
import { TeamFindingSchema, teamFinding, teamsSeeFindings, type Finding, type FindingRuling } from '#shared/domain/findings';
import type { Snapshot } from '#shared/domain/history';
import type { SuperType, TeamRecord } from '#shared/domain/model';
import type { DebriefsShown, SettingsFields } from '#shared/domain/settings';
import { Count, Id, Points, Time, inSchemaOrder, named } from '#shared/domain/shapes';
import { afterFreeze } from '#shared/domain/scoring/freeze';
import { divisionOf, superTypeScores, totalScore } from '#shared/domain/scoring/standings';
import { commonReasons, ReasonCountSchema, ServiceFiguresSchema, serviceFigures, type FiguredResult } from '#shared/domain/scoring/service-figures';

/** What a member gets now: nothing yet (and why), everything so far, or the debrief as of the freeze. */
export type DebriefRelease = { released: false; why: string } | { released: true; cutoff: undefined } | { released: true; cutoff: string };

/**
 * Whether members may read their debrief now. `after_finalise`: once the
 * event is finalised and no freeze stands (a freeze can outlast `finalise`:
 * the debrief waits until it is lifted). `now`: at once; while a freeze
 * stands, as of the freeze, so that it tells a member nothing the frozen
 * board does not.
 */
export function memberRelease(shown: DebriefsShown, final: boolean, freezeTime: string | null, now: number): DebriefRelease {
  const frozen = freezeTime !== null && now >= Date.parse(freezeTime);
  if (shown === 'now') return frozen ? { released: true, cutoff: freezeTime } : { released: true, cutoff: undefined };
  if (!final) return { released: false, why: 'Debriefs are released once the event is finalised.' };
  if (frozen) return { released: false, why: 'Debriefs are released once the scoreboard freeze is lifted.' };
  return { released: true, cutoff: undefined };
}

/** The full reasons a service's debrief lists: its most frequent. */
export const REASONS_SHOWN = 5;

/** A score beside the field's: the median and the best of the teams ranked with it. */
const Placing = {
  score: Points,
  rank: v.pipe(
    v.nullable(Id),
    v.description('Standard competition ranking ("1224") among the teams it is ranked with; null for a hidden team, which is ranked with nobody.'),
  ),
  median: v.pipe(
    v.nullable(v.number()),
    v.description('The median of the teams it is ranked with (their mean of the two middle ones for an even count); null when there are none.'),
  ),
  best: v.pipe(v.nullable(Points), v.description('The highest of the teams it is ranked with; null when there are none.')),
};

const StandingSchema = v.strictObject({
  division: v.picklist(['main', 'guest']),
  teams_ranked: v.pipe(Count, v.description('The teams it is ranked with: the visible ones (of its division, when the scoreboard is segregated).')),
  overall: v.strictObject(Placing),
  super_types: v.array(v.strictObject({ super_type_id: Id, super_type: v.string(), max_score: Count, ...Placing })),
});

const DebriefServiceSchema = v.strictObject({
  service_id: Id,
  subtype: v.string(),
  url: v.string(),
  port: v.number(),
  max_score: Count,
  ...ServiceFiguresSchema.entries,
  reasons: v.pipe(
    v.array(ReasonCountSchema),
    v.description(`The full reasons its checks failed with, the ${REASONS_SHOWN} most frequent: the team's own, as the team routes show them.`),
  ),
});

const DebriefInjectSchema = v.strictObject({
  inject_id: Id,
  title: v.string(),
  due_at: Time,
  max_points: Count,
  versions: v.pipe(Count, v.description('Versions the team sent.')),
  revisions_asked: v.pipe(Count, v.description('Versions an organiser asked the team to revise.')),
  revisions_made: v.pipe(Count, v.description('Versions sent after such a request.')),
  grade: v.pipe(v.nullable(TeamGradeSchema), v.description('Its latest grade (null: not graded): points, late share, rubric scores and the comments.')),
});

const DebriefIncidentSchema = v.strictObject({
  incident_id: Id,
  observed_at: v.string(),
  submitted_at: v.string(),
  hosts: v.array(v.string()),
  grade: v.pipe(v.nullable(IncidentGradeShownSchema), v.description('Its latest grade (null: not graded).')),
});

export const DebriefSchema = named(
  'Debrief',
  "A team's story of the event: standing, services, injects, incident reports, the red team's findings and the score over time. Never who filed or graded what, nor any evidence.",
  v.strictObject({
    team: v.strictObject({ id: Id, number: Id, name: v.string() }),
    competition_name: v.string(),
    as_of: v.pipe(Time, v.description('What it shows ends here: when it was built, or the freeze time while a freeze stands.')),
    standing: StandingSchema,
    services: v.array(DebriefServiceSchema),
    injects: v.array(DebriefInjectSchema),
    incidents: v.array(DebriefIncidentSchema),
    red_team: v.strictObject({
      shown: v.pipe(
        v.boolean(),
        v.description('Whether the settings show the team its findings (`red_team_findings_shown`); when false, `findings` is empty.'),
      ),
      findings: v.pipe(
        v.array(TeamFindingSchema),
        v.description('Approved against the team, with kind, service, time and points; the description only where `red_team_findings_described`.'),
      ),
    }),
    score_over_time: v.strictObject({
      interval_seconds: Count,
      times: v.array(v.string()),
      team: v.pipe(v.array(v.nullable(v.number())), v.description("The team's total at each time (null: not in that sample; a hidden team never is).")),
      median: v.pipe(v.array(v.nullable(v.number())), v.description('The median total of the teams it is ranked with, at each time.')),
    }),
  }),
);
export type Debrief = v.InferOutput<typeof DebriefSchema>;

/** The median of numbers (the mean of the middle two for an even count), or null for none. */
export function median(values: readonly number[]): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

/** Standard competition ranking: one more than the number of scores strictly higher. */
const rankAmong = (score: number, field: readonly number[]) => 1 + field.filter((s) => s > score).length;

const placing = (score: number, field: readonly number[], ranked: boolean) => ({
  score,
  rank: ranked ? rankAmong(score, field) : null,
  median: median(field),
  best: field.length === 0 ? null : Math.max(...field),
});

/** The teams a team is ranked with: the visible ones, of its own division when the scoreboard is segregated. */
const rankedWith = (team: TeamRecord, field: readonly TeamRecord[], segregate: boolean) =>
  field.filter((t) => !t.hidden && (!segregate || divisionOf(t.team) === divisionOf(team.team)));

/**
 * Where a team stands among the teams it is ranked with: the visible ones, of
 * its own division when the scoreboard is segregated (as the scoreboard
 * ranks). A hidden team is ranked with nobody (its rank is null), beside the
 * figures of the field it would have been in.
 */
export function standingOf(team: TeamRecord, field: readonly TeamRecord[], superTypes: SuperType[], segregate: boolean): Debrief['standing'] {
  const division = divisionOf(team.team);
  const ranked = rankedWith(team, field, segregate);
  const scoresOf = (record: TeamRecord) => superTypeScores(record.totals, superTypes);
  const own = scoresOf(team);
  const fieldScores = ranked.map(scoresOf);
  return {
    division,
    teams_ranked: ranked.length,
    overall: placing(totalScore(own), fieldScores.map(totalScore), !team.hidden),
    super_types: own.map((s, i) => ({
      super_type_id: s.super_type_id,
      super_type: s.super_type,
      max_score: s.max_score,
      ...placing(
        s.score,
        fieldScores.map((scores) => scores[i]!.score),
        !team.hidden,
      ),
    })),
  };
}

/** Everything a debrief is made of, read by key for one team (and once for the field). */
export interface DebriefInputs {
  competitionName: string;
  /** The team, its figures (as of the cutoff) and the field's, the super types and whether divisions rank apart. */
  team: TeamRecord;
  field: readonly TeamRecord[];
  superTypes: SuperType[];
  segregate: boolean;
  services: readonly { id: number; subtype: string; url: string; port: number; max_score: number; results: readonly FiguredResult[] }[];
  /** The injects the team was given, its submissions and its grades (newest first within each inject). */
  injects: readonly Inject[];
  submissions: readonly Submission[];
  grades: readonly Grade[];
  incidents: readonly IncidentReport[];
  incidentGrades: readonly IncidentGrade[];
  /** The findings against the team, their rulings (each kept whole), and whether the team may see them and their descriptions. */
  findings: readonly Finding[];
  findingRulings: readonly FindingRuling[];
  findingsShown: boolean;
  findingsDescribed: boolean;
  history: { interval_seconds: number; samples: readonly Snapshot[] };
  /** Nothing at or after this shows (a freeze), or undefined: everything so far. */
  cutoff: string | undefined;
  builtAt: string;
}

/** Whether something at `time` shows: everything does without a cutoff; with one, only what came before it (the freeze's rule). */
const before = (time: string, cutoff: string | undefined) => !afterFreeze(time, cutoff ?? null);

/** The debrief, from its inputs. */
export function buildDebrief(input: DebriefInputs): Debrief {
  const { team, cutoff } = input;
  const ranked = rankedWith(team, input.field, input.segregate);
  const submissions = input.submissions.filter((s) => before(s.submitted_at, cutoff));
  const grades = input.grades.filter((g) => before(g.graded_at, cutoff));
  return {
    team: { id: team.team.id, number: team.team.number, name: team.team.name },
    competition_name: input.competitionName,
    as_of: cutoff ?? input.builtAt,
    standing: standingOf(team, input.field, input.superTypes, input.segregate),
    services: [...input.services]
      .sort((a, b) => a.id - b.id)
      .map((s) => ({
        service_id: s.id,
        subtype: s.subtype,
        url: s.url,
        port: s.port,
        max_score: s.max_score,
        ...serviceFigures(s.results, cutoff),
        reasons: commonReasons(s.results, REASONS_SHOWN, cutoff),
      })),
    injects: input.injects
      // Those the team was given by then: a retired one too, whose grades stay on the board; never a draft, nor one not open yet.
      .filter((inject) => inject.state !== 'draft' && Date.parse(inject.open_at) <= Date.parse(cutoff ?? input.builtAt))
      .sort((a, b) => a.open_at.localeCompare(b.open_at) || a.id - b.id)
      .map((inject) => injectPart(inject, submissions, grades, cutoff)),
    incidents: input.incidents
      .filter((report) => before(report.submitted_at, cutoff))
      .sort((a, b) => a.id - b.id)
      .map((report) => {
        const latest = input.incidentGrades.filter((g) => g.incident_id === report.id && before(g.graded_at, cutoff)).sort((a, b) => b.n - a.n)[0];
        return {
          incident_id: report.id,
          observed_at: report.observed_at,
          submitted_at: report.submitted_at,
          hosts: report.hosts,
          grade: latest ? shownGrade(latest) : null,
        };
      }),
    red_team: {
      shown: input.findingsShown,
      findings: input.findingsShown
        ? approvedFindings(input, cutoff).map(({ finding, ruling }) => ({ ...teamFinding(finding, input.findingsDescribed), points: ruling.deducted }))
        : [],
    },
    score_over_time: scoreOverTime(team, ranked, input.history, cutoff),
  };
}

function injectPart(inject: Inject, submissions: readonly Submission[], grades: readonly Grade[], cutoff: string | undefined): Debrief['injects'][number] {
  const versions = submissions.filter((s) => s.inject_id === inject.id).sort((a, b) => a.version - b.version);
  const asked = (s: Submission) => s.revision_request !== null && before(s.revision_request.requested_at, cutoff);
  const latest = grades.filter((g) => g.inject_id === inject.id).sort((a, b) => b.n - a.n)[0];
  return {
    inject_id: inject.id,
    title: inject.title,
    due_at: inject.due_at,
    max_points: inject.points,
    versions: versions.length,
    revisions_asked: versions.filter(asked).length,
    revisions_made: versions.filter((s, i) => i > 0 && asked(versions[i - 1]!)).length,
    grade: latest ? inSchemaOrder(TeamGradeSchema, latest) : null,
  };
}

/**
 * The findings approved against the team, each with the ruling in force (its
 * latest, or with a cutoff the latest made before it): a finding ruled again
 * after a freeze shows as it stood then, with the points it took then.
 */
function approvedFindings(input: DebriefInputs, cutoff: string | undefined): { finding: Finding; ruling: FindingRuling }[] {
  return input.findings
    .flatMap((finding) => {
      const ruling = input.findingRulings
        .filter((r) => r.finding_id === finding.id && before(r.reviewed_at, cutoff))
        .reduce<FindingRuling | undefined>((latest, r) => (latest === undefined || r.n > latest.n ? r : latest), undefined);
      return ruling?.decision === 'approve' ? [{ finding, ruling }] : [];
    })
    .sort((a, b) => a.finding.done_at.localeCompare(b.finding.done_at) || a.finding.id - b.finding.id);
}

/** The team's total at each sample before the cutoff, and the median of the teams it is ranked with. */
function scoreOverTime(
  team: TeamRecord,
  ranked: readonly TeamRecord[],
  history: DebriefInputs['history'],
  cutoff: string | undefined,
): Debrief['score_over_time'] {
  const samples = history.samples.filter((s) => before(s.time, cutoff)).sort((a, b) => a.time.localeCompare(b.time));
  const ids = ranked.map((t) => String(t.team.id));
  return {
    interval_seconds: history.interval_seconds,
    times: samples.map((s) => s.time),
    team: samples.map((s) => s.totals[String(team.team.id)] ?? null),
    median: samples.map((s) => median(ids.flatMap((id) => (s.totals[id] === undefined ? [] : [s.totals[id]])))),
  };
}

/**
 * A stored debrief as it is shown at `now`: what turns with the clock or a
 * reader-side setting, not with the data, is decided at each read. The red
 * team's findings show once the settings show them to the team
 * (`red_team_findings_shown`: `after_event` turns at end_time); a member reads
 * the check reasons only while `teams_see_check_details` is on.
 */
export function debriefShownNow(
  debrief: Debrief,
  settings: Pick<SettingsFields, 'red_team_findings_shown' | 'end_time' | 'teams_see_check_details'>,
  now: number,
  reader: 'organiser' | 'member',
): Debrief {
  const findingsShown = debrief.red_team.shown && teamsSeeFindings(settings, now);
  return {
    ...debrief,
    services: reader === 'member' && !settings.teams_see_check_details ? debrief.services.map((s) => ({ ...s, reasons: [] })) : debrief.services,
    red_team: findingsShown ? debrief.red_team : { shown: false, findings: [] },
  };
}
