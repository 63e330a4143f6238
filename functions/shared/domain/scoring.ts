/**
 * The scoring model, as pure functions: what a result earns at arrival, how
 * the stream's results fold into a service's state and its team's totals,
 * and how totals become scoreboard rows, ranks and a scorecard. No I/O: the
 * fold consumer turns these deltas into DynamoDB updates, and the read
 * handlers feed stored totals in.
 */
import { afterFreeze, shareFor } from '#shared/domain/freeze';
import { emptyFigures, emptySla, type ScoringFigures, type Service, type ServiceState as ServiceStateItem, type SlaState, type StoredResult, type SuperType, type Team, type TeamRecord, type TeamTotals } from '#shared/domain/model';

// ---------------------------------------------------------------------------
// Service states and what one scan changes

/** `up`: the last scan earned max_score; `down`: it earned less; `unscanned`: never scanned. */
export type ServiceState = 'up' | 'down' | 'unscanned';

export function serviceState(service: Pick<Service, 'last_scan' | 'last_scan_time' | 'max_score'>): ServiceState {
  if (service.last_scan_time === null) return 'unscanned';
  return stateForScore(service.last_scan, service.max_score);
}

export function stateForScore(score: number, maxScore: number): 'up' | 'down' {
  return score >= maxScore ? 'up' : 'down';
}

export interface StateCounts {
  services_up: number;
  services_down: number;
  services_unscanned: number;
}

const STATE_FIELD: Record<ServiceState, keyof StateCounts> = {
  up: 'services_up',
  down: 'services_down',
  unscanned: 'services_unscanned',
};

/** How a team's up/down/unscanned counts move when one service goes from `from` to `to`. */
export function stateDeltas(from: ServiceState, to: ServiceState): StateCounts {
  const deltas: StateCounts = { services_up: 0, services_down: 0, services_unscanned: 0 };
  if (from === to) return deltas;
  deltas[STATE_FIELD[from]] -= 1;
  deltas[STATE_FIELD[to]] += 1;
  return deltas;
}

/**
 * What one change adds to a team's totals. Every field is an increment
 * (possibly 0 or negative); `points` and `max_points` are per super type id.
 * One shape for scans and adjustments, so the data layer has one way to apply it.
 */
export interface TotalsDelta extends StateCounts {
  points: Record<string, number>;
  max_points: Record<string, number>;
  checks_total: number;
  checks_passed: number;
  adjustments_total: number;
  /** The newest check time among the results folded, if any. */
  last_scan_time: string | null;
  /** Points lost to SLA violations, per super type id (also taken off `points`). */
  sla_penalty: Record<string, number>;
  sla_violations: number;
}

/** Where the scoring window and the grace period come from (the settings). */
export interface ScoringRules {
  scoring_enabled: boolean;
  start_time: string | null;
  end_time: string | null;
  late_result_grace_seconds: number;
}

/**
 * What a result earns, decided at arrival. `scoring_enabled` (which has no
 * history) is judged at arrival; the window `[start_time, end_time)` by the
 * check's own time; and a result arriving later than `end_time` plus the
 * grace period earns nothing whatever its time, so nobody can backdate points
 * into a finished event. `scored`: whether it counts toward max_score.
 */
export function resultScoring(
  rules: ScoringRules,
  score: number,
  checkTime: Date,
  arrival: Date,
): { points: number; scored: boolean } {
  const start = rules.start_time ? Date.parse(rules.start_time) : undefined;
  const end = rules.end_time ? Date.parse(rules.end_time) : undefined;
  const at = checkTime.getTime();
  const scored =
    rules.scoring_enabled &&
    (start === undefined || at >= start) &&
    (end === undefined || (at < end && arrival.getTime() <= end + rules.late_result_grace_seconds * 1000));
  return { points: scored ? score : 0, scored };
}

/** A crashed agent never leaves a service in progress for longer than this. */
export const IN_PROGRESS_MAX_MS = 10 * 60_000;

/** In progress: a scan was started, its result is not folded yet, and it started less than 10 minutes ago. */
export function inProgress(state: Pick<ServiceStateItem, 'started'>, now: Date): boolean {
  return state.started !== null && now.getTime() - Date.parse(state.started.at) < IN_PROGRESS_MAX_MS;
}

