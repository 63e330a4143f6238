/**
 * Incident reports (issue #29): a team's member files one; organisers grade
 * it (and regrade it: the next grade, the old kept) into the super type the
 * settings name, through the fold; the team reads its reports with their
 * latest grades and comments.
 */
import type * as v from 'valibot';
import type { IncidentGradeBody } from '#shared/api/schemas/requests/injects';
import type { AuditContext } from '#shared/data/audit';
import { gradeWritten } from '#shared/app/awards';
import { keepFiles } from '#shared/app/files';
import { findingSeenByTeam } from '#shared/app/findings';
import { incidentFiles, MAX_BYTES_PER_SUBMISSION } from '#shared/domain/files';
import { fileInOrder } from '#shared/domain/stored-file';
import { allocateId } from '#shared/data/counters';
import { freshSettings } from '#shared/data/fresh';
import { listIncidentReports, putIncidentGrade, putIncidentReport, readIncidentReport, teamIncidentGrades } from '#shared/data/incidents';
import { INCIDENT_REPORTS_PER_HOUR, shownGrade, type IncidentGrade, type IncidentGradeShown, type IncidentReport } from '#shared/domain/incidents';
import { latestPer } from '#shared/domain/injects';
import { formatTimestamp } from '#shared/validation';
import { conflict, notFound, serviceUnavailable, tooManyRequests, validationFailed } from '#shared/http/problem';
import { takeFromWindow } from '#shared/data/team-limits';

const reportsOff = () =>
  conflict('incident_reports_off', 'This competition takes no incident reports (its settings name no super type for them: incident_reports_super_type_id).');

/** Where incident grades go, or 409 when the settings name no super type. */
export async function incidentRules(): Promise<{ superTypeId: number; maxPoints: number }> {
  const { settings } = await freshSettings();
  if (settings.incident_reports_super_type_id === null) throw reportsOff();
  return { superTypeId: settings.incident_reports_super_type_id, maxPoints: settings.incident_report_max_points };
}

/** A member files the team's report of an incident, with evidence files uploaded first (their keys). */
export async function fileIncident(
  teamId: number,
  filed: Pick<IncidentReport, 'observed_at' | 'hosts' | 'description'> & { files?: readonly string[]; finding_id?: number },
  member: string,
  now = new Date(),
): Promise<IncidentReport> {
  await incidentRules();
  if (Date.parse(filed.observed_at) > now.getTime() + 60_000) {
    throw validationFailed([{ path: 'observed_at', message: `${filed.observed_at} has not happened yet` }]);
  }
  // A report may answer a finding the team was shown, and no other: an id it guessed tells it nothing.
  if (filed.finding_id !== undefined && !(await findingSeenByTeam(teamId, filed.finding_id, now))) {
    throw validationFailed([{ path: 'finding_id', message: `names no finding shown to team ${teamId}` }]);
  }
  // A red-team round gives a team a handful of incidents to report, not a stream: what a team files is bounded per hour.
  const limited = await takeFromWindow(teamId, { kind: 'incidents', count: INCIDENT_REPORTS_PER_HOUR, windowSeconds: 3600 }, now.getTime());
  if (limited) {
    throw tooManyRequests(
      'incidents_limited',
      `A team may file ${INCIDENT_REPORTS_PER_HOUR} incident reports an hour: try again in ${limited.retryAfterSeconds} s.`,
      limited.retryAfterSeconds,
    );
  }
  // Its evidence: the team's uploads for reports, as the bucket holds them, each kept (copied) for this report.
  const files = await keepFiles(incidentFiles(teamId), filed.files ?? [], { limits: { maxBytes: MAX_BYTES_PER_SUBMISSION } });
  for (let attempt = 0; attempt < 3; attempt++) {
    const report: IncidentReport = {
      id: await allocateId('incident'),
      team_id: teamId,
      observed_at: filed.observed_at,
      hosts: filed.hosts,
      description: filed.description,
      files,
      submitted_by: member,
      submitted_at: formatTimestamp(now),
      finding_id: filed.finding_id ?? null,
    };
    if (await putIncidentReport(report)) return { ...report, files: report.files.map(fileInOrder) };
  }
  throw serviceUnavailable('incident_busy', 'Reports kept being filed at once; send it again.', 1);
}

export type IncidentReportShown = IncidentReport & { grade: IncidentGradeShown | null };

/**
 * Reports with their latest grade: a team's, or every team's (the grading
 * queue with `ungraded`: those no grade is of yet).
 */
export async function incidentReports(options: { teamId?: number; ungraded?: boolean } = {}): Promise<IncidentReportShown[]> {
  const reports = await listIncidentReports(options.teamId);
  const teams = [...new Set(reports.map((r) => r.team_id))];
  const latest = latestPer((await Promise.all(teams.map((team) => teamIncidentGrades(team)))).flat(), (g) => g.incident_id);
  return reports
    .map((report) => {
      const grade = latest.get(report.id);
      return { ...report, grade: grade ? shownGrade(grade) : null };
    })
    .filter((report) => !options.ungraded || report.grade === null);
}

/** A grade as a grader gives it. */
export type IncidentGradeGiven = v.InferOutput<typeof IncidentGradeBody>;

/**
 * Grades a report (or regrades it): its points, at most the settings'
 * incident_report_max_points, go to the settings' super type through the
 * fold (what this grade changes from the one before it). 409
 * `grade_changed` when another grader's came first; refused once the results
 * are final unless overridden.
 */
export async function gradeIncident(id: number, given: IncidentGradeGiven, audit: AuditContext, now = new Date()): Promise<IncidentGrade> {
  const report = await readIncidentReport(id);
  if (!report) throw notFound(`No incident report has id ${id}.`);
  const { superTypeId, maxPoints } = await incidentRules();
  if (given.points > maxPoints)
    throw validationFailed([{ path: 'points', message: `must be at most ${maxPoints} (the settings' incident_report_max_points)` }]);
  const [latest] = await teamIncidentGrades(report.team_id, id);
  const changed = () => conflict('grade_changed', `Grade ${latest?.n ?? 'none'} is the latest of incident report ${id}: read it, then regrade it.`);
  if ((latest?.n ?? null) !== given.replaces) throw changed();
  const grade: IncidentGrade = {
    incident_id: id,
    team_id: report.team_id,
    n: (latest?.n ?? 0) + 1,
    points: given.points,
    comment: given.comment ?? '',
    award: given.points - (latest?.points ?? 0),
    max_award: latest ? 0 : maxPoints,
    // A regrade stays in its report's first super type: the settings may have named another since.
    super_type_id: latest?.super_type_id ?? superTypeId,
    graded_by: audit.actor.name,
    graded_at: formatTimestamp(now),
  };
  return gradeWritten(await putIncidentGrade(grade, audit, { overrideFinal: given.override_final === true }), grade, changed);
}

/** Every grade of a report, regrades and the ones they replaced, newest first. */
export async function incidentGrades(id: number): Promise<IncidentGrade[]> {
  const report = await readIncidentReport(id);
  if (!report) throw notFound(`No incident report has id ${id}.`);
  return teamIncidentGrades(report.team_id, id);
}
