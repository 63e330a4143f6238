import * as v from 'valibot';
import { DnsRecordSchema } from '#shared/domain/dns-record';
import { PASSWORD_CHANGE_MODES } from '#shared/domain/password-changes';
import { FINDINGS_SHOWN } from '#shared/domain/findings';
import { DEBRIEFS_SHOWN } from '#shared/domain/settings';
import { Id, Count, Time, named } from '#shared/domain/shapes';

/**
 * Answers about the settings and the DNS records (a record's schema is the
 * domain's, domain/dns-record.ts).
 */

export { DnsRecordSchema };

export const SettingsSchema = named(
  'Settings',
  'The one settings object (id 1).',
  v.strictObject({
    id: v.pipe(Id, v.description('Always 1.')),
    competition_name: v.string(),
    guest_division_enabled: v.boolean(),
    scoring_enabled: v.boolean(),
    start_time: v.nullable(Time),
    end_time: v.nullable(Time),
    dns_ttl: v.pipe(v.number(), v.integer(), v.minValue(60), v.maxValue(86400)),
    dns_nameservers: v.array(v.string()),
    dns_hostmaster: v.string(),
    dns_address_template: v.string(),
    late_result_grace_seconds: v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(86400)),
    round_seconds: v.pipe(v.number(), v.integer(), v.minValue(10), v.maxValue(86400), v.description('How often the scoring agent checks every service.')),
    sla_threshold: v.pipe(
      Count,
      v.description(
        "Consecutive failed checks of a service that cost its team `sla_penalty` points, again at every multiple; 0 turns SLA off. A subtype's own value in the competition file wins.",
      ),
    ),
    sla_penalty: v.pipe(Count, v.description("Points a team loses at each SLA violation, in the service's super type.")),
    scoreboard_freeze_time: v.pipe(
      v.nullable(Time),
      v.description(
        'From this time on, anonymous readers see every score as of it; status stays live, admins and service accounts see everything live. A new time must be at least 3 minutes ahead; null lifts the freeze.',
      ),
    ),
    teams_see_check_details: v.pipe(
      v.boolean(),
      v.description(
        "Blue teams read their own checks' full reasons on the team routes (organisers always do). Every public read shows a failure's category only, whatever this says.",
      ),
    ),
    password_changes: v.pipe(
      v.picklist(PASSWORD_CHANGE_MODES),
      v.description(
        "How a blue team's password change request is decided: `immediate` (applied when it is sent), `delayed` (applied `password_change_delay_seconds` later), `approval` (when an organiser approves it). Applied, it reaches the agent from its next round.",
      ),
    ),
    password_change_delay_seconds: v.pipe(Count, v.description('The delay of a `delayed` request, in seconds (0–86400).')),
    password_changes_may_add_users: v.pipe(
      v.boolean(),
      v.description("A request may name a user the service's check does not have yet (it is added); otherwise such a request is refused."),
    ),
    incident_reports_super_type_id: v.pipe(
      v.nullable(Id),
      v.description("The super type teams' incident reports are graded into (the red team's, typically); null: teams file none."),
    ),
    incident_report_max_points: v.pipe(Count, v.description("The most one incident report's grade gives.")),
    red_team_findings_super_type_id: v.pipe(
      v.nullable(Id),
      v.description("The super type the red team's approved findings take their points from (the red team's, typically); null: the red team files none."),
    ),
    red_team_repeat_window_minutes: v.pipe(
      Count,
      v.description(
        'The repeat rule: findings of the same team, service and kind within this many minutes of a counted one count once (0: each counts; at most 10080).',
      ),
    ),
    red_team_findings_shown: v.pipe(
      v.picklist(FINDINGS_SHOWN),
      v.description('When blue teams see the findings approved against them: `at_once`, `after_event` (once `end_time` has passed) or `never`.'),
    ),
    red_team_findings_described: v.pipe(v.boolean(), v.description("Whether the findings teams see carry the red team's description.")),
    debriefs_shown: v.pipe(
      v.picklist(DEBRIEFS_SHOWN),
      v.description(
        "When a team's members may read its debrief (`GET /team/{id}/debrief`): `after_finalise` (once `finalise` has run and no scoreboard freeze stands) or `now` (a practice event; while a freeze stands, as of the freeze).",
      ),
    ),
    beacon_points_per_round: v.pipe(
      Count,
      v.description("What each round a red team beacon checks in from its team's networks costs the team, off `red_team_findings_super_type_id` (0–100000)."),
    ),
    beacon_max_points_per_round: v.pipe(
      Count,
      v.description("The most one team's beacons together take in a round: a deduction past it is partial, and says it was capped (0–100000)."),
    ),
    beacon_expiry_rounds: v.pipe(Count, v.description('Whole rounds without an accepted check-in after which a beacon closes (1–1000).')),
    beacons_shown: v.pipe(
      v.picklist(FINDINGS_SHOWN),
      v.description('When blue teams see the beacons found on their hosts: `at_once`, `after_event` (once `end_time` has passed) or `never`.'),
    ),
  }),
);
