import * as v from 'valibot';
import { FAILURE_CATEGORIES, FAILURE_CATEGORY_MEANINGS } from '#shared/domain/scoring/failure';
import { BoundedInt, FreeText, PositiveInt, Timestamp } from '#shared/validation';

/**
 * The agents' scan reports, alone and in batches, and voids of results: request bodies the route table names (the handlers validate
 * with them and the OpenAPI description shows them).
 */

/** Agent-chosen: a UUID, `round12-http`, an ISO time... Safe in a sort key, bounded. */
export const ScanId = v.pipe(
  v.string(),
  v.regex(/^[A-Za-z0-9._:-]{1,128}$/, 'must be 1–128 characters: letters, digits, ".", "_", ":" or "-"'),
  v.description('Chosen by the agent, one per result: a UUID, `round12-http`, an ISO time... Sending the same report again is safe.'),
);

export const SCAN_ERROR_MAX = 1000;

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

const ReportObject = v.strictObject(reportFields);
type ReportFields = v.InferOutput<typeof ReportObject>;

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

/** A report as the handlers take it: a scan started, or a result with every field it may leave out filled in. */
const toInput = (b: ReportFields) =>
  b.status === 'started'
    ? { kind: 'started' as const, scan_id: b.scan_id }
    : {
        kind: 'result' as const,
        scan_id: b.scan_id,
        score: b.score ?? 0,
        error: b.error ?? null,
        category: b.category ?? null,
        ...(b.time ? { time: b.time } : {}),
      };
export type ScanReportInput = ReturnType<typeof toInput>;

/** `{scan_id, status: "started"}` or `{scan_id, score, error, time?}`; nothing else. */
export const ScanReportBody = v.pipe(
  ReportObject,
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
