import * as v from 'valibot';
import { CHECK_KINDS } from '#shared/domain/check-definitions';
import { DNS_TYPES } from '#shared/domain/dns-record';
import { FAILURE_CATEGORIES, SHOWN_FAILURES } from '#shared/domain/scoring/failure';
import { PASSWORD_CHANGE_MODES, PASSWORD_CHANGE_STATES } from '#shared/domain/password-changes';
import { CHECK_JOB_LOST_AFTER_SECONDS, CHECK_JOB_STATES } from '#shared/domain/check-jobs';
import { INJECT_STATES } from '#shared/domain/injects';
import { EXPORT_STATES } from '#shared/domain/exports';
import { SESSION_ROLES } from '#shared/domain/roles';
import { WINDOW_STATES } from '#shared/domain/overview';
import { FINDING_DECISIONS, FINDING_STATES, FINDINGS_SHOWN } from '#shared/domain/findings';

/**
 * What the API answers, as valibot schemas: the one source of the OpenAPI
 * description's response bodies and of the types every handler's result must
 * have. Objects are strict, so a field a handler adds without adding it here
 * fails the response checks of the tests. `title` names the component in the
 * description.
 */

const Id = v.pipe(v.number(), v.integer(), v.minValue(1));
const Count = v.pipe(v.number(), v.integer(), v.minValue(0));
const Points = v.pipe(v.number(), v.integer());
const Time = v.pipe(v.string(), v.isoTimestamp(), v.description('An RFC 3339 instant in UTC, e.g. 2026-11-22T10:15:00Z.'));
const named = <S extends v.GenericSchema>(title: string, description: string, schema: S) => v.pipe(schema, v.title(title), v.description(description));

/** What every answer a scoreboard freeze changes says about it. */
const FreezeFields = {
  frozen: v.pipe(
    v.boolean(),
    v.description(
      'The scoreboard freeze is in effect: anonymous callers get every score as of `frozen_since` (status stays live); admins and service accounts still get live figures.',
    ),
  ),
  frozen_since: v.pipe(v.nullable(Time), v.description('When the freeze began; null when there is none.')),
};

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

export const HistoryEntrySchema = named(
  'HistoryEntry',
  "One result in a service's check history.",
  v.strictObject({
    scan_id: v.string(),
    time: v.pipe(Time, v.description("When the check ran (the agent's `time`, or when the result arrived).")),
    received_at: v.pipe(Time, v.description('When the result reached the service.')),
    score: Count,
    error: v.pipe(v.nullable(v.picklist(SHOWN_FAILURES)), v.description("The failure's category (null: it passed), for every caller.")),
    points: v.pipe(Count, v.description('What it earned: its score, or 0 when scoring was closed.')),
    voided: v.pipe(v.boolean(), v.description('Removed from scoring by an organiser (it earns nothing).')),
  }),
);

export const ServiceScansPageSchema = named(
  'ServiceScansPage',
  "A page of a service's check history, newest first by check time.",
  v.strictObject({
    ...FreezeFields,
    items: v.array(HistoryEntrySchema),
    cursor: v.pipe(v.nullable(v.string()), v.description('Opaque: pass it as `?cursor=` for the next page; null on the last page.')),
  }),
);

export const ServiceDetailSchema = named(
  'ServiceDetail',
  'A service with the points it earned and its latest scans, newest first.',
  v.strictObject({
    ...ServiceSchema.entries,
    ...FreezeFields,
    points_earned: Count,
    sla: v.pipe(
      v.strictObject({
        run: v.pipe(Count, v.description('Consecutive failed checks up to its newest scored check (0 after a pass).')),
        violations: Count,
        penalty: v.pipe(Count, v.description('Points its team lost to its SLA violations.')),
      }),
      v.description("The service's SLA standing: its current run of failed checks and what its runs cost."),
    ),
    recent_scans: v.array(ScanResultSchema),
  }),
);

const Status = v.picklist(['up', 'down', 'unscanned']);
const StatusCellSchema = v.pipe(
  v.union([
    v.tuple([Id]),
    v.tuple([Id, Status]),
    v.tuple([Id, Status, v.pipe(v.number(), v.integer())]),
    v.tuple([Id, Status, v.pipe(v.number(), v.integer()), v.picklist(FAILURE_CATEGORIES)]),
  ]),
  v.description(
    '`[subtype_id, status, seconds, category]`: the service of this subtype, its status, how many seconds before `as_of` it took that status (left out while unscanned; negative: after `as_of`), and when down, the category of its newest failure (left out when there is none). In a delta, `[subtype_id]` alone: this service of a changed cell did not change itself; keep the tuple you hold.',
  ),
);

