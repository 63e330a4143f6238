import * as v from 'valibot';
import { SAMPLE_SECONDS } from '#shared/domain/history';
import { STATUS_DELTA_WINDOW_MS, STATUS_GRID_MS } from '#shared/domain/scoring/status-view';
import { FAILURE_CATEGORIES, FAILURE_CATEGORY_MEANINGS, type FailureCategory } from '#shared/domain/scoring/failure';
import { MAX_ATTACHMENTS, MAX_BYTES_PER_SUBMISSION, MAX_FILES_PER_SUBMISSION, UPLOAD_CONTENT_TYPES, type UploadContentType } from '#shared/domain/files';
import { BoundedInt, FreeText, MultilineText, PasswordText, PositiveInt, PositiveIntParam, Timestamp } from '#shared/validation';
import { INJECT_STATES } from '#shared/domain/injects';
import { AccountsSchema, UsernameSchema } from '#shared/domain/accounts';
import { MAX_CHANGES, PASSWORD_CHANGE_STATES } from '#shared/domain/password-changes';
import { HostNameSchema, RelativeHostNameSchema } from '#shared/domain/hostnames';
import { LogoUrl, TeamName } from '#shared/domain/names';
import { POOL_NAME_PATTERN } from '#shared/domain/pools';
import { AGENT_NAME_PATTERN } from '#shared/domain/agents';
import { SESSION_ROLES } from '#shared/domain/roles';
import { FINDING_DECISIONS, FINDING_KIND_ID_PATTERN, FINDING_STATES, FindingKindsSchema, FindingPoints } from '#shared/domain/findings';

/**
 * Request bodies and queries the route table names (the handlers validate
 * with them and the OpenAPI description shows them). Schemas that belong to
 * a domain (DNS records, settings) stay in functions/shared/domain.
 */

export const ServiceFilters = v.object({
  team: v.optional(v.pipe(PositiveIntParam, v.description("The team's number, not its id."))),
  subtype_id: v.optional(v.pipe(PositiveIntParam, v.description('The subtype id.'))),
});

/** Agent-chosen: a UUID, `round12-http`, an ISO time... Safe in a sort key, bounded. */
const ScanId = v.pipe(
  v.string(),
  v.regex(/^[A-Za-z0-9._:-]{1,128}$/, 'must be 1–128 characters: letters, digits, ".", "_", ":" or "-"'),
  v.description('Chosen by the agent, one per result: a UUID, `round12-http`, an ISO time... Sending the same report again is safe.'),
);

