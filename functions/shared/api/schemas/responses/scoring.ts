import * as v from 'valibot';
import { SHOWN_FAILURES } from '#shared/domain/scoring/failure';
import { Id, Count, Points, Time, named, FreezeFields } from '#shared/domain/shapes';
import { ProblemSchema } from '#shared/api/schemas/responses/common';
import { SuperTypeScoreSchema } from '#shared/domain/scoring/standings';
import { ServiceStatusViewSchema } from '#shared/domain/scoring/status-view';
import { AdjustmentSchema, ScanResultSchema, ServiceSchema, TeamSchema } from '#shared/domain/model';

export { AdjustmentSchema, ScanResultSchema, ServiceSchema, ServiceStatusViewSchema, TeamSchema };

/**
 * Answers of the public reads: teams, services, results, histories, scoreboards, scorecards, adjustments, and the agents' report batches.
 * A team, a service, a scan result, an adjustment, the status view and a super type's score are the domain's (domain/model.ts, domain/scoring/status-view.ts,
 * domain/scoring/standings.ts).
 */

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

export const ScanStartedSchema = named('ScanStarted', 'A scan marked under way.', v.strictObject({ scan_id: v.string(), status: v.literal('started') }));

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