export const ServiceStatusViewSchema = named(
  'ServiceStatusView',
  "Every visible service's status, grouped by team: the matrix of teams and subtypes, without the services' and teams' details.",
  v.strictObject({
    as_of: v.pipe(Time, v.description('Every change up to this time is in; pass it as `?since=` next time for only what changed after it.')),
    full: v.pipe(v.boolean(), v.description('True: the whole view (replace what you have); false: only the cells that changed after `since`.')),
    subtypes: v.optional(
      v.pipe(
        v.record(v.pipe(v.string(), v.regex(/^[1-9]\d*$/)), v.string()),
        v.description("The columns: each subtype's name by its id (in a whole view only; they change only when the competition is loaded again)."),
      ),
    ),
    teams: v.pipe(
      v.record(v.pipe(v.string(), v.regex(/^[1-9]\d*$/)), v.array(StatusCellSchema)),
      v.description(
        "By team id: the team's cells, by subtype id (a team with two services of one subtype has two cells for it, by service id). A delta sends a subtype's every cell of a team when one of them changed, those that did not change as `[subtype_id]`: replace the cell's tuples together, keeping yours for those (a cell of another length than yours gained or lost a service: ask for the whole view).",
      ),
    ),
  }),
);

export const ScanStartedSchema = named('ScanStarted', 'A scan marked under way.', v.strictObject({ scan_id: v.string(), status: v.literal('started') }));

const SuperTypeScoreSchema = named(
  'SuperTypeScore',
  "A team's points in one super type, and what it could have earned there so far.",
  v.strictObject({ super_type_id: Id, super_type: v.string(), score: Points, max_score: Count }),
);

export const ScoreboardSchema = named(
  'Scoreboard',
  'Every visible team ranked; with `segregate` each division is ranked on its own, main first.',
  v.strictObject({
    segregate: v.boolean(),
    scoreboard: v.array(
      named(
        'ScoreboardRow',
        'A ranked team. Ranks are tie-aware; ties are listed by team number.',
        v.strictObject({
          rank: Id,
          division: v.picklist(['main', 'guest']),
          team: TeamSchema,
          total_score: Points,
          scores: v.array(SuperTypeScoreSchema),
          services_up: Count,
          services_total: Count,
        }),
      ),
    ),
    ...FreezeFields,
  }),
);

export const CompactScoreboardSchema = named(
  'CompactScoreboard',
  "The scoreboard as its page draws it, each team once and nothing else: GET /teams/scoreboard is the seed's full shape.",
  v.strictObject({
    segregate: v.boolean(),
    super_types: v.pipe(v.array(v.string()), v.description("The super types' names, in the order of each row's scores.")),
    rows: v.pipe(
      v.array(v.array(v.union([v.number(), v.string()]))),
      v.description(
        'Ranked as the full scoreboard: `[rank, division ("main" or "guest"), team id, team number, team name, logo, total, services up, services, ...each super type\'s score]`.',
      ),
    ),
    ...FreezeFields,
  }),
);

export const ScorecardSchema = named(
  'Scorecard',
  "A team's figures and its rank on the scoreboard this caller would get.",
  v.strictObject({
    total_score: Points,
    stats: v.strictObject({
      rank: Id,
      checks_total: Count,
      checks_passed: Count,
      checks_failed: Count,
      uptime: v.nullable(v.pipe(v.number(), v.minValue(0), v.maxValue(1))),
      services_total: Count,
      services_up: Count,
      services_down: Count,
      services_unscanned: Count,
      adjustments_total: Points,
      last_scan_time: v.nullable(Time),
      sla_violations: v.pipe(Count, v.description('How many times a service of the team reached a multiple of its SLA threshold.')),
    }),
    scores: v.array(
      named(
        'ScorecardSuperTypeScore',
        'A super type on a scorecard: the score (SLA penalties already taken off) and the SLA penalty points in it.',
        v.strictObject({ ...SuperTypeScoreSchema.entries, sla_penalty: Count }),
      ),
    ),
    ...FreezeFields,
  }),
);

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

export const DnsRecordSchema = named(
  'DnsRecord',
  "A record in a blue team's zone. `team` is the team's id, not its number; an A record's value is the address's last octet.",
  v.strictObject({ id: Id, name: v.string(), type: v.picklist(DNS_TYPES), value: v.string(), team: Id }),
);

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
  }),
);

/** An OpenAPI document: checked only as an object here (its own lint checks the rest). */
export const OpenApiDocumentSchema = named(
  'OpenApiDocument',
  'An OpenAPI 3.1 description of this API.',
  v.looseObject({ openapi: v.string(), info: v.looseObject({}), paths: v.looseObject({}) }),
);

export const FieldErrorSchema = named(
  'FieldError',
  'One field that failed validation; `path` is dotted (`settings.dns_ttl`, `records.0.name`).',
  v.strictObject({ path: v.string(), message: v.string() }),
);