const SCAN_ERROR_MAX = 1000;
const reportFields = {
  scan_id: ScanId,
  status: v.optional(v.literal('started', 'must be "started" (a result has score and error instead)')),
  score: v.optional(BoundedInt(0)),
  error: v.optional(v.nullable(FreeText(SCAN_ERROR_MAX))),
  category: v.optional(
    v.nullable(
      v.pipe(
        v.picklist(FAILURE_CATEGORIES, `must be one of: ${FAILURE_CATEGORIES.join(', ')}`),
        v.description(`What kind of failure \`error\` describes: ${FAILURE_CATEGORIES.map((c) => `\`${c}\` (${FAILURE_CATEGORY_MEANINGS[c]})`).join('; ')}.`),
      ),
    ),
  ),
  /** When the check ran (RFC 3339, UTC); absent: when the result arrives. */
  time: v.optional(
    v.pipe(
      Timestamp,
      v.description(
        "When the check ran (RFC 3339, UTC): at most 2 minutes ahead of the server's clock, and a time later than the result's arrival is kept as its arrival (an agent's clock running ahead); without it, when the result arrives.",
      ),
    ),
  ),
};

type ReportFields = { scan_id: string; status?: 'started'; score?: number; error?: string | null; category?: FailureCategory | null; time?: string };

const reportRules = <T extends ReportFields>() =>
  [
    v.check<T, string>(
      (b) => (b.status === undefined) !== (b.score === undefined && b.error === undefined && b.category === undefined && b.time === undefined),
      'send either {"scan_id", "status": "started"} or a result {"scan_id", "score", "error", "category"?, "time"?}',
    ),
    v.check<T, string>(
      (b) => (b.category ?? null) === null || (b.error ?? null) !== null,
      'a category goes with an error: it says what kind of failure the error is',
    ),
    v.check<T, string>((b) => b.status !== undefined || b.score !== undefined, 'a result needs a score'),
  ] as const;

export type ScanReportInput =
  | { kind: 'started'; scan_id: string }
  | { kind: 'result'; scan_id: string; score: number; error: string | null; category: FailureCategory | null; time?: string };

const toInput = (b: ReportFields): ScanReportInput =>
  b.status === 'started'
    ? { kind: 'started', scan_id: b.scan_id }
    : { kind: 'result', scan_id: b.scan_id, score: b.score ?? 0, error: b.error ?? null, category: b.category ?? null, ...(b.time ? { time: b.time } : {}) };

/** `{scan_id, status: "started"}` or `{scan_id, score, error, time?}`; nothing else. */
export const ScanReportBody = v.pipe(
  v.strictObject(reportFields),
  v.description('Either `{"scan_id", "status": "started"}` or a result `{"scan_id", "score", "error", "category"?, "time"?}`.'),
  ...reportRules<ReportFields>(),
  v.transform(toInput),
);

/** One report of a batch: the same, with the service it is about. */
export const BatchReport = v.pipe(
  v.strictObject({ service_id: PositiveInt, ...reportFields }),
  ...reportRules<ReportFields & { service_id: number }>(),
  v.transform((b) => ({ serviceId: b.service_id, report: toInput(b) })),
);

/** At most this many reports in one POST /scans (a 64 KiB body holds about that many). */
export const BATCH_REPORTS_MAX = 100;
export const ScanReportBatchBody = v.pipe(
  v.array(
    v.pipe(
      v.unknown(),
      v.description(
        'A report with the service it is about: `{"service_id", "scan_id", "status": "started"}` or `{"service_id", "scan_id", "score", "error", "category"?, "time"?}`. Each is validated and answered on its own.',
      ),
      // Validated one by one in the handler (a bad report fails alone); described, and so typed in the client, as BatchReport.
      v.metadata({ describedBy: BatchReport }),
    ),
    'must be an array of reports',
  ),
  v.maxLength(BATCH_REPORTS_MAX, `must hold at most ${BATCH_REPORTS_MAX} reports`),
);

/** Large enough for any real inject or penalty; small enough that a typo cannot swamp a scoreboard. */
export const ADJUSTMENT_POINTS_MAX = 1_000_000;

export const AdjustmentBody = v.strictObject({
  super_type_id: PositiveInt,
  points: v.pipe(
    v.number('must be a number'),
    v.integer('must be an integer'),
    v.check((n) => n !== 0, 'must not be 0'),
    v.minValue(-ADJUSTMENT_POINTS_MAX, `must be at least ${-ADJUSTMENT_POINTS_MAX}`),
    v.maxValue(ADJUSTMENT_POINTS_MAX, `must be at most ${ADJUSTMENT_POINTS_MAX}`),
  ),
  reason: FreeText(500),
});

export const ScoreHistoryQuery = v.object({
  /**
   * The last sample time the caller has. Only sample boundaries are accepted,
   * so every up-to-date viewer asks the same URL and shares one CDN entry.
   */
  since: v.optional(
    v.pipe(
      Timestamp,
      v.check((time) => Date.parse(time) % (SAMPLE_SECONDS * 1000) === 0, 'must be a sample time (a whole minute) from an earlier answer'),
    ),
  ),
});

/** A page of a service's check history: how many results, and where to resume. */
export const SERVICE_SCANS_DEFAULT_LIMIT = 100;
export const SERVICE_SCANS_MAX_LIMIT = 500;
export const ServiceStatusQuery = v.object({
  since: v.optional(
    v.pipe(
      Timestamp,
      v.description(
        `The \`as_of\` of your last answer: only the cells that changed after it. Answered as a delta only for a point of the ${STATUS_GRID_MS / 1000} s grid \`as_of\` falls on, within the last ${STATUS_DELTA_WINDOW_MS / 60_000} minutes and after the competition was last loaded; any other gets the whole view (\`full\`: true).`,
      ),
    ),
  ),
});

/**
 * A paged list's query fields: how many of `what` a page holds (a whole
 * number from 1 to `max`, `fallback` when left out) and the cursor it
 * resumes at. Every paged route's query spreads them.
 */
function pageQuery(what: string, max: number, fallback: number, note = '') {
  const range = `must be a whole number from 1 to ${max}`;
  return {
    limit: v.optional(
      v.pipe(
        v.string(),
        v.regex(/^[1-9]\d{0,2}$/, range),
        v.transform(Number),
        v.maxValue(max, range),
        v.description(`How many ${what}, 1–${max} (default ${fallback})${note}.`),
      ),
      String(fallback),
    ),
    cursor: v.optional(v.pipe(v.string(), v.maxLength(1024, 'is not a cursor this API hands out'), v.description('The `cursor` of the previous page.'))),
  };
}

export const ServiceScansQuery = v.object(pageQuery('results', SERVICE_SCANS_MAX_LIMIT, SERVICE_SCANS_DEFAULT_LIMIT));

/** A page of the audit trail: how many entries, and where to resume. */
export const AuditQuery = v.object({
  ...pageQuery('entries', SERVICE_SCANS_MAX_LIMIT, SERVICE_SCANS_DEFAULT_LIMIT),
  target: v.optional(
    v.pipe(
      v.string(),
      v.regex(/^[a-z][a-z-]*(\/[A-Za-z0-9._-]+)*$/, 'must be a target such as teams/3 or services/12'),
      v.maxLength(200),
      v.description('Only changes of this target and its parts: `teams/3` also matches `teams/3/adjustments/7`.'),
    ),
  ),
  action: v.optional(
    v.pipe(
      v.string(),
      v.regex(/^[a-z][a-z.-]*$/, 'must be an action such as team.update, or its kind such as team.'),
      v.maxLength(64),
      v.description('Only this action, or every action of a kind when it ends in `.` (`team.` for `team.create`, `team.update`…).'),
    ),
  ),
});

/**
 * A void or unvoid: the filter (check time range, optional team and subtype)
 * and whether to preview it (the default) or apply a preview.
 */
