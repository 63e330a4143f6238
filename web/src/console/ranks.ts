import type { ApiSchemas } from '#shared/api/client';
import { summaryTsv } from '#shared/domain/debrief-table';
import { h } from '../dom';
import { formatNumber, formatShare } from '../format';
import type { ConsoleContext } from './context';
import { explain } from './explain';
import { listTable } from './table';

/**
 * The organisers' table of ranks (issue #62), in "Closing the event": every
 * team × every super type with score and rank, its uptime and inject points,
 * and a button that copies it as tab-separated text, which a spreadsheet
 * pastes as a table (the same cells as GET /debriefs/summary.csv).
 */
export async function ranksView({ api, say }: ConsoleContext): Promise<Node[]> {
  const summary: ApiSchemas['DebriefSummary'] = await api.debriefSummary();
  const copy = h('button', { type: 'button' }, 'Copy the table for a spreadsheet');
  copy.addEventListener('click', () => {
    navigator.clipboard.writeText(summaryTsv(summary)).then(
      () => say(`Copied ${summary.rows.length} teams' ranks: paste them into a spreadsheet.`),
      (error: unknown) => say(`Not copied: ${explain(error)}`),
    );
  });
  const rank = (r: number | null) => (r === null ? 'hidden' : String(r));
  const rows = summary.rows.map((row) =>
    h(
      'tr',
      {},
      h('td', {}, rank(row.rank)),
      h('td', {}, `${row.team.number} ${row.team.name}`),
      h('td', {}, formatNumber(row.total_score)),
      ...row.scores.flatMap((s) => [h('td', {}, formatNumber(s.score)), h('td', {}, rank(s.rank))]),
      h('td', {}, formatShare(row.uptime)),
      h('td', {}, formatNumber(row.inject_points)),
      h('td', {}, h('a', { href: `/debrief.html?team=${row.team.id}` }, 'Debrief')),
    ),
  );
  return [
    h('h3', {}, 'Ranks by part'),
    h('p', { class: 'hint' }, 'Ranked as the scoreboard ranks; hidden teams are listed, ranked with nobody. Each team’s debrief opens from its row.'),
    h('p', {}, copy),
    listTable(
      {
        className: 'console-ranks',
        caption: 'Every team’s score and rank overall and in each part, its uptime and inject points',
        region: 'Ranks by part',
        headers: ['Rank', 'Team', 'Total', ...summary.super_types.flatMap((s) => [`${s.name}`, `${s.name} rank`]), 'Uptime', 'Inject points', 'Debrief'],
      },
      rows,
    ),
  ];
}
