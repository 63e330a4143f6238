import { describe, expect, it } from 'vitest';
import { gzipSync } from 'node:zlib';
import { publicTopicsOf, sampleMinutesOf } from '#shared/data/fold-events';
import { momentInMinutes } from '#shared/domain/public-topics';
import { historyKeys } from '#shared/data/keys';
import {
  buildHistory,
  MAX_SAMPLES,
  resolutionFor,
  resolutionsOf,
  sampleTimeOf,
  samplesAfter,
  storedWindow,
  windowSamples,
  windowWith,
  type Snapshot,
} from '#shared/domain/history';

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

  const at = (m: number) => new Date(Date.UTC(2026, 10, 22, 10, m)).toISOString().replace('.000Z', 'Z');
  const sample = (m: number, totals: Record<string, number>): Snapshot => ({ time: at(m), totals });

  it("puts the minute's sample in a rendered window: added, replacing a repeated minute, or in its place when late", () => {
    const window = [sample(0, { '1': 0 }), sample(2, { '1': 10 })];
    expect(windowWith(window, sample(3, { '1': 20 })).map((s) => s.time)).toEqual([at(0), at(2), at(3)]);
    expect(windowWith(window, sample(2, { '1': 15 }))).toEqual([sample(0, { '1': 0 }), sample(2, { '1': 15 })]);
    expect(windowWith(window, sample(1, { '1': 5 })).map((s) => s.time)).toEqual([at(0), at(1), at(2)]);
    expect(windowWith([], sample(0, { '1': 0 }))).toEqual([sample(0, { '1': 0 })]);
    // Full: the oldest goes; a late minute older than all of it goes nowhere.
    const full = Array.from({ length: MAX_SAMPLES }, (_, m) => sample(m + 1, { '1': m }));
    const next = windowWith(full, sample(MAX_SAMPLES + 1, {}));
    expect([next.length, next[0]!.time, next.at(-1)!.time]).toEqual([MAX_SAMPLES, at(2), at(MAX_SAMPLES + 1)]);
    expect(windowWith(full, sample(0, {}))).toEqual(full);
  });

  it('answers a since from the window: its samples after it, however old the since', () => {
    const window = [sample(3, {}), sample(4, {}), sample(5, {})];
    expect(samplesAfter(window, undefined)).toBe(window);
    expect(samplesAfter(window, at(4)).map((s) => s.time)).toEqual([at(5)]);
    expect(samplesAfter(window, at(0))).toEqual(window);
    expect(samplesAfter(window, at(5))).toEqual([]);
  });

  it('stores a window as columns of differences, and reads back exactly the samples', () => {
    const samples = [sample(0, { '1': 0, '2': 7.5 }), sample(1, { '1': 100, '2': 8.25, '3': -20 }), sample(2, { '2': 9 }), sample(3, { '1': 50, '3': -20 })];
    const stored = storedWindow(samples);
    expect(stored.teams['1']).toEqual({ d: [0, 100, null, -50] });
    expect(stored.teams['3']).toEqual({ d: [null, -20, null, 0] });
    // A column of other numbers keeps its values.
    expect(stored.teams['2']).toEqual({ v: [7.5, 8.25, 9, null] });
    expect(windowSamples(JSON.parse(JSON.stringify(stored)))).toEqual(samples);
    expect(windowSamples(storedWindow([]))).toEqual([]);
  });

  it('keeps 250 teams × 500 samples of round scores far below an item', () => {
    let seed = 1;
    const random = () => (seed = (seed * 16807) % 2147483647) / 2147483647;
    const totals: Record<string, number> = {};
    const samples = Array.from({ length: MAX_SAMPLES }, (_, m) => {
      for (let team = 1; team <= 250; team++) totals[team] = (totals[team] ?? 0) + [0, 100, 200, 300, -50][Math.floor(random() * 5)]!;
      return sample(m, { ...totals });
    });
    const bytes = gzipSync(JSON.stringify(storedWindow(samples))).length;
    // DynamoDB's items stop at 400 KB; data/history.ts keeps windows up to 300 KB.
    expect(bytes).toBeLessThan(150 * 1024);
    expect(windowSamples(storedWindow(samples))).toEqual(samples);
  });

  it("moves the history's version with a sample's record, not with the window's written before it", () => {
    const record = (key: { pk: string; sk: string }) => ({ eventName: 'INSERT', dynamodb: { Keys: { pk: { S: key.pk }, sk: { S: key.sk } } } });
    expect(publicTopicsOf([record(historyKeys.sample(60, at(1)))] as never)).toEqual(['history']);
    expect(publicTopicsOf([record(historyKeys.window(60))] as never)).toEqual([]);
  });

  it('reads the minute of each sample in a batch, once whatever its resolutions, and finds a moment in the minute it closes', () => {
    const sampleRecord = (resolution: number, time: string) => ({
      eventName: 'INSERT',
      dynamodb: {
        Keys: { pk: { S: historyKeys.sample(resolution as never, time).pk }, sk: { S: historyKeys.sample(resolution as never, time).sk } },
        NewImage: { time: { S: time } },
      },
    });
    const window = {
      eventName: 'MODIFY',
      dynamodb: { Keys: { pk: { S: historyKeys.window(60).pk }, sk: { S: historyKeys.window(60).sk } }, NewImage: { time: { S: at(9) } } },
    };
    const minutes = sampleMinutesOf([sampleRecord(60, at(5)), sampleRecord(300, at(5)), window] as never);
    expect(minutes).toEqual([Date.parse(at(5))]);
    // The minute a sample closes: after the one before it, up to it.
    expect(momentInMinutes([Date.parse(at(5))], minutes)).toBe(true);
    expect(momentInMinutes([Date.parse(at(4)) + 1], minutes)).toBe(true);
    expect(momentInMinutes([Date.parse(at(4))], minutes)).toBe(false);
    expect(momentInMinutes([Date.parse(at(5)) + 1], minutes)).toBe(false);
    expect(momentInMinutes([], minutes)).toBe(false);
  });
});