export const VoidBody = v.pipe(
  v.strictObject({
    from: v.pipe(Timestamp, v.description('Results checked at or after this time (RFC 3339, UTC).')),
    to: v.pipe(Timestamp, v.description('…and before this time.')),
    team_id: v.optional(v.pipe(PositiveInt, v.description("Only this team's results (its id)."))),
    subtype_id: v.optional(v.pipe(PositiveInt, v.description("Only this subtype's results."))),
    dry_run: v.optional(
      v.pipe(v.boolean('must be true or false'), v.description('True (the default): only preview. False: apply the preview named by `preview_id`.')),
      true,
    ),
    preview_id: v.optional(v.pipe(PositiveInt, v.description('The preview to apply (with `"dry_run": false`).'))),
  }),
  v.check((b) => b.from < b.to, '`from` must be before `to`'),
  v.check((b) => b.dry_run || b.preview_id !== undefined, 'applying (`"dry_run": false`) needs the `preview_id` of a preview'),
  v.transform((b) => ({
    filter: { from: b.from, to: b.to, team_id: b.team_id ?? null, subtype_id: b.subtype_id ?? null },
    dry_run: b.dry_run,
    preview_id: b.preview_id ?? null,
  })),
);

/** A team member's sign-in name: what they type, compared in lower case. Unique across teams. */
export const TeamAccountName = v.pipe(
  v.string(),
  v.trim(),
  v.toLowerCase(),
  v.regex(/^[a-z0-9][a-z0-9._-]{0,63}$/, 'must be 1–64 letters, digits, ".", "_" or "-", starting with a letter or digit'),
  v.description('1–64 letters, digits, `.`, `_` or `-`; compared in lower case.'),
);

export const SignInBody = v.strictObject({
  name: TeamAccountName,
  password: PasswordText(256),
});

export const TeamAccountBody = v.pipe(
  v.strictObject({
    role: v.optional(
      v.pipe(
        v.picklist(SESSION_ROLES, `must be one of: ${SESSION_ROLES.join(', ')}`),
        v.description('`team` (the default): a blue team member, of the team `team_id` names; `red-team`: a red team member, of no team.'),
      ),
      'team',
    ),
    team_id: v.optional(v.pipe(PositiveInt, v.description('The team (its id) whose member this is; absent for a red team member.'))),
    name: TeamAccountName,
  }),
  v.forward(
    v.check((body) => (body.role === 'red-team') === (body.team_id === undefined), "a team member's account names its team; a red team member's names none"),
    ['team_id'],
  ),
);

export const TeamAccountsQuery = v.object({
  team_id: v.optional(v.pipe(PositiveIntParam, v.description("Only this team's accounts (its id)."))),
});

/** A page of one of the team's services' history, with the full reasons. */
export const TeamScansQuery = v.object({
  service_id: v.pipe(PositiveIntParam, v.description("The service, one of the team's own.")),
  ...ServiceScansQuery.entries,
});

/** One account a team changed the password of: the service by id or by its subtype's name, the user, the new password. */
export const PasswordChangeRow = v.strictObject({
  service: v.pipe(
    v.union([PositiveInt, v.pipe(v.string(), v.trim(), v.minLength(1, 'must not be empty'), v.maxLength(64))], 'must be a service id or its subtype’s name'),
    v.description('The service: its id, or its subtype’s name (`SSH`), one of the team’s own.'),
  ),
  username: UsernameSchema,
  password: v.pipe(PasswordText(256), v.description('The new password (never shown again, nor stored in the clear).')),
});

export const PASSWORD_LIST_MAX = 32_000;

export const PasswordChangeBody = v.pipe(
  v.strictObject({
    changes: v.optional(
      v.pipe(v.array(PasswordChangeRow), v.minLength(1, 'must hold at least one change'), v.maxLength(MAX_CHANGES, `must hold at most ${MAX_CHANGES} changes`)),
    ),
    list: v.optional(
      v.pipe(
        v.string(),
        v.maxLength(PASSWORD_LIST_MAX),
        v.description('A pasted list instead: `service,username,password` per line, RFC 4180 quoting (a header line is skipped).'),
      ),
    ),
  }),
  v.check((b) => (b.changes === undefined) !== (b.list === undefined), 'send either `changes` or a pasted `list`, not both'),
);

export const PasswordChangesQuery = v.object({
  state: v.optional(v.pipe(v.picklist(PASSWORD_CHANGE_STATES, `must be ${PASSWORD_CHANGE_STATES.join(', ')}`), v.description('Only requests in this state.'))),
});

export const RejectPasswordChangeBody = v.strictObject({
  reason: v.pipe(FreeText(500), v.description('Why: the team reads it in its history.')),
});

export const ResetAccountBody = v.strictObject({
  username: v.pipe(UsernameSchema, v.description('The user to set back to its default secret (a user a request added is removed).')),
});

/** "Check now": the service a dry run checks. */
export const CheckNowBody = v.strictObject({
  service_id: v.pipe(PositiveInt, v.description("The service to check: one of the team's own.")),
});