/** A result of the stream, with its sequence number (zero-padded). */
export interface FoldRecord<T> {
  seq: string;
  item: T;
  /** Set when the record is a result's `voided` flag changing (a MODIFY), not a new result. */
  flip?: VoidFlip;
}

/** A result voided (its points, max_points and check taken back) or restored. */
export type VoidFlip = 'void' | 'unvoid';

/** The fields of a result the fold reads. */
export type FoldedResult = Pick<StoredResult, 'scan_id' | 'score' | 'error' | 'time' | 'points' | 'scored' | 'max_score' | 'super_type_id'> &
  Pick<StoredResult, 'sla_threshold' | 'sla_penalty' | 'voided'>;

// ---------------------------------------------------------------------------
// SLA: penalties for runs of consecutive failed checks

/** The SLA rules in force: a penalty at every multiple of `sla_threshold` consecutive failed checks (0: off). */
export interface SlaRules {
  sla_threshold: number;
  sla_penalty: number;
}

/** A subtype's own SLA rules (from the competition file) win over the settings'. */
export function slaRulesFor(settings: SlaRules, override: Partial<SlaRules> | undefined): SlaRules {
  return { sla_threshold: override?.sla_threshold ?? settings.sla_threshold, sla_penalty: override?.sla_penalty ?? settings.sla_penalty };
}

type SlaInput = Pick<FoldedResult, 'scan_id' | 'time' | 'score' | 'max_score' | 'scored' | 'voided' | 'sla_threshold' | 'sla_penalty'>;

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
  if (check.score >= check.max_score) return { ...state, ...last, run: 0 };
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
  return results
    .filter(takesPartInSla)
    .sort((a, b) => (a.time < b.time ? -1 : a.time > b.time ? 1 : a.scan_id < b.scan_id ? -1 : a.scan_id > b.scan_id ? 1 : 0))
    .reduce(slaStep, emptySla());
}

/** Whether check (time, scan_id) a is newer than b: by check time, equal times by scan_id. */
export function newerCheck(a: { time: string; scan_id: string }, b: { time: string | null; scan_id: string | null }): boolean {
  if (b.time === null) return true;
  return a.time > b.time || (a.time === b.time && a.scan_id > (b.scan_id ?? ''));
}

const stateOfService = (state: ServiceStateItem, maxScore: number): ServiceState =>
  state.last_scan_time === null ? 'unscanned' : stateForScore(state.last_scan, maxScore);

/**
 * Folds a service's results (in stream order) into its state, and says what
 * that adds to its team's totals. Records at or below the service's
 * watermark were folded already and are skipped; records at or below the
 * team's watermark for this service are already in the team's totals (a fold
 * that wrote the team and stopped before the service): they move the
 * service's state but add nothing to the team. So replaying any suffix of
 * the stream changes nothing. With a freeze time, what results checked at or
 * after it add is also counted apart (`afterFreeze`, and the state's
 * `after_freeze`), so that the public's frozen view can leave it out. Pure.
 */
