/**
 * The status view (GET /services/status), as pure rules: every service's cell
 * grouped by team, or, for a viewer that is up to date, only the cells that
 * changed since its last answer. Deltas are only answered from points of a
 * fixed 5 s grid (`as_of`), so every viewer that is up to date asks the same
 * URL and a CDN keeps one entry for all of them.
 */
import type { FailureCategory } from '#shared/domain/scoring/failure';
import type { ServiceStatus, StatusCell } from '#shared/domain/scoring/status';
import { formatTimestamp } from '#shared/validation';

/** The grid `as_of` falls on. */
export const STATUS_GRID_MS = 5_000;
/** A `since` older than this gets the whole view (a delta would be longer, and the viewer was away). */
export const STATUS_DELTA_WINDOW_MS = 10 * 60_000;

/**
 * The grid point a view made at `now` holds every change up to: the grid
 * point before the current one, so 5 to 10 s back, longer than it takes an
 * eventually consistent read to see a write.
 */
export const statusAsOf = (now: number) => (Math.floor(now / STATUS_GRID_MS) - 1) * STATUS_GRID_MS;

/** The point a delta may be answered from (epoch ms), or undefined: answer the whole view. */
export function deltaBase(since: string | undefined, asOf: number): number | undefined {
  if (since === undefined) return undefined;
  const at = Date.parse(since);
  if (!Number.isFinite(at) || at % STATUS_GRID_MS !== 0 || at > asOf || asOf - at > STATUS_DELTA_WINDOW_MS) return undefined;
  return at;
}

/**
 * A delta's cells: those changed after `base` and by `as_of`, each with the
 * others of its matrix cell (its team's services of its subtype), so that a
 * cell of several services is replaced whole (issue #49): a viewer never
 * has to guess which of them changed, and a cell that gained or lost a
 * service meanwhile comes with another length. A cell with a change after
 * `as_of` waits, whole, for the next delta (from this `as_of`), so each
 * change reaches a viewer once and every age is taken at `as_of`.
 */
export function deltaCells<C extends { team_id: number; subtype_id: number; changedAt: number }>(cells: C[], base: number, asOf: number): C[] {
  const matrixCells = new Map<string, C[]>();
  for (const cell of cells) {
    const key = `${cell.team_id}:${cell.subtype_id}`;
    matrixCells.set(key, [...(matrixCells.get(key) ?? []), cell]);
  }
  return [...matrixCells.values()].filter((group) => group.some((c) => c.changedAt > base) && group.every((c) => c.changedAt <= asOf)).flat();
}

/**
 * One cell as the view sends it: `[subtype_id, status, seconds in it before as_of, category]`, trailing parts left
 * out when empty; in a delta, `[subtype_id]` alone for a service of a changed matrix cell that did not change itself
 * (keep what you hold: its seconds still count from the `as_of` you drew it at).
 */
export type CellTuple = [number] | [number, ServiceStatus] | [number, ServiceStatus, number] | [number, ServiceStatus, number, FailureCategory];

export interface StatusView {
  as_of: string;
  full: boolean;
  /** The columns' names by subtype id: in a whole view only (they change only with a load, which makes every view whole). */
  subtypes?: Record<string, string>;
  teams: Record<string, CellTuple[]>;
}

/**
 * The view of these cells, grouped by team id, each team's by subtype id: all of them (`whole`), or a delta's
 * (`deltaCells`) from `base`, where a cell unchanged since `base` is its subtype alone (issue #49: most of a
 * delta's bytes were the unchanged services of the cells it replaces).
 */
export function statusView(
  cells: (StatusCell & { team_id: number; subtype_id: number; service_id: number; changedAt: number })[],
  asOf: number,
  answer: { whole: { subtypes: Map<number, string> } } | { base: number },
): StatusView {
  const teams: Record<string, CellTuple[]> = {};
  const sorted = [...cells].sort((a, b) => a.team_id - b.team_id || a.subtype_id - b.subtype_id || a.service_id - b.service_id);
  const unchanged = (cell: { changedAt: number }) => 'base' in answer && cell.changedAt <= answer.base;
  for (const cell of sorted) (teams[String(cell.team_id)] ??= []).push(unchanged(cell) ? [cell.subtype_id] : cellTuple(cell, asOf));
  const asOfText = formatTimestamp(asOf);
  if ('base' in answer) return { as_of: asOfText, full: false, teams };
  const subtypes = Object.fromEntries(
    [...answer.whole.subtypes].filter(([id]) => cells.some((c) => c.subtype_id === id)).map(([id, name]) => [String(id), name]),
  );
  return { as_of: asOfText, full: true, subtypes, teams };
}

function cellTuple(cell: StatusCell & { subtype_id: number }, asOf: number): CellTuple {
  if (cell.since === null) return [cell.subtype_id, cell.status];
  const seconds = Math.round((asOf - Date.parse(cell.since)) / 1000);
  return cell.category === null ? [cell.subtype_id, cell.status, seconds] : [cell.subtype_id, cell.status, seconds, cell.category];
}