/** The agent moves a job on: it takes it (`running`), then reports its outcome (`done`). */
export const CheckJobUpdateBody = v.variant(
  'state',
  [
    v.strictObject({ state: v.literal('running') }),
    v.strictObject({
      state: v.literal('done'),
      passed: v.boolean(),
      reason: v.pipe(v.nullable(FreeText(SCAN_ERROR_MAX)), v.description('Why it failed, in full (secrets redacted); null when it passed.')),
      category: v.nullable(v.picklist(FAILURE_CATEGORIES, `must be one of: ${FAILURE_CATEGORIES.join(', ')}`)),
      checked_at: v.pipe(Timestamp, v.description('When the check began.')),
    }),
  ],
  'must have a `state`: running or done',
);

export const CheckAccountsQuery = v.object({
  service_id: v.optional(v.pipe(PositiveIntParam, v.description("Only this service's accounts (a dry run of its check)."))),
});

/** A live edit of a service: where its check goes (each field optional, at least one). */
export const ServiceUpdateBody = v.pipe(
  v.strictObject({
    url: v.optional(v.pipe(v.string(), v.maxLength(253), HostNameSchema, v.description('The host its check connects to (a name, or an IPv4 address).'))),
    port: v.optional(v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(65535), v.description('The port its check connects to.'))),
    max_score: v.optional(
      v.pipe(PositiveInt, v.description('What a pass earns from the next result on: results already recorded keep what they earned and counted.')),
    ),
    enabled: v.optional(
      v.pipe(
        v.boolean(),
        v.description(
          "false disables it: no round checks it, no list shows it, its status leaves its team's counts; what it earned stays. true enables it again.",
        ),
      ),
    ),
  }),
  v.check(
    (b) => b.url !== undefined || b.port !== undefined || b.max_score !== undefined || b.enabled !== undefined,
    'send `url`, `port`, `max_score`, `enabled` or some of them',
  ),
);

/** A team added during the event: the fields a competition file gives a team, without services (add them with POST /services). */
export const TeamCreateBody = v.strictObject({
  number: v.pipe(PositiveInt, v.description("The team's number: new, and an octet of its addresses when the DNS address template uses it.")),
  name: v.pipe(TeamName, v.description('Its name, as the scoreboard shows it: new.')),
  logo: v.optional(v.pipe(LogoUrl, v.description('An http(s) URL, or empty for none.')), ''),
  team_url: v.pipe(RelativeHostNameSchema, v.description("Its DNS zone's name (new): its records and zone file live under it.")),
  guest_division: v.optional(v.boolean(), false),
  hidden: v.optional(v.pipe(v.boolean(), v.description('Create it hidden, and show it when it is ready (PATCH /teams/{id}).')), false),
});

/** A service added to a team during the event. */
export const ServiceCreateBody = v.strictObject({
  team_id: v.pipe(PositiveInt, v.description('The team it belongs to.')),
  subtype_id: v.pipe(PositiveInt, v.description('Its subtype: what it is worth and how the agent checks it.')),
  url: v.pipe(v.string(), v.maxLength(253), HostNameSchema, v.description('The host its check connects to (a name, or an IPv4 address).')),
  port: v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(65535), v.description('The port its check connects to.')),
  max_score: v.optional(v.pipe(PositiveInt, v.description("Its points per passed check, instead of its subtype's."))),
  accounts: v.optional(v.pipe(AccountsSchema, v.description('The accounts its login check signs in with (sealed at once; never shown again).'))),
});

/** A live edit of a team (each field optional, at least one): hiding is how a team with results goes away. */
export const TeamUpdateBody = v.pipe(
  v.strictObject({
    name: v.optional(v.pipe(TeamName, v.description("Its name, as the scoreboard shows it: no other team's (compared trimmed, in any case)."))),
    logo: v.optional(v.pipe(LogoUrl, v.description('An http(s) URL, or empty for none.'))),
    guest_division: v.optional(v.boolean()),
    hidden: v.optional(v.pipe(v.boolean(), v.description('Hidden: out of the public lists, the scoreboard and the status view (its results stay).'))),
    team_url: v.optional(
      v.pipe(
        RelativeHostNameSchema,
        v.description(
          "Its DNS zone's name (no other team's): its records, relative to it, move with it; its services' host names do not (move them with PATCH /services/{id}).",
        ),
      ),
    ),
  }),
  v.check((b) => Object.values(b).some((value) => value !== undefined), 'send at least one of `name`, `logo`, `guest_division`, `hidden`, `team_url`'),
);

/** A subtype renamed or given other points: its services follow (those with points of their own keep them). */
export const SubtypeUpdateBody = v.pipe(
  v.strictObject({
    name: v.optional(v.pipe(FreeText(100), v.description('Its name, as every service of it shows it.'))),
    max_score: v.optional(
      v.pipe(
        PositiveInt,
        v.description(
          "What a pass earns, from each service's next result on: its services with the subtype's points follow; one with points of its own keeps them.",
        ),
      ),
    ),
  }),
  v.check((b) => b.name !== undefined || b.max_score !== undefined, 'send `name`, `max_score` or both'),
);

/** A super type added during the event. */
export const SuperTypeCreateBody = v.strictObject({
  id: v.optional(v.pipe(PositiveInt, v.description('Its id (new); the next free one when left out.'))),
  name: v.pipe(FreeText(100), v.description('Its name (new), as every scorecard shows it.')),
});

