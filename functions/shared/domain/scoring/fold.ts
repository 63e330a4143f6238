/**
 * The fold's decisions: given a team's score events and what was read of its
 * totals and its services' states, what to write. Pure; the stream consumer
 * (app/fold.ts) reads, calls `decideTeamFold`, and writes what it says.
 *
 * Idempotent under replay without per-event marks: the team's totals keep,
 * per event source, the position folded up to (the watermark), and each
 * service's state its own; every write is conditioned on what was read. The
 * team is written first, then its services: the team's delta depends on the
 * services' previous states, and a crash between the two leaves a team
 * watermark ahead of the service's, which the next fold reads as "already
 * counted for the team" (see foldServiceEvents).
 *
 * The SLA figures a team counts for each service are absolute on both ends
 * (what the totals count, what the service has), so a replay, a late result
 * that recomputes a run, or a repair converges instead of counting twice.
 */
import { afterFreeze, freezeStamp, shareFor, type ServiceAfterFreeze } from '#shared/domain/scoring/freeze';
import {
  addDeltas,
  applyDelta,
  awardDelta,
  emptyDelta,
  isEmptyDelta,
  resultDelta,
  slaDelta,
  type TeamTotals,
  type TotalsDelta,
} from '#shared/domain/scoring/figures';
import { newerCheck } from '#shared/domain/scoring/result';
import { emptySla, slaAfterFreeze, slaOfHistory, slaStep, takesPartInSla, type SlaFigures, type SlaInput, type SlaState } from '#shared/domain/scoring/sla';
import { sameCell, statusCell, statusDeltas, statusForScore, type ServiceStatus, type StatusCell } from '#shared/domain/scoring/status';
import type { FailureCategory } from '#shared/domain/scoring/failure';
import { isServiceEvent, serviceSource, type AwardEvent, type ScoreEvent, type ServiceEvent } from '#shared/domain/scoring/events';

/**
 * A service's dynamic state (its STATE item): the newest check by check time,
 * the scan under way, what it earned, its SLA standing, and the fold's
 * watermark (the last stream position folded in).
 */
export interface ServiceState {
  last_scan: number;
  last_scan_time: string | null;
  last_scan_error: string | null;
  last_scan_id: string | null;
  /** The newest check's failure category (null: it passed, or the agent did not say). */
  last_scan_category: FailureCategory | null;
  /**
   * The max_score the newest check arrived under: its status (up when it
   * earned all of it) is judged by it, not by the service's points now, which
   * an organiser may have changed since (null: stored before this existed).
   */
  last_max_score: number | null;
  /** When the service took its status: the time of the newest check whose status differed from the one before it. */
  status_since: string | null;
  started: { scan_id: string; at: string } | null;
  points_earned: number;
  checks: number;
  folded_seq: string | null;
  sla: SlaState;
  /** What of its points and SLA figures came from checks at or after the scoreboard freeze (null: no freeze). */
  after_freeze: ServiceAfterFreeze | null;
  /**
   * Disabled by an organiser: its status is out of its team's counts and of
   * the status view, so a result folded now moves neither (what it earned
   * was decided at arrival). Only the enable/disable edit writes it.
   */
  disabled: boolean;
}

export const emptyServiceState = (): ServiceState => ({
  last_scan: 0,
  last_scan_time: null,
  last_scan_error: null,
  last_scan_id: null,
  last_scan_category: null,
  last_max_score: null,
  status_since: null,
  started: null,
  points_earned: 0,
  checks: 0,
  folded_seq: null,
  sla: emptySla(),
  after_freeze: null,
  disabled: false,
});

/** What the fold reads of a team's totals. */
export interface TotalsState {
  /** Per event source, the position folded up to (absent: nothing yet). */
  watermarks: Record<string, string>;
  /** Per service id, the SLA figures the totals count for it (absent: none). */
  sla: Record<string, SlaFigures>;
  /** The same in the after-freeze share, by the freeze time's stamp. */
  share_sla: Record<string, Record<string, SlaFigures>>;
  last_scan_time: string | null;
  /** How many updates the totals have had: the standings projection names the one it shows. */
  version: number;
}

export const emptyTotalsState = (): TotalsState => ({ watermarks: {}, sla: {}, share_sla: {}, last_scan_time: null, version: 0 });

