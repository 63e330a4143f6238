/**
 * A scoring agent's report (a "started" or a result) and its answer: shared
 * by POST /services/{id}/scans (one report) and POST /scans (up to 100).
 */
import * as v from 'valibot';
import { recordScanResult, recordScanStart } from '#shared/data/scoring';
import { conflict, HttpProblem, notFound, problemResponse, serviceUnavailable, validationFailed } from '#shared/http/problem';
import { created, ok, type ApiResult } from '#shared/http/responses';
import { API_PREFIX } from '#shared/api/routes';
import { BoundedInt, FreeText, parseWith, PositiveInt, Timestamp } from '#shared/validation';
import type { Logger } from '#shared/log';
import * as metrics from '#shared/metrics';

/** Agent-chosen: a UUID, `round12-http`, an ISO time... Safe in a sort key, bounded. */
const ScanId = v.pipe(
  v.string(),
  v.regex(/^[A-Za-z0-9._:-]{1,128}$/, 'must be 1–128 characters: letters, digits, ".", "_", ":" or "-"'),
);

const SCAN_ERROR_MAX = 1000;
/** A check's time may be this far ahead of the server's clock (agents' clocks drift a little). */
export const MAX_CLOCK_SKEW_MS = 2 * 60_000;

const reportFields = {
  scan_id: ScanId,
  status: v.optional(v.literal('started', 'must be "started" (a result has score and error instead)')),
  score: v.optional(BoundedInt(0)),
  error: v.optional(v.nullable(FreeText(SCAN_ERROR_MAX))),
  /** When the check ran (RFC 3339, UTC); absent: when the result arrives. */
  time: v.optional(Timestamp),
};

type ReportFields = { scan_id: string; status?: 'started'; score?: number; error?: string | null; time?: string };

const reportRules = <T extends ReportFields>() =>
  [
    v.check<T, string>(
      (b) => (b.status === undefined) !== (b.score === undefined && b.error === undefined && b.time === undefined),
      'send either {"scan_id", "status": "started"} or a result {"scan_id", "score", "error", "time"?}',
    ),
    v.check<T, string>((b) => b.status !== undefined || b.score !== undefined, 'a result needs a score'),
  ] as const;

export type ScanReportInput =
  | { kind: 'started'; scan_id: string }
  | { kind: 'result'; scan_id: string; score: number; error: string | null; time?: string };

const toInput = (b: ReportFields): ScanReportInput =>
  b.status === 'started'
    ? { kind: 'started', scan_id: b.scan_id }
    : { kind: 'result', scan_id: b.scan_id, score: b.score ?? 0, error: b.error ?? null, ...(b.time ? { time: b.time } : {}) };

/** `{scan_id, status: "started"}` or `{scan_id, score, error, time?}`; nothing else. */
export const ScanReportBody = v.pipe(v.strictObject(reportFields), ...reportRules<ReportFields>(), v.transform(toInput));

/** One report of a batch: the same, with the service it is about. */
const BatchReport = v.pipe(
  v.strictObject({ service_id: PositiveInt, ...reportFields }),
  ...reportRules<ReportFields & { service_id: number }>(),
  v.transform((b) => ({ serviceId: b.service_id, report: toInput(b) })),
);

/** At most this many reports in one POST /scans (a 64 KiB body holds about that many). */
export const BATCH_REPORTS_MAX = 100;
export const ScanReportBatchBody = v.pipe(
  v.array(v.unknown(), 'must be an array of reports'),
  v.maxLength(BATCH_REPORTS_MAX, `must hold at most ${BATCH_REPORTS_MAX} reports`),
);

/** Nothing was written; resending the same report (same scan_id) is safe. */
const busy = () => serviceUnavailable('busy', 'The database is throttling writes; send the same report again.', 1);

/** The answer to one report (a problem is thrown). */
export async function answerReport(serviceId: number, report: ScanReportInput, now = new Date()): Promise<ApiResult> {
  if (report.kind === 'started') {
    const outcome = await recordScanStart(serviceId, report.scan_id, now);
    switch (outcome.kind) {
      case 'started':
        return { status: 202, body: { scan_id: report.scan_id, status: 'started' } };
      case 'finished':
        return ok(outcome.scan);
      case 'not-found':
        throw notFound(`No service has id ${serviceId}.`);
      case 'busy':
        throw busy();
    }
  }
  if (report.time !== undefined && Date.parse(report.time) > now.getTime() + MAX_CLOCK_SKEW_MS) {
    throw validationFailed([{ path: 'time', message: "must not be more than 2 minutes ahead of the server's clock" }]);
  }
  const outcome = await recordScanResult(serviceId, report, now);
  metrics.recordScanResult(outcome.kind);
  if (outcome.kind === 'recorded' && report.time !== undefined) metrics.recordScanLag(new Date(report.time), now);
  switch (outcome.kind) {
    case 'recorded':
      return created(outcome.scan, `${API_PREFIX}/services/${serviceId}`);
    case 'repeat':
      return ok(outcome.scan);
    case 'conflict':
      throw conflict(
        'scan_id_reused',
        `Scan ${report.scan_id} was already recorded with score ${outcome.scan.score} and error ${JSON.stringify(outcome.scan.error)}; a scan_id names one result.`,
      );
    case 'out-of-range':
      throw validationFailed([{ path: 'score', message: `must be at most ${outcome.maxScore}, the service's max_score` }]);
    case 'not-found':
      throw notFound(`No service has id ${serviceId}.`);
    case 'busy':
      throw busy();
  }
}

/** Reports of one batch in flight at once: enough to hide latency, few enough not to burst one function's connections. */
const BATCH_CONCURRENCY = 16;

export interface BatchAnswer {
  status: number;
  body: unknown;
}

/**
 * Answers every report of a batch, in order, each with its own status and
 * body (a problem for a bad one); one bad report never fails the others.
 */
export async function answerBatch(reports: unknown[], requestId: string, log: Logger): Promise<BatchAnswer[]> {
  const answers: BatchAnswer[] = new Array(reports.length);
  const asAnswer = (problem: HttpProblem) => {
    const { statusCode, body } = problemResponse(problem, requestId);
    return { status: statusCode, body: JSON.parse(body) as unknown };
  };
  let next = 0;
  const worker = async () => {
    for (let i = next++; i < reports.length; i = next++) {
      const parsed = parseWith(BatchReport, reports[i]);
      try {
        if (!parsed.ok) throw validationFailed(parsed.errors);
        const { status, body } = await answerReport(parsed.value.serviceId, parsed.value.report);
        answers[i] = { status, body };
      } catch (error) {
        if (!(error instanceof HttpProblem)) log.error('report failed', { index: i, error: error instanceof Error ? error.message : String(error) });
        answers[i] = asAnswer(error instanceof HttpProblem ? error : new HttpProblem(500, 'internal_error', `This report failed. Quote request id ${requestId} when reporting it.`));
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(BATCH_CONCURRENCY, reports.length) }, worker));
  return answers;
}