/** A super type renamed. */
export const SuperTypeUpdateBody = v.strictObject({ name: v.pipe(FreeText(100), v.description('Its name (new), as every scorecard shows it.')) });

/** A key of the files bucket, as an upload form gave it. */
const FileKey = v.pipe(
  v.string('must be a string'),
  v.regex(/^[A-Za-z0-9._/-]{1,300}$/, 'must be a key an upload form gave (letters, digits, . _ - and /)'),
  v.check((key) => !/(^|\/)\.{0,2}(\/|$)/.test(key), 'must not have empty, . or .. segments'),
  v.description('The key an upload form gave (POST /team/{id}/uploads).'),
);

const InjectTitle = v.pipe(FreeText(200), v.description('Its title, as teams see it.'));
const InjectText = v.pipe(MultilineText(20_000), v.description('What the team is asked to do, in Markdown (pages render it without raw HTML).'));
const RubricItemBody = v.strictObject({
  name: v.pipe(FreeText(200), v.description('What is looked for.')),
  points: v.pipe(PositiveInt, v.description('What it is worth.')),
});
const injectFields = {
  title: InjectTitle,
  text: InjectText,
  super_type_id: v.pipe(PositiveInt, v.description('The super type its grades count in (a scorecard column, such as Injects).')),
  open_at: v.pipe(Timestamp, v.description('From when teams see it.')),
  due_at: v.pipe(Timestamp, v.description('When it is due: a submission until then earns all of its grade.')),
  close_at: v.pipe(Timestamp, v.description('Until when a late submission is taken (due_at, or left out: none is; after it every submission is refused).')),
  late_penalty_percent_per_hour: v.pipe(
    BoundedInt(0, 100),
    v.description("Of a late submission's grade, the share lost for each hour or part of one after due_at (0: none), never below 0."),
  ),
  points: v.pipe(PositiveInt, v.description('What a full grade earns.')),
  rubric: v.pipe(
    v.array(RubricItemBody),
    v.maxLength(50),
    v.description("What it is graded by: items whose points add up to the inject's (none: graded as a whole)."),
  ),
};

/** An inject an organiser writes: a draft, published with PATCH. */
export const InjectCreateBody = v.strictObject({
  ...injectFields,
  close_at: v.optional(injectFields.close_at),
  late_penalty_percent_per_hour: v.optional(injectFields.late_penalty_percent_per_hour, 0),
  rubric: v.optional(injectFields.rubric, []),
});

/** An inject edited: any of its fields, and its state (forward only: draft, published, retired). */
export const InjectUpdateBody = v.pipe(
  v.strictObject({
    title: v.optional(injectFields.title),
    text: v.optional(injectFields.text),
    super_type_id: v.optional(injectFields.super_type_id),
    open_at: v.optional(injectFields.open_at),
    due_at: v.optional(injectFields.due_at),
    close_at: v.optional(injectFields.close_at),
    late_penalty_percent_per_hour: v.optional(injectFields.late_penalty_percent_per_hour),
    points: v.optional(injectFields.points),
    rubric: v.optional(injectFields.rubric),
    attachments: v.optional(
      v.pipe(
        v.array(FileKey),
        v.maxLength(MAX_ATTACHMENTS, `must name at most ${MAX_ATTACHMENTS} files`),
        v.description(
          'Its attachments, all of them (the list replaces the one before): keys of uploads for this inject (POST /injects/{id}/uploads), each kept as a copy of its own, or the keys of the attachments it has. Teams download them once it is open.',
        ),
      ),
    ),
    state: v.optional(
      v.pipe(v.picklist(INJECT_STATES), v.description('published: teams see it from open_at; retired: nobody but organisers (its grades stay).')),
    ),
  }),
  v.check((b) => Object.keys(b).length > 0, 'send at least one field'),
);

/** A team's submission for an inject: a new version, kept with the others. */
export const SubmissionBody = v.strictObject({
  inject_id: v.pipe(PositiveInt, v.description('The inject it answers (one the team sees, not closed).')),
  text: v.pipe(MultilineText(50_000), v.description('The answer, in Markdown.')),
  files: v.optional(
    v.pipe(
      v.array(FileKey),
      v.maxLength(MAX_FILES_PER_SUBMISSION, `must name at most ${MAX_FILES_PER_SUBMISSION} files`),
      v.description(
        `Files uploaded for it first (at most ${MAX_FILES_PER_SUBMISSION}, ${MAX_BYTES_PER_SUBMISSION} bytes together): their upload forms' keys, or a file an earlier version keeps (its key). Each upload must be in the bucket, within the size and of an allowed type; the version keeps a copy of its own, which a form posted again never reaches.`,
      ),
    ),
    [],
  ),
});

const uploadedFile = {
  file_name: v.pipe(FreeText(255), v.description('Its name (made safe: letters, digits, . _ -; at most 100 characters).')),
  content_type: v.pipe(
    v.picklist(Object.keys(UPLOAD_CONTENT_TYPES) as UploadContentType[], `must be one of ${Object.keys(UPLOAD_CONTENT_TYPES).join(', ')}`),
    v.description('Its type, declared: the form allows only that one.'),
  ),
};

