/** A cell of a CSV file: text, a number or a flag, or nothing. */
export type Cell = string | number | boolean | null;

/** RFC 4180: CRLF line ends; a field with a comma, quote or line break is quoted, quotes doubled. */
export function toCsv(rows: Cell[][]): string {
  return rows.map((row) => row.map(csvField).join(',')).join('\r\n') + '\r\n';
}

/**
 * Text from agents and teams (scan errors quote what a service answered,
 * which a red team may control) must not run as a spreadsheet formula:
 * OWASP's advice is a leading apostrophe. Numbers are written as numbers and
 * never touched. The CSV here and the console's tab-separated copy (domain/debrief-table.ts) both apply it.
 */
export const formulaSafe = (text: string) => (/^[=+\-@\t\r]/.test(text) ? `'${text}` : text);

function csvField(cell: Cell): string {
  if (cell === null) return '';
  if (typeof cell !== 'string') return String(cell);
  const text = formulaSafe(cell);
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}
