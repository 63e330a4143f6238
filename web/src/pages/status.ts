import { api, type ServiceStatusView, type StatusCell, type Team } from '../api';
import { afterNextFrame, formatNumber, h, icon, replaceContent, scrollRegion, statCard, teamLink } from '../dom';
import { formatDuration } from '../format';
import { POLL_MS } from '#shared/api/polling';
import { follow } from '../live';
import { STATE_TEXT, type ServiceState } from './states';

/**
 * The status matrix: teams by subtypes, from the compact status view. The
 * first answer is whole and drawn a batch of rows per frame (as the
 * scoreboard is); afterwards each poll asks only for what changed since the
 * last answer's `as_of` and patches those cells in place. The teams' names
 * come from /teams, read again only when a whole view comes (a load).
 */
const ROWS_PER_BATCH = 8;
const BATCH_MS = 4;
/** A row's height in styles/tables.css (`.matrix tbody tr`), for the room kept for rows not yet in. */
const ROW_HEIGHT_PX = 38;

/** One service's place in a cell: its state, since when (epoch ms; none while unscanned) and why it is down. */
interface Shown {
  state: ServiceState;
  sinceMs?: number;
  category?: string;
}

/** A table cell and what it shows: one per service of that team and subtype (one, as a rule), in service id order. */
interface MatrixCell {
  td: HTMLTableCellElement;
  services: Shown[];
}

interface Matrix {
  body: HTMLTableSectionElement;
  /** The cells by `team:subtype`. */
  cells: Map<string, MatrixCell>;
  columns: number[];
  cards: HTMLElement;
  pending: boolean;
}

export function statusPage(content: HTMLElement): void {
  let matrix: Matrix | undefined;
  let since: string | undefined;
  follow(
    async (nudged) => {
      const read = await api.serviceStatus(since, nudged);
      if (!read.changed) return;
      // openapi-fetch's response type widens the cells' tuples to arrays; the component type keeps them.
      const view = read.data as ServiceStatusView;
      if (view.full || !matrix || !content.contains(matrix.body)) {
        const teams = (await api.teams(nudged)).data;
        matrix = draw(content, view, teams);
      } else if (!patch(matrix, view)) {
        // A delta this page cannot place: the whole view next time.
        since = undefined;
        return;
      }
      since = view.as_of;
    },
    POLL_MS.spectator,
    { topics: ['live'] },
  );
}

const cellKey = (teamId: number | string, subtypeId: number) => `${teamId}:${subtypeId}`;

/** A tuple of the view as shown: its seconds (before `as_of`) made a time, so it stays right when later answers come. */
function shown([, state, seconds, category]: StatusCell, asOf: string): Shown {
  return { state: state as ServiceState, sinceMs: seconds === undefined ? undefined : Date.parse(asOf) - seconds * 1000, category };
}

/** A cell's state as a tag: icon, word, and how long and why as a tooltip. */
function cellTag({ state, sinceMs, category }: Shown): HTMLElement {
  const since = sinceMs === undefined ? 'never scanned' : `${STATE_TEXT[state]} for ${formatDuration((Date.now() - sinceMs) / 1000)}`;
  return h(
    'span',
    { class: `state state-${state}`, tabindex: 0 },
    icon(state),
    h('span', { class: 'state-text' }, STATE_TEXT[state]),
    h('span', { class: 'tip', role: 'tooltip' }, category ? `${since} · ${category}` : since),
  );
}

function fillCell(cell: MatrixCell): void {
  cell.td.replaceChildren(...cell.services.map(cellTag));
}

function countCards(matrix: Pick<Matrix, 'cells'>): HTMLElement {
  const counts = { up: 0, down: 0, unscanned: 0 };
  for (const { services } of matrix.cells.values()) for (const { state } of services) counts[state] += 1;
  return h(
    'section',
    { class: 'cards', 'aria-label': 'Summary' },
    statCard('Up', formatNumber(counts.up)),
    statCard('Down', formatNumber(counts.down)),
    statCard('Not scanned', formatNumber(counts.unscanned)),
  );
}

