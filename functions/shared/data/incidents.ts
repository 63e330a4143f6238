/**
 * Incident reports (`INCIDENTS / INCIDENT#<id>`): each kept whole, in one
 * partition organisers read whole, and in gsi2 under its team
 * (`INCIDENTS#<team>`), so a team's own are one Query of its own key: what
 * another team files never slows it. (An index is read eventually
 * consistent: a report just filed shows in its team's list a moment later,
 * typically well under a second; the filing's answer holds it already.) Their
 * grades (`TEAM#<id> / INCIDENTGRADE#<report>#<n>`) are in the team's
 * partition, whose stream the fold reads: a grade adds its `award` to the
 * super type it names, as an inject's grade does (data/grades.ts writes both).
 */
import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { IncidentGradeSchema, type IncidentGrade, type IncidentReport } from '#shared/domain/incidents';
import type { AuditContext } from '#shared/data/audit';
import { db, tableName } from '#shared/data/client';
import { putGradeItem } from '#shared/data/grades';
import { keys, PARTITION } from '#shared/data/keys';
import { queryIndex, queryPartition, withoutKeys } from '#shared/data/operations';
import { putWaiting, waitingIncident } from '#shared/data/waiting';
import { fileInOrder } from '#shared/domain/stored-file';
import { inSchemaOrder } from '#shared/domain/shapes';

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
    // Reports filed before findings name none.
    finding_id: r.finding_id ?? null,
  };
}

/** A grade as every answer shows it, its schema's fields in its order; grades from before it moved no maximum (max_award 0). */
const toGrade = (item: Record<string, unknown>): IncidentGrade => inSchemaOrder(IncidentGradeSchema, { ...item, max_award: item.max_award ?? 0 });

/** Stores a new report (its id allocated: a Put conditioned on the key being free), waiting for its grade. */
export const putIncidentReport = (report: IncidentReport): Promise<boolean> =>
  putWaiting({ ...keys.incident(report.id), ...keys.incidentOfTeam(report.team_id, report.id), ...report }, waitingIncident(report.id));

export async function readIncidentReport(id: number): Promise<IncidentReport | undefined> {
  const { Item } = await db().send(new GetCommand({ TableName: tableName(), Key: keys.incident(id), ConsistentRead: true }));
  return Item ? toReport(Item) : undefined;
}

/** Every report, by id, consistent (organisers); or one team's, by id, from its own key in gsi2. */
export async function listIncidentReports(teamId?: number): Promise<IncidentReport[]> {
  if (teamId !== undefined) return (await queryIndex('gsi2', 'gsi2pk', keys.teamIncidents(teamId))).map(toReport);
  return (await queryPartition(PARTITION.incidents, { consistent: true })).map(toReport);
}

/**
 * Gives each report filed before its team's index key was written that key
 * (idempotent: a report that has one is left alone). `npm run scoring --
 * upgrade` runs it once after deploying; the local server at every start.
 * Returns how many it changed.
 */
export async function backfillIncidentIndex(): Promise<number> {
  let changed = 0;
  for (const item of await queryPartition(PARTITION.incidents, { consistent: true })) {
    if (item.gsi2pk !== undefined) continue;
    try {
      await db().send(
        new UpdateCommand({
          TableName: tableName(),
          Key: { pk: String(item.pk), sk: String(item.sk) },
          UpdateExpression: 'SET gsi2pk = :pk, gsi2sk = :sk',
          ConditionExpression: 'attribute_exists(pk) AND attribute_not_exists(gsi2pk)',
          ExpressionAttributeValues: {
            ':pk': keys.incidentOfTeam(Number(item.team_id), Number(item.id)).gsi2pk,
            ':sk': keys.incidentOfTeam(Number(item.team_id), Number(item.id)).gsi2sk,
          },
        }),
      );
      changed++;
    } catch (error) {
      if (!(error instanceof ConditionalCheckFailedException)) throw error;
    }
  }
  return changed;
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
    { ...options, settles: waitingIncident(grade.incident_id) },
  );
}
