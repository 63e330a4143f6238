/**
 * The red team's persistence (issue #63), pure: a beacon the red team opens
 * on a team's host, whose implant calls back with a token of its own; the
 * rules a call-back (a check-in) is judged by; what a round's deduction
 * takes; when a beacon has gone quiet long enough to be closed; and what
 * each role is shown of one. Decision 0085 says where a check-in's address
 * comes from.
 */
import * as v from 'valibot';
import { roundStartAt } from '#shared/domain/rounds';
import { Count, Id, inSchemaOrder, named, Time } from '#shared/domain/shapes';
import { FINDINGS_SHOWN, type FindingsShown } from '#shared/domain/findings';
import { FreeText } from '#shared/validation';

/** A beacon's token: `ccdcb_` and 256 random bits (auth/beacon-tokens.ts makes and checks them). */
export const BEACON_TOKEN_PREFIX = 'ccdcb_';
/** A token's form: what the CDN lets through to the check-in route (anything else never reaches its throttle). */
export const BEACON_TOKEN_PATTERN = '^ccdcb_[A-Za-z0-9_-]{43}$';

/** The header a check-in carries its token in: not `Authorization`, which the CDN keys its cache by and which means a session or an API token. */
export const BEACON_TOKEN_HEADER = 'x-beacon-token';

/** One counted check-in per beacon in this many seconds; more are 429 and count nothing. */
export const CHECK_IN_INTERVAL_SECONDS = 10;
/** Refused check-ins are written on their beacon at most once a second; more are 429 and written nowhere. */
export const REFUSAL_INTERVAL_SECONDS = 1;
/** How many refused check-ins a beacon keeps (the newest): never an ever-growing list. */
export const REFUSALS_KEPT = 5;
/** Beacons one red team member may open in an hour. */
export const BEACONS_PER_HOUR = 60;

export const BEACON_STATES = ['open', 'closed'] as const;
export const BEACON_CLOSE_REASONS = ['expired', 'red_team', 'organiser', 'voided'] as const;
export type BeaconCloseReason = (typeof BEACON_CLOSE_REASONS)[number];

/** A refused check-in, as a beacon keeps it. */
export const BeaconRefusalSchema = v.strictObject({
  at: Time,
  address: v.pipe(v.string(), v.description('The address it came from, as the CDN saw it.')),
  why: v.picklist(['outside_networks', 'no_networks']),
});

/** A beacon as the red team and organisers see it: never its token, which was shown once. */
export const BeaconSchema = named(
  'Beacon',
  'A red team beacon on a team host: open until it goes quiet for `beacon_expiry_rounds` rounds or is closed; each round it checks in from the team’s networks costs the team `beacon_points_per_round`.',
  v.strictObject({
    id: Id,
    team_id: Id,
    host: v.pipe(v.string(), v.description('The team host it lives on: one of its services’ hosts, as the service names it.')),
    note: v.string(),
    state: v.picklist(BEACON_STATES),
    closed_reason: v.pipe(
      v.nullable(v.picklist(BEACON_CLOSE_REASONS)),
      v.description('Why it closed: quiet too long (`expired`), by the red team, by an organiser, or its deductions voided.'),
    ),
    created_by: v.string(),
    created_at: Time,
    closed_at: v.nullable(Time),
    first_call_at: v.pipe(v.nullable(Time), v.description('Its first accepted check-in.')),
    last_call_at: v.pipe(v.nullable(Time), v.description('Its latest accepted check-in.')),
    rounds_counted: v.pipe(Count, v.description('Rounds in which a check-in wrote a deduction.')),
    points_taken: v.pipe(Count, v.description('What those deductions took off the team (capped ones partly), voided ones out.')),
    voided: v.pipe(v.boolean(), v.description('An organiser voided its deductions: they count nothing.')),
    refusals: v.pipe(Count, v.description('Check-ins refused with its token: from outside the team’s networks, or while the team had none.')),
    recent_refusals: v.pipe(v.array(BeaconRefusalSchema), v.description(`The newest refusals, at most ${REFUSALS_KEPT}, newest first.`)),
  }),
);
export type Beacon = v.InferOutput<typeof BeaconSchema>;

/** A new beacon: the beacon, its token (this once) and where its implant calls back. */
export const BeaconCreatedSchema = named(
  'BeaconCreated',
  'A beacon just opened, with its token: shown this once, never again (only its hash is kept).',
  v.strictObject({
    beacon: BeaconSchema,
    token: v.pipe(
      v.string(),
      v.description(`The check-in token (\`${BEACON_TOKEN_PREFIX}…\`): send it in \`X-Beacon-Token\`. Good for this beacon's check-ins only.`),
    ),
    callback_url: v.pipe(v.string(), v.description('Where the implant POSTs its check-ins (an empty body), through the CDN.')),
  }),
);

/** What a check-in answers the implant. */
export const BeaconCheckInSchema = named(
  'BeaconCheckIn',
  'A check-in accepted: the round it fell in and what it took off the team (0: the round was counted already, scoring is paused or closed, or the results are final).',
  v.strictObject({
    beacon_id: Id,
    round_start: Time,
    deducted: Count,
    capped: v.pipe(v.boolean(), v.description('The team’s beacon cap for the round (`beacon_max_points_per_round`) took part or all of it.')),
  }),
);
export type BeaconCheckIn = v.InferOutput<typeof BeaconCheckInSchema>;

/** A void of a beacon's deductions: its preview, or what it did. */
export const BeaconVoidSchema = named(
  'BeaconVoid',
  'A void of every deduction a beacon wrote: the preview (nothing changed), or the void done (the beacon closed, its deductions counting nothing).',
  v.strictObject({
    beacon_id: Id,
    team_id: Id,
    deductions: v.pipe(Count, v.description('Deductions it voids (or voided).')),
    points: v.pipe(Count, v.description('What they give back to the team.')),
    applied: v.pipe(v.boolean(), v.description('False: a preview. True: done.')),
  }),
);
export type BeaconVoid = v.InferOutput<typeof BeaconVoidSchema>;

