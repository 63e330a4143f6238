/**
 * The status view (GET /services/status), as pure rules: every service's cell
 * grouped by team, or, for a viewer that is up to date, only the cells that
 * changed since its last answer. A view holds every change up to the public
 * version's last move (`as_of`): the fold writes the cells before it moves
 * the version, and the view reads them consistently. Every viewer at one
 * version therefore asks the same URL, and a CDN keeps one entry for them
 * (decisions 0077, 0086).
 */
import * as v from 'valibot';
import { FAILURE_CATEGORIES } from '#shared/domain/scoring/failure';
import { Id, Time, named } from '#shared/domain/shapes';
import type { StatusCell } from '#shared/domain/scoring/status';
import { formatTimestamp } from '#shared/validation';

/** A `since` older than this gets the whole view (a delta would be longer, and the viewer was away). */
export const STATUS_DELTA_WINDOW_MS = 10 * 60_000;
/**
 * A delta also sends again what changed this long before `since`: a cell
 * written by another writer (a second stream shard's fold) just after a
 * view was read, with a change time before that view's `as_of`, still
 * reaches the viewer. Sent twice, a cell replaces itself.
 */
export const STATUS_DELTA_OVERLAP_MS = 2_000;

/**
 * What a view made now holds every change up to (epoch ms): the public
 * version's last move, or, before anything has moved it, now.
 */
export const statusAsOf = (movedAt: number, now: number) => (movedAt > 0 ? Math.min(movedAt, now) : now);

/**
 * Where a delta is answered from (epoch ms): `since`, and `from`, the point
 * its cells changed after (`since` less the overlap); or undefined, to
 * answer the whole view (no `since`, one after `as_of`, or one older than
 * the window).
 */
export function deltaBase(since: string | undefined, asOf: number): { since: number; from: number } | undefined {
  if (since === undefined) return undefined;
  const at = Date.parse(since);
  if (!Number.isFinite(at) || at > asOf || asOf - at > STATUS_DELTA_WINDOW_MS) return undefined;
  return { since: at, from: at - STATUS_DELTA_OVERLAP_MS };
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
export type CellTuple = v.InferOutput<typeof StatusCellSchema>;

const Status = v.picklist(['up', 'down', 'unscanned']);

const StatusCellSchema = v.pipe(
  v.union([
    v.tuple([Id]),
    v.tuple([Id, Status]),
    v.tuple([Id, Status, v.pipe(v.number(), v.integer())]),
    v.tuple([Id, Status, v.pipe(v.number(), v.integer()), v.picklist(FAILURE_CATEGORIES)]),
  ]),
  v.description(
    '`[subtype_id, status, seconds, category]`: the service of this subtype, its status, how many seconds before `as_of` it took that status (left out while unscanned; negative: after `as_of`), and when down, the category of its newest failure (left out when there is none). In a delta, `[subtype_id]` alone: this service of a changed cell did not change itself; keep the tuple you hold.',
  ),
);

export const ServiceStatusViewSchema = named(
  'ServiceStatusView',
  "Every visible service's status, grouped by team: the matrix of teams and subtypes, without the services' and teams' details.",
  v.strictObject({
    as_of: v.pipe(Time, v.description('Every change up to this time is in; pass it as `?since=` next time for only what changed after it.')),
    full: v.pipe(v.boolean(), v.description('True: the whole view (replace what you have); false: only the cells that changed after `since`.')),
    subtypes: v.optional(
      v.pipe(
        v.record(v.pipe(v.string(), v.regex(/^[1-9]\d*$/)), v.string()),
        v.description("The columns: each subtype's name by its id (in a whole view only; they change only when the competition is loaded again)."),
      ),
    ),
    teams: v.pipe(
      v.record(v.pipe(v.string(), v.regex(/^[1-9]\d*$/)), v.array(StatusCellSchema)),
      v.description(
        "By team id: the team's cells, by subtype id (a team with two services of one subtype has two cells for it, by service id). A delta sends a subtype's every cell of a team when one of them changed, those that did not change as `[subtype_id]`: replace the cell's tuples together, keeping yours for those (a cell of another length than yours gained or lost a service: ask for the whole view).",
      ),
    ),
  }),
);

export type StatusView = v.InferOutput<typeof ServiceStatusViewSchema>;

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
  // Ages count from the as_of the viewer reads (whole seconds), not the move's millisecond.
  const asOfText = formatTimestamp(asOf);
  const shownAsOf = Date.parse(asOfText);
  for (const cell of sorted) (teams[String(cell.team_id)] ??= []).push(unchanged(cell) ? [cell.subtype_id] : cellTuple(cell, shownAsOf));
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
