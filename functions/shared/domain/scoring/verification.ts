/**
 * Verification: a team's figures recomputed from its whole history (every
 * result, every adjustment and grade), the one truth the fold must equal, and where
 * stored totals differ from it. `npm run scoring -- verify` and the void
 * preview use it. Pure.
 */
import {
  addDeltas,
  awardDelta,
  emptyDelta,
  emptyFigures,
  resultDelta,
  slaDelta,
  type ScoringFigures,
  type TeamTotals,
  type TotalsDelta,
} from '#shared/domain/scoring/figures';
import type { AwardOrigin } from '#shared/domain/scoring/events';
import { afterFreeze } from '#shared/domain/scoring/freeze';
import type { FoldedResult } from '#shared/domain/scoring/result';
import { slaAfterFreeze, slaOfHistory, type SlaState } from '#shared/domain/scoring/sla';

/** What a team's totals must hold, recomputed from its services' results and its adjustments. */
export interface HistoryFigures extends ScoringFigures {
  /** Each service's SLA standing (what its STATE and the team's `sv_`/`sp_` must hold). */
  sla: Map<number, SlaState>;
  /** With a freeze time: the after-freeze share the totals must hold, and each service's SLA part of it. */
  after_freeze?: { share: TotalsDelta; sla: Map<number, { violations: number; penalty: number }> };
}

/**
 * The one truth the fold must equal: every result earns its points unless
 * voided, counts toward max_score when scored, and each service's SLA
 * penalties come off its super type. With a freeze time, also the share of
 * it that results checked (and adjustments made) at or after it account
 * for. Pure.
 */
export function figuresFromHistory(
  services: { service_id: number; super_type_id: number; results: FoldedResult[] }[],
  adjustments: { super_type_id: number; points: number; created_at?: string; origin?: AwardOrigin; max?: number }[],
  freezeTime: string | null = null,
): HistoryFigures {
  let delta = emptyDelta();
  let share = emptyDelta();
  const sla = new Map<number, SlaState>();
  const slaAfter = new Map<number, { violations: number; penalty: number }>();
  for (const service of services) {
    for (const r of service.results) {
      if (r.voided === true) continue;
      delta = addDeltas(delta, resultDelta(r));
      if (afterFreeze(r.time, freezeTime)) share = addDeltas(share, resultDelta(r));
    }
    const standing = slaOfHistory(service.results);
    sla.set(service.service_id, standing);
    delta = addDeltas(delta, slaDelta(service.super_type_id, { violations: 0, penalty: 0 }, standing));
    if (freezeTime !== null) {
      const after = slaAfterFreeze(service.results, freezeTime);
      slaAfter.set(service.service_id, after);
      share = addDeltas(share, slaDelta(service.super_type_id, { violations: 0, penalty: 0 }, after));
    }
  }
  for (const a of adjustments) {
    const award = awardDelta(a.super_type_id, a.points, a.origin ?? 'adjustment', a.max ?? 0);
    delta = addDeltas(delta, award);
    if (a.created_at !== undefined && afterFreeze(a.created_at, freezeTime)) share = addDeltas(share, award);
  }
  return { ...delta, sla, ...(freezeTime !== null ? { after_freeze: { share, sla: slaAfter } } : {}) };
}

/** A stored figure that differs from the recomputation, by name (`points.1`, `checks_total`, …). */
export interface FigureDifference {
  figure: string;
  stored: number;
  recomputed: number;
}

/** Where stored figures differ from the recomputation, and the delta that repairs them; `prefix` names the figures (`after_freeze.`). */
function compareScoring(stored: ScoringFigures, recomputed: ScoringFigures, prefix = ''): { differences: FigureDifference[]; repair: TotalsDelta } {
  const differences: FigureDifference[] = [];
  const repair = emptyDelta();
  const perSuperType = (name: 'points' | 'max_points' | 'sla_penalty') => {
    const ids = new Set([...Object.keys(stored[name]), ...Object.keys(recomputed[name])]);
    for (const id of [...ids].sort()) {
      const s = stored[name][id] ?? 0;
      const r = recomputed[name][id] ?? 0;
      if (s !== r) {
        differences.push({ figure: `${prefix}${name}.${id}`, stored: s, recomputed: r });
        repair[name][id] = r - s;
      }
    }
  };
  perSuperType('points');
  perSuperType('max_points');
  perSuperType('sla_penalty');
  for (const name of ['checks_total', 'checks_passed', 'adjustments_total', 'sla_violations'] as const) {
    if (stored[name] !== recomputed[name]) {
      differences.push({ figure: `${prefix}${name}`, stored: stored[name], recomputed: recomputed[name] });
      repair[name] = recomputed[name] - stored[name];
    }
  }
  return { differences, repair };
}

/**
 * Where stored totals differ from the recomputation, and the deltas that
 * repair them: the live figures, and the after-freeze share stored under
 * `stamp` (the freeze time's) when the recomputation has one.
 */
export function compareFigures(
  stored: TeamTotals,
  recomputed: HistoryFigures,
  stamp?: string,
): { differences: FigureDifference[]; repair: TotalsDelta; afterFreezeRepair?: TotalsDelta } {
  const live = compareScoring(stored, recomputed);
  if (!recomputed.after_freeze || stamp === undefined) return live;
  const share = compareScoring(stored.after_freeze[stamp] ?? emptyFigures(), recomputed.after_freeze.share, 'after_freeze.');
  return { differences: [...live.differences, ...share.differences], repair: live.repair, afterFreezeRepair: share.repair };
}