export function foldServiceResults(
  state: ServiceStateItem,
  records: FoldRecord<FoldedResult>[],
  teamWatermark: string | null,
  freezeTime: string | null = null,
): { state: ServiceStateItem; delta: TotalsDelta; afterFreeze: TotalsDelta; folded: number; slaNeedsHistory: boolean } {
  let next: ServiceStateItem = { ...state, after_freeze: shareFor(state.after_freeze, freezeTime) };
  const delta = emptyDelta();
  const afterFreezeDelta = emptyDelta();
  let before: ServiceState | undefined;
  let maxScore = 0;
  let folded = 0;
  // A result older than the newest check in the run breaks the incremental
  // count: the caller recomputes the run from the service's history instead.
  let slaNeedsHistory = false;
  const shareOf = (item: FoldedResult, points: number, sla: { violations: number; penalty: number } = { violations: 0, penalty: 0 }) => {
    if (!afterFreeze(item.time, freezeTime) || !next.after_freeze) return;
    const share = next.after_freeze;
    next = { ...next, after_freeze: { ...share, points: share.points + points, violations: share.violations + sla.violations, penalty: share.penalty + sla.penalty } };
  };
  for (const { seq, item, flip } of records) {
    if (state.folded_seq !== null && seq <= state.folded_seq) continue;
    const counts = teamWatermark === null || seq > teamWatermark;
    const late = afterFreeze(item.time, freezeTime);
    if (flip) {
      // The check stays in the service's history (its `checks` and last scan): only what it earned comes and goes.
      const sign = flip === 'void' ? -1 : 1;
      folded++;
      slaNeedsHistory = true;
      next = { ...next, points_earned: next.points_earned + sign * item.points, folded_seq: seq };
      shareOf(item, sign * item.points);
      if (counts) addResult(delta, item, sign);
      if (counts && late) addResult(afterFreezeDelta, item, sign);
      continue;
    }
    maxScore = item.max_score;
    if (counts && before === undefined) before = stateOfService(next, maxScore);
    folded++;
    let gained = { violations: 0, penalty: 0 };
    if (takesPartInSla(item) && !slaNeedsHistory) {
      if (newerCheck(item, { time: next.sla.last_time, scan_id: next.sla.last_scan_id })) {
        const sla = slaStep(next.sla, item);
        gained = { violations: sla.violations - next.sla.violations, penalty: sla.penalty - next.sla.penalty };
        next = { ...next, sla };
      } else slaNeedsHistory = true;
    }
    shareOf(item, item.points, gained);
    next = {
      ...next,
      points_earned: next.points_earned + item.points,
      checks: next.checks + 1,
      folded_seq: seq,
      ...(newerCheck(item, { time: next.last_scan_time, scan_id: next.last_scan_id })
        ? { last_scan: item.score, last_scan_time: item.time, last_scan_error: item.error, last_scan_id: item.scan_id }
        : {}),
      ...(next.started?.scan_id === item.scan_id ? { started: null } : {}),
    };
    if (!counts) continue;
    addResult(delta, item, 1);
    if (late) addResult(afterFreezeDelta, item, 1);
    if (delta.last_scan_time === null || item.time > delta.last_scan_time) delta.last_scan_time = item.time;
  }
  if (before !== undefined) {
    const moved = stateDeltas(before, stateOfService(next, maxScore));
    delta.services_up += moved.services_up;
    delta.services_down += moved.services_down;
    delta.services_unscanned += moved.services_unscanned;
  }
  return { state: next, delta, afterFreeze: afterFreezeDelta, folded, slaNeedsHistory };
}

/**
 * What of a service's SLA standing its checks at or after the freeze account
 * for. Runs are counted in check-time order, so the standing as of the
 * freeze is the one of the checks before it, and the rest came after.
 */
export function slaAfterFreeze(results: SlaInput[], freezeTime: string): { violations: number; penalty: number } {
  const all = slaOfHistory(results);
  const before = slaOfHistory(results.filter((r) => r.time < freezeTime));
  return { violations: all.violations - before.violations, penalty: all.penalty - before.penalty };
}

/** Adds (sign 1) or takes back (sign -1) what one result counts for in its team's totals. */
function addResult(delta: TotalsDelta, item: FoldedResult, sign: 1 | -1) {
  const key = String(item.super_type_id);
  delta.points[key] = (delta.points[key] ?? 0) + sign * item.points;
  delta.max_points[key] = (delta.max_points[key] ?? 0) + sign * (item.scored ? item.max_score : 0);
  delta.checks_total += sign;
  delta.checks_passed += sign * (item.score >= item.max_score ? 1 : 0);
}

/**
 * What moves the team's totals when a service's SLA standing goes from what
 * the team's totals hold for it to what the service now has: the penalty
 * comes off the super type's points. Absolute on both ends, so a replay or a
 * repair converges instead of counting twice.
 */
export function slaDelta(superTypeId: number, counted: Pick<SlaState, 'violations' | 'penalty'>, now: Pick<SlaState, 'violations' | 'penalty'>): TotalsDelta {
  const delta = emptyDelta();
  const key = String(superTypeId);
  const penalty = now.penalty - counted.penalty;
  if (penalty !== 0) {
    delta.points[key] = -penalty;
    delta.sla_penalty[key] = penalty;
  }
  delta.sla_violations = now.violations - counted.violations;
  return delta;
}