/** An upload form asked for by a team: one file of an answer to an inject, or of an incident report's evidence. */
export const UploadBody = v.variant(
  'for',
  [
    v.strictObject({
      for: v.pipe(v.literal('inject'), v.description('A file of an answer to an inject (then name it in the submission).')),
      inject_id: v.pipe(PositiveInt, v.description('The inject the file answers (one the team may still send for).')),
      ...uploadedFile,
    }),
    v.strictObject({
      for: v.pipe(v.literal('incident'), v.description("Evidence for an incident report (then name it in the report's files).")),
      ...uploadedFile,
    }),
  ],
  'must say what the file is for: "inject" (with inject_id) or "incident"',
);

/** An upload form asked for by an organiser: one attachment of an inject. */
export const AttachmentUploadBody = v.strictObject(uploadedFile);

/** Which file to download. */
export const FileQuery = v.object({
  key: v.pipe(FileKey, v.description("The file's key, as a submission lists it.")),
});

/** A grade of a team's submission for an inject (or a regrade: `replaces` names the grade it follows). */
export const GradeBody = v.strictObject({
  team_id: v.pipe(PositiveInt, v.description("The team's id.")),
  submission_version: v.pipe(PositiveInt, v.description('The version of its submission graded.')),
  scores: v.optional(
    v.pipe(
      v.array(
        v.strictObject({
          name: v.pipe(FreeText(200), v.description('The rubric item.')),
          points: v.pipe(BoundedInt(0), v.description('Its score: at most the points the item is worth.')),
          comment: v.optional(v.pipe(MultilineText(5000), v.description('Why, for the team.'))),
        }),
      ),
      v.maxLength(50),
      v.description('With a rubric: a score for each of its items.'),
    ),
  ),
  points: v.optional(v.pipe(BoundedInt(0), v.description("Without a rubric: the points given, at most the inject's."))),
  comment: v.optional(v.pipe(MultilineText(10_000), v.description('For the team, on the whole.'))),
  replaces: v.pipe(
    v.nullable(PositiveInt),
    v.description("The grade this one follows, as last read (null: the team's first for this inject); another grader's since is 409 `grade_changed`."),
  ),
  override_final: v.optional(
    v.pipe(
      v.boolean(),
      v.description(
        'Grade although the results are final (as `load --override-final` replaces them): the audit entry says so. Without it, 409 `competition_final`.',
      ),
    ),
  ),
});

/** An organiser asks a team to revise its latest version. */
export const RevisionRequestBody = v.strictObject({
  team_id: v.pipe(PositiveInt, v.description("The team's id.")),
  submission_version: v.pipe(PositiveInt, v.description("The version to revise: the team's latest.")),
  comment: v.pipe(MultilineText(10_000), v.description('What to revise, for the team (Markdown).')),
  until: v.optional(
    v.pipe(Timestamp, v.description("Until when the team may send its revision, even past the inject's close time; by default its close time.")),
  ),
});

/** An organiser's announcement, to every team or one. */
export const AnnouncementBody = v.strictObject({
  text: v.pipe(MultilineText(10_000), v.minLength(1, 'must not be empty'), v.description('The message (Markdown).')),
  team_id: v.optional(v.pipe(v.nullable(PositiveInt), v.description('The team it is for; null or left out: every team.'))),
});

/** A team's report of an incident. */
/** Evidence uploaded first, named by the keys its upload forms gave (`through`); what names it (`keeper`) keeps a copy of each. */
function evidenceKeys(through: string, keeper: string) {
  return v.pipe(
    v.array(FileKey),
    v.maxLength(MAX_FILES_PER_SUBMISSION, `must name at most ${MAX_FILES_PER_SUBMISSION} files`),
    v.description(
      `Evidence uploaded first (at most ${MAX_FILES_PER_SUBMISSION}, ${MAX_BYTES_PER_SUBMISSION} bytes together; ${through}): their keys. ${keeper} keeps a copy of each.`,
    ),
  );
}

export const IncidentReportBody = v.strictObject({
  observed_at: v.pipe(Timestamp, v.description('When the team saw it happen.')),
  hosts: v.pipe(
    v.array(v.pipe(FreeText(255), v.minLength(1, 'must not be empty'))),
    v.minLength(1, 'names at least one host'),
    v.maxLength(50),
    v.description("The team's hosts it touched, as the team names them (a name or an address)."),
  ),
  description: v.pipe(MultilineText(50_000), v.minLength(1, 'must not be empty'), v.description('What was done, and what the team did about it (Markdown).')),
  files: v.optional(evidenceKeys('upload forms "for": "incident"', 'The report'), []),
  finding_id: v.optional(
    v.pipe(PositiveInt, v.description('The red team finding it answers: one approved against the team that it is shown (GET /team/{id}/findings).')),
  ),
});

/** A grade of an incident report (or a regrade: `replaces` names the grade it follows). */
export const IncidentGradeBody = v.strictObject({
  points: v.pipe(BoundedInt(0), v.description("The points given, at most the settings' incident_report_max_points.")),
  comment: v.optional(v.pipe(MultilineText(10_000), v.description('For the team.'))),
  replaces: v.pipe(
    v.nullable(PositiveInt),
    v.description("The grade this one follows, as last read (null: the report's first); another grader's since is 409 `grade_changed`."),
  ),
  override_final: v.optional(
    v.pipe(v.boolean(), v.description('Grade although the results are final: the audit entry says so. Without it, 409 `competition_final`.')),
  ),
});

