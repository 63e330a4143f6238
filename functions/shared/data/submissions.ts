/**
 * Teams' submissions for injects (`TEAM#<id> / SUBMISSION#<inject>#<version>`):
 * each version kept whole, in its team's partition (a load with `--replace`
 * removes it with the team; the fold's stream filter passes only results
 * and adjustments). A new version is a Put conditioned on its key being
 * free, so two members submitting at once get versions n and n + 1, never
 * one overwriting the other.
 */
import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import type { Submission } from '#shared/domain/injects';
import { db, tableName } from '#shared/data/client';
import { keys } from '#shared/data/keys';
import { queryPartition, withoutKeys } from '#shared/data/operations';

/** A submission as every answer shows it, its fields in one order. */
function toSubmission(item: Record<string, unknown>): Submission {
  const s = withoutKeys<Submission>(item);
  return {
    inject_id: s.inject_id,
    team_id: s.team_id,
    version: s.version,
    text: s.text,
    submitted_at: s.submitted_at,
    submitted_by: s.submitted_by,
    late_share: s.late_share,
  };
}

/** A team's submissions, for one inject or all of them, newest version first within each inject (consistent: a member's own just sent is there). */
export async function teamSubmissions(teamId: number, injectId?: number): Promise<Submission[]> {
  const { pk, skPrefix } = keys.submissionsOf(teamId, injectId);
  return (await queryPartition(pk, { skPrefix, consistent: true, newestFirst: true })).map(toSubmission);
}

/** Stores a new version; false when that version was taken meanwhile (another member's submission). */
export async function putSubmission(submission: Submission): Promise<boolean> {
  try {
    await db().send(
      new PutCommand({
        TableName: tableName(),
        Item: { ...keys.submission(submission.team_id, submission.inject_id, submission.version), ...submission },
        ConditionExpression: 'attribute_not_exists(pk)',
      }),
    );
    return true;
  } catch (error) {
    if (error instanceof ConditionalCheckFailedException) return false;
    throw error;
  }
}
