/**
 * Every request the page makes to the API goes through this module, so the
 * rest of the page only sees typed results. (A generated OpenAPI client can
 * replace the body of `getJson` without touching any page.)
 *
 * Reads are conditional: the last ETag of each URL is sent as If-None-Match,
 * so data that has not changed costs a 304 and the copy we hold is reused.
 */

export interface Team {
  id: number;
  number: number;
  name: string;
  logo: string;
  team_url: string;
  guest_division: boolean;
}

export interface SuperTypeScore {
  super_type_id: number;
  super_type: string;
  score: number;
  max_score: number;
}

export interface ScoreboardRow {
  rank: number;
  division: 'main' | 'guest';
  team: Team;
  total_score: number;
  scores: SuperTypeScore[];
  services_up: number;
  services_total: number;
}

export interface Scoreboard {
  segregate: boolean;
  scoreboard: ScoreboardRow[];
}

export interface Service {
  id: number;
  subtype: string;
  subtype_id: number;
  team: Team;
  url: string;
  port: number;
  last_scan: number;
  last_scan_time: string | null;
  last_scan_error: string | null;
  in_progress: boolean;
  max_score: number;
}

export interface Scorecard {
  total_score: number;
  stats: {
    rank: number;
    checks_total: number;
    checks_passed: number;
    checks_failed: number;
    uptime: number | null;
    services_total: number;
    services_up: number;
    services_down: number;
    services_unscanned: number;
    adjustments_total: number;
    last_scan_time: string | null;
  };
  scores: SuperTypeScore[];
}

export interface ScoreHistory {
  interval_seconds: number;
  times: string[];
  teams: { team: Team; totals: (number | null)[] }[];
}

/** The result of a read: the data, and whether it changed since the last read of that URL. */
export interface Read<T> {
  data: T;
  changed: boolean;
}

export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

const BASE = '/api/v1';
const held = new Map<string, { etag: string; data: unknown }>();

async function getJson<T>(path: string): Promise<Read<T>> {
  const url = `${BASE}${path}`;
  const previous = held.get(url);
  // no-store: the HTTP cache must not answer for us, or a 304 from the
  // server would be hidden and max-age would delay the next change.
  const response = await fetch(url, {
    headers: { accept: 'application/json', ...(previous ? { 'if-none-match': previous.etag } : {}) },
    cache: 'no-store',
  });
  if (response.status === 304 && previous) return { data: previous.data as T, changed: false };
  if (!response.ok) {
    let detail = response.statusText;
    try {
      detail = ((await response.json()) as { detail?: string }).detail ?? detail;
    } catch {
      // not problem+json: keep the status text
    }
    throw new ApiError(response.status, detail);
  }
  const data = (await response.json()) as T;
  const etag = response.headers.get('etag');
  if (etag) held.set(url, { etag, data });
  return { data, changed: true };
}

export const api = {
  scoreboard: () => getJson<Scoreboard>('/teams/scoreboard'),
  services: () => getJson<Service[]>('/services'),
  team: (id: number) => getJson<Team>(`/teams/${id}`),
  scorecard: (id: number) => getJson<Scorecard>(`/teams/${id}/scorecard`),
  servicesOfTeam: (teamNumber: number) => getJson<Service[]>(`/services?team=${teamNumber}`),
  /** The whole history, or (with `since`, a sample time it returned) only the samples after it. */
  history: (since?: string) => getJson<ScoreHistory>(`/teams/scoreboard/history${since ? `?since=${encodeURIComponent(since)}` : ''}`),
};