/** Every team's incident reports, or the grading queue. */
export const IncidentsQuery = v.object({
  state: v.optional(v.pipe(v.picklist(['ungraded'], 'must be ungraded'), v.description('The grading queue: the reports no grade is of yet.'))),
});

export const SUBMISSIONS_MAX_LIMIT = 25;
export const SUBMISSIONS_DEFAULT_LIMIT = 10;

/** Which inject's submissions: all, or the grading queue; a page at a time. */
export const SubmissionsQuery = v.object({
  inject_id: v.pipe(PositiveIntParam, v.description("The inject's id.")),
  state: v.optional(
    v.pipe(
      v.picklist(['ungraded'], 'must be ungraded'),
      v.description("The grading queue: each team's latest version, when no grade is of it (never graded, or sent again since)."),
    ),
  ),
  ...pageQuery('versions a page holds', SUBMISSIONS_MAX_LIMIT, SUBMISSIONS_DEFAULT_LIMIT, ': each may be 50 000 characters'),
});

/** A team's submissions, all or one inject's. */
export const TeamSubmissionsQuery = v.object({
  inject_id: v.optional(v.pipe(PositiveIntParam, v.description("Only this inject's."))),
});

/** How far ahead a token minted through the API may expire (the command line may mint one that never does). */
export const TOKEN_MAX_DAYS = 90;

/** A token minted through the API: its expiry is mandatory. */
export const TokenCreateBody = v.pipe(
  v.strictObject({
    role: v.pipe(
      v.picklist(['admin', 'service', 'agent'], 'must be admin, service or agent'),
      v.description(
        "`admin`: organisers; `service`: scoring agents of every pool, which may also change the settings and DNS records; `agent`: one pool's scoring agent (give `pool`).",
      ),
    ),
    pool: v.optional(
      v.pipe(
        v.string(),
        v.regex(new RegExp(POOL_NAME_PATTERN), 'must be a pool name'),
        v.description('The pool an `agent` token works for (it must exist); no other role takes one.'),
      ),
    ),
    name: v.pipe(FreeText(100), v.description('Whose it is, as the audit trail will name it.')),
    expires_at: v.pipe(
      Timestamp,
      v.check((t) => Date.parse(t) > Date.now(), 'must be in the future'),
      v.check((t) => Date.parse(t) <= Date.now() + TOKEN_MAX_DAYS * 86_400_000, `must be at most ${TOKEN_MAX_DAYS} days ahead`),
      v.description(`When it stops working: mandatory, at most ${TOKEN_MAX_DAYS} days ahead.`),
    ),
  }),
  v.forward(
    v.check((body) => (body.role === 'agent') === (body.pool !== undefined), 'an agent token names its pool, and no other token names one'),
    ['pool'],
  ),
);

/** Finalising: `force` locks the results before end_time plus the grace period has passed. */
export const FinaliseBody = v.strictObject({
  force: v.optional(v.pipe(v.boolean(), v.description('Lock now, though results may still arrive (before end_time plus late_result_grace_seconds).'))),
});

/** At most this many ids a pool names of each kind (a whole event is 250 teams × 20 services). */
const POOL_IDS_MAX = 5000;
const poolIds = (what: string) =>
  v.optional(
    v.pipe(v.array(PositiveInt), v.maxLength(POOL_IDS_MAX, `must name at most ${POOL_IDS_MAX} ids`), v.description(`The ${what} its agents check.`)),
    [],
  );

/** A pool as an organiser writes it: what its agents check (the most specific assignment wins: a service's, its team's, its subtype's). */
export const PoolBody = v.strictObject({
  // '' as GET answers a pool without one: what a client read, it can write back.
  description: v.optional(
    v.pipe(v.union([v.literal(''), FreeText(200)]), v.description('Where its agents run, for the organisers (for instance "range A, rack 2"); empty: none.')),
  ),
  subtypes: poolIds('subtypes (by id) whose services'),
  teams: poolIds('teams (by id) whose services'),
  services: poolIds('services (by id)'),
});

const AgentName = v.pipe(
  v.string(),
  v.regex(new RegExp(AGENT_NAME_PATTERN), 'must be 1–64 letters, digits, dots, hyphens and underscores, starting with a letter or digit'),
  v.description("The agent's name in its pool (by default its host and process id)."),
);
/** A round's scheduled start: at most a day old, at most a few minutes ahead (agents' clocks drift a little). */
const RoundStart = v.pipe(
  Timestamp,
  v.check((t) => Math.abs(Date.parse(t) - Date.now()) <= 86_400_000, 'must be within a day of now'),
  v.description("The round's scheduled start (`round_seconds` steps since the Unix epoch)."),
);

/** An agent asks for the next slice of its pool's round, and says which one it finished. */
export const ClaimBody = v.strictObject({
  round: RoundStart,
  agent: AgentName,
  lease_seconds: v.pipe(BoundedInt(5, 600), v.description('How long the slice is its own: another agent may take it after, if it is not done.')),
  done: v.optional(v.pipe(BoundedInt(0, 10_000), v.description('The slice it just checked to the end (its previous claim).'))),
  renew: v.optional(
    v.pipe(
      BoundedInt(0, 10_000),
      v.description(
        "The slice it holds and is still checking: its lease is extended to `lease_seconds` from now and no other slice is taken (409 `lease_lost` when the slice is another agent's now, or done).",
      ),
    ),
  ),
});

