import * as v from 'valibot';
import { FreeText, parseWith, Timestamp } from '#shared/validation';
import { HostNameSchema, isHostName } from '#shared/domain/hostnames';
import { PASSWORD_CHANGE_MODES } from '#shared/domain/password-changes';
import { FINDINGS_SHOWN } from '#shared/domain/findings';
import { BeaconPoints } from '#shared/domain/beacons';

/** The one settings object. `id` is always 1 and read-only. */
export interface Settings extends SettingsFields {
  id: number;
}

export const SETTINGS_ID = 1;

const NAME_MAX = 200;

/** Five minutes: an agent that reconnects shortly after the end still lands its last round. */
export const DEFAULT_LATE_RESULT_GRACE_SECONDS = 300;

/** `10.0.{team_number}`: three octets, each a number 0–255 without leading zeros (BIND refuses `10.00.1.5`) or the team number placeholder. */
export const ADDRESS_TEMPLATE = /^(?:0|[1-9]\d{0,2}|\{team_number\})(?:\.(?:0|[1-9]\d{0,2}|\{team_number\})){2}$/;

const AddressTemplate = v.pipe(
  v.string(),
  v.regex(ADDRESS_TEMPLATE, 'must be three octets such as 10.0.{team_number}'),
  v.check((t) => t.includes('{team_number}'), 'must contain {team_number}'),
  v.check((t) => t.split('.').every((octet) => octet === '{team_number}' || Number(octet) <= 255), 'octets must be 0–255'),
);

const HostMaster = v.pipe(
  v.string(),
  v.regex(/^[A-Za-z0-9-]{1,63}@[A-Za-z0-9.-]+$/, 'must be an address such as hostmaster@example.com (no dots before the @)'),
  v.check((s) => isHostName(s.split('@')[1] ?? ''), 'must have a host name after the @'),
  v.toLowerCase(),
);

/** The SLA fields, shared with the competition file's per-subtype overrides. */
export const SlaThreshold = v.pipe(v.number(), v.integer('must be an integer'), v.minValue(0), v.maxValue(10_000));
export const SlaPenalty = v.pipe(v.number(), v.integer('must be an integer'), v.minValue(0), v.maxValue(1_000_000));

/** How often scoring agents check every service, unless the settings say otherwise. */
export const DEFAULT_ROUND_SECONDS = 60;

/** When members may read their team's debrief (domain/debrief.ts): once the event is finalised (and no freeze stands), or at once (a practice event). */
export const DEBRIEFS_SHOWN = ['after_finalise', 'now'] as const;
export type DebriefsShown = (typeof DEBRIEFS_SHOWN)[number];