/** RFC 9457 problem details, as every error answers. */
export const ProblemSchema = named(
  'Problem',
  'RFC 9457 problem details. `code` is stable and meant for programs; `detail` is for people. `errors` lists the fields that failed validation.',
  v.strictObject({
    type: v.literal('about:blank'),
    title: v.string(),
    status: v.pipe(v.number(), v.integer(), v.minValue(400), v.maxValue(599)),
    detail: v.string(),
    code: v.string(),
    errors: v.optional(v.array(FieldErrorSchema)),
    request_id: v.string(),
  }),
);

export const BatchAnswerSchema = named(
  'BatchAnswer',
  "One report's answer in a batch: the status and body it would have had on its own.",
  v.strictObject({
    status: v.pipe(v.number(), v.integer(), v.minValue(200), v.maxValue(599)),
    body: v.union([ScanResultSchema, ScanStartedSchema, ProblemSchema]),
  }),
);

export const ScoreHistorySchema = named(
  'ScoreHistory',
  "Every visible team's total over time: one value per sample time, null where the team was not in that sample.",
  v.strictObject({
    ...FreezeFields,
    interval_seconds: v.pipe(v.number(), v.integer(), v.minValue(1)),
    times: v.array(Time),
    teams: v.array(v.strictObject({ team: TeamSchema, totals: v.array(v.nullable(v.number())) })),
  }),
);

export const AccountSummarySchema = named(
  'AccountSummary',
  'A check account as anything but the secrets route shows it: who, what kind of secret and when it was set, never the secret.',
  v.strictObject({ username: v.string(), credential: v.picklist(['password', 'private key']), set_at: Time }),
);

export const AccountsViewSchema = named(
  'AccountsView',
  "A service's check accounts without their secrets, and the version every change moves.",
  v.strictObject({ version: Count, accounts: v.array(AccountSummarySchema) }),
);

export const CheckAccountsSchema = named(
  'CheckAccounts',
  "Every service's check accounts, with their secrets, by service id.",
  v.strictObject({
    services: v.record(v.string(), v.array(v.strictObject({ username: v.string(), password: v.optional(v.string()), private_key: v.optional(v.string()) }))),
  }),
);

const CheckDefinitionView = v.pipe(
  v.looseObject({ check: v.string() }),
  v.description("A check definition as a competition file gives it: `check` (the kind) and that kind's parameters."),
);

export const ServiceCheckSchema = named(
  'ServiceCheck',
  "A service's own check, in place of its subtype's, and the version every change moves.",
  v.strictObject({ service_id: Id, check: CheckDefinitionView, version: Id }),
);

export const ServiceChecksSchema = named(
  'ServiceChecks',
  "The services checked otherwise than their subtype says: each one's own check, by service id.",
  v.strictObject({ services: v.record(v.string(), CheckDefinitionView) }),
);

/** A check parameter as the description shows it: optional, with what it does. */
const textParameter = (description: string) => v.optional(v.pipe(v.string(), v.description(description)));
const numberParameter = (description: string) => v.optional(v.pipe(v.number(), v.description(description)));

