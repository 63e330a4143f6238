import type { TeamTotals } from '#shared/domain/scoring/figures';
import type { ServiceAfterFreeze } from '#shared/domain/scoring/freeze';
import type { FoldedResult } from '#shared/domain/scoring/result';
import type { SlaState } from '#shared/domain/scoring/sla';

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

/** Points given or taken by hand in one super type (an inject's grade, a red-team penalty). */
export interface Adjustment {
  id: number;
  /** The team's id (as DNS records name their team). */
  team: number;
  super_type_id: number;
  points: number;
  reason: string;
  created_by: string;
  created_at: string;
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
export interface StoredResult extends ScanResult, FoldedResult {
  service_id: number;
  team_id: number;
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
