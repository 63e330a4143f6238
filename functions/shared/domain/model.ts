import * as v from 'valibot';
import { Count, Id, Points, Time, named } from '#shared/domain/shapes';
import { NetworksSchema } from '#shared/domain/networks';
import { SHOWN_FAILURES, shownFailure, type FailureCategory, type ShownFailure } from '#shared/domain/scoring/failure';
import type { TeamTotals } from '#shared/domain/scoring/figures';
import type { ServiceAfterFreeze } from '#shared/domain/scoring/freeze';
import type { FoldedResult } from '#shared/domain/scoring/result';
import type { SlaState } from '#shared/domain/scoring/sla';

/** The seed's Team: exactly these fields, nothing else, in every response. */
export const TeamSchema = named(
  'Team',
  'A blue team. Hidden (test) teams appear only to admins and service accounts.',
  v.strictObject({
    id: Id,
    number: v.pipe(Id, v.description('The team number (what ?team= filters by); not its id.')),
    name: v.string(),
    logo: v.string(),
    team_url: v.string(),
    guest_division: v.boolean(),
  }),
);

export type Team = v.InferOutput<typeof TeamSchema>;

/** A team as an organiser edits it: its profile, whether it is hidden, and the version that guards concurrent edits. */
export const TeamProfileSchema = named(
  'TeamProfile',
  "A team as an organiser edits it live (PATCH with this answer's ETag in `If-Match`).",
  v.strictObject({
    ...TeamSchema.entries,
    hidden: v.boolean(),
    networks: NetworksSchema,
    version: v.pipe(Id, v.description('Moves with every edit (1 as loaded).')),
  }),
);

export type TeamProfile = v.InferOutput<typeof TeamProfileSchema>;

export interface SuperType {
  id: number;
  name: string;
}

export interface Subtype {
  id: number;
  name: string;
  super_type_id: number;
}

/** Points given or taken by hand in one super type (an inject's grade, a red-team penalty); `team` is the team's id, as DNS records name their team. */
export const AdjustmentSchema = named(
  'Adjustment',
  'Points added to or removed from a team in a super type, by hand.',
  v.strictObject({
    id: Id,
    team: v.pipe(Id, v.description("The team's id.")),
    super_type_id: Id,
    points: Points,
    reason: v.string(),
    created_by: v.string(),
    created_at: Time,
  }),
);

export type Adjustment = v.InferOutput<typeof AdjustmentSchema>;

/** A team as stored: the public Team plus what only the service knows. */
export interface TeamRecord {
  team: Team;
  hidden: boolean;
  services_total: number;
  totals: TeamTotals;
}

/** The seed's Service object. */
export const ServiceSchema = named(
  'Service',
  "One team's instance of a subtype (a kind of check) at url:port.",
  v.strictObject({
    id: Id,
    subtype: v.string(),
    subtype_id: Id,
    team: TeamSchema,
    url: v.string(),
    port: v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(65535)),
    last_scan: v.pipe(Count, v.description('The score of the latest scan (0 before any).')),
    last_scan_time: v.nullable(Time),
    last_scan_error: v.pipe(
      v.nullable(v.picklist(SHOWN_FAILURES)),
      v.description(
        'Why the newest check failed, as a category (null: it passed). Every caller gets the category, never the full reason: a team reads its own reasons on the team routes (`/team/{id}/…`).',
      ),
    ),
    in_progress: v.boolean(),
    max_score: Count,
  }),
);

export type Service = v.InferOutput<typeof ServiceSchema>;

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
export const ScanResultSchema = named(
  'ScanResult',
  'One recorded scan result.',
  v.strictObject({
    scan_id: v.string(),
    score: Count,
    error: v.pipe(
      v.nullable(v.string()),
      v.description(
        "Why the check failed (null: it passed). In a service's public detail this is the failure's category, for every caller; the answer to the agent's own report repeats what it sent.",
      ),
    ),
    time: v.pipe(Time, v.description("When the check ran (the agent's `time`, or when the result arrived).")),
    received_at: v.pipe(Time, v.description('When the result reached the service.')),
    points: v.pipe(Count, v.description('What it earned: its score, or 0 when scoring was closed.')),
  }),
);

export type ScanResult = v.InferOutput<typeof ScanResultSchema>;

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

/**
 * Where a service's check goes and what a pass earns, as an organiser edits it
 * live (what its ETag is of). `enabled`: checked and scored (false: disabled by
 * an organiser, out of every list and of its team's counts until enabled).
 */
export const ServiceEndpointSchema = named(
  'ServiceEndpoint',
  "Where a service's check goes, as an organiser edits it live (PATCH with this answer's ETag in `If-Match`).",
  v.strictObject({
    id: Id,
    team_id: Id,
    subtype_id: Id,
    subtype: v.string(),
    url: v.string(),
    port: v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(65535)),
    max_score: v.pipe(Id, v.description('What a pass earns; a result counts with the max_score it arrived under.')),
    enabled: v.pipe(v.boolean(), v.description("false: disabled by an organiser (not checked, in no list, out of its team's counts).")),
    version: v.pipe(Id, v.description('Moves with every edit (1 as loaded).')),
  }),
);

export type ServiceEndpoint = v.InferOutput<typeof ServiceEndpointSchema>;

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