/** What was read for one team's fold: its totals, its services' states, and (when asked for) services' histories. */
export interface TeamFoldRead {
  totals: TotalsState;
  /** The totals' figures as read (what the standings projection shows once the update lands). */
  figures: TeamTotals;
  /** The totals version the team's standings projection shows (undefined: none yet). */
  projected: number | undefined;
  states: Map<number, ServiceState>;
  histories?: Map<number, SlaInput[]>;
}

/** A service's SLA figures in the team's totals (live, or in the share of `stamp`): from what was read to what it becomes. */
export interface SlaWrite {
  serviceId: number;
  stamp?: string;
  read: SlaFigures;
  next: SlaFigures;
}

/** The conditional update of a team's totals: ADD the deltas, move the watermarks and SLA figures, if all are still as read. */
export interface TotalsWrite {
  delta: TotalsDelta;
  /** What results checked (and awards made) at or after the freeze add, under the freeze time's stamp. */
  share?: { stamp: string; delta: TotalsDelta };
  /** A watermark whose `next` equals `read` is only a condition (a repair that must not race a fold). */
  watermarks: { source: string; read: string | null; next: string | null }[];
  sla: SlaWrite[];
  lastScanTimeRead: string | null;
  /** The totals version read: the update is refused if anything else updated the totals since, and moves it one up. */
  readVersion: number;
}

/** A service's new state, if its watermark (and the `started` it clears) are still what was read. */
export interface ServiceStateWrite {
  serviceId: number;
  read: ServiceState;
  next: ServiceState;
  /** Its new status cell, when the cell changed: written unless a cell of a later fold position (`next.folded_seq`) is there. */
  cell?: StatusCell;
}

export type FoldDecision =
  /** Late results (or voids) need these services' histories to recompute their SLA runs: read them, then decide again. */
  { kind: 'read-histories'; services: number[] } | { kind: 'write'; totals?: TotalsWrite; services: ServiceStateWrite[]; standings?: StandingsWrite };

/**
 * The team's standings projection (what public views read with one Query):
 * its figures as of a totals version, with the after-freeze share of the
 * freeze time in force only. Written after the totals, and whenever it shows
 * an older version than the totals (a crash between the two writes).
 */
export interface StandingsWrite {
  version: number;
  figures: TeamTotals;
}

const statusOf = (state: ServiceState, maxScore: number): ServiceStatus =>
  state.last_scan_time === null ? 'unscanned' : statusForScore(state.last_scan, judgedBy(state, maxScore));

/** The max_score a state's newest check is judged by: its own, else (a state stored before it was kept) the service's. */
export const judgedBy = (state: Pick<ServiceState, 'last_max_score'>, maxScore: number): number => state.last_max_score ?? maxScore;

/**
 * Folds a service's events (in stream order) into its state, and says what
 * that adds to its team's totals. Events at or below the service's
 * watermark were folded already and are skipped; events at or below the
 * team's watermark for this service are already in the team's totals (a fold
 * that wrote the team and stopped before the service): they move the
 * service's state but add nothing to the team. With a freeze time, what
 * results checked at or after it add is also counted apart (`afterFreeze`,
 * and the state's `after_freeze`), so that the public's frozen view can
 * leave it out. `slaNeedsHistory`: a result older than the newest check of the
 * run, or a flip, broke the incremental count; the run must be recomputed.
 */