export function emptyDelta(): TotalsDelta {
  return {
    points: {},
    max_points: {},
    checks_total: 0,
    checks_passed: 0,
    adjustments_total: 0,
    services_up: 0,
    services_down: 0,
    services_unscanned: 0,
    last_scan_time: null,
    sla_penalty: {},
    sla_violations: 0,
  };
}

/** Two deltas as one. */
export function addDeltas(a: TotalsDelta, b: TotalsDelta): TotalsDelta {
  const sum = (x: Record<string, number>, y: Record<string, number>) => {
    const out = { ...x };
    for (const [k, n] of Object.entries(y)) out[k] = (out[k] ?? 0) + n;
    return out;
  };
  const latest = [a.last_scan_time, b.last_scan_time].filter((t): t is string => t !== null).sort().at(-1) ?? null;
  return {
    points: sum(a.points, b.points),
    max_points: sum(a.max_points, b.max_points),
    checks_total: a.checks_total + b.checks_total,
    checks_passed: a.checks_passed + b.checks_passed,
    adjustments_total: a.adjustments_total + b.adjustments_total,
    services_up: a.services_up + b.services_up,
    services_down: a.services_down + b.services_down,
    services_unscanned: a.services_unscanned + b.services_unscanned,
    last_scan_time: latest,
    sla_penalty: sum(a.sla_penalty, b.sla_penalty),
    sla_violations: a.sla_violations + b.sla_violations,
  };
}

/** Whether a delta changes nothing (a batch of records already folded). */
export const isEmptyDelta = (d: TotalsDelta) => JSON.stringify(d) === JSON.stringify(emptyDelta());

/** Points given or taken by hand in one super type (an inject's grade, a red-team penalty). */
export interface Adjustment {
  id: number;
  /** The team's id (as DNS records name their team). */
  team: number;
  super_type_id: number;
  points: number;
  reason: string;
  created_by: string;
  created_at: string;
}

/** An adjustment moves the team's points in one super type; `adjustments_total` is the net of all adjustments. */
export function adjustmentDelta(superTypeId: number, points: number): TotalsDelta {
  return { ...emptyDelta(), points: { [String(superTypeId)]: points }, adjustments_total: points };
}

/** Scan results are equal when the agent reported the same score and error (for idempotent repeats). */
export function sameResult(a: { score: number; error: string | null }, b: { score: number; error: string | null }): boolean {
  return a.score === b.score && (a.error ?? null) === (b.error ?? null);
}

// ---------------------------------------------------------------------------
// Scores, ranks, scoreboard and scorecard

export interface SuperTypeScore {
  super_type_id: number;
  super_type: string;
  score: number;
  /** What the team could have earned so far from checks in this super type. */
  max_score: number;
}

export type Division = 'main' | 'guest';

export interface ScoreboardRow {
  rank: number;
  division: Division;
  team: Team;
  total_score: number;
  scores: SuperTypeScore[];
  services_up: number;
  services_total: number;
}

/** One entry per super type, in super type id order. */
export function superTypeScores(totals: TeamTotals, superTypes: SuperType[]): SuperTypeScore[] {
  return [...superTypes]
    .sort((a, b) => a.id - b.id)
    .map((s) => ({
      super_type_id: s.id,
      super_type: s.name,
      score: totals.points[String(s.id)] ?? 0,
      max_score: totals.max_points[String(s.id)] ?? 0,
    }));
}

export const totalScore = (scores: SuperTypeScore[]) => scores.reduce((sum, s) => sum + s.score, 0);

export const divisionOf = (team: Team): Division => (team.guest_division ? 'guest' : 'main');

/**
 * Standard competition ranking ("1224"): a row's rank is one more than the
 * number of rows with a strictly higher total. Returns rows ordered by total,
 * highest first, ties by team number.
 */
export function rankRows<R extends { total_score: number; team: Team }>(rows: R[]): (R & { rank: number })[] {
  const sorted = [...rows].sort((a, b) => b.total_score - a.total_score || a.team.number - b.team.number);
  let rank = 0;
  return sorted.map((row, index) => {
    if (index === 0 || row.total_score !== sorted[index - 1]!.total_score) rank = index + 1;
    return { ...row, rank };
  });
}

/**
 * The scoreboard over the given (already visible) teams. Segregated: each
 * division ranked on its own, main division first. Otherwise one ranking.
 */
