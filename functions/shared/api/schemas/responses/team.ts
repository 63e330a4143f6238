import * as v from 'valibot';
import { FAILURE_CATEGORIES, SHOWN_FAILURES } from '#shared/domain/scoring/failure';
import { PASSWORD_CHANGE_MODES, PASSWORD_CHANGE_STATES } from '#shared/domain/password-changes';
import { CHECK_JOB_LOST_AFTER_SECONDS, CHECK_JOB_STATES } from '#shared/domain/check-jobs';
import { SESSION_ROLES } from '#shared/domain/roles';
import { Id, Count, Time, named } from '#shared/domain/shapes';
import { TeamSchema } from '#shared/api/schemas/responses/scoring';

/**
 * Answers to a blue team's members: accounts, sessions, their services and results, password changes, "check now" jobs, the profile.
 */

const SessionRoleSchema = v.pipe(v.picklist(SESSION_ROLES), v.description('`team`: a blue team member; `red-team`: a red team member, of no team.'));

export const TeamAccountSchema = named(
  'TeamAccount',
  "A member's sign-in account, a blue team's or the red team's. Its password is shown once, when it is created, and stored only as a scrypt hash.",
  v.strictObject({
    id: Id,
    name: v.string(),
    role: SessionRoleSchema,
    team_id: v.pipe(v.nullable(Id), v.description("The member's team; null for a red team member.")),
    created_at: Time,
  }),
);

export const CreatedTeamAccountSchema = named(
  'CreatedTeamAccount',
  'A new sign-in account with its password: the only answer that ever carries it. Hand it to the member; it cannot be read again.',
  v.strictObject({ ...TeamAccountSchema.entries, password: v.string() }),
);

export const SignedInSchema = named(
  'SignedIn',
  'A new session: send `token` as `Authorization: Bearer <token>` to the team routes (a red team member: the red team routes) until `expires_at`. Keep it in the tab (session storage), never in a cookie.',
  v.strictObject({
    token: v.string(),
    expires_at: Time,
    account: v.string(),
    role: SessionRoleSchema,
    team: v.pipe(v.nullable(TeamSchema), v.description("The member's team; null for a red team member.")),
  }),
);

export const TeamSessionSchema = named(
  'TeamSession',
  'The caller’s own session: who signed in, for which team (none for the red team), until when, and whether teams see their checks’ full reasons.',
  v.strictObject({
    account: v.string(),
    role: SessionRoleSchema,
    team: v.pipe(v.nullable(TeamSchema), v.description("The member's team; null for a red team member.")),
    session_id: v.string(),
    expires_at: Time,
    details: v.pipe(v.boolean(), v.description('The setting `teams_see_check_details`: the team routes show full reasons.')),
  }),
);

export const OpenSessionSchema = named(
  'OpenSession',
  'A session still open: the account signed in, when, and until when (it ends sooner when signed out or ended by an organiser).',
  v.strictObject({ session_id: v.string(), account: v.string(), created_at: Time, expires_at: Time }),
);

export const EndedSessionsSchema = named('EndedSessions', 'How many open sessions were ended.', v.strictObject({ ended: Count }));

const Reason = v.pipe(
  v.nullable(v.string()),
  v.description(
    'The full reason the check failed (what was expected, what came back; the agent redacts secrets). Null when it passed, and for team sessions while the setting `teams_see_check_details` is off.',
  ),
);

export const TeamServiceSchema = named(
  'TeamService',
  'One of the team’s services as the team sees it: live status and the newest check’s full reason (no points: those follow the scoreboard freeze).',
  v.strictObject({
    id: Id,
    subtype: v.string(),
    subtype_id: Id,
    url: v.string(),
    port: v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(65535)),
    last_scan: Count,
    last_scan_time: v.nullable(Time),
    last_scan_error: v.nullable(v.picklist(SHOWN_FAILURES)),
    last_scan_reason: Reason,
    in_progress: v.boolean(),
    max_score: Count,
  }),
);

export const TeamServicesSchema = named(
  'TeamServices',
  "A team's own services, live, with their full reasons.",
  v.strictObject({
    team: TeamSchema,
    details: v.pipe(v.boolean(), v.description('Whether `last_scan_reason` is shown (always for admins).')),
    services: v.array(TeamServiceSchema),
  }),
);

export const TeamScanSchema = named(
  'TeamScan',
  "One check of a team's own service, with its full reason.",
  v.strictObject({
    scan_id: v.string(),
    time: Time,
    score: Count,
    error: v.nullable(v.picklist(SHOWN_FAILURES)),
    reason: Reason,
    voided: v.boolean(),
  }),
);

export const TeamScansPageSchema = named(
  'TeamScansPage',
  "A page of one of the team's services' checks, newest first, live (not held back by a freeze).",
  v.strictObject({
    items: v.array(TeamScanSchema),
    cursor: v.pipe(v.nullable(v.string()), v.description('Opaque: pass it as `?cursor=` for the next page; null on the last page.')),
  }),
);

export const PasswordChangeSchema = named(
  'PasswordChange',
  "A blue team's password change request: who asked, when, for which accounts, its state and who decided. Never a password.",
  v.strictObject({
    id: Id,
    team_id: Id,
    state: v.pipe(
      v.picklist(PASSWORD_CHANGE_STATES),
      v.description(
        '`applied`: the agent signs in with the new passwords from its next round; `failed`: it could not be applied (`reason` says why) and never will be: send it again.',
      ),
    ),
    mode: v.pipe(v.picklist(PASSWORD_CHANGE_MODES), v.description('The setting `password_changes` when it was asked: how it is decided.')),
    requested_by: v.pipe(v.string(), v.description("The member's account (or the organiser) who asked.")),
    requested_at: Time,
    apply_at: v.pipe(v.nullable(Time), v.description('A delayed request: when it applies.')),
    decided_by: v.nullable(v.string()),
    decided_at: v.nullable(Time),
    reason: v.pipe(v.nullable(v.string()), v.description('Why it was rejected.')),
    changes: v.array(
      v.strictObject({
        service_id: Id,
        subtype: v.string(),
        username: v.string(),
        new_account: v.pipe(v.boolean(), v.description("A user the service's check did not have: applying adds it.")),
      }),
    ),
  }),
);

export const CheckJobSchema = named(
  'CheckJob',
  'A "check now" job: a dry run of one service\'s check by the scoring agent, never scored.',
  v.strictObject({
    id: Id,
    team_id: Id,
    service_id: Id,
    requested_by: v.pipe(v.string(), v.description("The member's account (or the organiser) who asked.")),
    requested_at: Time,
    state: v.pipe(
      v.picklist(CHECK_JOB_STATES),
      v.description(
        `\`queued\` until an agent takes it, \`running\` while it checks, \`done\` with its outcome; \`lost\` when it was not done within ${CHECK_JOB_LOST_AFTER_SECONDS} s (no agent took it, or it stopped).`,
      ),
    ),
    started_at: v.nullable(Time),
    outcome: v.nullable(
      v.strictObject({
        passed: v.boolean(),
        reason: Reason,
        category: v.pipe(v.nullable(v.picklist(FAILURE_CATEGORIES)), v.description('What kind of failure; null when it passed.')),
        checked_at: Time,
      }),
    ),
  }),
);

export const TeamProfileSchema = named(
  'TeamProfile',
  "A team as an organiser edits it live (PATCH with this answer's ETag in `If-Match`).",
  v.strictObject({
    ...TeamSchema.entries,
    hidden: v.boolean(),
    version: v.pipe(Id, v.description('Moves with every edit (1 as loaded).')),
  }),
);
