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