export function buildScoreboard(records: TeamRecord[], superTypes: SuperType[], segregate: boolean): ScoreboardRow[] {
  const unranked = records.map((record) => {
    const scores = superTypeScores(record.totals, superTypes);
    return {
      division: divisionOf(record.team),
      team: record.team,
      total_score: totalScore(scores),
      scores,
      services_up: record.totals.services_up,
      services_total: record.services_total,
    };
  });
  const ranked = segregate
    ? [...rankRows(unranked.filter((r) => r.division === 'main')), ...rankRows(unranked.filter((r) => r.division === 'guest'))]
    : rankRows(unranked);
  // Fixed key order for stable JSON (and ETags).
  return ranked.map((r) => ({
    rank: r.rank,
    division: r.division,
    team: r.team,
    total_score: r.total_score,
    scores: r.scores,
    services_up: r.services_up,
    services_total: r.services_total,
  }));
}

export interface ScorecardStats {
  rank: number;
  checks_total: number;
  checks_passed: number;
  checks_failed: number;
  /** checks_passed / checks_total, or null before any check. */
  uptime: number | null;
  services_total: number;
  services_up: number;
  services_down: number;
  services_unscanned: number;
  adjustments_total: number;
  last_scan_time: string | null;
  /** How many times a service of the team reached a multiple of its SLA threshold. */
  sla_violations: number;
}

/** A scorecard's super type entry: the score (penalties already taken off) and the SLA penalty points in it. */
export interface ScorecardSuperTypeScore extends SuperTypeScore {
  sla_penalty: number;
}

export interface Scorecard {
  total_score: number;
  stats: ScorecardStats;
  scores: ScorecardSuperTypeScore[];
}

export const uptime = (totals: Pick<TeamTotals, 'checks_total' | 'checks_passed'>): number | null =>
  totals.checks_total === 0 ? null : totals.checks_passed / totals.checks_total;

/** A team's scorecard, given its rank on the scoreboard the caller sees. */
export function buildScorecard(record: TeamRecord, superTypes: SuperType[], rank: number): Scorecard {
  const t = record.totals;
  const scores = superTypeScores(t, superTypes);
  return {
    total_score: totalScore(scores),
    stats: {
      rank,
      checks_total: t.checks_total,
      checks_passed: t.checks_passed,
      checks_failed: t.checks_total - t.checks_passed,
      uptime: uptime(t),
      services_total: record.services_total,
      services_up: t.services_up,
      services_down: t.services_down,
      services_unscanned: t.services_unscanned,
      adjustments_total: t.adjustments_total,
      last_scan_time: t.last_scan_time,
      sla_violations: t.sla_violations,
    },
    scores: scores.map((s) => ({ ...s, sla_penalty: t.sla_penalty[String(s.super_type_id)] ?? 0 })),
  };
}

// ---------------------------------------------------------------------------
// Verification: a team's totals recomputed from its history

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
  adjustments: { super_type_id: number; points: number; created_at?: string }[],
  freezeTime: string | null = null,
): HistoryFigures {
  let delta = emptyDelta();
  let share = emptyDelta();
  const sla = new Map<number, SlaState>();
  const slaAfter = new Map<number, { violations: number; penalty: number }>();
  for (const service of services) {
    for (const r of service.results) {
      if (r.voided === true) continue;
      addResult(delta, r, 1);
      if (afterFreeze(r.time, freezeTime)) addResult(share, r, 1);
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
    delta = addDeltas(delta, adjustmentDelta(a.super_type_id, a.points));
    if (a.created_at !== undefined && afterFreeze(a.created_at, freezeTime)) share = addDeltas(share, adjustmentDelta(a.super_type_id, a.points));
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
export function compareFigures(stored: TeamTotals, recomputed: HistoryFigures, stamp?: string): { differences: FigureDifference[]; repair: TotalsDelta; afterFreezeRepair?: TotalsDelta } {
  const live = compareScoring(stored, recomputed);
  if (!recomputed.after_freeze || stamp === undefined) return live;
  const share = compareScoring(stored.after_freeze[stamp] ?? emptyFigures(), recomputed.after_freeze.share, 'after_freeze.');
  return { differences: [...live.differences, ...share.differences], repair: live.repair, afterFreezeRepair: share.repair };
}