/** A beacon as its team sees it (`beacons_shown`): never the token, never who opened it. */
export const TeamBeaconSchema = v.strictObject({
  id: Id,
  host: v.string(),
  state: v.picklist(BEACON_STATES),
  first_call_at: v.nullable(Time),
  last_call_at: v.nullable(Time),
  points_taken: Count,
});
export type TeamBeacon = v.InferOutput<typeof TeamBeaconSchema>;

export const TeamBeaconsSchema = named(
  'TeamBeacons',
  'The red team beacons found on a team’s hosts, when the settings show them (`beacons_shown`).',
  v.strictObject({
    visible: v.pipe(v.boolean(), v.description('Whether the settings show them now; false: `beacons` is empty.')),
    beacons: v.array(TeamBeaconSchema),
  }),
);

/** A beacon as kept: what every role is shown of it, and what only the check-in reads. */
export interface StoredBeacon extends Beacon {
  token_hash: string;
  /** The round (its start, ms) whose deduction this beacon wrote last: a later check-in in it writes none. */
  counted_round: number;
  /** When a refusal was last written on it (ms): refusals are written at most once a REFUSAL_INTERVAL_SECONDS. */
  refused_at_ms: number;
  /** Its latest accepted check-in to the millisecond (0: none): the interval between two is measured by it. */
  last_call_ms: number;
}

export const beaconAsShown = (beacon: StoredBeacon | Beacon): Beacon => inSchemaOrder(BeaconSchema, beacon);

export const teamBeacon = (beacon: Beacon): TeamBeacon => inSchemaOrder(TeamBeaconSchema, beacon);

/** Whether a team sees the beacons found on its hosts now: at once, once the event's end_time has passed, or never. */
export function teamsSeeBeacons(settings: { beacons_shown: FindingsShown; end_time: string | null }, now: number): boolean {
  if (settings.beacons_shown === 'at_once') return true;
  if (settings.beacons_shown === 'never') return false;
  return settings.end_time !== null && now >= Date.parse(settings.end_time);
}
export { FINDINGS_SHOWN as BEACONS_SHOWN };

/** The settings a beacon is judged by. */
export interface BeaconRules {
  round_seconds: number;
  beacon_points_per_round: number;
  beacon_max_points_per_round: number;
  beacon_expiry_rounds: number;
}

/**
 * Whether an open beacon has gone quiet for good: `beacon_expiry_rounds`
 * whole rounds have passed since the round of its latest accepted check-in
 * (or of its opening) with none. Rounds come from the server's clock.
 */
export function beaconExpired(beacon: Pick<Beacon, 'last_call_at' | 'created_at'>, rules: BeaconRules, now: number): boolean {
  const lastRound = roundStartAt(Date.parse(beacon.last_call_at ?? beacon.created_at), rules.round_seconds);
  return roundStartAt(now, rules.round_seconds) >= lastRound + (rules.beacon_expiry_rounds + 1) * rules.round_seconds * 1000;
}

/** When a beacon quiet since its latest check-in closes (the first instant `beaconExpired` holds). */
export function beaconExpiresAt(beacon: Pick<Beacon, 'last_call_at' | 'created_at'>, rules: BeaconRules): number {
  const lastRound = roundStartAt(Date.parse(beacon.last_call_at ?? beacon.created_at), rules.round_seconds);
  return lastRound + (rules.beacon_expiry_rounds + 1) * rules.round_seconds * 1000;
}

/**
 * What a round's deduction takes: the settings' points a round, as much of
 * them as the team's cap for the round leaves (`taken`: what the team's
 * beacons took in it already). Capped: the cap took part or all of it.
 */
export function roundDeduction(rules: BeaconRules, taken: number): { deducted: number; capped: boolean } {
  const left = Math.max(0, rules.beacon_max_points_per_round - taken);
  const deducted = Math.min(rules.beacon_points_per_round, left);
  return { deducted, capped: deducted < rules.beacon_points_per_round };
}

/** A round's deduction as kept in its team's partition: the fold takes `-deducted` (0 once voided) in the super type it names. */
export const BeaconDeductionSchema = named(
  'BeaconDeduction',
  "A round's deduction by a beacon: written by the round's first accepted check-in, once.",
  v.strictObject({
    beacon_id: Id,
    team_id: Id,
    super_type_id: v.pipe(Id, v.description('Where it comes off (the settings’ red_team_findings_super_type_id when it was written).')),
    round_start: v.pipe(Time, v.description('The round it counts for, by the server’s clock.')),
    called_at: v.pipe(Time, v.description('The check-in that wrote it: the freeze counts it by this time.')),
    deducted: v.pipe(Count, v.description('What it took off the team: `beacon_points_per_round`, or less where the team’s cap for the round took some.')),
    capped: v.boolean(),
    voided: v.pipe(v.boolean(), v.description('An organiser voided the beacon: it counts nothing.')),
  }),
);
export type BeaconDeduction = v.InferOutput<typeof BeaconDeductionSchema>;

/** What a deduction counts for on the board. */
export const deductionAward = (d: Pick<BeaconDeduction, 'deducted' | 'voided'>): number => (d.voided ? 0 : -d.deducted);

/** A note on a beacon: free text, short. */
export const BeaconNote = v.pipe(FreeText(500), v.description('What the red team wants to remember about it (never shown to the team).'));

/** Points of the settings' beacon fields. */
export const BeaconPoints = v.pipe(v.number(), v.integer('must be an integer'), v.minValue(0), v.maxValue(100_000));
