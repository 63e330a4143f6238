/**
 * Adjustments, the use case: points an organiser adds or removes by hand.
 * The team and the super type are checked by one read first (both are fixed
 * once a competition is loaded); the id is allocated before the write, so a
 * refused write leaves a gap in ids, never a reuse. The fold adds it to the
 * team's totals from the stream (the scoreboard shows it within a second or two).
 */
import type { Adjustment } from '#shared/domain/model';
import { listTeamAdjustments, putAdjustment } from '#shared/data/adjustments';
import type { AuditContext } from '#shared/data/audit';
import { isThrottling } from '#shared/data/client';
import { allocateId } from '#shared/data/counters';
import { keys } from '#shared/data/keys';
import { batchGet } from '#shared/data/operations';
import { getTeamRecord } from '#shared/data/teams';
import { formatTimestamp } from '#shared/validation';

export type AdjustmentOutcome =
  { kind: 'created'; adjustment: Adjustment } | { kind: 'team-not-found' } | { kind: 'unknown-super-type' } | { kind: 'final' } | { kind: 'busy' };

export async function createAdjustment(
  teamId: number,
  input: { super_type_id: number; points: number; reason: string },
  createdBy: string,
  audit: AuditContext,
): Promise<AdjustmentOutcome> {
  try {
    const found = await batchGet([keys.team(teamId), keys.superType(input.super_type_id)]);
    if (!found.some((item) => item.sk === keys.team(teamId).sk)) return { kind: 'team-not-found' };
    if (!found.some((item) => item.sk === keys.superType(input.super_type_id).sk)) return { kind: 'unknown-super-type' };
    const adjustment: Adjustment = {
      id: await allocateId('adjustment'),
      team: teamId,
      super_type_id: input.super_type_id,
      points: input.points,
      reason: input.reason,
      created_by: createdBy,
      created_at: formatTimestamp(new Date()),
    };
    const stored = await putAdjustment(adjustment, audit);
    if (stored === 'final') return { kind: 'final' };
    if (stored === 'no-super-type') return { kind: 'unknown-super-type' };
    return { kind: 'created', adjustment };
  } catch (error) {
    if (isThrottling(error)) return { kind: 'busy' };
    throw error;
  }
}

/** A team's adjustments in id order, or undefined when the team does not exist. */
export async function listAdjustments(teamId: number): Promise<Adjustment[] | undefined> {
  const [team, adjustments] = await Promise.all([getTeamRecord(teamId), listTeamAdjustments(teamId)]);
  return team ? adjustments : undefined;
}
