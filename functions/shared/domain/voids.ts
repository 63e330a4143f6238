/**
 * Voiding results, the pure part: which results a void's filter takes, and
 * what a team's total becomes when they are flipped.
 */
import * as v from 'valibot';
import type { FoldedResult } from '#shared/domain/scoring/result';
import { figuresFromHistory } from '#shared/domain/scoring/verification';
import { Count, Id, named, Points, Time } from '#shared/domain/shapes';

export type VoidAction = 'void' | 'unvoid';

/** Which results a void takes: checked in [from, to), optionally one team's, one subtype's. */
export interface VoidFilter {
  from: string;
  to: string;
  team_id: number | null;
  subtype_id: number | null;
}

/** A void as the API shows it: its preview, then the job's progress (data/void-jobs.ts keeps more on its item). */
export const VoidJobSchema = named(
  'VoidJob',
  "A void (or unvoid) of results: its preview (each affected team's total before and after, recomputed from the history), then, once applied, its progress.",
  v.strictObject({
    preview_id: v.pipe(Id, v.description('Send it back with `"dry_run": false` to apply exactly this set.')),
    action: v.picklist(['void', 'unvoid']),
    filter: v.strictObject({ from: Time, to: Time, team_id: v.nullable(Id), subtype_id: v.nullable(Id) }),
    previewed_at: v.pipe(Time, v.description("The set is the filter's results received before this time (to the second): later results are never touched.")),
    count: v.pipe(Count, v.description('How many results the preview found to flip.')),
    teams: v.array(v.strictObject({ team_id: Id, total_before: Points, total_after: Points })),
    status: v.pipe(
      v.picklist(['previewed', 'running', 'done']),
      v.description('`previewed` until applied; `running` while the job flips the results; `done`.'),
    ),
    flipped: v.pipe(Count, v.description('Results the job has flipped so far.')),
    applied_at: v.nullable(v.pipe(v.string(), v.isoTimestamp())),
    finished_at: v.nullable(v.pipe(v.string(), v.isoTimestamp())),
  }),
);
export type VoidJob = v.InferOutput<typeof VoidJobSchema>;
export type VoidStatus = VoidJob['status'];
/** A team's total before and after a void's set is flipped. */
export type TeamChange = VoidJob['teams'][number];

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
