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

/** The figures points make: a team's totals hold them, and so does their share from after a scoreboard freeze. Keyed by super type id. */
export interface ScoringFigures {
  points: Record<string, number>;
  max_points: Record<string, number>;
  checks_total: number;
  checks_passed: number;
  adjustments_total: number;
  /** Points lost to SLA violations, per super type id (already taken off `points`). */
  sla_penalty: Record<string, number>;
  sla_violations: number;
}

/**
 * A team's running totals, folded from the stream of results and adjustments
 * so that the scoreboard never sums history.
 */
export interface TeamTotals extends ScoringFigures {
  services_up: number;
  services_down: number;
  services_unscanned: number;
  last_scan_time: string | null;
  /** What of the scoring figures came from at or after a scoreboard freeze, by the freeze time's stamp (see domain/freeze.ts). */
  after_freeze: Record<string, ScoringFigures>;
}

/** What of one service's figures came from checks at or after the scoreboard freeze `at` (its STATE item keeps it). */
export interface ServiceAfterFreeze {
  at: string;
  points: number;
  violations: number;
  penalty: number;
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

/** A service as read: the public Service (static definition merged with its state) plus bookkeeping. */
export interface ServiceRecord {
  service: Service;
  hidden: boolean;
  super_type_id: number;
  points_earned: number;
  /** Results folded into the service's state. */
  checks: number;
  sla: SlaState;
  after_freeze: ServiceAfterFreeze | null;
}

/** The Service fields that never change during an event (the static item written at load). */
export type ServiceDefinition = Omit<Service, 'last_scan' | 'last_scan_time' | 'last_scan_error' | 'in_progress'>;

/**
 * A service's dynamic state (its STATE item): the newest check by check time,
 * the scan under way, and the fold's watermark (the last stream sequence
 * number folded in, zero-padded so that strings compare as numbers).
 */
export interface ServiceState {
  last_scan: number;
  last_scan_time: string | null;
  last_scan_error: string | null;
  last_scan_id: string | null;
  started: { scan_id: string; at: string } | null;
  points_earned: number;
  checks: number;
  folded_seq: string | null;
  sla: SlaState;
  /** What of its points and SLA figures came from checks at or after the scoreboard freeze (null: no freeze). */
  after_freeze: ServiceAfterFreeze | null;
}

/**
 * A service's SLA standing: the run of consecutive failed checks at its
 * newest check that takes part (scored, not voided), by check time; the
 * violations so far and the points they cost. `last_*` names that newest
 * check, so that a result older than it is known to be late.
 */
export interface SlaState {
  run: number;
  violations: number;
  penalty: number;
  last_time: string | null;
  last_scan_id: string | null;
}

export const emptySla = (): SlaState => ({ run: 0, violations: 0, penalty: 0, last_time: null, last_scan_id: null });

export const emptyServiceState = (): ServiceState => ({
  last_scan: 0,
  last_scan_time: null,
  last_scan_error: null,
  last_scan_id: null,
  started: null,
  points_earned: 0,
  checks: 0,
  folded_seq: null,
  sla: emptySla(),
  after_freeze: null,
});

/** No points, no checks: where a team's totals, and a share of them, start. */
export const emptyFigures = (): ScoringFigures => ({
  points: {},
  max_points: {},
  checks_total: 0,
  checks_passed: 0,
  adjustments_total: 0,
  sla_penalty: {},
  sla_violations: 0,
});

export function emptyTotals(superTypeIds: number[], servicesTotal: number): TeamTotals {
  const zeroes = Object.fromEntries(superTypeIds.map((id) => [String(id), 0]));
  return {
    ...emptyFigures(),
    points: { ...zeroes },
    max_points: { ...zeroes },
    services_up: 0,
    services_down: 0,
    services_unscanned: servicesTotal,
    last_scan_time: null,
    after_freeze: {},
  };
}

/** One recorded scan result, as the API answers it and the service detail lists it. */
export interface ScanResult {
  scan_id: string;
  score: number;
  error: string | null;
  /** When the check ran (the agent's `time`, or the arrival time without one). */
  time: string;
  /** When the result reached the service. */
  received_at: string;
  /** Points it earned: its score, or 0 when scoring was closed. */
  points: number;
}

/**
 * A result as stored (its item is keyed by scan_id): what the fold needs,
 * decided at arrival, so folding never reads the settings or the service.
 */
export interface StoredResult extends ScanResult {
  service_id: number;
  team_id: number;
  super_type_id: number;
  max_score: number;
  /** Whether it counted toward what could have been earned (scoring was open). */
  scored: boolean;
  /** The SLA rules in force when it arrived (0: SLA off); absent on results stored before SLA existed. */
  sla_threshold?: number;
  sla_penalty?: number;
  /** Removed from scoring by an organiser: it earns nothing and takes no part in SLA runs. */
  voided?: boolean;
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
