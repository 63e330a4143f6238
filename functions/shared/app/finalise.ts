/**
 * Finalising a competition: `scoring finalise` locks the results. The mark
 * lives on the settings item; a write that would change a score refuses from
 * then on:
 * - exactly, for writes that are transactions anyway (adjustments, voids,
 *   settings, a competition load): they add `notFinal()` (data/settings.ts),
 *   or, for settings, are conditioned on the version finalising bumps;
 * - within the freshness bound (data/fresh.ts) for scan reports, which read
 *   the mark with the settings they already read (no extra read, no hot key).
 */
import { TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import type { FinalMark } from '#shared/domain/final';
import { SETTINGS_ID } from '#shared/domain/settings';
import { auditPut, type AuditContext } from '#shared/data/audit';
import { db, tableName } from '#shared/data/client';
import { keys } from '#shared/data/keys';
import { getSettings, refusedAsFinal } from '#shared/data/settings';

export type FinaliseOutcome = { kind: 'finalised'; final: FinalMark } | { kind: 'already'; final: FinalMark } | { kind: 'missing' };

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
              after: {
                final,
                end_time: current.settings.end_time,
                late_result_grace_seconds: current.settings.late_result_grace_seconds,
                forced: options.forced === true,
              },
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