export const SubtypeSchema = named(
  'Subtype',
  'A kind of check, its super type and the points a full pass earns; `check` and its parameters tell agents how to check.',
  v.looseObject({
    id: Id,
    name: v.string(),
    super_type_id: Id,
    max_score: Count,
    check: textParameter(`The kind: ${CHECK_KINDS.join(', ')} (absent: not checked by agents).`),
    timeout_seconds: numberParameter("The check's own deadline, in seconds."),
    path: textParameter('http(s): the page to GET.'),
    status: numberParameter('http(s): the status expected.'),
    host: textParameter("http(s): the Host header and SNI to send instead of the service's name (a virtual host)."),
    auth: textParameter("http(s): sign in first as the round's check account: `basic` or `form`."),
    login_path: textParameter('http(s) with auth: form: where the login form is POSTed.'),
    username_field: textParameter("http(s) with auth: form: the form field of the user's name."),
    password_field: textParameter('http(s) with auth: form: the form field of the password.'),
    content: textParameter('A regular expression (RE2) what the check reads must match (its first 256 KiB).'),
    exact: textParameter('The whole text the check must read.'),
    sha256: textParameter('The SHA-256 (hex) of the whole bytes the check must read.'),
    reject: textParameter('A regular expression (RE2) that fails the check when what it reads matches (a defaced page).'),
    properties: v.optional(
      v.pipe(
        v.array(v.record(v.string(), v.unknown())),
        v.description(
          "Property sets: each round, each service's check takes one at random over its other parameters (a page, a command, a file or a query, and what to expect of it).",
        ),
      ),
    ),
    banner: textParameter('ssh, ftp, ftps (without accounts), smtp, smtps: a regular expression (RE2) the first line must match.'),
    mail_to: textParameter("smtp, smtps: send a message to this address (a local part gets the team's domain), with the round's token in its subject."),
    mail_from: textParameter("smtp, smtps: the message's sender (MAIL FROM), in the same forms; by default the account's name, or `scoring`."),
    mailbox: textParameter('imap, imaps: the mailbox opened read-only after the login (default INBOX).'),
    sent_by: textParameter("imap, imaps, pop3, pop3s: the SMTP subtype (its name) whose previous round's message, found by its token, must be in the mailbox."),
    base_dn: textParameter("ldap, ldaps: where the search starts, after the bind as the round's account."),
    filter: textParameter('ldap, ldaps: the search filter (default `(objectClass=*)`); the entries found (as LDIF) meet the match rules.'),
    command: textParameter("ssh: run after the login as one of the service's accounts; what it prints meets the match rules."),
    file: textParameter(
      'ftp, ftps: the file downloaded after the login; smb: the file read in the share (a path, / or \\ between names). Its bytes meet the match rules.',
    ),
    upload: v.optional(v.pipe(v.boolean(), v.description('ftp, ftps: also write a file of random name and content, read it back and delete it.'))),
    database: textParameter("mysql, postgres: the database to log in to (postgres' default: the user's name)."),
    sql: textParameter('mysql, postgres: a query run read-only after the login; its rows (one line each, fields tab-separated) meet the match rules.'),
    query: textParameter("dns: the name asked, relative to the team's zone."),
    share: textParameter("smb: the share connected to after the sign-in as the round's account."),
    folder: textParameter('smb: a folder of the share (a path; / is its root) whose listing must succeed.'),
    expect: textParameter("smb: a name the folder (the share's root unless `folder` says) must list."),
    nla: v.optional(
      v.pipe(
        v.boolean(),
        v.description("rdp: false asks only that the server negotiate RDP (no account checked); by default it signs in with NLA as the round's account."),
      ),
    ),
  }),
);

export const EditableSubtypeSchema = named(
  'EditableSubtype',
  'A subtype as organisers edit it: its fields and check definition, its own SLA rules where it has them, and the version every edit moves.',
  v.looseObject({
    ...SubtypeSchema.entries,
    sla_threshold: numberParameter('Its own SLA threshold (failed checks in a row), over the settings.'),
    sla_penalty: numberParameter('Its own SLA penalty, over the settings.'),
    version: v.pipe(Count, v.description('Moves with every edit (1 as loaded).')),
  }),
);

export const EditableSuperTypeSchema = named(
  'EditableSuperType',
  'A super type as organisers edit it: a column of every scorecard, where subtypes and adjustments put their points.',
  v.strictObject({ id: Id, name: v.string(), version: v.pipe(Count, v.description('Moves with every edit (1 as loaded).')) }),
);

export const StoredFileSchema = named(
  'StoredFile',
  'A file sent with a submission, as the bucket held it then. Download it with GET /team/{id}/files?key=…',
  v.strictObject({
    key: v.string(),
    name: v.pipe(v.string(), v.description('Its name as uploaded, made safe.')),
    size: v.pipe(Count, v.description('Bytes.')),
    content_type: v.string(),
  }),
);

const RubricItemSchema = v.strictObject({ name: v.string(), points: Id });
const teamInjectFields = {
  id: Id,
  title: v.string(),
  text: v.pipe(v.string(), v.description('Markdown.')),
  open_at: v.string(),
  due_at: v.string(),
  close_at: v.pipe(v.string(), v.description('Until when a late submission is taken (due_at: none is).')),
  late_penalty_percent_per_hour: v.pipe(Count, v.description("Of a late submission's grade, the share lost for each hour or part of one after due_at.")),
  points: Id,
  rubric: v.array(RubricItemSchema),
  attachments: v.pipe(v.array(StoredFileSchema), v.description('Files that come with it: download each with GET /team/{id}/files?key=…')),
};

export const InjectSchema = named(
  'Inject',
  'An inject as organisers write it: its text, times, points and rubric, its state, and the version every edit moves.',
  v.strictObject({
    ...teamInjectFields,
    super_type_id: Id,
    state: v.picklist(INJECT_STATES),
    version: Id,
    created_by: v.string(),
    created_at: v.string(),
  }),
);

export const TeamInjectSchema = named('TeamInject', 'An inject as a team sees it once it is open.', v.strictObject(teamInjectFields));

export const UploadFormSchema = named(
  'UploadForm',
  "A presigned POST: send `fields`, then the file as the last field, `file`, as multipart/form-data to `url`, before `expires_at`. The bucket takes only the declared type, 1 to `max_bytes` bytes, at `key`; then name `key` in the submission's `files`.",
  v.strictObject({
    key: v.string(),
    url: v.string(),
    fields: v.record(v.string(), v.string()),
    max_bytes: Count,
    expires_at: v.string(),
  }),
);

