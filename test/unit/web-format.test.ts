/** The page's number formatting (hand-written: Intl's first use loads ICU data on a slow phone). */
import { describe, expect, it } from 'vitest';
import { formatDuration, formatNumber, formatShare, formatSpan, formatTenths } from '../../web/src/format';

describe('formatNumber', () => {
  it('groups thousands with commas, as en-US does, negatives included', () => {
    for (const n of [0, 7, 999, 1000, 12345, 999999, 1234567, -5, -1234, -1234567]) {
      expect(formatNumber(n), String(n)).toBe(n.toLocaleString('en-US'));
    }
  });
});

describe('formatDuration', () => {
  it('says a span in the largest whole unit, never negative', () => {
    const cases: [number, string][] = [
      [-3, '0 s'],
      [0, '0 s'],
      [59.4, '59 s'],
      [60, '1 min'],
      [3599, '59 min'],
      [3600, '1 h'],
      [86_399, '23 h'],
      [86_400, '1 d'],
      [200_000, '2 d'],
    ];
    for (const [seconds, text] of cases) expect(formatDuration(seconds), String(seconds)).toBe(text);
  });
});

describe('formatTenths, formatShare and formatSpan', () => {
  it('keep a tenth, never rounding a share up to a whole it did not reach, and say a span to the minute', () => {
    expect([formatTenths(12.5), formatTenths(1024), formatTenths(-0.25), formatTenths(-0.04), formatTenths(1234.56)]).toEqual([
      '12.5',
      '1,024',
      '-0.3',
      '0',
      '1,234.6',
    ]);
    expect([formatShare(0.995), formatShare(0.875), formatShare(1), formatShare(0), formatShare(null)]).toEqual(['99.5 %', '87.5 %', '100 %', '0 %', '–']);
    expect([formatSpan(40), formatSpan(720), formatSpan(10_740), formatSpan(-5)]).toEqual(['40 s', '12 min', '2 h 59 min', '0 s']);
  });
});
