/**
 * Voiding results, the pure part: which results a void's filter takes, and
 * what a team's total becomes when they are flipped.
 */
import type { FoldedResult } from '#shared/domain/scoring/result';
import { figuresFromHistory } from '#shared/domain/scoring/verification';

export type VoidAction = 'void' | 'unvoid';

/** Which results a void takes: checked in [from, to), optionally one team's, one subtype's. */
export interface VoidFilter {
  from: string;
  to: string;
  team_id: number | null;
  subtype_id: number | null;
}

/** The `voided` flag a void (true) or an unvoid (false) sets. */
export const targetFlag = (action: VoidAction) => action === 'void';

/**
 * Whether a result belongs to a void's set: checked inside the range and
 * received by the preview's second (arrival times are kept to the second),
 * and not already what the void makes it.
 */
export function inVoidSet(
  result: { time: string; received_at: string; voided?: boolean },
  filter: VoidFilter,
  previewedAt: string,
  action: VoidAction,
): boolean {
  return result.time >= filter.from && result.time < filter.to && receivedBy(result, previewedAt) && (result.voided === true) !== targetFlag(action);
}

/** Received in the preview's second or before. */
export const receivedBy = (result: { received_at: string }, previewedAt: string) => result.received_at <= previewedAt;

/** A team's total (points after SLA penalties, plus adjustments) recomputed from its history, with `flipped` results' flags turned over. */
export function teamTotalFromHistory(
  services: { service_id: number; super_type_id: number; results: (FoldedResult & { scan_id: string })[] }[],
  adjustments: { super_type_id: number; points: number }[],
  flipped: Set<string> = new Set(),
): number {
  const figures = figuresFromHistory(
    services.map((s) => ({
      ...s,
      results: s.results.map((r) => (flipped.has(resultRef(s.service_id, r.scan_id)) ? { ...r, voided: r.voided !== true } : r)),
    })),
    adjustments,
  );
  return Object.values(figures.points).reduce((sum, n) => sum + n, 0);
}

/** A result named by its service and scan_id (in sets and fingerprints). */
export const resultRef = (serviceId: number, scanId: string) => `${serviceId}/${scanId}`;
