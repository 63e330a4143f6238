/**
 * The scoreboard freeze, as pure rules. From `scoreboard_freeze_time` on,
 * anonymous readers see the points as of that time: every figure that points
 * make (totals, super type scores and maxima, checks, adjustments, SLA
 * penalties, a service's points and its history) leaves out what was checked
 * (or, for an adjustment, made) at or after the freeze. Up/down status stays
 * live: teams repair their services by it. Admins and service accounts see
 * everything live.
 *
 * How it stays cheap: the fold counts, beside the live totals, the share that
 * came from at or after the freeze (the "after-freeze share", stamped with
 * the freeze time it is relative to), and a frozen figure is the live one
 * minus that share. That is only exact if every result checked at or after
 * the freeze was folded while the fold knew the freeze time, which is why a
 * new freeze time must be at least FREEZE_LEAD_SECONDS ahead: no result can
 * be checked after it yet (a check's time is at most 2 minutes ahead of the
 * clock), and every function's cached settings see it before one can.
 */
import type { ScoringFigures, TeamTotals } from '#shared/domain/scoring/figures';
import type { SlaState } from '#shared/domain/scoring/sla';
import type { FieldError } from '#shared/validation';

/** What of one service's figures came from checks at or after the scoreboard freeze `at` (its STATE item keeps it). */
export interface ServiceAfterFreeze {
  at: string;
  points: number;
  violations: number;
  penalty: number;
}

/** A new freeze time is at least this far ahead: 2 minutes of allowed clock skew on a check's time, plus the settings cache, with room. */
export const FREEZE_LEAD_SECONDS = 180;

/**
 * The stamp that names a freeze time's share in the TOTALS item: its epoch
 * seconds in base 36 (short: the item is rewritten by every fold). A share
 * under another stamp belongs to an earlier freeze time and is ignored.
 */
export const freezeStamp = (freezeTime: string) => Math.floor(Date.parse(freezeTime) / 1000).toString(36);

/** Whether something checked (or made) at `time` falls after the freeze: at or after it. */
export const afterFreeze = (time: string, freezeTime: string | null) => freezeTime !== null && time >= freezeTime;

/** How a read sees the freeze. */
export interface FreezeView {
  /** The freeze is in effect (its time has come): every caller is told, and since when. */
  frozen: boolean;
  frozen_since: string | null;
  /** This caller gets the frozen figures (anonymous, while frozen). */
  applies: boolean;
  /** Before the freeze: when a public answer stops being fresh (its max-age never reaches past the freeze). */
  freshUntil?: number;
}

/** The freeze as one caller sees it now: only anonymous callers get frozen figures. */
export function freezeView(freezeTime: string | null, anonymous: boolean, now: Date): FreezeView {
  if (freezeTime === null) return { frozen: false, frozen_since: null, applies: false };
  const at = Date.parse(freezeTime);
  if (now.getTime() < at) return { frozen: false, frozen_since: null, applies: false, freshUntil: at };
  return { frozen: true, frozen_since: freezeTime, applies: anonymous };
}

/** The freeze time whose figures this caller gets (undefined: live figures). */
export const frozenFor = (view: FreezeView): string | undefined => (view.applies && view.frozen_since !== null ? view.frozen_since : undefined);

/** The fields every answer that a freeze changes carries. */
export const freezeFields = (view: FreezeView) => ({ frozen: view.frozen, frozen_since: view.frozen_since });

const minus = (live: Record<string, number>, share: Record<string, number>) => {
  const out = { ...live };
  for (const [key, n] of Object.entries(share)) out[key] = (out[key] ?? 0) - n;
  return out;
};

/** A team's totals as of the freeze: the live totals minus their after-freeze share. Status (services up/down, last scan) stays live. */
export function frozenTotals(totals: TeamTotals, share: ScoringFigures | undefined): TeamTotals {
  if (!share) return totals;
  return {
    ...totals,
    points: minus(totals.points, share.points),
    max_points: minus(totals.max_points, share.max_points),
    checks_total: totals.checks_total - share.checks_total,
    checks_passed: totals.checks_passed - share.checks_passed,
    adjustments_total: totals.adjustments_total - share.adjustments_total,
    sla_penalty: minus(totals.sla_penalty, share.sla_penalty),
    sla_violations: totals.sla_violations - share.sla_violations,
  };
}

/** A service's points and SLA figures as of the freeze (its share is only counted under the current freeze time). */
export function frozenServiceFigures(
  live: { points_earned: number; sla: Pick<SlaState, 'run' | 'violations' | 'penalty'> },
  share: ServiceAfterFreeze | null,
  freezeTime: string,
) {
  const counted = share?.at === freezeTime ? share : undefined;
  return {
    points_earned: live.points_earned - (counted?.points ?? 0),
    sla: { run: live.sla.run, violations: live.sla.violations - (counted?.violations ?? 0), penalty: live.sla.penalty - (counted?.penalty ?? 0) },
  };
}

/**
 * A service's after-freeze share moved to the freeze time in force: kept if
 * it is relative to it, otherwise started at zero. Zero is exact: a freeze
 * time is set ahead of every check (FREEZE_LEAD_SECONDS), so none folded
 * before was at or after it.
 */
export function shareFor(share: ServiceAfterFreeze | null, freezeTime: string | null): ServiceAfterFreeze | null {
  if (freezeTime === null) return null;
  return share?.at === freezeTime ? share : { at: freezeTime, points: 0, violations: 0, penalty: 0 };
}

/**
 * Whether a settings change may set this freeze time: null (no freeze) and
 * the time already set always; a new time only FREEZE_LEAD_SECONDS ahead.
 */
export function freezeTimeProblem(before: string | null | undefined, after: string | null | undefined, now: Date): FieldError | undefined {
  if (after === null || after === undefined || after === before) return undefined;
  const earliest = now.getTime() + FREEZE_LEAD_SECONDS * 1000;
  if (Date.parse(after) >= earliest) return undefined;
  return {
    path: 'scoreboard_freeze_time',
    message: `must be at least ${FREEZE_LEAD_SECONDS / 60} minutes ahead (${new Date(earliest).toISOString().replace(/\.\d{3}Z$/, 'Z')} or later): a freeze is announced before any check it holds back is made`,
  };
}

/** The teams as a caller sees them: with the frozen figures when the freeze applies to it. */
export function teamsAsSeen<T extends { totals: TeamTotals }>(teams: T[], view: FreezeView): T[] {
  const frozenAt = frozenFor(view);
  if (frozenAt === undefined) return teams;
  const stamp = freezeStamp(frozenAt);
  return teams.map((t) => ({ ...t, totals: frozenTotals(t.totals, t.totals.after_freeze[stamp]) }));
}

/** The last sample time strictly before the freeze (samples fall on whole minutes): the public's history ends there. */
export function lastSampleBefore(freezeTime: string): string {
  const ms = Date.parse(freezeTime) - 1000;
  return new Date(ms - (ms % 60_000)).toISOString().replace(/\.\d{3}Z$/, 'Z');
}
