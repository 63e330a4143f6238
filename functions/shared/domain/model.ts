import { shownFailure, type FailureCategory, type ShownFailure } from '#shared/domain/scoring/failure';
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
  /** The newest check's failure as every public read shows it: its category (see shownFailure), never the reason. */
  last_scan_error: ShownFailure | null;
  in_progress: boolean;
  max_score: number;
}

/** A service as read: the public Service (static definition merged with its state) plus bookkeeping. */
export interface ServiceRecord {
  service: Service;
  /** Its team is hidden, or an organiser disabled it: only organisers and services see it. */
  hidden: boolean;
  /** Disabled by an organiser: no list shows it, no round checks it. */
  disabled: boolean;
  super_type_id: number;
  points_earned: number;
  /** Results folded into the service's state. */
  checks: number;
  sla: SlaState;
  after_freeze: ServiceAfterFreeze | null;
  /** The newest check's full reason (secrets redacted by the agent): only the team routes show it, to the service's team and organisers. */
  last_scan_reason: string | null;
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

/** A stored result with the category of its failure (null: it passed, or the agent named none). */
export interface RecordedScan extends ScanResult {
  category: FailureCategory | null;
}

export type PublicScan = Omit<ScanResult, 'error'> & { error: ShownFailure | null };

/** A result as a public read shows it, to every caller: its failure's category in place of the full reason (see shownFailure). */
export function publicScan({ scan_id, score, error, category, time, received_at, points }: RecordedScan): PublicScan {
  return { scan_id, score, error: shownFailure(error, category), time, received_at, points };
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

/** Where a service's check goes and what a pass earns, as an organiser edits it live (what its ETag is of). */
export interface ServiceEndpoint {
  id: number;
  team_id: number;
  subtype_id: number;
  subtype: string;
  url: string;
  port: number;
  /** What a pass earns: a result counts with the max_score it arrived under. */
  max_score: number;
  /** Checked and scored (false: disabled by an organiser, out of every list and of its team's counts until enabled). */
  enabled: boolean;
  /** Moves with every edit (1 as loaded). */
  version: number;
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