const fields = {
  competition_name: FreeText(NAME_MAX),
  guest_division_enabled: v.boolean(),
  scoring_enabled: v.boolean(),
  start_time: v.nullable(Timestamp),
  end_time: v.nullable(Timestamp),
  dns_ttl: v.pipe(v.number(), v.integer(), v.minValue(60), v.maxValue(86400)),
  dns_nameservers: v.pipe(v.array(HostNameSchema), v.minLength(1, 'needs at least one name server'), v.maxLength(8)),
  dns_hostmaster: HostMaster,
  dns_address_template: AddressTemplate,
  /** Optional with a default, so PUT clients written before it existed keep working. */
  round_seconds: v.optional(v.pipe(v.number(), v.integer(), v.minValue(10), v.maxValue(86400)), DEFAULT_ROUND_SECONDS),
  /** Results arriving later than end_time plus this earn nothing. Optional so that older PUT clients keep working. */
  late_result_grace_seconds: v.optional(
    v.pipe(v.number(), v.integer('must be an integer'), v.minValue(0), v.maxValue(86400)),
    DEFAULT_LATE_RESULT_GRACE_SECONDS,
  ),
  /** Consecutive failed checks of a service that cost its team `sla_penalty` (and again at every multiple); 0 turns SLA off. */
  sla_threshold: v.optional(SlaThreshold, 0),
  /** Points a team loses at each SLA violation. */
  sla_penalty: v.optional(SlaPenalty, 0),
  /**
   * From this time on, anonymous readers see the points as of it (null: no
   * freeze). A new time must be FREEZE_LEAD_SECONDS ahead (see domain/freeze.ts).
   */
  scoreboard_freeze_time: v.optional(v.nullable(Timestamp), null),
  /** Whether blue teams read their own checks' full reasons on the team routes (organisers always do); everyone else sees categories only. */
  teams_see_check_details: v.optional(v.boolean(), true),
  /** How a blue team's password change request is decided: applied at once, after `password_change_delay_seconds`, or by an organiser. */
  password_changes: v.optional(v.picklist(PASSWORD_CHANGE_MODES, `must be one of: ${PASSWORD_CHANGE_MODES.join(', ')}`), 'immediate'),
  password_change_delay_seconds: v.optional(v.pipe(v.number(), v.integer('must be an integer'), v.minValue(0), v.maxValue(86400)), 300),
  /** Whether a request may name a user the service's check does not have yet (it is then added); otherwise it is refused. */
  password_changes_may_add_users: v.optional(v.boolean(), false),
  /** The super type teams' incident reports are graded into (the red team's, typically); null: teams file none. */
  incident_reports_super_type_id: v.optional(v.nullable(v.pipe(v.number(), v.integer('must be an integer'), v.minValue(1))), null),
  /** The most one incident report's grade gives. */
  incident_report_max_points: v.optional(v.pipe(v.number(), v.integer('must be an integer'), v.minValue(1), v.maxValue(100_000)), 100),
  /** The super type the red team's approved findings take their points from (the red team's, typically); null: the red team files none. */
  red_team_findings_super_type_id: v.optional(v.nullable(v.pipe(v.number(), v.integer('must be an integer'), v.minValue(1))), null),
  /** The repeat rule: findings of the same team, service and kind within this many minutes of a counted one count once (0: each counts). */
  red_team_repeat_window_minutes: v.optional(v.pipe(v.number(), v.integer('must be an integer'), v.minValue(0), v.maxValue(10_080)), 60),
  /** When blue teams see the findings approved against them: at once, once end_time has passed, or never. */
  red_team_findings_shown: v.optional(v.picklist(FINDINGS_SHOWN, `must be one of: ${FINDINGS_SHOWN.join(', ')}`), 'after_event'),
  /** Whether the findings teams see carry the red team's description. */
  red_team_findings_described: v.optional(v.boolean(), false),
  /** When members may read their team's debrief: once the event is finalised (and no freeze stands), or at once (practice events). */
  debriefs_shown: v.optional(v.picklist(DEBRIEFS_SHOWN, `must be one of: ${DEBRIEFS_SHOWN.join(', ')}`), 'after_finalise'),
  /** What each round a red team beacon lives costs its team, off the red team's super type (red_team_findings_super_type_id). */
  beacon_points_per_round: v.optional(BeaconPoints, 10),
  /** The most a team's beacons together take in one round: a deduction past it is partial (capped). */
  beacon_max_points_per_round: v.optional(BeaconPoints, 30),
  /** Whole rounds without an accepted check-in after which a beacon closes. */
  beacon_expiry_rounds: v.optional(v.pipe(v.number(), v.integer('must be an integer'), v.minValue(1), v.maxValue(1_000)), 3),
  /** When blue teams see the beacons found on their hosts: at once, once end_time has passed, or never. */
  beacons_shown: v.optional(v.picklist(FINDINGS_SHOWN, `must be one of: ${FINDINGS_SHOWN.join(', ')}`), 'after_event'),
};

export function windowInOrder(s: { start_time?: unknown; end_time?: unknown }): boolean {
  return typeof s.start_time !== 'string' || typeof s.end_time !== 'string' || Date.parse(s.start_time) < Date.parse(s.end_time);
}

/** Every writable field: a PUT body and the competition file's `settings`. */
export const SettingsFieldsSchema = v.pipe(
  v.strictObject(fields),
  v.forward(v.partialCheck([['start_time'], ['end_time']], windowInOrder, 'must be after start_time'), ['end_time']),
);
export type SettingsFields = v.InferOutput<typeof SettingsFieldsSchema>;

