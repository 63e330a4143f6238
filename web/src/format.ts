/** Formatting the page's figures: pure, no DOM (unit-tested without a browser). */

/**
 * Whole numbers with thousands separators (scores are integers). Not Intl:
 * the first Intl call loads ICU's locale data, a long task of its own on a
 * slow phone, and `toLocaleString` builds a formatter per call.
 */
export const formatNumber = (n: number) => {
  const digits = String(Math.abs(Math.round(n))).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return n < 0 ? `-${digits}` : digits;
};

/** A span of seconds in the largest whole unit that fits: "45 s", "12 min", "3 h", "2 d" (never negative). */
export function formatDuration(seconds: number): string {
  const s = Math.max(0, Math.round(seconds));
  if (s < 60) return `${s} s`;
  if (s < 3600) return `${Math.floor(s / 60)} min`;
  if (s < 86_400) return `${Math.floor(s / 3600)} h`;
  return `${Math.floor(s / 86_400)} d`;
}
