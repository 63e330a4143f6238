import { api, type PageScoreboard, type PageScoreboardRow } from '../api';
import { barChart } from '../charts';
import { afterNextFrame, formatNumber, frozenNotice, h, icon, replaceContent, scrollRegion, statCard, svgElement, teamLink } from '../dom';
import { POLL_MS } from '#shared/api/polling';
import { follow } from '../live';

const CHART_TEAMS = 15;
/**
 * Rows are put in the tables a batch per frame: at most this many, and no more than BATCH_MS of building.
 * Building, laying out and painting 100 rows in one go blocked the main thread of a slow phone (Lighthouse's
 * 4x slowdown) for 300–400 ms; a batch and its frame stay well under the 50 ms of a long task, and the first
 * screenful is in after two or three frames. The time budget makes batches smaller on a slower (or busier) device.
 */
const ROWS_PER_BATCH = 8;
const BATCH_MS = 4;
/** A row's height in styles/tables.css (`.standings tbody tr`), for the room kept for rows not yet in. */
const ROW_HEIGHT_PX = 38;

/** What is on screen: the tables' rows by team id, so a poll changes the cells that changed and nothing else. */
interface Drawn {
  /** Divisions, super types, whether guests are tagged and the freeze: when it changes, the page is drawn anew. */
  shape: string;
  bodies: HTMLTableSectionElement[];
  rows: Map<number, DrawnRow>;
  chartKey: string;
  chart: HTMLElement;
  /** Rows still to be put in the tables, batch by batch (the first drawing). */
  pending: boolean;
}

interface DrawnRow {
  tr: HTMLTableRowElement;
  /** The team cell's content (name, number, logo, guest tag), rebuilt only when it changes. */
  teamKey: string;
  /** The cells holding text only, and their text. */
  cells: HTMLElement[];
  texts: string[];
}

export function scoreboardPage(content: HTMLElement): void {
  let board: PageScoreboard | undefined;
  let drawn: Drawn | undefined;
  // One read a poll: the standings hold the service counts too (no per-service list).
  follow(
    async (nudged) => {
      const boardRead = await api.pageScoreboard(nudged);
      if (boardRead.changed || !board) {
        board = boardRead.data;
        drawn = draw(content, board, drawn);
      }
    },
    POLL_MS.spectator,
    { topics: ['live'] },
  );
}

function divisionsOf(board: PageScoreboard): { title: string; rows: PageScoreboardRow[] }[] {
  const rows = board.scoreboard;
  return board.segregate
    ? [
        { title: 'Main division', rows: rows.filter((r) => r.division === 'main') },
        { title: 'Guest division', rows: rows.filter((r) => r.division === 'guest') },
      ].filter((d) => d.rows.length > 0)
    : [{ title: 'Standings', rows }];
}

