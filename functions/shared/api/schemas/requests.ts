import * as v from 'valibot';
import { PositiveInt, PositiveIntParam } from '#shared/validation';

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
  v.description('Chosen by the agent, unique per result: a UUID, `round12-http`, an ISO time...'),
);

const SCAN_ERROR_MAX = 1000;

/** `{scan_id, status: "started"}` or `{scan_id, score, error}`; nothing else. */
export const ScanReportBody = v.pipe(
  v.strictObject({
    scan_id: ScanId,
    status: v.optional(v.literal('started', 'must be "started" (a result has score and error instead)')),
    score: v.optional(v.pipe(v.number('must be a number'), v.integer('must be an integer'), v.minValue(0, 'must be at least 0'))),
    error: v.optional(v.nullable(v.pipe(v.string(), v.maxLength(SCAN_ERROR_MAX, `must be at most ${SCAN_ERROR_MAX} characters`)))),
  }),
  v.description('Either `{"scan_id", "status": "started"}` or a result `{"scan_id", "score", "error"}`.'),
  v.check(
    (b) => (b.status === undefined) !== (b.score === undefined && b.error === undefined),
    'send either {"scan_id", "status": "started"} or a result {"scan_id", "score", "error"}',
  ),
  v.check((b) => b.status !== undefined || b.score !== undefined, 'a result needs a score'),
  v.transform((b) =>
    b.status === 'started'
      ? { kind: 'started' as const, scan_id: b.scan_id }
      : { kind: 'result' as const, scan_id: b.scan_id, score: b.score ?? 0, error: b.error ?? null },
  ),
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
  reason: v.pipe(v.string(), v.trim(), v.minLength(1, 'must not be empty'), v.maxLength(500, 'must be at most 500 characters')),
});
