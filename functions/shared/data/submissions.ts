/**
 * Teams' submissions for injects (`TEAM#<id> / SUBMISSION#<inject>#<version>`):
 * each version kept whole, in its team's partition (a load with `--replace`
 * removes it with the team; the fold's stream filter passes only results
 * and adjustments). A new version is a Put conditioned on its key being
 * free, so two members submitting at once get versions n and n + 1, never
 * one overwriting the other.
 */
import { QueryCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { SubmissionSchema, type RevisionRequest, type Submission } from '#shared/domain/injects';
import { fileInOrder, type KeptFile } from '#shared/domain/stored-file';
import { inSchemaOrder } from '#shared/domain/shapes';
import { auditPut, type AuditContext } from '#shared/data/audit';
import { db, tableName } from '#shared/data/client';
import { keys } from '#shared/data/keys';
import { queryPartition, transactionConditionFailed } from '#shared/data/operations';
import { markWaiting, settleWaiting, waitingAnswer } from '#shared/data/waiting';

/**
 * A submission as every answer shows it: its schema's fields, in its order;
 * versions sent before files were taken have none, and one never asked to
 * be revised has a null request.
 */
const toSubmission = (item: Record<string, unknown>): Submission =>
  inSchemaOrder(SubmissionSchema, { ...item, files: item.files ?? [], revision_request: item.revision_request ?? null });

/**
 * Up to `limit` of a team's versions for an inject, newest first, older
 * than `before` when given (a page of the grading queue resumes there).
 */
export async function teamSubmissionsPage(teamId: number, injectId: number, options: { limit: number; before?: number }): Promise<Submission[]> {
  const { pk, skPrefix } = keys.submissionsOf(teamId, injectId);
  const { Items } = await db().send(
    new QueryCommand({
      TableName: tableName(),
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
      ExpressionAttributeValues: { ':pk': pk, ':prefix': skPrefix },
      ScanIndexForward: false,
      ConsistentRead: true,
      Limit: options.limit,
      ...(options.before !== undefined ? { ExclusiveStartKey: keys.submission(teamId, injectId, options.before) } : {}),
    }),
  );
  return (Items ?? []).map(toSubmission);
}

/** A team's submissions, for one inject or all of them, newest version first within each inject (consistent: a member's own just sent is there). */
export async function teamSubmissions(teamId: number, injectId?: number): Promise<Submission[]> {
  const { pk, skPrefix } = keys.submissionsOf(teamId, injectId);
  return (await queryPartition(pk, { skPrefix, consistent: true, newestFirst: true })).map(toSubmission);
}

/**
 * The files a team's versions for an inject keep, as stored (with the
 * upload each was copied from and its ETag then): what a new version may
 * name again without a copy of its own, and what counts against the team's
 * cap. A file named by several versions is listed once.
 */
export async function keptFilesOf(teamId: number, injectId: number): Promise<KeptFile[]> {
  const { pk, skPrefix } = keys.submissionsOf(teamId, injectId);
  const items = await queryPartition(pk, { skPrefix, consistent: true });
  const files = items.flatMap((item) => (item.files as KeptFile[] | undefined) ?? []);
  return [...new Map(files.map((file) => [file.key, { ...fileInOrder(file), uploaded_as: file.uploaded_as ?? file.key, etag: file.etag ?? '' }])).values()];
}

const withoutRequest = ({ revision_request: _request, ...stored }: Submission) => stored;

/** Stores a new version; false when that version was taken meanwhile (another member's submission). */
export async function putSubmission(submission: Submission): Promise<boolean> {
  const { team_id: team, inject_id: inject, version } = submission;
  try {
    await db().send(
      new TransactWriteCommand({
        TransactItems: [
          {
            Put: {
              TableName: tableName(),
              // A new version has no revision request: the attribute comes with one (requestRevision's condition).
              Item: { ...keys.submission(team, inject, version), ...withoutRequest(submission) },
              ConditionExpression: 'attribute_not_exists(pk)',
            },
          },
          // The new version waits for a grade; the one before it no longer does (graded or not).
          markWaiting(waitingAnswer(inject, team, version)),
          ...(version > 1 ? [settleWaiting(waitingAnswer(inject, team, version - 1))] : []),
        ],
      }),
    );
    return true;
  } catch (error) {
    if (transactionConditionFailed(error)) return false;
    throw error;
  }
}

/**
 * Puts an organiser's revision request on a version, with its audit entry,
 * if that version is still the team's latest (the next one is not there) and
 * has none yet; 'stale' otherwise.
 */
export async function requestRevision(submission: Submission, request: RevisionRequest, audit: AuditContext): Promise<'requested' | 'stale'> {
  const key = keys.submission(submission.team_id, submission.inject_id, submission.version);
  try {
    await db().send(
      new TransactWriteCommand({
        TransactItems: [
          {
            Update: {
              TableName: tableName(),
              Key: key,
              UpdateExpression: 'SET revision_request = :request',
              ConditionExpression: 'attribute_exists(pk) AND attribute_not_exists(revision_request)',
              ExpressionAttributeValues: { ':request': request },
            },
          },
          // The version after it must not be there: a revision is asked of the latest.
          {
            ConditionCheck: {
              TableName: tableName(),
              Key: keys.submission(submission.team_id, submission.inject_id, submission.version + 1),
              ConditionExpression: 'attribute_not_exists(pk)',
            },
          },
          // The version waits for the team now, not for a grade.
          settleWaiting(waitingAnswer(submission.inject_id, submission.team_id, submission.version)),
          auditPut(audit, {
            action: 'inject.revision-request',
            target: `injects/${submission.inject_id}/submissions/${submission.team_id}/${submission.version}`,
            before: null,
            after: request,
          }),
        ],
      }),
    );
    return 'requested';
  } catch (error) {
    if (transactionConditionFailed(error, 0) || transactionConditionFailed(error, 1)) return 'stale';
    throw error;
  }
}