function draw(content: HTMLElement, board: PageScoreboard, previous: Drawn | undefined): Drawn {
  const rows = board.scoreboard;
  const divisions = divisionsOf(board);
  const superTypes = rows[0]?.scores.map((s) => s.super_type) ?? [];
  // The freeze's notice sits above the tables: a freeze beginning or lifted draws the page anew.
  const shape = JSON.stringify([divisions.map((d) => d.title), superTypes, board.segregate, board.frozen_since]);
  const byTotal = [...rows].sort((a, b) => b.total_score - a.total_score || a.team.number - b.team.number).slice(0, CHART_TEAMS);
  const bars = byTotal.map((r) => ({ label: r.team.name, value: r.total_score }));
  const chartKey = JSON.stringify([rows.length > CHART_TEAMS, bars]);
  const chartOf = () => {
    const title = rows.length > CHART_TEAMS ? `The ${CHART_TEAMS} highest totals (the tables list every team)` : 'Total score of each team';
    return h('figure', { class: 'chart-figure scoreboard-chart' }, svgElement(barChart(title, bars)), h('figcaption', {}, title));
  };

  if (previous && previous.shape === shape && !previous.pending && content.contains(previous.bodies[0]!)) {
    // A poll: the same tables, some figures changed. Cells are updated in place and rows moved only when
    // their rank changed, so the browser lays out what changed rather than the whole page.
    const cardsDrawn = content.querySelector('section.cards');
    if (cardsDrawn) cardsDrawn.replaceWith(cards(rows));
    const seen = new Set<number>();
    divisions.forEach((division, index) => {
      const body = previous.bodies[index]!;
      division.rows.forEach((row, position) => {
        seen.add(row.team.id);
        let drawnRow = previous.rows.get(row.team.id);
        if (drawnRow) updateRow(drawnRow, row, !board.segregate);
        else previous.rows.set(row.team.id, (drawnRow = tableRow(row, !board.segregate)));
        if (body.rows[position] !== drawnRow.tr) body.insertBefore(drawnRow.tr, body.rows[position] ?? null);
      });
      while (body.rows.length > division.rows.length) body.rows[division.rows.length]!.remove();
    });
    for (const id of [...previous.rows.keys()]) if (!seen.has(id)) previous.rows.delete(id);
    if (previous.chartKey !== chartKey) {
      const chart = chartOf();
      previous.chart.replaceWith(chart);
      Object.assign(previous, { chart, chartKey });
    }
    return previous;
  }

  const drawnNow: Drawn = { shape, bodies: [], rows: new Map(), chartKey, chart: chartOf(), pending: true };
  const tables = divisions.map((d) => {
    const { region, body } = standingsTable(d.title, superTypes);
    drawnNow.bodies.push(body);
    return { ...d, region, body };
  });
  // Every row in order, a batch a frame, from the frame after the one that draws the cards and headings (the
  // first frame lays out new fonts, a cost of its own). Until the rows are all in, each table keeps the room
  // they will take, so what follows it (off screen) is not drawn and moved at every batch.
  const queue = tables.flatMap((t) => t.rows.map((row) => ({ body: t.body, row })));
  for (const t of tables) t.body.style.minHeight = `${t.rows.length * ROW_HEIGHT_PX}px`;
  const addRows = () => {
    const deadline = performance.now() + BATCH_MS;
    for (let added = 0; queue.length > 0 && added < ROWS_PER_BATCH && (added === 0 || performance.now() < deadline); added++) {
      const { body, row } = queue.shift()!;
      const drawnRow = tableRow(row, !board.segregate);
      drawnNow.rows.set(row.team.id, drawnRow);
      body.append(drawnRow.tr);
    }
    if (queue.length > 0) return;
    for (const t of tables) t.body.style.minHeight = '';
    drawnNow.pending = false;
  };
  replaceContent(content, frozenNotice(board), cards(rows), ...tables.flatMap((t) => [h('h2', {}, t.title), t.region]), h('h2', {}, 'Totals'), drawnNow.chart);
  const fill = () => {
    if (!content.contains(drawnNow.bodies[0]!)) return; // drawn anew since
    addRows();
    if (drawnNow.pending) afterNextFrame(fill);
  };
  afterNextFrame(fill);
  return drawnNow;
}

function cards(rows: PageScoreboardRow[]): HTMLElement {
  const up = rows.reduce((n, r) => n + r.services_up, 0);
  const total = rows.reduce((n, r) => n + r.services_total, 0);
  const leader = rows.find((r) => r.division === 'main' && r.rank === 1) ?? rows[0];
  return h(
    'section',
    { class: 'cards', 'aria-label': 'Summary' },
    // The standings count services up and in all (the seed's row); the rest are down or not scanned yet.
    statCard('Services up', h('span', { class: 'state-up' }, icon('up'), ` ${formatNumber(up)}`), `of ${formatNumber(total)}`),
    statCard('Not up', h('span', { class: 'state-down' }, icon('down'), ` ${formatNumber(total - up)}`), 'down or not scanned yet'),
    statCard(
      'Leader',
      leader ? h('span', { class: 'leader' }, icon('trophy'), ` ${leader.team.name}`) : '—',
      leader ? `${formatNumber(leader.total_score)} points` : null,
    ),
  );
}

