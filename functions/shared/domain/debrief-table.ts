/**
 * The organisers' table of ranks as text (debrief-summary.ts makes it): RFC
 * 4180 CSV for `GET /debriefs/summary.csv`, and the tab-separated text the
 * console's copy button puts on the clipboard, which a spreadsheet pastes as
 * a table. Type imports only, so that the console's page carries no schema
 * library.
 */
import { formulaSafe, toCsv, type Cell } from '#shared/csv';
import type { DebriefSummary } from '#shared/domain/debrief-summary';

/** The table as cells: a header, then a row per team. */
function summaryCells(summary: DebriefSummary): Cell[][] {
  const header = [
    'rank',
    'division',
    'team_number',
    'team_name',
    'hidden',
    'total_score',
    ...summary.super_types.flatMap((s) => [`${s.name} score`, `${s.name} rank`]),
    'uptime',
    'inject_points',
  ];
  const rows = summary.rows.map((row) => [
    row.rank,
    row.division,
    row.team.number,
    row.team.name,
    row.hidden,
    row.total_score,
    ...row.scores.flatMap((s) => [s.score, s.rank]),
    row.uptime,
    row.inject_points,
  ]);
  return [header, ...rows];
}

/** RFC 4180 CSV, formula-safe as the results export is (csv.ts). */
export const summaryCsv = (summary: DebriefSummary): string => toCsv(summaryCells(summary));

/**
 * Tab-separated text, what a spreadsheet pastes as a table: text made
 * formula-safe as in the CSV, then its tabs and line breaks made spaces (a
 * cell never splits), and a leading quote kept as text (a spreadsheet would
 * read it as the start of a quoted cell) behind an apostrophe too.
 */
export function summaryTsv(summary: DebriefSummary): string {
  const cell = (value: Cell) => {
    if (value === null) return '';
    if (typeof value !== 'string') return String(value);
    const flat = formulaSafe(value).replace(/[\t\r\n]+/g, ' ');
    return flat.startsWith('"') ? `'${flat}` : flat;
  };
  return summaryCells(summary)
    .map((row) => row.map(cell).join('\t'))
    .join('\n');
}
