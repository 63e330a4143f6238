/**
 * The organisers' final report: standings (as the public scoreboard ranks
 * them), each team's per-super-type scores and statistics (the maxima with
 * the injects past due, as the board's), each service's figures from its
 * scan history, and the grades that count (the latest of each inject and
 * incident report, per team, and each red team finding's approval), and every
 * round's deduction by a red team beacon. Reads the table the data layer is pointed
 * at; not a request path, so it may read every service's history.
 */
import { teamGrades } from '#shared/data/grades';
import { teamIncidentGrades } from '#shared/data/incidents';
import { teamFindingRulings } from '#shared/data/findings';
import { listBeacons, teamBeaconDeductions } from '#shared/data/beacons';
import { deductionAward } from '#shared/domain/beacons';
import { readInjectSchedule } from '#shared/data/injects';
import { storedResults } from '#shared/data/results';
import { listServiceRecords } from '#shared/data/services';
import { readExactStandings } from '#shared/data/teams';
import { injectMaxima, latestPer, withInjectMaxima } from '#shared/domain/injects';
import type { ServiceRecord, SuperType } from '#shared/domain/model';
import { buildScoreboard, buildScorecard, type Division, type Scorecard } from '#shared/domain/scoring/standings';
import { serviceFigures } from '#shared/domain/scoring/service-figures';
import { formatTimestamp } from '#shared/validation';
import { toCsv } from '#shared/csv';
import { mapBounded } from '#shared/bounded';

export interface ResultsExport {
  json: ResultsJson;
  csv: { standings: string; services: string; grades: string; beacons: string };
}

export interface ResultsJson {
  competition_name: string;
  exported_at: string;
  segregate: boolean;
  super_types: SuperType[];
  standings: StandingEntry[];
  services: ServiceEntry[];
  grades: GradeEntry[];
  beacon_deductions: BeaconDeductionEntry[];
}

/** A round's deduction by a red team beacon: what it took (a voided one counts nothing on the board). */
export interface BeaconDeductionEntry {
  team_id: number;
  team_number: number;
  team_name: string;
  beacon_id: number;
  host: string;
  super_type_id: number;
  round_start: string;
  called_at: string;
  deducted: number;
  capped: boolean;
  voided: boolean;
  /** What it is worth on the board: minus what it took, 0 once voided. */
  awarded: number;
}

/** A grade that counts: the latest of one inject or incident report for one team, or the approval of a red team finding against it. */
export interface GradeEntry {
  kind: 'inject' | 'incident' | 'finding';
  /** The inject's, the report's or the finding's id. */
  of_id: number;
  team_id: number;
  team_number: number;
  team_name: string;
  super_type_id: number;
  /** Which grade it is (1: the first; higher: a regrade). */
  n: number;
  /** What the grader gave. */
  points: number;
  /** What it is worth on the board (an inject's: points × the submission's late share; a finding's: minus its points, 0 for a repeat). */
  awarded: number;
  graded_by: string;
  graded_at: string;
}

export interface StandingEntry extends Scorecard {
  rank: number;
  division: Division;
  hidden: boolean;
  team: { id: number; number: number; name: string; team_url: string; guest_division: boolean };
}

export interface ServiceEntry {
  service_id: number;
  team_id: number;
  team_number: number;
  team_name: string;
  subtype_id: number;
  subtype: string;
  super_type_id: number;
  url: string;
  port: number;
  max_score: number;
  /** The checks that count (voided ones do not), as domain/scoring/service-figures.ts counts them. */
  scans: number;
  scans_passed: number;
  scans_voided: number;
  uptime: number | null;
  points_earned: number;
  last_scan: number;
  last_scan_time: string | null;
  last_scan_error: string | null;
}

/** Histories are read a few services at a time: enough to be quick, few enough not to throttle. */
const HISTORY_CONCURRENCY = 8;

/**
 * Builds the export. Hidden (organisers' test) teams are left out unless
 * `includeHidden`; ranks are computed over the teams included, so the default
 * matches the public scoreboard.
 */
