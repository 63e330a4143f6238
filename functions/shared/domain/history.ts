/**
 * The scores over time, as pure rules: when a sample is taken, which
 * resolutions (roll-ups) it belongs to, which resolution answers a request,
 * and the response's shape. No I/O here.
 */
import type { Team } from '#shared/domain/model';

/** The finest resolution: one snapshot of the standings a minute. */
export const SAMPLE_SECONDS = 60;

/**
 * Every resolution kept. A snapshot taken at a multiple of a resolution is
 * also written to that resolution's partition: totals are cumulative, so the
 * value at the boundary is the exact coarser sample (no averaging needed).
 */
export const RESOLUTIONS_SECONDS = [60, 300, 900, 3600] as const;
export type ResolutionSeconds = (typeof RESOLUTIONS_SECONDS)[number];

/** A response never carries more samples per team than this (3 days at 15 min = 288; 20 days at 1 h = 480). */
export const MAX_SAMPLES = 500;

/** The team totals recorded at one sample time, keyed by team id. */
export interface Snapshot {
  time: string;
  totals: Record<string, number>;
}

const iso = (ms: number) => new Date(ms).toISOString().replace(/\.\d{3}Z$/, 'Z');

/** The sample boundary a scheduled run at `time` records: the minute it falls in. */
export function sampleTimeOf(time: Date | string): string {
  const ms = new Date(time).getTime();
  return iso(ms - (ms % (SAMPLE_SECONDS * 1000)));
}

/** The resolutions a snapshot at this (aligned) sample time belongs to. */
export function resolutionsOf(sampleTime: string): ResolutionSeconds[] {
  const seconds = Date.parse(sampleTime) / 1000;
  return RESOLUTIONS_SECONDS.filter((r) => seconds % r === 0);
}

/**
 * The finest resolution whose samples from the first recorded one to now fit
 * in MAX_SAMPLES. Every viewer of the same event gets the same answer, and it
 * only ever gets coarser as the event goes on.
 */
export function resolutionFor(firstSampleTime: string | undefined, now: Date): ResolutionSeconds {
  if (!firstSampleTime) return RESOLUTIONS_SECONDS[0];
  const spanSeconds = Math.max(0, now.getTime() - Date.parse(firstSampleTime)) / 1000;
  return RESOLUTIONS_SECONDS.find((r) => spanSeconds / r < MAX_SAMPLES) ?? RESOLUTIONS_SECONDS[RESOLUTIONS_SECONDS.length - 1]!;
}

export interface TeamSeries {
  team: Team;
  /** One value per entry of `times`; null where the team was not in that sample. */
  totals: (number | null)[];
}

export interface ScoreHistory {
  interval_seconds: number;
  /** Sample times, oldest first. */
  times: string[];
  /** One series per visible team, in team id order. */
  teams: TeamSeries[];
}

/** Columns of the given snapshots, for the teams given (the visible ones) only. */
export function buildHistory(intervalSeconds: number, snapshots: Snapshot[], teams: Team[]): ScoreHistory {
  const ordered = [...snapshots].sort((a, b) => a.time.localeCompare(b.time));
  return {
    interval_seconds: intervalSeconds,
    times: ordered.map((s) => s.time),
    teams: [...teams].sort((a, b) => a.id - b.id).map((team) => ({ team, totals: ordered.map((s) => s.totals[String(team.id)] ?? null) })),
  };
}

/**
 * A resolution's newest samples (at most MAX_SAMPLES, oldest first) with
 * `sample` in its place: the window the minute's job renders so that a read
 * is one item. A repeated run of a minute replaces its sample; a late run of
 * an older minute goes in its place, or nowhere when the window is full of
 * newer ones.
 */
export function windowWith(window: Snapshot[], sample: Snapshot): Snapshot[] {
  const kept = window.filter((s) => s.time !== sample.time);
  const after = kept.findIndex((s) => s.time > sample.time);
  const merged = after === -1 ? [...kept, sample] : [...kept.slice(0, after), sample, ...kept.slice(after)];
  return merged.slice(-MAX_SAMPLES);
}

/**
 * What a read asks of a window: the newest MAX_SAMPLES samples after `since`.
 * The window holds the resolution's newest MAX_SAMPLES, so those are always
 * its samples after `since`, however old `since` is.
 */
export function samplesAfter(window: Snapshot[], since: string | undefined): Snapshot[] {
  return since === undefined ? window : window.filter((s) => s.time > since);
}

/**
 * A window as stored: its times, and per team a column with one entry per
 * time (null where the team was not in that sample). Totals are whole points,
 * so a column of integers is kept as differences from the team's previous
 * total (`d`): a total changes by a round's points, and repeated small
 * differences compress several times better than growing totals. A column
 * with any other number keeps its values (`v`).
 */
export interface StoredWindow {
  times: string[];
  teams: Record<string, { d: (number | null)[] } | { v: (number | null)[] }>;
}

export function storedWindow(samples: Snapshot[]): StoredWindow {
  const ids = [...new Set(samples.flatMap((s) => Object.keys(s.totals)))];
  const teams: StoredWindow['teams'] = {};
  for (const id of ids) {
    const column = samples.map((s) => s.totals[id] ?? null);
    if (!column.every((total) => total === null || Number.isSafeInteger(total))) {
      teams[id] = { v: column };
      continue;
    }
    let previous = 0;
    teams[id] = {
      d: column.map((total) => {
        if (total === null) return null;
        const difference = total - previous;
        previous = total;
        return difference;
      }),
    };
  }
  return { times: samples.map((s) => s.time), teams };
}

export function windowSamples(stored: StoredWindow): Snapshot[] {
  const samples: Snapshot[] = stored.times.map((time) => ({ time, totals: {} }));
  for (const [id, column] of Object.entries(stored.teams)) {
    let previous = 0;
    const totals =
      'v' in column
        ? column.v
        : column.d.map((difference) => {
            if (difference === null) return null;
            previous += difference;
            return previous;
          });
    totals.forEach((total, i) => {
      if (total !== null && samples[i]) samples[i].totals[id] = total;
    });
  }
  return samples;
}