function draw(content: HTMLElement, view: ServiceStatusView, teams: Team[]): Matrix {
  const columns = Object.keys(view.subtypes ?? {})
    .map(Number)
    .sort((a, b) => a - b);
  const rows = teams.filter((t) => view.teams[String(t.id)] !== undefined).sort((a, b) => a.number - b.number);
  const body = h('tbody', {});
  const matrix: Matrix = { body, cells: new Map(), columns, cards: h('section'), pending: true };
  for (const [teamId, tuples] of Object.entries(view.teams)) {
    for (const tuple of tuples) {
      const key = cellKey(teamId, tuple[0]);
      const cell = matrix.cells.get(key) ?? { td: h('td', {}), services: [] };
      cell.services.push(shown(tuple, view.as_of));
      matrix.cells.set(key, cell);
    }
  }
  const table = h(
    'table',
    { class: 'matrix' },
    h('caption', { class: 'visually-hidden' }, 'Service status: one row per team, one column per kind of check'),
    h('thead', {}, h('tr', {}, h('th', { scope: 'col' }, 'Team'), ...columns.map((id) => h('th', { scope: 'col' }, view.subtypes?.[String(id)] ?? `#${id}`)))),
    body,
  );
  matrix.cards = countCards(matrix);
  replaceContent(
    content,
    matrix.cards,
    h('p', { class: 'hint' }, 'Hover over or tab to a cell for how long it has been so, and why a service is down.'),
    scrollRegion('Service status matrix', table),
  );
  // Rows a batch a frame, each frame's work well under a long task; the body keeps the room they will take.
  const queue = [...rows];
  body.style.minHeight = `${rows.length * ROW_HEIGHT_PX}px`;
  const addRows = () => {
    const deadline = performance.now() + BATCH_MS;
    for (let added = 0; queue.length > 0 && added < ROWS_PER_BATCH && (added === 0 || performance.now() < deadline); added++) {
      const team = queue.shift()!;
      const tds = columns.map((subtypeId) => {
        const cell = matrix.cells.get(cellKey(team.id, subtypeId));
        if (!cell) return h('td', {});
        fillCell(cell);
        return cell.td;
      });
      body.append(h('tr', { 'data-team-id': team.id }, h('th', { scope: 'row' }, teamLink(team)), ...tds));
    }
    if (queue.length > 0) return;
    body.style.minHeight = '';
    matrix.pending = false;
  };
  const fill = () => {
    if (!content.contains(body)) return; // drawn anew since
    addRows();
    if (matrix.pending) afterNextFrame(fill);
  };
  afterNextFrame(fill);
  return matrix;
}

/**
 * A delta: each changed cell's tuples (a subtype's every service of a team, when one of them changed; `[subtype_id]`
 * for one that did not) replace the cell's, and only those cells are drawn again. False when a cell is not on the
 * page or holds another number of services (the delta cannot be placed): the caller then asks for the whole view.
 */
function patch(matrix: Matrix, view: ServiceStatusView): boolean {
  const changed = new Map<string, StatusCell[]>();
  for (const [teamId, tuples] of Object.entries(view.teams)) {
    for (const tuple of tuples) changed.set(cellKey(teamId, tuple[0]), [...(changed.get(cellKey(teamId, tuple[0])) ?? []), tuple]);
  }
  const cells = [...changed].map(([key, tuples]) => ({ cell: matrix.cells.get(key), tuples }));
  if (cells.some(({ cell, tuples }) => !cell || cell.services.length !== tuples.length)) return false;
  for (const { cell, tuples } of cells) {
    cell!.services = tuples.map((tuple, i) => (tuple.length === 1 ? cell!.services[i]! : shown(tuple, view.as_of)));
    fillCell(cell!);
  }
  const cards = countCards(matrix);
  matrix.cards.replaceWith(cards);
  matrix.cards = cards;
  return true;
}