export const FileLinkSchema = named(
  'FileLink',
  'A short-lived link to a file: it downloads as an attachment (its Content-Disposition), until `expires_at`.',
  v.strictObject({ url: v.string(), name: v.string(), expires_at: v.string() }),
);

export const ExportJobSchema = named(
  'ExportJob',
  "An export of an inject's submissions as one ZIP in the bucket: every team's every version (`answer.md`, its files under `files/`) and an index (`submissions.csv`), written by a worker. Poll it (its `Location`) until `state` is `done` (then `url` downloads it until `expires_at`) or `failed` (`error` says why).",
  v.strictObject({
    id: Id,
    inject_id: Id,
    state: v.picklist(EXPORT_STATES),
    requested_by: v.string(),
    requested_at: v.string(),
    started_at: v.nullable(v.string()),
    finished_at: v.nullable(v.string()),
    submissions: v.pipe(Count, v.description('Versions in it.')),
    files: v.pipe(Count, v.description('Files in it, besides the answers (a file several versions name, once).')),
    key: v.nullable(v.string()),
    bytes: v.nullable(v.pipe(Count, v.description("The ZIP's size, once written."))),
    url: v.nullable(v.pipe(v.string(), v.description('Done: a link that downloads the ZIP, good for an hour from this answer.'))),
    expires_at: v.nullable(v.string()),
    error: v.nullable(v.string()),
  }),
);

export const SubmissionSchema = named(
  'Submission',
  "One version of a team's submission for an inject, kept whole.",
  v.strictObject({
    inject_id: Id,
    team_id: Id,
    version: v.pipe(Id, v.description('1 for the first, one more for each after it.')),
    text: v.pipe(v.string(), v.description('Markdown.')),
    files: v.pipe(v.array(StoredFileSchema), v.description('The files sent with it.')),
    submitted_at: v.string(),
    submitted_by: v.pipe(v.string(), v.description('The member whose session sent it.')),
    late_share: v.pipe(v.number(), v.description('What its grade will be worth: 1 until due_at, less after it (the late rule).')),
    revision_request: v.pipe(
      v.nullable(
        named(
          'RevisionRequest',
          "An organiser's request that the team revise this version: the team may send its revision until `until`, whatever the inject's close time, and it keeps this version's late share.",
          v.strictObject({ comment: v.string(), until: v.string(), requested_by: v.string(), requested_at: v.string() }),
        ),
      ),
      v.description('null: none asked.'),
    ),
  }),
);

const gradeShownFields = {
  inject_id: Id,
  n: v.pipe(Id, v.description('1 for the first grade, one more for each regrade (the old ones kept).')),
  submission_version: Id,
  scores: v.array(v.strictObject({ name: v.string(), points: Count, comment: v.string() })),
  comment: v.string(),
  points: v.pipe(Count, v.description('What the grader gave, before the late rule.')),
  late_share: v.number(),
  awarded: v.pipe(Count, v.description('What it is worth on the board: points × late_share, rounded.')),
  graded_at: v.string(),
};

export const SubmissionsPageSchema = named(
  'SubmissionsPage',
  "A page of an inject's submissions, team by team (by id), newest version first.",
  v.strictObject({
    items: v.array(SubmissionSchema),
    cursor: v.pipe(v.nullable(v.string()), v.description('Opaque: pass it as `?cursor=` for the next page; null on the last page.')),
  }),
);

export const GradeSchema = named(
  'Grade',
  "A grade of a team's submission, kept whole (a regrade is the next, the old one stays), with what it changed on the board.",
  v.strictObject({
    ...gradeShownFields,
    team_id: Id,
    award: v.pipe(v.number(), v.description("What it added to the team's points: awarded less the previous grade's.")),
    super_type_id: Id,
    graded_by: v.string(),
  }),
);

export const TeamGradeSchema = named('TeamGrade', "A team's latest grade of an inject, with the grader's comments.", v.strictObject(gradeShownFields));

export const AnnouncementSchema = named(
  'Announcement',
  "An organiser's message to every team or to one.",
  v.strictObject({
    id: Id,
    text: v.pipe(v.string(), v.description('Markdown.')),
    team_id: v.pipe(v.nullable(Id), v.description('The team it is for; null: every team.')),
    posted_by: v.string(),
    posted_at: v.string(),
  }),
);

const incidentGradeShownFields = {
  n: v.pipe(Id, v.description('1 for the first grade, one more for each regrade (the old ones kept).')),
  points: Count,
  comment: v.string(),
  graded_at: v.string(),
};

