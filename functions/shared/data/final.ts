import { TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import { TransactWriteCommand, type TransactWriteCommandInput } from '@aws-sdk/lib-dynamodb';
import { SETTINGS_ID } from '#shared/domain/settings';
import type { FinalMark } from '#shared/domain/final';
import { auditPut, type AuditContext } from '#shared/data/audit';
import { db, tableName } from '#shared/data/client';
import { keys } from '#shared/data/keys';
import { getSettings } from '#shared/data/settings';

/**
 * The results lock. `scoring finalise` marks the settings item `final`; a
 * write that would change a score refuses from then on:
 * - exactly, for writes that are transactions anyway (adjustments, voids,
 *   settings, a competition load): they add `notFinal()` (or, for settings,
 *   are conditioned on the version finalising bumps);
 * - within the scan path's settings cache (5 s) for scan reports, which read
 *   the mark with the settings they already read (no extra read, no hot key).
 */

type TransactItem = NonNullable<TransactWriteCommandInput['TransactItems']>[number];

/** A transaction item that cancels the transaction once the competition is finalised. */
export function notFinal(): TransactItem {
  return { ConditionCheck: { TableName: tableName(), Key: keys.settings(SETTINGS_ID), ConditionExpression: 'attribute_not_exists(#final)', ExpressionAttributeNames: { '#final': 'final' } } };
}

/** Whether a cancelled transaction was refused by its `notFinal()` item (at `index` in its items). */
export function refusedAsFinal(error: unknown, index: number): boolean {
  return error instanceof TransactionCanceledException && error.CancellationReasons?.[index]?.Code === 'ConditionalCheckFailed';
}

export type FinaliseOutcome =
  | { kind: 'finalised'; final: FinalMark }
  | { kind: 'already'; final: FinalMark }
  | { kind: 'missing' };

/**
 * Marks the competition final, with its audit entry, in one transaction
 * conditioned on the settings version read. The version goes up, so a
 * settings change that read the settings before is refused as stale and,
 * re-read, meets the mark.
 */
export async function markFinal(audit: AuditContext, options: { forced?: boolean } = {}): Promise<FinaliseOutcome> {
  for (;;) {
    const current = await getSettings({ consistent: true });
    if (!current) return { kind: 'missing' };
    if (current.final) return { kind: 'already', final: current.final };
    const final: FinalMark = { at: new Date().toISOString(), by: audit.actor.name };
    try {
      await db().send(
        new TransactWriteCommand({
          TransactItems: [
            {
              Update: {
                TableName: tableName(),
                Key: keys.settings(SETTINGS_ID),
                UpdateExpression: 'SET #final = :final, version = :next',
                ConditionExpression: 'version = :read AND attribute_not_exists(#final)',
                ExpressionAttributeNames: { '#final': 'final' },
                ExpressionAttributeValues: { ':final': final, ':read': current.version, ':next': current.version + 1 },
              },
            },
            auditPut(audit, {
              action: 'competition.finalise',
              target: 'competition',
              before: { final: null },
              after: { final, end_time: current.settings.end_time, late_result_grace_seconds: current.settings.late_result_grace_seconds, forced: options.forced === true },
            }),
          ],
        }),
      );
      return { kind: 'finalised', final };
    } catch (error) {
      if (!refusedAsFinal(error, 0)) throw error;
    }
  }
}