export function foldServiceEvents(
  state: ServiceState,
  events: ServiceEvent[],
  teamWatermark: string | null,
  freezeTime: string | null = null,
): { state: ServiceState; delta: TotalsDelta; afterFreeze: TotalsDelta; folded: number; slaNeedsHistory: boolean } {
  let next: ServiceState = { ...state, after_freeze: shareFor(state.after_freeze, freezeTime) };
  let delta = emptyDelta();
  let afterFreezeDelta = emptyDelta();
  let before: ServiceStatus | undefined;
  let maxScore = 0;
  let folded = 0;
  let slaNeedsHistory = false;
  const addToShare = (time: string, points: number, sla: SlaFigures = { violations: 0, penalty: 0 }) => {
    if (!afterFreeze(time, freezeTime) || !next.after_freeze) return;
    const share = next.after_freeze;
    next = {
      ...next,
      after_freeze: { ...share, points: share.points + points, violations: share.violations + sla.violations, penalty: share.penalty + sla.penalty },
    };
  };
  for (const event of events) {
    const { seq, result } = event;
    if (state.folded_seq !== null && seq <= state.folded_seq) continue;
    const counts = teamWatermark === null || seq > teamWatermark;
    const late = afterFreeze(result.time, freezeTime);
    folded++;
    if (event.kind !== 'check') {
      // The check stays in the service's history (its `checks` and last scan): only what it earned comes and goes.
      const sign = event.kind === 'void' ? -1 : 1;
      slaNeedsHistory = true;
      next = { ...next, points_earned: next.points_earned + sign * result.points, folded_seq: seq };
      addToShare(result.time, sign * result.points);
      if (counts) delta = addDeltas(delta, resultDelta(result, sign));
      if (counts && late) afterFreezeDelta = addDeltas(afterFreezeDelta, resultDelta(result, sign));
      continue;
    }
    maxScore = result.max_score;
    // A disabled service's status is in no count: it has nothing to move.
    if (counts && before === undefined && !state.disabled) before = statusOf(next, maxScore);
    let gained: SlaFigures = { violations: 0, penalty: 0 };
    if (takesPartInSla(result) && !slaNeedsHistory) {
      if (newerCheck(result, { time: next.sla.last_time, scan_id: next.sla.last_scan_id })) {
        const sla = slaStep(next.sla, result);
        gained = { violations: sla.violations - next.sla.violations, penalty: sla.penalty - next.sla.penalty };
        next = { ...next, sla };
      } else slaNeedsHistory = true;
    }
    addToShare(result.time, result.points, gained);
    next = {
      ...next,
      points_earned: next.points_earned + result.points,
      checks: next.checks + 1,
      folded_seq: seq,
      ...(newerCheck(result, { time: next.last_scan_time, scan_id: next.last_scan_id })
        ? {
            last_scan: result.score,
            last_scan_time: result.time,
            last_scan_error: result.error,
            last_scan_id: result.scan_id,
            last_scan_category: result.category ?? null,
            last_max_score: result.max_score,
            status_since:
              next.last_scan_time !== null && statusOf(next, maxScore) === statusForScore(result.score, maxScore)
                ? (next.status_since ?? next.last_scan_time)
                : result.time,
          }
        : {}),
      ...(next.started?.scan_id === result.scan_id ? { started: null } : {}),
    };
    if (!counts) continue;
    delta = addDeltas(delta, { ...resultDelta(result), last_scan_time: result.time });
    if (late) afterFreezeDelta = addDeltas(afterFreezeDelta, resultDelta(result));
  }
  if (before !== undefined) delta = addDeltas(delta, { ...emptyDelta(), ...statusDeltas(before, statusOf(next, maxScore)) });
  return { state: next, delta, afterFreeze: afterFreezeDelta, folded, slaNeedsHistory };
}

/**
 * What one team's events change: the update of its totals and of each
 * service's state, or the histories it needs first. Called at most twice
 * per read: once, and once more with the histories it asked for.
 */
