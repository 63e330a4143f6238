/**
 * The SLA: a penalty at every multiple of a threshold of consecutive failed
 * checks of one service, counted in check-time order. The fold steps it
 * incrementally; a result older than the newest check in the run makes it
 * recompute from the history (`slaOfHistory`), the one truth the incremental
 * count must equal. Pure.
 */
import { byCheckOrder, passed, type FoldedResult } from '#shared/domain/scoring/result';

/** The SLA rules in force: a penalty at every multiple of `sla_threshold` consecutive failed checks (0: off). */
export interface SlaRules {
  sla_threshold: number;
  sla_penalty: number;
}

/**
 * A service's SLA standing: the run of consecutive failed checks at its
 * newest check that takes part (scored, not voided), by check time; the
 * violations so far and the points they cost. `last_*` names that newest
 * check, so that a result older than it is known to be late.
 */
export interface SlaState {
  run: number;
  violations: number;
  penalty: number;
  last_time: string | null;
  last_scan_id: string | null;
}

/** Violations and the points they cost: what a team's totals count for a service. */
export interface SlaFigures {
  violations: number;
  penalty: number;
}

export const emptySla = (): SlaState => ({ run: 0, violations: 0, penalty: 0, last_time: null, last_scan_id: null });

/** A subtype's own SLA rules (from the competition file) win over the settings'. */
export function slaRulesFor(settings: SlaRules, override: Partial<SlaRules> | undefined): SlaRules {
  return { sla_threshold: override?.sla_threshold ?? settings.sla_threshold, sla_penalty: override?.sla_penalty ?? settings.sla_penalty };
}

/** What of a result the SLA reads: its check, its outcome and the rules recorded with it. */
export type SlaInput = Pick<FoldedResult, 'scan_id' | 'time' | 'score' | 'max_score' | 'scored' | 'voided' | 'sla_threshold' | 'sla_penalty'>;

/** Checks outside the scoring window, made while scoring was disabled, or voided take no part in runs. */
export const takesPartInSla = (result: Pick<SlaInput, 'scored' | 'voided'>) => result.scored && result.voided !== true;

/**
 * One more check (newer than every check in `state`) in a service's run. A
 * failed check lengthens the run, and costs the penalty recorded with it when
 * the run reaches a multiple of the threshold recorded with it, so a change
 * of the rules applies to the checks made after it; a passing check ends
 * the run.
 */
export function slaStep(state: SlaState, check: SlaInput): SlaState {
  const last = { last_time: check.time, last_scan_id: check.scan_id };
  if (passed(check)) return { ...state, ...last, run: 0 };
  const run = state.run + 1;
  const threshold = check.sla_threshold ?? 0;
  const violation = threshold > 0 && run % threshold === 0;
  return {
    ...last,
    run,
    violations: state.violations + (violation ? 1 : 0),
    penalty: state.penalty + (violation ? (check.sla_penalty ?? 0) : 0),
  };
}

/** A service's SLA standing recomputed from its whole history (any order): the one truth the incremental fold must equal. */
export function slaOfHistory(results: SlaInput[]): SlaState {
  return results.filter(takesPartInSla).sort(byCheckOrder).reduce(slaStep, emptySla());
}

/**
 * What of a service's SLA standing its checks at or after the freeze account
 * for. Runs are counted in check-time order, so the standing as of the
 * freeze is the one of the checks before it, and the rest came after.
 */
export function slaAfterFreeze(results: SlaInput[], freezeTime: string): SlaFigures {
  const all = slaOfHistory(results);
  const before = slaOfHistory(results.filter((r) => r.time < freezeTime));
  return { violations: all.violations - before.violations, penalty: all.penalty - before.penalty };
}
