/**
 * Grades (`TEAM#<id> / GRADE#<inject>#<n>`): each kept whole, in the team's
 * partition, whose stream the fold reads. A grade is an award, as an
 * adjustment is: the fold adds its `award` (what it changes from the grade
 * before it) to the inject's super type, so the freeze, `verify` and the
 * history follow it. A regrade is the next `n`, a Put conditioned on its key
 * being free: two graders regrading the same grade at once, one wins.
 */
import { TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { GradeSchema, type Grade } from '#shared/domain/injects';
import { inSchemaOrder } from '#shared/domain/shapes';
import { auditPut, type AuditContext } from '#shared/data/audit';
import { db, tableName } from '#shared/data/client';
import { keys, type Key } from '#shared/data/keys';
import { queryPartition, transactionConditionFailed } from '#shared/data/operations';
import { notFinal, refusedAsFinal } from '#shared/data/settings';
import { settleWaiting, waitingAnswer } from '#shared/data/waiting';

/** A grade as every answer shows it: its schema's fields, in its order. */
const toGrade = (item: Record<string, unknown>): Grade => inSchemaOrder(GradeSchema, item);

/** A team's grades, for one inject or all, newest first within each inject (consistent). */
export async function teamGrades(teamId: number, injectId?: number): Promise<Grade[]> {
  const { pk, skPrefix } = keys.gradesOf(teamId, injectId);
  return (await queryPartition(pk, { skPrefix, consistent: true, newestFirst: true })).map(toGrade);
}

/**
 * Writes a grade with its audit entry, unless the results are final (when
 * not overridden: the audit entry then says it was) or its `n` was taken
 * meanwhile (another grader's), in one transaction. The version it grades
 * no longer waits (data/waiting.ts).
 */
export function putGrade(grade: Grade, audit: AuditContext, options: { overrideFinal?: boolean } = {}): Promise<'stored' | 'final' | 'taken'> {
  return putGradeItem(
    keys.grade(grade.team_id, grade.inject_id, grade.n),
    grade,
    { action: grade.n === 1 ? 'grade.create' : 'grade.regrade', target: `injects/${grade.inject_id}/grades/${grade.team_id}` },
    audit,
    { ...options, settles: waitingAnswer(grade.inject_id, grade.team_id, grade.submission_version) },
  );
}

/**
 * The one way a grade is written, an inject's or an incident report's: the
 * item (which the fold takes from the team's stream), conditioned on its key
 * being free and, unless overridden, on the results not being final, with
 * its audit entry, in one transaction.
 */
export async function putGradeItem(
  key: Key,
  grade: { n: number },
  change: { action: string; target: string },
  audit: AuditContext,
  options: { overrideFinal?: boolean; settles: Key },
): Promise<'stored' | 'final' | 'taken'> {
  const guard = options.overrideFinal ? [] : [notFinal()];
  try {
    await db().send(
      new TransactWriteCommand({
        TransactItems: [
          ...guard,
          { Put: { TableName: tableName(), Item: { ...key, ...grade }, ConditionExpression: 'attribute_not_exists(pk)' } },
          auditPut(audit, { ...change, before: null, after: options.overrideFinal ? { ...grade, override_final: true } : grade }),
          settleWaiting(options.settles),
        ],
      }),
    );
    return 'stored';
  } catch (error) {
    if (guard.length > 0 && refusedAsFinal(error, 0)) return 'final';
    if (transactionConditionFailed(error, guard.length)) return 'taken';
    throw error;
  }
}
