import { api, type Scoreboard, type ScoreboardRow, type Service } from '../api';
import { barChart } from '../charts';
import { formatNumber, frozenNotice, h, icon, replaceContent, scrollRegion, statCard, teamLink } from '../dom';
import { follow } from '../live';
import { serviceState } from './states';

const CHART_TEAMS = 15;

export function scoreboardPage(content: HTMLElement): void {
  let board: Scoreboard | undefined;
  let services: Service[] | undefined;
  follow(async () => {
    // The standings are drawn as soon as they arrive; the service counts (a larger read) fill the cards after.
    // Only the cards depend on them: redrawing the whole table for them doubled the page's layout and
    // re-requested every logo (a long task of several hundred ms at 100 teams on a throttled phone).
    const servicesRead = api.services().then((read) => {
      if (read.changed || !services) {
        services = read.data;
        const drawn = content.querySelector('section.cards');
        if (board && drawn) drawn.replaceWith(cards(board.scoreboard, services));
      }
    });
    const boardRead = await api.scoreboard();
    if (boardRead.changed || !board) {
      board = boardRead.data;
      render(content, board, services);
    }
    await servicesRead;
  });
}

function render(content: HTMLElement, board: Scoreboard, services: Service[] | undefined): void {
  const rows = board.scoreboard;
  const divisions = board.segregate
    ? [
        { title: 'Main division', rows: rows.filter((r) => r.division === 'main') },
        { title: 'Guest division', rows: rows.filter((r) => r.division === 'guest') },
      ].filter((d) => d.rows.length > 0)
    : [{ title: 'Standings', rows }];
  const byTotal = [...rows].sort((a, b) => b.total_score - a.total_score || a.team.number - b.team.number).slice(0, CHART_TEAMS);
  replaceContent(
    content,
    frozenNotice(board),
    cards(rows, services),
    ...divisions.flatMap((d) => [h('h2', {}, d.title), standingsTable(d.title, d.rows, !board.segregate)]),
    h('h2', {}, 'Totals'),
    barChart(
      rows.length > CHART_TEAMS ? `The ${CHART_TEAMS} highest totals (the tables list every team)` : 'Total score of each team',
      byTotal.map((r) => ({ label: r.team.name, value: r.total_score })),
    ),
  );
}

function cards(rows: ScoreboardRow[], services: Service[] | undefined): HTMLElement {
  const counts = { up: 0, down: 0, unscanned: 0 };
  for (const service of services ?? []) counts[serviceState(service)] += 1;
  const count = (n: number) => (services ? formatNumber(n) : '…');
  const leader = rows.find((r) => r.division === 'main' && r.rank === 1) ?? rows[0];
  return h(
    'section',
    { class: 'cards', 'aria-label': 'Summary' },
    statCard('Services up', h('span', { class: 'state-up' }, icon('up'), ` ${count(counts.up)}`), services ? `of ${formatNumber(services.length)}` : null),
    statCard('Services down', h('span', { class: 'state-down' }, icon('down'), ` ${count(counts.down)}`)),
    statCard('Unscanned', h('span', { class: 'state-unscanned' }, icon('unscanned'), ` ${count(counts.unscanned)}`)),
    statCard('Leader', leader ? h('span', { class: 'leader' }, icon('trophy'), ` ${leader.team.name}`) : '—', leader ? `${formatNumber(leader.total_score)} points` : null),
  );
}

function standingsTable(title: string, rows: ScoreboardRow[], showDivision: boolean): HTMLElement {
  const superTypes = rows[0]?.scores ?? [];
  const table = h(
    'table',
    { class: 'standings' },
    h('caption', { class: 'visually-hidden' }, title),
    h(
      'thead',
      {},
      h(
        'tr',
        {},
        h('th', { scope: 'col', class: 'num' }, 'Rank'),
        h('th', { scope: 'col' }, 'Team'),
        h('th', { scope: 'col', class: 'num' }, 'Total'),
        ...superTypes.map((s) => h('th', { scope: 'col', class: 'num' }, s.super_type)),
        h('th', { scope: 'col', class: 'num' }, 'Services up'),
      ),
    ),
    h(
      'tbody',
      {},
      ...rows.map((row) =>
        h(
          'tr',
          { 'data-team-id': row.team.id },
          h('td', { class: 'num rank' }, String(row.rank)),
          h('th', { scope: 'row' }, teamLink(row.team), showDivision && row.division === 'guest' ? h('span', { class: 'tag' }, 'Guest') : null),
          h('td', { class: 'num total' }, formatNumber(row.total_score)),
          ...row.scores.map((s) => h('td', { class: 'num' }, formatNumber(s.score))),
          h('td', { class: 'num' }, `${row.services_up} / ${row.services_total}`),
        ),
      ),
    ),
  );
  return scrollRegion(title, table);
}
