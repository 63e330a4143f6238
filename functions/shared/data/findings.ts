/**
 * The red team's findings (`FINDINGS / FINDING#<id>`): each in one partition
 * organisers and the red team read whole, and in gsi2 under its team
 * (`FINDINGS#<team>`) for the team's own route, as incident reports are.
 * An organiser's rulings (`TEAM#<id> / FINDINGRULING#<finding>#<n>`) are in
 * the team's partition, whose stream the fold reads: a ruling adds its
 * `award` to the super type it names, as a grade does. The team's ledger
 * (`TEAM#<id> / FINDINGLEDGER`) lists the findings counted against it, at a
 * version each ruling moves: rulings on one team's findings are taken one at
 * a time, so the repeat rule sees every approval before its own. The table
 * of finding kinds is one item (`FINDINGKINDS / KINDS`).
 */
import { GetCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { auditPut, type AuditContext } from '#shared/data/audit';
import { db, tableName } from '#shared/data/client';
import { keys, PARTITION } from '#shared/data/keys';
import { queryIndex, queryPartition, transactionConditionFailed } from '#shared/data/operations';
import { notFinal, refusedAsFinal } from '#shared/data/settings';
import { markWaiting, putWaiting, settleWaiting, waitingFinding } from '#shared/data/waiting';
import {
  FindingRulingSchema,
  FindingSchema,
  reviewOf,
  stateAfter,
  type CountedFinding,
  type Finding,
  type FindingAddition,
  type FindingKind,
  type FindingRuling,
} from '#shared/domain/findings';
import { inSchemaOrder } from '#shared/domain/shapes';

/** A finding as every answer shows it: its schema's fields, in its order (a stored item's come back in any, and an ETag is of the text). */
const toFinding = (item: Record<string, unknown>): Finding => inSchemaOrder(FindingSchema, { beacon_id: null, ...item });

const toRuling = (item: Record<string, unknown>): FindingRuling => inSchemaOrder(FindingRulingSchema, item);

/** The organisers' table of finding kinds (empty until set), with its version. */
export async function readFindingKinds(): Promise<{ kinds: FindingKind[]; version: number }> {
  const { Item } = await db().send(new GetCommand({ TableName: tableName(), Key: keys.findingKinds(), ConsistentRead: true }));
  const kinds = (Item?.kinds ?? []) as FindingKind[];
  return { kinds: kinds.map(({ id, name, points }) => ({ id, name, points })), version: Number(Item?.version ?? 0) };
}

/** Replaces the table of kinds if it is still at `version` (0: never set); false when another write came first. */
export async function putFindingKinds(kinds: FindingKind[], before: { kinds: FindingKind[]; version: number }, audit: AuditContext): Promise<boolean> {
  try {
    await db().send(
      new TransactWriteCommand({
        TransactItems: [
          {
            Put: {
              TableName: tableName(),
              Item: { ...keys.findingKinds(), kinds, version: before.version + 1 },
              ConditionExpression: before.version === 0 ? 'attribute_not_exists(pk)' : 'version = :version',
              ...(before.version === 0 ? {} : { ExpressionAttributeValues: { ':version': before.version } }),
            },
          },
          auditPut(audit, { action: 'finding-kinds.replace', target: 'finding-kinds', before: before.version === 0 ? null : before.kinds, after: kinds }),
        ],
      }),
    );
    return true;
  } catch (error) {
    if (transactionConditionFailed(error, 0)) return false;
    throw error;
  }
}

/** The item a competition load writes for the file's kinds. */
export const findingKindsItem = (kinds: FindingKind[]) => ({ ...keys.findingKinds(), kinds, version: 1 });

/** Stores a new finding (its id allocated: a Put conditioned on the key being free), waiting for its review. */
export const putFinding = (finding: Finding): Promise<boolean> =>
  putWaiting({ ...keys.finding(finding.id), ...keys.findingOfTeam(finding.team_id, finding.id), ...finding }, waitingFinding(finding.id));

export async function readFinding(id: number): Promise<Finding | undefined> {
  const { Item } = await db().send(new GetCommand({ TableName: tableName(), Key: keys.finding(id), ConsistentRead: true }));
  return Item ? toFinding(Item) : undefined;
}

/** Every finding, by id (consistent); or one team's, from its own key in gsi2 (eventually consistent). */
export async function listFindings(teamId?: number): Promise<Finding[]> {
  if (teamId !== undefined) return (await queryIndex('gsi2', 'gsi2pk', keys.teamFindings(teamId))).map(toFinding);
  return (await queryPartition(PARTITION.findings, { consistent: true })).map(toFinding);
}

/**
 * More evidence on a finding still under review, which goes back to the queue:
 * `decided` when it was decided meanwhile. `requestKey` names the request (its
 * Idempotency-Key, with who sent it): the addition is kept with it, so a retry
 * of a request whose first run wrote but never answered (a stalled database, a
 * killed server) finds it there (`already`) instead of adding it twice.
 */
export async function addFindingEvidence(id: number, addition: FindingAddition, requestKey?: string): Promise<'added' | 'already' | 'decided'> {
  try {
    await db().send(
      new TransactWriteCommand({
        TransactItems: [
          {
            Update: {
              TableName: tableName(),
              Key: keys.finding(id),
              UpdateExpression: `SET additions = list_append(additions, :addition), #state = :submitted${requestKey ? ' ADD addition_keys :keys' : ''}`,
              ConditionExpression: `attribute_exists(pk) AND #state IN (:submitted, :more)${requestKey ? ' AND NOT contains(addition_keys, :key)' : ''}`,
              ExpressionAttributeNames: { '#state': 'state' },
              ExpressionAttributeValues: {
                ':addition': [addition],
                ':submitted': 'submitted',
                ':more': 'more_evidence',
                ...(requestKey ? { ':keys': new Set([requestKey]), ':key': requestKey } : {}),
              },
            },
          },
          markWaiting(waitingFinding(id)),
        ],
      }),
    );
    return 'added';
  } catch (error) {
    if (!transactionConditionFailed(error)) throw error;
    if (requestKey === undefined) return 'decided';
    const { Item } = await db().send(new GetCommand({ TableName: tableName(), Key: keys.finding(id), ConsistentRead: true }));
    return (Item?.addition_keys as Set<string> | undefined)?.has(requestKey) ? 'already' : 'decided';
  }
}

/** The findings counted against a team, at the version the next ruling must find. */
export async function readLedger(teamId: number): Promise<{ counted: CountedFinding[]; version: number }> {
  const { Item } = await db().send(new GetCommand({ TableName: tableName(), Key: keys.findingLedger(teamId), ConsistentRead: true }));
  return { counted: (Item?.counted ?? []) as CountedFinding[], version: Number(Item?.version ?? 0) };
}

/**
 * Writes a ruling: the ruling item (which the fold takes from the team's
 * stream), the finding's new state, the team's ledger and the audit entry,
 * in one transaction, only while the finding is at the ruling it follows,
 * the ledger at the version read, and (unless overridden) the results are
 * not final. `taken`: another ruling on the team's findings came first.
 */
export async function putFindingRuling(
  ruling: FindingRuling,
  ledger: { counted: CountedFinding[]; version: number },
  audit: AuditContext,
  options: { overrideFinal?: boolean },
): Promise<'stored' | 'final' | 'taken'> {
  const guard = options.overrideFinal ? [] : [notFinal()];
  const finding = keys.finding(ruling.finding_id);
  try {
    await db().send(
      new TransactWriteCommand({
        TransactItems: [
          ...guard,
          {
            Put: {
              TableName: tableName(),
              Item: { ...keys.findingRuling(ruling.team_id, ruling.finding_id, ruling.n), ...ruling },
              ConditionExpression: 'attribute_not_exists(pk)',
            },
          },
          {
            Update: {
              TableName: tableName(),
              Key: finding,
              UpdateExpression: 'SET #state = :state, reviews = :n, deducted = :deducted, review = :review',
              ConditionExpression: 'attribute_exists(pk) AND reviews = :before',
              ExpressionAttributeNames: { '#state': 'state' },
              ExpressionAttributeValues: {
                ':state': stateAfter(ruling.decision),
                ':n': ruling.n,
                ':before': ruling.n - 1,
                ':deducted': ruling.deducted,
                ':review': reviewOf(ruling),
              },
            },
          },
          {
            Put: {
              TableName: tableName(),
              Item: { ...keys.findingLedger(ruling.team_id), counted: ledger.counted, version: ledger.version + 1 },
              ConditionExpression: ledger.version === 0 ? 'attribute_not_exists(pk)' : 'version = :version',
              ...(ledger.version === 0 ? {} : { ExpressionAttributeValues: { ':version': ledger.version } }),
            },
          },
          // Any ruling takes it off the queue: asked for more, it comes back with the evidence.
          settleWaiting(waitingFinding(ruling.finding_id)),
          auditPut(audit, {
            action: `finding.${ruling.decision === 'more_evidence' ? 'ask' : ruling.decision}`,
            target: `red-team/findings/${ruling.finding_id}/reviews`,
            before: null,
            after: options.overrideFinal ? { ...ruling, override_final: true } : ruling,
          }),
        ],
      }),
    );
    return 'stored';
  } catch (error) {
    if (guard.length > 0 && refusedAsFinal(error, 0)) return 'final';
    if (transactionConditionFailed(error)) return 'taken';
    throw error;
  }
}

/** A team's rulings on its findings, of one or all, newest first within each finding (consistent). */
export async function teamFindingRulings(teamId: number, findingId?: number): Promise<FindingRuling[]> {
  const { pk, skPrefix } = keys.findingRulingsOf(teamId, findingId);
  return (await queryPartition(pk, { skPrefix, consistent: true, newestFirst: true })).map(toRuling);
}