export const IncidentReportSchema = named(
  'IncidentReport',
  "A team's report of what the red team did, kept whole, with its latest grade.",
  v.strictObject({
    id: Id,
    team_id: Id,
    observed_at: v.string(),
    hosts: v.array(v.string()),
    description: v.pipe(v.string(), v.description('Markdown.')),
    files: v.pipe(v.array(StoredFileSchema), v.description('Its evidence.')),
    submitted_by: v.pipe(v.string(), v.description('The member whose session filed it.')),
    submitted_at: v.string(),
    finding_id: v.pipe(v.nullable(Id), v.description('The red team finding it answers, one the team was shown (null: none named).')),
    grade: v.pipe(
      v.nullable(named('IncidentGradeShown', "An incident report's latest grade, with the grader's comment.", v.strictObject(incidentGradeShownFields))),
      v.description('null: not graded yet.'),
    ),
  }),
);

export const IncidentGradeSchema = named(
  'IncidentGrade',
  'A grade of an incident report, kept whole (a regrade is the next, the old one stays), with what it changed on the board.',
  v.strictObject({
    incident_id: Id,
    team_id: Id,
    ...incidentGradeShownFields,
    award: v.pipe(v.number(), v.description("What it added to the team's points: its points less the previous grade's.")),
    max_award: v.pipe(
      Count,
      v.description("What it added to its super type's maximum: incident_report_max_points at a report's first grade (what it could earn), 0 at a regrade."),
    ),
    super_type_id: v.pipe(Id, v.description('Where its points go: the super type the settings named at its first grade.')),
    graded_by: v.string(),
  }),
);

export const FindingKindsSchema = named(
  'FindingKinds',
  "The organisers' table of finding kinds: what the red team may file, and what each takes off a team once approved.",
  v.strictObject({
    kinds: v.array(v.strictObject({ id: v.string(), name: v.string(), points: Count })),
  }),
);

const findingReviewFields = {
  n: v.pipe(Id, v.description('Which ruling it is (1: the first; higher: a second look).')),
  decision: v.picklist(FINDING_DECISIONS),
  points: v.pipe(Count, v.description('The points an approval gave it (0 otherwise).')),
  reason: v.string(),
  counted: v.pipe(v.boolean(), v.description('Whether it counts: an approved repeat (the same team, service and kind within the window) does not.')),
  repeat_of: v.pipe(v.nullable(Id), v.description('The counted finding an approved repeat repeats.')),
  reviewed_at: v.string(),
};

export const FindingSchema = named(
  'Finding',
  "A red team finding, kept whole, with the evidence added since and its latest ruling. Organisers' and the red team's read: never a team's.",
  v.strictObject({
    id: Id,
    team_id: Id,
    service_id: Id,
    kind: v.string(),
    kind_name: v.pipe(v.string(), v.description("The kind's name when it was filed.")),
    kind_points: v.pipe(Count, v.description("The kind's points when it was filed.")),
    done_at: v.string(),
    description: v.pipe(v.string(), v.description('Markdown.')),
    files: v.pipe(v.array(StoredFileSchema), v.description('Its evidence: download each with GET /red-team/files?key=…')),
    additions: v.array(
      v.strictObject({ note: v.pipe(v.string(), v.description('Markdown.')), files: v.array(StoredFileSchema), added_by: v.string(), added_at: v.string() }),
    ),
    filed_by: v.pipe(v.string(), v.description('The red team member whose session filed it (an organiser when filed with a token).')),
    filed_at: v.string(),
    state: v.picklist(FINDING_STATES),
    reviews: v.pipe(Count, v.description('How many rulings it has had: a review names it as `replaces` (null for 0).')),
    deducted: v.pipe(Count, v.description('What it takes off its team now.')),
    review: v.pipe(
      v.nullable(named('FindingReview', "A finding's latest ruling.", v.strictObject(findingReviewFields))),
      v.description('null: not reviewed yet.'),
    ),
  }),
);

export const FindingRulingSchema = named(
  'FindingRuling',
  'An organiser’s ruling on a finding, kept whole (a second look is the next, the old one stays), with what it changed on the board.',
  v.strictObject({
    finding_id: Id,
    team_id: Id,
    ...findingReviewFields,
    deducted: v.pipe(Count, v.description('What it takes off the team: its points when approved and counted, else 0.')),
    award: v.pipe(v.number(), v.description("What it changed on the team's points: minus its deduction, plus the one before it.")),
    super_type_id: v.pipe(Id, v.description('Where its points come off: the super type the settings named at its first ruling.')),
    reviewed_by: v.string(),
  }),
);