/** What an agent says of itself after each round, and when it starts. */
export const HeartbeatBody = v.strictObject({
  agent: AgentName,
  version: v.pipe(FreeText(40), v.description("The agent's version.")),
  host: v.pipe(FreeText(255), v.description('Where it runs.')),
  round: v.pipe(v.nullable(RoundStart), v.description('The round it last ran, or null before its first.')),
  round_started_at: v.nullable(Timestamp),
  round_finished_at: v.nullable(Timestamp),
  checks: v.pipe(BoundedInt(0, 1_000_000), v.description('The checks it ran in that round.')),
  failed_team: v.pipe(BoundedInt(0, 1_000_000), v.description('Of those, the ones the teams failed.')),
  failed_agent: v.pipe(BoundedInt(0, 1_000_000), v.description('Of those, the ones it could not run (agent errors): not the teams’ failures.')),
});

/** At most this many tokens a request: a round's mail checks of one agent's share. */
export const MAIL_TOKENS_MAX = 500;

/** The scan ids whose mail tokens an agent needs this round: its SMTP checks' own, its mailbox checks' senders'. */
export const MailTokensBody = v.strictObject({
  scan_ids: v.pipe(
    v.array(v.pipe(ScanId, v.regex(/-svc[1-9]\d{0,9}$/, 'must end in -svc<service id>, as the agent makes scan ids'))),
    v.minLength(1, 'must name at least one scan id'),
    v.maxLength(MAIL_TOKENS_MAX, `must name at most ${MAIL_TOKENS_MAX} scan ids`),
    v.description("Each ends in the id of the service it checks (`r20261123T172600Z-60s-svc12`, `check7-svc12`): an agent's, its own pool's services only."),
  ),
});

/** The organisers' table of finding kinds, whole. */
export const FindingKindsBody = v.strictObject({
  kinds: v.pipe(
    FindingKindsSchema,
    v.description(
      'Every kind of finding the red team may file, each with its id (`user-access`), name and points. A finding keeps the name and points of its kind when it was filed.',
    ),
  ),
});

/** An upload form for the red team's evidence. */
export const FindingUploadBody = v.strictObject(uploadedFile);

const FindingFiles = v.optional(evidenceKeys('POST /red-team/uploads', 'The finding'));

/** A red team finding as filed. */
export const FindingBody = v.strictObject({
  team_id: v.pipe(PositiveInt, v.description('The team whose service it was done against (its id).')),
  service_id: v.pipe(PositiveInt, v.description('The service, one of that team’s (its id, as GET /services lists it).')),
  kind: v.pipe(
    v.string(),
    v.regex(new RegExp(FINDING_KIND_ID_PATTERN), 'must be the id of a kind (user-access)'),
    v.description('A kind of the organisers’ table (GET /finding-kinds), by id.'),
  ),
  done_at: v.pipe(Timestamp, v.description('When the red team did it.')),
  description: v.pipe(MultilineText(50_000), v.minLength(1, 'must not be empty'), v.description('What was done and how (Markdown).')),
  files: FindingFiles,
});

/** More evidence for a finding an organiser asked about. */
export const FindingEvidenceBody = v.strictObject({
  note: v.pipe(MultilineText(10_000), v.minLength(1, 'must not be empty'), v.description('What the new evidence shows (Markdown).')),
  files: FindingFiles,
});

/** An organiser's review of a finding. */
export const FindingReviewBody = v.strictObject({
  decision: v.pipe(
    v.picklist(FINDING_DECISIONS, `must be one of: ${FINDING_DECISIONS.join(', ')}`),
    v.description('`approve` (its points come off the team), `reject`, or `more_evidence` (the red team adds some, and it comes back).'),
  ),
  points: v.optional(
    v.pipe(FindingPoints, v.description("An approval's points, when not the kind's: a reason is then required. Only an approval gives points.")),
  ),
  reason: v.optional(
    v.pipe(MultilineText(10_000), v.description('Why: required to reject, to ask for more evidence, or to give other points than the kind’s.')),
  ),
  replaces: v.pipe(
    v.nullable(PositiveInt),
    v.description("The ruling this one follows, as last read (the finding's `review.n`; null: the first); another organiser's since is 409 `finding_changed`."),
  ),
  override_final: v.optional(
    v.pipe(v.boolean(), v.description('Review although the results are final: the audit entry says so. Without it, 409 `competition_final`.')),
  ),
});

/** The red team's findings, or the review queue. */
export const FindingsQuery = v.object({
  state: v.optional(
    v.pipe(
      v.picklist(FINDING_STATES, `must be one of: ${FINDING_STATES.join(', ')}`),
      v.description('Only findings in this state (`submitted`: the review queue).'),
    ),
  ),
  team_id: v.optional(v.pipe(PositiveIntParam, v.description("Only this team's (its id)."))),
});

/** Which of the red team's files to download. */
export const FindingFileQuery = v.object({
  key: v.pipe(FileKey, v.description("The file's key, as a finding lists it (or as its upload form gave it).")),
});
