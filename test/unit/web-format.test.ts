/** The page's number formatting (hand-written: Intl's first use loads ICU data on a slow phone). */
import { describe, expect, it } from 'vitest';
import { formatNumber } from '../../web/src/format';

describe('formatNumber', () => {
  it('groups thousands with commas, as en-US does, negatives included', () => {
    for (const n of [0, 7, 999, 1000, 12345, 999999, 1234567, -5, -1234, -1234567]) {
      expect(formatNumber(n), String(n)).toBe(n.toLocaleString('en-US'));
    }
  });
});
