/**
 * Adjustment items (`TEAM#<id> / ADJUSTMENT#<id>`): points an organiser gives
 * or takes by hand, in the team's partition (the fold reads them from the
 * stream as awards). Written once, never changed.
 */
import { TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import type { Adjustment } from '#shared/domain/model';
import { auditPut, type AuditContext } from '#shared/data/audit';
import { db, tableName } from '#shared/data/client';
import { keys } from '#shared/data/keys';
import { queryPartition, transactionConditionFailed, withoutKeys } from '#shared/data/operations';
import { notFinal, refusedAsFinal } from '#shared/data/settings';
import { teamGrades } from '#shared/data/grades';
import { teamIncidentGrades } from '#shared/data/incidents';
import { teamFindingRulings } from '#shared/data/findings';
import { teamBeaconDeductions } from '#shared/data/beacons';
import { deductionAward } from '#shared/domain/beacons';
import type { AwardOrigin } from '#shared/domain/scoring/events';

/**
 * Writes an adjustment: one transaction of its item, its audit entry, the
 * check that the results are not final (`final`: refused by it) and a count
 * on its super type, which must still be there (`no-super-type`): a super
 * type an adjustment was made in is never retired.
 */
export async function putAdjustment(adjustment: Adjustment, audit: AuditContext): Promise<'stored' | 'final' | 'no-super-type'> {
  try {
    await db().send(
      new TransactWriteCommand({
        TransactItems: [
          notFinal(),
          {
            Put: {
              TableName: tableName(),
              Item: { ...keys.adjustment(adjustment.team, adjustment.id), ...adjustment },
              ConditionExpression: 'attribute_not_exists(pk)',
            },
          },
          auditPut(audit, { action: 'adjustment.create', target: `teams/${adjustment.team}/adjustments/${adjustment.id}`, before: null, after: adjustment }),
          {
            Update: {
              TableName: tableName(),
              Key: keys.superType(adjustment.super_type_id),
              UpdateExpression: 'ADD adjustments_made :one',
              ConditionExpression: 'attribute_exists(pk)',
              ExpressionAttributeValues: { ':one': 1 },
            },
          },
        ],
      }),
    );
    return 'stored';
  } catch (error) {
    if (refusedAsFinal(error, 0)) return 'final';
    if (transactionConditionFailed(error, 3)) return 'no-super-type';
    throw error;
  }
}

/** A team's adjustments in id order. */
export async function listTeamAdjustments(teamId: number, options: { consistent?: boolean } = {}): Promise<Adjustment[]> {
  const items = await queryPartition(keys.teamPartition(teamId), { skPrefix: keys.adjustmentPrefix, ...options });
  return items.map((item) => withoutKeys<Adjustment>(item));
}

/** A point award the fold took for a team: an adjustment, a grade or a finding's ruling (what it changed from the one before it). */
export interface Award {
  super_type_id: number;
  points: number;
  created_at: string;
  origin: AwardOrigin;
  /** What it moves the super type's maximum by (an incident report's first grade). */
  max: number;
}

/** Every award the fold takes for a team, adjustments, grades (of injects and incident reports), findings' rulings and beacons' deductions: what `verify` and a void's preview recompute with. */
export async function teamAwards(teamId: number): Promise<Award[]> {
  const [adjustments, grades, incidentGrades, rulings, deductions] = await Promise.all([
    listTeamAdjustments(teamId, { consistent: true }),
    teamGrades(teamId),
    teamIncidentGrades(teamId),
    teamFindingRulings(teamId),
    teamBeaconDeductions(teamId),
  ]);
  return [
    ...adjustments.map((a) => ({ super_type_id: a.super_type_id, points: a.points, created_at: a.created_at, origin: 'adjustment' as const, max: 0 })),
    ...grades.map((g) => ({ super_type_id: g.super_type_id, points: g.award, created_at: g.graded_at, origin: 'grade' as const, max: 0 })),
    ...incidentGrades.map((g) => ({ super_type_id: g.super_type_id, points: g.award, created_at: g.graded_at, origin: 'grade' as const, max: g.max_award })),
    // A finding counts from its approval (reviewed_at), the freeze included.
    ...rulings.map((r) => ({ super_type_id: r.super_type_id, points: r.award, created_at: r.reviewed_at, origin: 'finding' as const, max: 0 })),
    // A beacon's deduction counts from its check-in; a voided one counts nothing.
    ...deductions.map((d) => ({ super_type_id: d.super_type_id, points: deductionAward(d), created_at: d.called_at, origin: 'beacon' as const, max: 0 })),
  ];
}
