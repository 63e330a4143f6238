/**
 * The organisers' table of ranks as text (debrief-summary.ts makes it): RFC
 * 4180 CSV for `GET /debriefs/summary.csv`, and the tab-separated text the
 * console's copy button puts on the clipboard, which a spreadsheet pastes as
 * a table. Type imports only, so that the console's page carries no schema
 * library.
 */
import { toCsv, type Cell } from '#shared/csv';
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
 * Tab-separated text, what a spreadsheet pastes as a table: a cell's tabs and
 * line breaks become spaces, and text that a spreadsheet would read as a
 * formula gets a leading apostrophe, as in the CSV.
 */
export function summaryTsv(summary: DebriefSummary): string {
  const cell = (value: Cell) => {
    if (value === null) return '';
    if (typeof value !== 'string') return String(value);
    const flat = value.replace(/[\t\r\n]+/g, ' ');
    return /^[=+\-@]/.test(flat) ? `'${flat}` : flat;
  };
  return summaryCells(summary)
    .map((row) => row.map(cell).join('\t'))
    .join('\n');
}
