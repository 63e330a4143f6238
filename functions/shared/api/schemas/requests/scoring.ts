import * as v from 'valibot';
import { SAMPLE_SECONDS } from '#shared/domain/history';
import { STATUS_DELTA_OVERLAP_MS, STATUS_DELTA_WINDOW_MS } from '#shared/domain/scoring/status-view';
import { FreeText, PositiveInt, PositiveIntParam, Timestamp } from '#shared/validation';
import { pageQuery } from '#shared/api/schemas/requests/common';

/**
 * Queries of the public reads (scoreboards, histories, a service's results, the audit trail) and the organisers' adjustments.
 */

export const ServiceFilters = v.object({
  team: v.optional(v.pipe(PositiveIntParam, v.description("The team's number, not its id."))),
  subtype_id: v.optional(v.pipe(PositiveIntParam, v.description('The subtype id.'))),
});

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
        `The \`as_of\` of your last answer: only the cells that changed after it (and, again, those that changed in the ${STATUS_DELTA_OVERLAP_MS / 1000} s before it). Answered as a delta within the last ${STATUS_DELTA_WINDOW_MS / 60_000} minutes and after the competition was last loaded; any other gets the whole view (\`full\`: true).`,
      ),
    ),
  ),
});

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
