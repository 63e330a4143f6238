/** The seed's Team: exactly these fields, nothing else, in every response. */
export interface Team {
  id: number;
  number: number;
  name: string;
  logo: string;
  team_url: string;
  guest_division: boolean;
}

export interface SuperType {
  id: number;
  name: string;
}

export interface Subtype {
  id: number;
  name: string;
  super_type_id: number;
}

/**
 * A team's running totals, updated in the same transaction as each scan or
 * adjustment so that the scoreboard never sums history. Keyed by super type id.
 */
export interface TeamTotals {
  points: Record<string, number>;
  max_points: Record<string, number>;
  checks_total: number;
  checks_passed: number;
  services_up: number;
  services_down: number;
  services_unscanned: number;
  adjustments_total: number;
  last_scan_time: string | null;
}

/** A team as stored: the public Team plus what only the service knows. */
export interface TeamRecord {
  team: Team;
  hidden: boolean;
  services_total: number;
  totals: TeamTotals;
}

/** The seed's Service object. */
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

/** A service as stored: the public Service plus its team's visibility and scoring bookkeeping. */
export interface ServiceRecord {
  service: Service;
  hidden: boolean;
  super_type_id: number;
  points_earned: number;
  /** Number of results recorded; the optimistic-lock version of the service's scan state. */
  scan_count: number;
}

export function emptyTotals(superTypeIds: number[], servicesTotal: number): TeamTotals {
  const zeroes = Object.fromEntries(superTypeIds.map((id) => [String(id), 0]));
  return {
    points: { ...zeroes },
    max_points: { ...zeroes },
    checks_total: 0,
    checks_passed: 0,
    services_up: 0,
    services_down: 0,
    services_unscanned: servicesTotal,
    adjustments_total: 0,
    last_scan_time: null,
  };
}

/** One recorded scan result, as the service detail lists it. */
export interface ScanResult {
  scan_id: string;
  score: number;
  error: string | null;
  time: string;
  /** Points it earned: its score, or 0 when scoring was closed at the time. */
  points: number;
}

/** A Team with exactly the seed's fields, in the seed's order (stored maps lose order). */
export function teamFields(t: Team): Team {
  return { id: t.id, number: t.number, name: t.name, logo: t.logo, team_url: t.team_url, guest_division: t.guest_division };
}

/** A Service with exactly the seed's fields, in the seed's order. */
export function serviceFields(s: Service): Service {
  return {
    id: s.id,
    subtype: s.subtype,
    subtype_id: s.subtype_id,
    team: teamFields(s.team),
    url: s.url,
    port: s.port,
    last_scan: s.last_scan,
    last_scan_time: s.last_scan_time,
    last_scan_error: s.last_scan_error,
    in_progress: s.in_progress,
    max_score: s.max_score,
  };
}