export async function exportResults(options: { includeHidden?: boolean; now?: Date } = {}): Promise<ResultsExport> {
  const [{ settings, segregate, teams: allTeams, superTypes }, allServices, schedule] = await Promise.all([
    readExactStandings(),
    listServiceRecords(),
    readInjectSchedule(),
  ]);
  const exportedAt = formatTimestamp(options.now ?? new Date());
  const teams = withInjectMaxima(
    allTeams.filter((t) => options.includeHidden || !t.hidden),
    injectMaxima(schedule, exportedAt),
  );
  const byId = new Map(teams.map((t) => [t.team.id, t]));

  const standings: StandingEntry[] = buildScoreboard(teams, superTypes, segregate).map((row) => {
    const record = byId.get(row.team.id)!;
    const { id, number, name, team_url, guest_division } = row.team;
    return {
      rank: row.rank,
      division: row.division,
      hidden: record.hidden,
      team: { id, number, name, team_url, guest_division },
      ...buildScorecard(record, superTypes, row.rank),
    };
  });

  const services = await mapBounded(
    allServices.filter((s) => byId.has(s.service.team.id)),
    HISTORY_CONCURRENCY,
    serviceEntry,
  );
  services.sort((a, b) => a.team_number - b.team_number || a.service_id - b.service_id);
  const grades = (await mapBounded(teams, HISTORY_CONCURRENCY, gradesOf)).flat();
  const hostOf = new Map((await listBeacons()).map((b) => [b.id, b.host]));
  const beaconDeductions = (
    await mapBounded(teams, HISTORY_CONCURRENCY, async ({ team }) =>
      (await teamBeaconDeductions(team.id)).map((d): BeaconDeductionEntry => ({
        team_id: team.id,
        team_number: team.number,
        team_name: team.name,
        beacon_id: d.beacon_id,
        host: hostOf.get(d.beacon_id) ?? '',
        super_type_id: d.super_type_id,
        round_start: d.round_start,
        called_at: d.called_at,
        deducted: d.deducted,
        capped: d.capped,
        voided: d.voided,
        awarded: deductionAward(d),
      })),
    )
  ).flat();

  const sortedSuperTypes = [...superTypes].sort((a, b) => a.id - b.id);
  const json: ResultsJson = {
    competition_name: settings.competition_name,
    exported_at: exportedAt,
    segregate,
    super_types: sortedSuperTypes,
    standings,
    services,
    grades,
    beacon_deductions: beaconDeductions,
  };
  return {
    json,
    csv: {
      standings: standingsCsv(standings, sortedSuperTypes),
      services: servicesCsv(services),
      grades: gradesCsv(grades),
      beacons: beaconsCsv(beaconDeductions),
    },
  };
}

/** A team's grades that count: the latest of each inject, then of each incident report. */
async function gradesOf({ team }: { team: { id: number; number: number; name: string } }): Promise<GradeEntry[]> {
  const [injectGrades, incidentGrades, rulings] = await Promise.all([teamGrades(team.id), teamIncidentGrades(team.id), teamFindingRulings(team.id)]);
  // In id order: the latest of each (grades are read newest first within each).
  const latest = <G>(grades: G[], of: (g: G) => number) => [...latestPer(grades, of).values()].sort((a, b) => of(a) - of(b));
  const entry = (
    kind: GradeEntry['kind'],
    ofId: number,
    g: { super_type_id: number; n: number; points: number; graded_by: string; graded_at: string },
    awarded: number,
  ) => ({
    kind,
    of_id: ofId,
    team_id: team.id,
    team_number: team.number,
    team_name: team.name,
    super_type_id: g.super_type_id,
    n: g.n,
    points: g.points,
    awarded,
    graded_by: g.graded_by,
    graded_at: g.graded_at,
  });
  return [
    ...latest(injectGrades, (g) => g.inject_id).map((g) => entry('inject', g.inject_id, g, g.awarded)),
    ...latest(incidentGrades, (g) => g.incident_id).map((g) => entry('incident', g.incident_id, g, g.points)),
    ...latest(rulings, (r) => r.finding_id)
      .filter((r) => r.decision === 'approve')
      .map((r) => entry('finding', r.finding_id, { ...r, graded_by: r.reviewed_by, graded_at: r.reviewed_at }, -r.deducted)),
  ];
}

