/**
 * A scoring agent's report (a "started" or a result) and its answer: shared
 * by POST /services/{id}/scans (one report) and POST /scans (up to 100).
 */
import { recordScanResult, recordScanStart } from '#shared/data/scoring';
import { conflict, HttpProblem, notFound, problemResponse, serviceUnavailable, validationFailed } from '#shared/http/problem';
import { created, ok } from '#shared/http/responses';
import { competitionFinal } from '#shared/http/final';
import { API_PREFIX } from '#shared/api/routes';
import { parseWith } from '#shared/validation';
import type * as v from 'valibot';
import { BatchReport, type ScanReportInput } from '#shared/api/schemas/requests';
import type { BatchAnswerSchema, ProblemSchema } from '#shared/api/schemas/responses';
import type { Logger } from '#shared/log';
import * as metrics from '#shared/metrics';

/** A check's time may be this far ahead of the server's clock (agents' clocks drift a little). */
export const MAX_CLOCK_SKEW_MS = 2 * 60_000;

/** Nothing was written; resending the same report (same scan_id) is safe. */
const busy = () => serviceUnavailable('busy', 'The database is throttling writes; send the same report again.', 1);

/** The answer to one report (a problem is thrown). */
export async function answerReport(serviceId: number, report: ScanReportInput, now = new Date()) {
  if (report.kind === 'started') {
    const outcome = await recordScanStart(serviceId, report.scan_id, now);
    switch (outcome.kind) {
      case 'started':
        return { status: 202 as const, body: { scan_id: report.scan_id, status: 'started' as const } };
      case 'finished':
        return ok(outcome.scan);
      case 'not-found':
        throw notFound(`No service has id ${serviceId}.`);
      case 'final':
        throw competitionFinal();
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
    case 'final':
      throw competitionFinal();
    case 'busy':
      throw busy();
  }
}

/** Reports of one batch in flight at once: enough to hide latency, few enough not to burst one function's connections. */
const BATCH_CONCURRENCY = 16;

/** One report's answer: typed by the schema the description shows. */
export type BatchAnswer = v.InferOutput<typeof BatchAnswerSchema>;
type ProblemBody = v.InferOutput<typeof ProblemSchema>;

/**
 * Answers every report of a batch, in order, each with its own status and
 * body (a problem for a bad one); one bad report never fails the others.
 */
export async function answerBatch(reports: unknown[], requestId: string, log: Logger): Promise<BatchAnswer[]> {
  const answers: BatchAnswer[] = new Array(reports.length);
  const asAnswer = (problem: HttpProblem) => {
    const { statusCode, body } = problemResponse(problem, requestId);
    return { status: statusCode, body: JSON.parse(body) as ProblemBody };
  };
  const parsed = reports.map((report) => parseWith(BatchReport, report));
  // Reports of one service are answered in the order sent (a "started" before
  // its own result); different services run side by side.
  const groups = new Map<string, number[]>();
  parsed.forEach((p, i) => {
    const key = p.ok ? `service-${p.value.serviceId}` : `invalid-${i}`;
    groups.set(key, [...(groups.get(key) ?? []), i]);
  });
  const queue = [...groups.values()];
  const answer = async (i: number) => {
    const p = parsed[i]!;
    try {
      if (!p.ok) throw validationFailed(p.errors);
      const { status, body } = await answerReport(p.value.serviceId, p.value.report);
      answers[i] = { status, body };
    } catch (error) {
      if (!(error instanceof HttpProblem)) log.error('report failed', { index: i, error: error instanceof Error ? error.message : String(error) });
      answers[i] = asAnswer(error instanceof HttpProblem ? error : new HttpProblem(500, 'internal_error', `This report failed. Quote request id ${requestId} when reporting it.`));
    }
  };
  const worker = async () => {
    for (let group = queue.shift(); group; group = queue.shift()) {
      for (const i of group) await answer(i);
    }
  };
  await Promise.all(Array.from({ length: Math.min(BATCH_CONCURRENCY, queue.length) }, worker));
  return answers;
}
