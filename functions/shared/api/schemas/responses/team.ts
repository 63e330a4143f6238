import * as v from 'valibot';
import { SHOWN_FAILURES } from '#shared/domain/scoring/failure';
import { PasswordChangeSchema } from '#shared/domain/password-changes';
import { CheckJobSchema } from '#shared/domain/check-jobs';
import { SessionRoleSchema, TeamAccountSchema } from '#shared/domain/team-accounts';
import { Id, Count, Reason, Time, named } from '#shared/domain/shapes';
import { TeamProfileSchema, TeamSchema } from '#shared/domain/model';

/**
 * Answers to a blue team's members: accounts, sessions, their services and results, password changes, "check now" jobs, the profile.
 * A "check now" job's, a password change's, an account's and the profile's schemas are the domain's (domain/check-jobs.ts,
 * domain/password-changes.ts, domain/team-accounts.ts, domain/model.ts).
 */

export { CheckJobSchema, PasswordChangeSchema, TeamAccountSchema, TeamProfileSchema };

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