/** `id` may be sent back as it was read, never changed. */
const ReadOnlyId = v.optional(
  v.pipe(
    v.number(),
    v.check((id) => id === SETTINGS_ID, `is read-only (always ${SETTINGS_ID})`),
  ),
);

/** A PUT body: every writable field (and optionally the unchanged id). */
export const SettingsReplacementSchema = v.pipe(
  v.strictObject({ id: ReadOnlyId, ...fields }),
  v.forward(v.partialCheck([['start_time'], ['end_time']], windowInOrder, 'must be after start_time'), ['end_time']),
);

/** A PATCH body: any subset of the writable fields. The window is checked after merging. */
export const SettingsPatchSchema = v.strictObject({ id: ReadOnlyId, ...v.partial(v.strictObject(fields)).entries });
export type SettingsPatch = v.InferOutput<typeof SettingsPatchSchema>;

/** Current settings with a patch applied, or the merged result's problems (e.g. end before start). */
export function applySettingsPatch(current: SettingsFields, patch: SettingsPatch) {
  const { id: _readOnly, ...changes } = patch;
  return parseWith(SettingsFieldsSchema, { ...current, ...changes });
}

export const DEFAULT_SETTINGS: SettingsFields = {
  competition_name: 'Cyber Defense Competition',
  guest_division_enabled: false,
  scoring_enabled: true,
  start_time: null,
  end_time: null,
  dns_ttl: 300,
  dns_nameservers: ['ns1.scoring.example'],
  dns_hostmaster: 'hostmaster@scoring.example',
  dns_address_template: '10.0.{team_number}',
  round_seconds: DEFAULT_ROUND_SECONDS,
  late_result_grace_seconds: DEFAULT_LATE_RESULT_GRACE_SECONDS,
  sla_threshold: 0,
  sla_penalty: 0,
  scoreboard_freeze_time: null,
  teams_see_check_details: true,
  password_changes: 'immediate',
  password_change_delay_seconds: 300,
  password_changes_may_add_users: false,
  incident_reports_super_type_id: null,
  incident_report_max_points: 100,
  red_team_findings_super_type_id: null,
  red_team_repeat_window_minutes: 60,
  red_team_findings_shown: 'after_event',
  red_team_findings_described: false,
  debriefs_shown: 'after_finalise',
  beacon_points_per_round: 10,
  beacon_max_points_per_round: 30,
  beacon_expiry_rounds: 3,
  beacons_shown: 'after_event',
};

/** Whether a scan recorded at `time` earns points under these settings. */
export function scoringOpenAt(settings: SettingsFields, time: Date): boolean {
  if (!settings.scoring_enabled) return false;
  const at = time.getTime();
  if (settings.start_time && at < Date.parse(settings.start_time)) return false;
  if (settings.end_time && at >= Date.parse(settings.end_time)) return false;
  return true;
}

/** The first three octets of a team's addresses, e.g. `10.0.12` for team 12. */
export function teamAddressPrefix(settings: SettingsFields, teamNumber: number): string {
  return settings.dns_address_template.replaceAll('{team_number}', String(teamNumber));
}

/** The largest team number the address template can hold (an octet is at most 255). */
export const MAX_TEAM_NUMBER_IN_ADDRESS = 255;

/** The ETag of a settings version, and the version an If-Match header names (undefined for `*` or none). */
export function settingsETag(version: number): string {
  return `"settings-v${version}"`;
}

/**
 * The settings versions an If-Match list names (RFC 9110: a list of ETags, or
 * `*`). ETags that are not settings versions name nothing, so a write with
 * only those is refused as stale (412), never as malformed. If-Match compares
 * strongly: a weak tag (W/"…") names nothing either.
 */
export function versionsFromIfMatch(header: string | undefined): number[] | 'any' {
  if (header === undefined || header.trim() === '*') return 'any';
  return header
    .split(',')
    .map((tag) => /^\s*"settings-v(\d+)"\s*$/.exec(tag))
    .filter((match) => match !== null)
    .map((match) => Number(match[1]));
}