export const TeamFindingsSchema = named(
  'TeamFindings',
  'The red team findings approved against a team, as the team sees them: never who filed them, nor their evidence.',
  v.strictObject({
    visible: v.pipe(
      v.boolean(),
      v.description('Whether the settings show them now (`red_team_findings_shown`): when false, `findings` is empty until they do.'),
    ),
    findings: v.array(
      v.strictObject({
        id: Id,
        service_id: Id,
        kind: v.string(),
        kind_name: v.string(),
        done_at: v.string(),
        points: v.pipe(Count, v.description('What it took off the team (0: a repeat of one counted).')),
        description: v.pipe(v.nullable(v.string()), v.description("The red team's description (Markdown), when the settings show it.")),
      }),
    ),
  }),
);

const Role = v.picklist(['admin', 'service', 'agent']);

export const AuditActorSchema = named(
  'AuditActor',
  'Who made a change: a token (by its public id, never its secret), an IAM principal (its ARN), a signed-in member (account, team or null for the red team’s, the session’s public id), the command-line tool (the AWS identity of its credentials, or locally the OS user) or the service itself (`system`: the local server at start, tests).',
  v.variant('type', [
    v.strictObject({ type: v.literal('token'), name: v.string(), token_id: v.string(), role: Role }),
    v.strictObject({ type: v.literal('iam'), name: v.string(), arn: v.string(), role: Role }),
    v.strictObject({ type: v.literal('session'), name: v.string(), team_id: v.nullable(Id), session_id: v.string(), role: v.picklist(['team', 'red-team']) }),
    v.strictObject({ type: v.literal('cli'), name: v.string(), arn: v.optional(v.string()) }),
    v.strictObject({ type: v.literal('system'), name: v.string() }),
  ]),
);

export const AuditEntrySchema = named(
  'AuditEntry',
  'One recorded change, written in the same transaction as the change itself.',
  v.strictObject({
    id: v.pipe(v.string(), v.description('Unique; sorts by time.')),
    time: v.pipe(v.string(), v.isoTimestamp(), v.description('When the change was made (milliseconds, UTC).')),
    actor: AuditActorSchema,
    route: v.pipe(v.string(), v.description('The request (`PATCH /api/v1/settings/1`) or the command (`scoring token create`).')),
    request_id: v.pipe(v.nullable(v.string()), v.description("The request's id (in its logs); null for commands.")),
    action: v.pipe(
      v.string(),
      v.description('What kind of change: `settings.update`, `dns.create`, `adjustment.create`, `token.revoke`, `competition.finalise`…'),
    ),
    target: v.pipe(v.string(), v.description('What changed: `settings/1`, `dns/12`, `teams/3/adjustments/7`, `tokens/3f9a1c2b`…')),
    before: v.pipe(v.unknown(), v.description('The record before the change; null for a creation. Never a secret.')),
    after: v.pipe(v.unknown(), v.description('The record after the change; null for a removal. Never a secret.')),
  }),
);

export const AuditPageSchema = named(
  'AuditPage',
  'A page of the audit trail, newest first.',
  v.strictObject({
    items: v.array(AuditEntrySchema),
    cursor: v.pipe(v.nullable(v.string()), v.description('Opaque: pass it as `?cursor=` for the next page; null on the last page.')),
  }),
);

export const VoidJobSchema = named(
  'VoidJob',
  "A void (or unvoid) of results: its preview (each affected team's total before and after, recomputed from the history), then, once applied, its progress.",
  v.strictObject({
    preview_id: v.pipe(Id, v.description('Send it back with `"dry_run": false` to apply exactly this set.')),
    action: v.picklist(['void', 'unvoid']),
    filter: v.strictObject({ from: Time, to: Time, team_id: v.nullable(Id), subtype_id: v.nullable(Id) }),
    previewed_at: v.pipe(Time, v.description("The set is the filter's results received before this time (to the second): later results are never touched.")),
    count: v.pipe(Count, v.description('How many results the preview found to flip.')),
    teams: v.array(v.strictObject({ team_id: Id, total_before: Points, total_after: Points })),
    status: v.pipe(
      v.picklist(['previewed', 'running', 'done']),
      v.description('`previewed` until applied; `running` while the job flips the results; `done`.'),
    ),
    flipped: v.pipe(Count, v.description('Results the job has flipped so far.')),
    applied_at: v.nullable(v.pipe(v.string(), v.isoTimestamp())),
    finished_at: v.nullable(v.pipe(v.string(), v.isoTimestamp())),
  }),
);

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

export const TeamProfileSchema = named(
  'TeamProfile',
  "A team as an organiser edits it live (PATCH with this answer's ETag in `If-Match`).",
  v.strictObject({
    ...TeamSchema.entries,
    hidden: v.boolean(),
    version: v.pipe(Id, v.description('Moves with every edit (1 as loaded).')),
  }),
);