export function decideTeamFold(events: ScoreEvent[], read: TeamFoldRead, freezeTime: string | null): FoldDecision {
  const byService = new Map<number, ServiceEvent[]>();
  const bySource = new Map<string, AwardEvent[]>();
  for (const event of events) {
    if (isServiceEvent(event)) byService.set(event.service_id, [...(byService.get(event.service_id) ?? []), event]);
    else bySource.set(event.source, [...(bySource.get(event.source) ?? []), event]);
  }
  const stamp = freezeTime === null ? undefined : freezeStamp(freezeTime);
  let delta = emptyDelta();
  let share = emptyDelta();
  const watermarks: TotalsWrite['watermarks'] = [];
  const services: ServiceStateWrite[] = [];
  const sla: SlaWrite[] = [];
  const needHistories: number[] = [];

  for (const [serviceId, serviceEvents] of byService) {
    const source = serviceSource(serviceId);
    const readState = read.states.get(serviceId) ?? emptyServiceState();
    const teamWatermark = read.totals.watermarks[source] ?? null;
    const folded = foldServiceEvents(readState, serviceEvents, teamWatermark, freezeTime);
    if (folded.slaNeedsHistory) {
      // A late result (or a flip) re-evaluates the run from the history, read after the state: it holds every result folded so far.
      const history = read.histories?.get(serviceId);
      if (!history) {
        needHistories.push(serviceId);
        continue;
      }
      folded.state.sla = slaOfHistory(history);
      if (folded.state.after_freeze) folded.state.after_freeze = { ...folded.state.after_freeze, ...slaAfterFreeze(history, folded.state.after_freeze.at) };
    }
    delta = addDeltas(delta, folded.delta);
    share = addDeltas(share, folded.afterFreeze);
    const newest = serviceEvents.at(-1)!.seq;
    if (teamWatermark === null || newest > teamWatermark) watermarks.push({ source, read: teamWatermark, next: newest });
    if (folded.folded > 0) {
      // Every result carries its service's max_score as it was at arrival.
      const maxScore = serviceEvents[0]!.result.max_score;
      const cell = statusCell(folded.state, judgedBy(folded.state, maxScore));
      const wasCell = statusCell(readState, judgedBy(readState, maxScore));
      // A disabled service has no cell: enabling it writes one from its state.
      const changed = !readState.disabled && !sameCell(wasCell, cell);
      services.push({ serviceId, read: readState, next: folded.state, ...(changed ? { cell } : {}) });
    }
    const superTypeId = serviceEvents[0]!.result.super_type_id;
    const counted = read.totals.sla[String(serviceId)] ?? { violations: 0, penalty: 0 };
    const now = folded.folded > 0 ? folded.state.sla : readState.sla;
    if (counted.violations !== now.violations || counted.penalty !== now.penalty) {
      delta = addDeltas(delta, slaDelta(superTypeId, counted, now));
      sla.push({ serviceId, read: counted, next: { violations: now.violations, penalty: now.penalty } });
    }
    if (stamp !== undefined) {
      const countedAfter = read.totals.share_sla[stamp]?.[String(serviceId)] ?? { violations: 0, penalty: 0 };
      const serviceShare = shareFor(folded.folded > 0 ? folded.state.after_freeze : readState.after_freeze, freezeTime)!;
      if (countedAfter.violations !== serviceShare.violations || countedAfter.penalty !== serviceShare.penalty) {
        share = addDeltas(share, slaDelta(superTypeId, countedAfter, serviceShare));
        sla.push({ serviceId, stamp, read: countedAfter, next: { violations: serviceShare.violations, penalty: serviceShare.penalty } });
      }
    }
  }
  if (needHistories.length > 0) return { kind: 'read-histories', services: needHistories };

  for (const [source, awards] of bySource) {
    const watermark = read.totals.watermarks[source] ?? null;
    for (const award of awards) {
      if (watermark !== null && award.seq <= watermark) continue;
      const counted = awardDelta(award.super_type_id, award.points, award.origin, award.max);
      delta = addDeltas(delta, counted);
      if (afterFreeze(award.at, freezeTime)) share = addDeltas(share, counted);
    }
    const newest = awards.at(-1)!.seq;
    if (watermark === null || newest > watermark) watermarks.push({ source, read: watermark, next: newest });
  }

  const totals: TotalsWrite | undefined =
    watermarks.length > 0 || sla.length > 0
      ? {
          delta,
          ...(stamp !== undefined && !isEmptyDelta(share) ? { share: { stamp, delta: share } } : {}),
          watermarks,
          sla,
          lastScanTimeRead: read.totals.last_scan_time,
          readVersion: read.totals.version,
        }
      : undefined;
  const standings = totals
    ? { version: read.totals.version + 1, figures: publicFigures(applyDelta(read.figures, totals.delta, totals.share), stamp) }
    : read.projected === undefined || read.projected < read.totals.version
      ? { version: read.totals.version, figures: publicFigures(read.figures, stamp) }
      : undefined;
  return { kind: 'write', ...(totals ? { totals } : {}), services, ...(standings ? { standings } : {}) };
}

/** What the standings projection keeps of a team's totals: the after-freeze share of the freeze time in force only. */
export function publicFigures(totals: TeamTotals, stamp: string | undefined): TeamTotals {
  const share = stamp === undefined ? undefined : totals.after_freeze[stamp];
  return { ...totals, after_freeze: stamp !== undefined && share ? { [stamp]: share } : {} };
}
