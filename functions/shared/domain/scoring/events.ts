/**
 * The one shape in which every score source feeds the fold: a check's
 * result, a result voided or restored, and points awarded by hand (an
 * adjustment, or an inject's grade). Each event comes from a stream
 * `source` (the fold keeps, per source, the position it has folded up to,
 * so replaying any suffix of the stream changes nothing) at a position
 * `seq` that orders it within that source.
 */
import type { FoldedResult } from '#shared/domain/scoring/result';

interface EventBase {
  /** The stream position (zero-padded so that strings compare as numbers). */
  seq: string;
  /** Which stream partition it came from: one watermark per source. */
  source: string;
  team_id: number;
}

/** A check's result, new. */
export interface CheckEvent extends EventBase {
  kind: 'check';
  service_id: number;
  result: FoldedResult;
}

/** A result voided (what it earned taken back) or restored; the check stays in the service's history. */
export interface FlipEvent extends EventBase {
  kind: 'void' | 'unvoid';
  service_id: number;
  result: FoldedResult;
}

/**
 * Where an award comes from: an organiser's adjustment, a grade (an inject's
 * or an incident report's), a ruling on a red team finding, or a round's
 * deduction by a red team beacon (and its void).
 */
export type AwardOrigin = 'adjustment' | 'grade' | 'finding' | 'beacon';

/** Points given or taken in one super type, outside checks: by hand (an adjustment), a grade or a finding's ruling (what it changed). */
export interface AwardEvent extends EventBase {
  kind: 'award';
  origin: AwardOrigin;
  super_type_id: number;
  points: number;
  /** What it moves the super type's maximum by (an incident report's first grade; else 0). */
  max: number;
  /** When it was made: an award made at or after a freeze is in the after-freeze share. */
  at: string;
}

export type ScoreEvent = CheckEvent | FlipEvent | AwardEvent;
export type ServiceEvent = CheckEvent | FlipEvent;

export const isServiceEvent = (event: ScoreEvent): event is ServiceEvent => event.kind !== 'award';

/** The source of a service's results (its partition of the stream). */
export const serviceSource = (serviceId: number) => `service:${serviceId}`;
/** The source of a team's adjustments. */
export const ADJUSTMENTS_SOURCE = 'adjustments';