export const TokenSchema = named(
  'Token',
  'An API token as listed: its public id, never its secret or hash.',
  v.strictObject({
    token_id: v.pipe(v.string(), v.description('The public id: the 8 hex digits after `ccdc_` in the token.')),
    role: v.picklist(['admin', 'service', 'agent']),
    pool: v.pipe(v.nullable(v.string()), v.description('The pool an `agent` token works for; null for the other roles.')),
    name: v.string(),
    created_at: v.string(),
    expires_at: v.nullable(v.string()),
    revoked_at: v.nullable(v.string()),
  }),
);

export const CreatedTokenSchema = named(
  'CreatedToken',
  'A new token with its secret: the only answer that ever carries it (only its hash is stored). Hand it over; it cannot be read again.',
  v.strictObject({ ...TokenSchema.entries, token: v.string() }),
);

export const FinalisedSchema = named(
  'Finalised',
  'The competition is final: scan reports, adjustments, voids and scoring settings are refused from now on (409 `competition_final`).',
  v.strictObject({
    final: v.strictObject({ at: Time, by: v.string() }),
    already: v.pipe(v.boolean(), v.description('It was final before this request (nothing changed).')),
  }),
);

const AgentHealthSchema = named(
  'AgentHealth',
  'An agent of a pool as its last heartbeat left it: alive while that is younger than two rounds and half a minute.',
  v.strictObject({
    agent: v.string(),
    version: v.string(),
    host: v.string(),
    round: v.nullable(v.string()),
    round_started_at: v.nullable(v.string()),
    round_finished_at: v.nullable(v.string()),
    checks: Count,
    failed_team: Count,
    failed_agent: Count,
    last_seen: Time,
    alive: v.boolean(),
  }),
);

export const PoolSchema = named(
  'Pool',
  'Where services are checked from: `cloud` (the Lambda agent, the default) or a pool of agents the organisers run on a range. A service is checked from the pool that names it, else the one that names its team, else its subtype, else `cloud`.',
  v.strictObject({
    name: v.string(),
    description: v.string(),
    subtypes: v.array(Id),
    teams: v.array(Id),
    services: v.array(Id),
    checks: v.pipe(v.array(Id), v.description('The services it checks, as the rules place them now (disabled ones left out), in id order.')),
    agents: v.pipe(
      v.array(AgentHealthSchema),
      v.description(
        "Its agents as their heartbeats say (a week after the last). None alive: its services go unchecked (the cloud pool's Lambda agent sends them too).",
      ),
    ),
  }),
);

export const OverviewSchema = named(
  'Overview',
  "The event at a glance, for the console's first view: the scoring window, the round, services by state per check, each pool's agents, what waits for an organiser and the fold's lag. It reads a few small items; poll it with If-None-Match (304 while nothing it shows changed).",
  v.strictObject({
    window: v.pipe(
      v.picklist(WINDOW_STATES),
      v.description('`before` the start, `running`, `paused` (scoring off), `frozen` (running, the public board frozen) or `ended`.'),
    ),
    round: v.strictObject({ seconds: Count, started_at: Time, next_at: Time }),
    checks: v.pipe(
      v.array(v.strictObject({ subtype_id: Id, name: v.string(), up: Count, down: Count, unscanned: Count })),
      v.description("Each check's enabled services by state, as the status view shows them, hidden teams' too."),
    ),
    pools: v.array(
      v.strictObject({
        name: v.string(),
        services: v.pipe(Count, v.description('How many services it checks now.')),
        agents: v.array(v.strictObject({ agent: v.string(), alive: v.boolean(), last_seen: Time })),
      }),
    ),
    waiting: v.pipe(
      v.strictObject({ password_changes: Count, answers: Count, incident_reports: Count, findings: Count }),
      v.description(
        "Password changes to decide, answers to grade (a team's latest version, no revision asked), incident reports never graded, findings to review.",
      ),
    ),
    fold: v.pipe(
      v.nullable(v.strictObject({ lag_seconds: v.number(), measured_at: Time })),
      v.description('How old the oldest result of its last batch was when the stream consumer had folded it (null before any).'),
    ),
  }),
);

export const ClaimSchema = named(
  'Claim',
  "A slice of a pool's round for an agent to check (`slice` of `of`: the services whose id is `slice` modulo `of`), its own until `lease_until`; or none now (`slice` null): ask again at `retry_at`, or, when that is null too, every slice is done.",
  v.strictObject({
    round: Time,
    of: Count,
    slice: v.nullable(Count),
    lease_until: v.nullable(Time),
    retry_at: v.nullable(Time),
  }),
);

export const MailTokensSchema = named(
  'MailTokens',
  "The mail checks' tokens of the scan ids asked, by scan id: an HMAC of each under a key no agent or team holds, the same whichever agent asks.",
  v.strictObject({ tokens: v.record(v.string(), v.string()) }),
);
