import { describe, expect, it } from 'vitest';
import { buildHistory, MAX_SAMPLES, resolutionFor, resolutionsOf, sampleTimeOf } from '#shared/domain/history';

const team = (id: number) => ({ id, number: 10 + id, name: `T${id}`, logo: '', team_url: `t${id}.example`, guest_division: false });

describe('score history rules', () => {
  it('records a run at the minute it falls in', () => {
    expect(sampleTimeOf('2026-11-22T10:15:42.123Z')).toBe('2026-11-22T10:15:00Z');
    expect(sampleTimeOf('2026-11-22T10:15:00Z')).toBe('2026-11-22T10:15:00Z');
  });

  it('puts a sample in every resolution its time is a multiple of', () => {
    expect(resolutionsOf('2026-11-22T10:01:00Z')).toEqual([60]);
    expect(resolutionsOf('2026-11-22T10:05:00Z')).toEqual([60, 300]);
    expect(resolutionsOf('2026-11-22T10:45:00Z')).toEqual([60, 300, 900]);
    expect(resolutionsOf('2026-11-22T11:00:00Z')).toEqual([60, 300, 900, 3600]);
  });

  it('answers at the finest resolution that keeps a response within the sample cap', () => {
    const start = '2026-11-22T08:00:00Z';
    const after = (hours: number) => new Date(Date.parse(start) + hours * 3600_000);
    expect(resolutionFor(undefined, after(0))).toBe(60);
    expect(resolutionFor(start, after(8))).toBe(60);
    expect(resolutionFor(start, after(9))).toBe(300);
    expect(resolutionFor(start, after(72))).toBe(900); // a 3-day event: 288 samples
    expect(resolutionFor(start, after(24 * 20))).toBe(3600);
    for (const hours of [1, 8, 9, 40, 72, 200, 400]) {
      expect((hours * 3600) / resolutionFor(start, after(hours))).toBeLessThanOrEqual(MAX_SAMPLES);
    }
  });

  it('lays samples out as columns, only for the teams given, with gaps as null', () => {
    const history = buildHistory(
      60,
      [
        { time: '2026-11-22T10:01:00Z', totals: { '1': 10, '2': 5, '9': 99 } },
        { time: '2026-11-22T10:00:00Z', totals: { '1': 0 } },
      ],
      [team(2), team(1)],
    );
    expect(history).toEqual({
      interval_seconds: 60,
      times: ['2026-11-22T10:00:00Z', '2026-11-22T10:01:00Z'],
      teams: [
        { team: team(1), totals: [0, 10] },
        { team: team(2), totals: [null, 5] },
      ],
    });
  });
});
