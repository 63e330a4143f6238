import * as v from 'valibot';
import { FAILURE_CATEGORIES, SHOWN_FAILURES } from '#shared/domain/scoring/failure';
import { Id, Count, Points, Time, named, FreezeFields } from '#shared/domain/shapes';
import { ProblemSchema } from '#shared/api/schemas/responses/common';

/**
 * Answers of the public reads: teams, services, results, histories, scoreboards, scorecards, adjustments, and the agents' report batches.
 */

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
