/**
 * A service's status, up, down or unscanned, from its last check, and
 * whether a scan is under way; its cell in the status view. Pure.
 */
import type { FailureCategory } from '#shared/domain/scoring/failure';

/** `up`: the last scan earned max_score; `down`: it earned less; `unscanned`: never scanned. */
export type ServiceStatus = 'up' | 'down' | 'unscanned';

export function serviceStatus(service: { last_scan: number; last_scan_time: string | null; max_score: number }): ServiceStatus {
  if (service.last_scan_time === null) return 'unscanned';
  return statusForScore(service.last_scan, service.max_score);
}

export function statusForScore(score: number, maxScore: number): 'up' | 'down' {
  return score >= maxScore ? 'up' : 'down';
}

/** How many of a team's services are in each status (a team's TOTALS keep them). */
export interface StatusCounts {
  services_up: number;
  services_down: number;
  services_unscanned: number;
}

const STATUS_FIELD: Record<ServiceStatus, keyof StatusCounts> = {
  up: 'services_up',
  down: 'services_down',
  unscanned: 'services_unscanned',
};

/** How a team's up/down/unscanned counts move when one service goes from `from` to `to`. */
export function statusDeltas(from: ServiceStatus, to: ServiceStatus): StatusCounts {
  const deltas: StatusCounts = { services_up: 0, services_down: 0, services_unscanned: 0 };
  if (from === to) return deltas;
  deltas[STATUS_FIELD[from]] -= 1;
  deltas[STATUS_FIELD[to]] += 1;
  return deltas;
}

/** A crashed agent never leaves a service in progress for longer than this. */
export const IN_PROGRESS_MAX_MS = 10 * 60_000;

/** In progress: a scan was started, its result is not folded yet, and it started less than 10 minutes ago. */
export function inProgress(state: { started: { at: string } | null }, now: Date): boolean {
  return state.started !== null && now.getTime() - Date.parse(state.started.at) < IN_PROGRESS_MAX_MS;
}

/**
 * A service's cell in the status view: its status, since when it has been in
 * it (the time of the check that put it there), and, when down, the category
 * of its newest failure. The fold writes a cell only when it changes, so a
 * quiet round writes none.
 */
export interface StatusCell {
  status: ServiceStatus;
  since: string | null;
  category: FailureCategory | null;
}

export function statusCell(
  state: { last_scan: number; last_scan_time: string | null; last_scan_category: FailureCategory | null; status_since: string | null },
  maxScore: number,
): StatusCell {
  const status = serviceStatus({ ...state, max_score: maxScore });
  if (status === 'unscanned') return { status, since: null, category: null };
  return { status, since: state.status_since ?? state.last_scan_time, category: status === 'down' ? state.last_scan_category : null };
}

export const sameCell = (a: StatusCell, b: StatusCell) => a.status === b.status && a.since === b.since && a.category === b.category;
