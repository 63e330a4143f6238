/**
 * Incident reports (`INCIDENTS / INCIDENT#<id>`): each kept whole, in one
 * partition organisers read whole (a team's are the ones with its id). Their
 * grades (`TEAM#<id> / INCIDENTGRADE#<report>#<n>`) are in the team's
 * partition, whose stream the fold reads: a grade adds its `award` to the
 * super type it names, as an inject's grade does (data/grades.ts writes both).
 */
import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import type { IncidentGrade, IncidentReport } from '#shared/domain/incidents';
import type { AuditContext } from '#shared/data/audit';
import { db, tableName } from '#shared/data/client';
import { putGradeItem } from '#shared/data/grades';
import { keys, PARTITION } from '#shared/data/keys';
import { queryPartition, withoutKeys } from '#shared/data/operations';
import { fileInOrder } from '#shared/domain/files';

/** A report as every answer shows it, its fields in one order. */
function toReport(item: Record<string, unknown>): IncidentReport {
  const r = withoutKeys<IncidentReport>(item);
  return {
    id: r.id,
    team_id: r.team_id,
    observed_at: r.observed_at,
    hosts: r.hosts,
    description: r.description,
    // Reports filed before evidence was taken have none.
    files: (r.files ?? []).map(fileInOrder),
    submitted_by: r.submitted_by,
    submitted_at: r.submitted_at,
  };
}

function toGrade(item: Record<string, unknown>): IncidentGrade {
  const g = withoutKeys<IncidentGrade>(item);
  return {
    incident_id: g.incident_id,
    team_id: g.team_id,
    n: g.n,
    points: g.points,
    comment: g.comment,
    award: g.award,
    super_type_id: g.super_type_id,
    graded_by: g.graded_by,
    graded_at: g.graded_at,
  };
}

/** Stores a new report (its id allocated: a Put conditioned on the key being free). */
export async function putIncidentReport(report: IncidentReport): Promise<boolean> {
  try {
    await db().send(
      new PutCommand({ TableName: tableName(), Item: { ...keys.incident(report.id), ...report }, ConditionExpression: 'attribute_not_exists(pk)' }),
    );
    return true;
  } catch (error) {
    if (error instanceof ConditionalCheckFailedException) return false;
    throw error;
  }
}

export async function readIncidentReport(id: number): Promise<IncidentReport | undefined> {
  const { Item } = await db().send(new GetCommand({ TableName: tableName(), Key: keys.incident(id), ConsistentRead: true }));
  return Item ? toReport(Item) : undefined;
}

/** Every report, by id (a team's: those with its id), consistent. */
export async function listIncidentReports(teamId?: number): Promise<IncidentReport[]> {
  const reports = (await queryPartition(PARTITION.incidents, { consistent: true })).map(toReport);
  return teamId === undefined ? reports : reports.filter((r) => r.team_id === teamId);
}

/** A team's grades of its reports, of one or all, newest first within each report (consistent). */
export async function teamIncidentGrades(teamId: number, incidentId?: number): Promise<IncidentGrade[]> {
  const { pk, skPrefix } = keys.incidentGradesOf(teamId, incidentId);
  return (await queryPartition(pk, { skPrefix, consistent: true, newestFirst: true })).map(toGrade);
}

export function putIncidentGrade(grade: IncidentGrade, audit: AuditContext, options: { overrideFinal?: boolean } = {}) {
  return putGradeItem(
    keys.incidentGrade(grade.team_id, grade.incident_id, grade.n),
    grade,
    { action: grade.n === 1 ? 'incident.grade' : 'incident.regrade', target: `incidents/${grade.incident_id}/grades` },
    audit,
    options,
  );
}