function beaconsCsv(deductions: BeaconDeductionEntry[]): string {
  const columns: (keyof BeaconDeductionEntry)[] = [
    'team_number',
    'team_name',
    'beacon_id',
    'host',
    'super_type_id',
    'round_start',
    'called_at',
    'deducted',
    'capped',
    'voided',
    'awarded',
  ];
  return toCsv([columns, ...deductions.map((d) => columns.map((c) => d[c]))]);
}

function gradesCsv(grades: GradeEntry[]): string {
  const columns: (keyof GradeEntry)[] = ['team_number', 'team_name', 'kind', 'of_id', 'super_type_id', 'n', 'points', 'awarded', 'graded_by', 'graded_at'];
  return toCsv([columns, ...grades.map((g) => columns.map((c) => g[c]))]);
}

async function serviceEntry(record: ServiceRecord): Promise<ServiceEntry> {
  const s = record.service;
  // The figures a team's debrief gives too: a voided result is not a check that counts, as the team's totals say.
  const figures = serviceFigures(await storedResults(s.id));
  return {
    service_id: s.id,
    team_id: s.team.id,
    team_number: s.team.number,
    team_name: s.team.name,
    subtype_id: s.subtype_id,
    subtype: s.subtype,
    super_type_id: record.super_type_id,
    url: s.url,
    port: s.port,
    max_score: s.max_score,
    scans: figures.checks,
    scans_passed: figures.passed,
    scans_voided: figures.voided.checks,
    uptime: figures.uptime,
    points_earned: record.points_earned,
    last_scan: s.last_scan,
    last_scan_time: s.last_scan_time,
    last_scan_error: record.last_scan_reason, // the organisers' archive keeps the full reason
  };
}

function standingsCsv(standings: StandingEntry[], superTypes: SuperType[]): string {
  const header = [
    'rank',
    'division',
    'team_id',
    'team_number',
    'team_name',
    'hidden',
    'total_score',
    ...superTypes.flatMap((s) => [`${s.name} score`, `${s.name} max`]),
    'services_up',
    'services_down',
    'services_unscanned',
    'services_total',
    'checks_total',
    'checks_passed',
    'checks_failed',
    'uptime',
    'adjustments_total',
    'last_scan_time',
  ];
  const rows = standings.map((e) => {
    const scores = new Map(e.scores.map((s) => [s.super_type_id, s]));
    return [
      e.rank,
      e.division,
      e.team.id,
      e.team.number,
      e.team.name,
      e.hidden,
      e.total_score,
      ...superTypes.flatMap((s) => [scores.get(s.id)?.score ?? 0, scores.get(s.id)?.max_score ?? 0]),
      e.stats.services_up,
      e.stats.services_down,
      e.stats.services_unscanned,
      e.stats.services_total,
      e.stats.checks_total,
      e.stats.checks_passed,
      e.stats.checks_failed,
      e.stats.uptime,
      e.stats.adjustments_total,
      e.stats.last_scan_time,
    ];
  });
  return toCsv([header, ...rows]);
}

function servicesCsv(services: ServiceEntry[]): string {
  const columns: (keyof ServiceEntry)[] = [
    'team_number',
    'team_name',
    'service_id',
    'subtype',
    'super_type_id',
    'url',
    'port',
    'max_score',
    'scans',
    'scans_passed',
    'uptime',
    'points_earned',
    'last_scan',
    'last_scan_time',
    'last_scan_error',
    'scans_voided',
  ];
  return toCsv([columns, ...services.map((s) => columns.map((c) => s[c]))]);
}