/**
 * The table's elements carry their roles too (table, rowgroup, row, columnheader, rowheader, cell): their boxes
 * are blocks and grids (styles/tables.css), and some browsers have taken a table's semantics from its boxes.
 */
function standingsTable(title: string, superTypes: string[]): { region: HTMLElement; body: HTMLTableSectionElement } {
  const body = h('tbody', { role: 'rowgroup' });
  const column = (name: string, className?: string) => h('th', { scope: 'col', role: 'columnheader', class: className }, name);
  const table = h(
    'table',
    { class: 'standings', role: 'table' },
    h('caption', { class: 'visually-hidden' }, title),
    h(
      'thead',
      { role: 'rowgroup' },
      h(
        'tr',
        { role: 'row' },
        column('Rank', 'num'),
        column('Team'),
        column('Total', 'num'),
        ...superTypes.map((s) => column(s, 'num')),
        column('Services up', 'num'),
      ),
    ),
    body,
  );
  // The rows are grids of the same columns (styles/tables.css says why); how many there are is only known here.
  table.style.setProperty('--scores', String(superTypes.length + 2));
  return { region: scrollRegion(title, table), body };
}

function teamKeyOf(row: PageScoreboardRow, showDivision: boolean): string {
  return JSON.stringify([row.team, showDivision && row.division === 'guest']);
}

function textsOf(row: PageScoreboardRow): string[] {
  return [String(row.rank), formatNumber(row.total_score), ...row.scores.map((s) => formatNumber(s.score)), `${row.services_up} / ${row.services_total}`];
}

function teamCell(row: PageScoreboardRow, showDivision: boolean): HTMLElement {
  return h(
    'th',
    { scope: 'row', role: 'rowheader' },
    teamLink(row.team),
    showDivision && row.division === 'guest' ? h('span', { class: 'tag' }, 'Guest') : null,
  );
}

/**
 * A row is a clone of one built with h() (cloning is done by the browser in one call, several times faster
 * than creating each element and attribute from script), then its texts and its team cell are set.
 */
let template: { key: number; tr: HTMLTableRowElement } | undefined;

function tableRow(row: PageScoreboardRow, showDivision: boolean): DrawnRow {
  const texts = textsOf(row);
  if (template?.key !== texts.length) {
    template = {
      key: texts.length,
      tr: h(
        'tr',
        { role: 'row' },
        h('td', { class: 'num rank', role: 'cell' }),
        h('th', {}),
        h('td', { class: 'num total', role: 'cell' }),
        ...texts.slice(2).map(() => h('td', { class: 'num', role: 'cell' })),
      ),
    };
  }
  const tr = template.tr.cloneNode(true) as HTMLTableRowElement;
  tr.dataset.teamId = String(row.team.id);
  const cells = [...tr.cells].filter((_, i) => i !== 1);
  cells.forEach((cell, i) => (cell.textContent = texts[i]!));
  tr.cells[1]!.replaceWith(teamCell(row, showDivision));
  return { tr, teamKey: teamKeyOf(row, showDivision), cells, texts };
}

function updateRow(drawnRow: DrawnRow, row: PageScoreboardRow, showDivision: boolean): void {
  const teamKey = teamKeyOf(row, showDivision);
  if (teamKey !== drawnRow.teamKey) {
    drawnRow.tr.cells[1]!.replaceWith(teamCell(row, showDivision));
    drawnRow.teamKey = teamKey;
  }
  textsOf(row).forEach((text, i) => {
    if (drawnRow.texts[i] !== text) {
      drawnRow.cells[i]!.textContent = text;
      drawnRow.texts[i] = text;
    }
  });
}
