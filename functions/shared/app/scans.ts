/**
 * Scan reports, the use case: a scoring agent's "started" or result, and the
 * answer each gets, for POST /services/{id}/scans (one report) and POST /scans
 * (up to 100). A result is ONE conditional PutItem of its own item, keyed by
 * its scan_id: what it earns, whether it counts toward max_score, its team,
 * super type and SLA rules are decided here (domain/scoring/result.ts) and
 * stored with it, and the stream consumer folds it into the totals. Nothing
 * shared by two services is written, and results never wait on each other.
 */
import type * as v from 'valibot';
import { TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import { TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { API_PREFIX } from '#shared/api/prefix';
import { BatchReport, type ScanReportInput } from '#shared/api/schemas/requests/scans';
import type { ProblemSchema } from '#shared/api/schemas/responses/common';
import type { BatchAnswerSchema } from '#shared/api/schemas/responses/scoring';
import type { ScanResult, StoredResult } from '#shared/domain/model';
import { resultScoring, sameResult } from '#shared/domain/scoring/result';
import { slaRulesFor } from '#shared/domain/scoring/sla';
import { db, isThrottling } from '#shared/data/client';
import { freshServiceDefinition, freshSettings } from '#shared/data/fresh';
import { findResult, noResultYet, putResult } from '#shared/data/results';
import { startedUpdate } from '#shared/data/service-state';
import { competitionFinal, conflict, HttpProblem, notFound, problemResponse, serviceUnavailable, validationFailed } from '#shared/http/problem';
import { created, ok } from '#shared/http/responses';
import type { Logger } from '#shared/log';
import { checkServiceInScope } from '#shared/app/pool-scope';
import type { Principal } from '#shared/http/principal';
import * as metrics from '#shared/metrics';
import { formatTimestamp, parseWith } from '#shared/validation';
import { mapBounded } from '#shared/bounded';

/** A check's time may be this far ahead of the server's clock (agents' clocks drift a little). */
export const MAX_CLOCK_SKEW_MS = 2 * 60_000;

/** A result as the request schema gives it (its time already validated; absent: the arrival time), its category optional (absent: null). */
type ResultInput = Extract<ScanReportInput, { kind: 'result' }>;
export type ScanReport = Omit<ResultInput, 'kind' | 'category'> & Partial<Pick<ResultInput, 'category'>>;

export type ScanStartOutcome =
  | { kind: 'started' }
  /** The scan already has a result: a late or repeated "started" changes nothing. */
  | { kind: 'finished'; scan: ScanResult }
  | { kind: 'not-found' }
  | { kind: 'final' }
  | { kind: 'busy' };

export type ScanResultOutcome =
  | { kind: 'recorded'; scan: ScanResult }
  | { kind: 'repeat'; scan: ScanResult }
  | { kind: 'conflict'; scan: ScanResult }
  | { kind: 'out-of-range'; maxScore: number }
  | { kind: 'not-found' }
  | { kind: 'final' }
  | { kind: 'busy' };

/** Runs a write path, turning DynamoDB's throttling into a `busy` outcome (503: send the same report again). */
async function unlessThrottled<T>(write: () => Promise<T>): Promise<T | { kind: 'busy' }> {
  try {
    return await write();
  } catch (error) {
    if (isThrottling(error)) return { kind: 'busy' };
    throw error;
  }
}

/** Records a result; a resend of the same scan_id is a repeat (the same result) or a conflict (another). */
export function recordScanResult(serviceId: number, report: ScanReport, arrival = new Date()) {
  return unlessThrottled(async (): Promise<ScanResultOutcome> => {
    const [definition, { settings, final }] = await Promise.all([freshServiceDefinition(serviceId), freshSettings()]);
    if (!definition) return { kind: 'not-found' };
    if (final) return { kind: 'final' };
    const { service, super_type_id, sla } = definition;
    if (report.score > service.max_score) return { kind: 'out-of-range', maxScore: service.max_score };

    const receivedAt = formatTimestamp(arrival);
    const time = report.time ?? receivedAt;
    // A disabled service's result (one in flight when it was disabled) is recorded and earns nothing, as during a pause.
    const rules = definition.disabled ? { ...settings, scoring_enabled: false } : settings;
    const { points, scored } = resultScoring(rules, report.score, new Date(time), arrival);
    const scan: ScanResult = { scan_id: report.scan_id, score: report.score, error: report.error, time, received_at: receivedAt, points };
    // The SLA rules in force travel with the result, so a change of them applies from the change on.
    const item: StoredResult = {
      ...scan,
      category: report.category ?? null,
      service_id: serviceId,
      team_id: service.team.id,
      super_type_id,
      max_score: service.max_score,
      scored,
      ...slaRulesFor(settings, sla),
    };
    if ((await putResult(item)) === 'stored') return { kind: 'recorded', scan };
    const recorded = await findResult(serviceId, report.scan_id);
    if (!recorded) throw new Error(`The result of scan ${report.scan_id} vanished after its conditional put failed`);
    return sameResult(recorded, report) ? { kind: 'repeat', scan: recorded } : { kind: 'conflict', scan: recorded };
  });
}

/**
 * Marks a service's scan as under way: one transaction of [the result for
 * that scan_id does not exist, SET the service state's `started`]. A
 * "started" arriving after its own result (a resend, a slow network) is
 * refused by the check, and the fold clears `started` when it folds the
 * result with that scan_id, so `in_progress` is never left stuck.
 */
export function recordScanStart(serviceId: number, scanId: string, arrival = new Date()) {
  return unlessThrottled(async (): Promise<ScanStartOutcome> => {
    const [definition, { final }] = await Promise.all([freshServiceDefinition(serviceId), freshSettings()]);
    if (!definition) return { kind: 'not-found' };
    if (final) return { kind: 'final' };
    try {
      await db().send(
        new TransactWriteCommand({
          TransactItems: [noResultYet(serviceId, scanId), startedUpdate(serviceId, { scan_id: scanId, at: formatTimestamp(arrival) })],
        }),
      );
      return { kind: 'started' };
    } catch (error) {
      const reasons = error instanceof TransactionCanceledException ? (error.CancellationReasons ?? []).map((r) => r.Code) : [];
      if (reasons[0] !== 'ConditionalCheckFailed') throw error;
    }
    const scan = await findResult(serviceId, scanId);
    return scan ? { kind: 'finished', scan } : { kind: 'not-found' };
  });
}

/** Nothing was written; resending the same report (same scan_id) is safe. */
const busy = () => serviceUnavailable('busy', 'The database is throttling writes; send the same report again.', 1);

/** The answer to one report (a problem is thrown). */
export async function answerReport(serviceId: number, report: ScanReportInput, principal: Principal | undefined, now = new Date()) {
  // An agent reports its own pool's services only (a service another pool checks is that pool's to score).
  await checkServiceInScope(principal, serviceId);
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
  // A check cannot have run after its result arrived: a time ahead of the server's clock is the agent's clock running
  // ahead, and the result is kept at its arrival (decision 0083), so that it never counts for a moment yet to come.
  const capped = report.time !== undefined && Date.parse(report.time) > now.getTime() ? { ...report, time: formatTimestamp(now) } : report;
  const outcome = await recordScanResult(serviceId, capped, now);
  metrics.recordScanResult(outcome.kind);
  if (outcome.kind === 'recorded' && capped.time !== undefined) metrics.recordScanLag(new Date(capped.time), now);
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
export async function answerBatch(reports: unknown[], principal: Principal | undefined, requestId: string, log: Logger): Promise<BatchAnswer[]> {
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
      const { status, body } = await answerReport(p.value.serviceId, p.value.report, principal);
      answers[i] = { status, body };
    } catch (error) {
      if (!(error instanceof HttpProblem)) log.error('report failed', { index: i, error: error instanceof Error ? error.message : String(error) });
      answers[i] = asAnswer(
        error instanceof HttpProblem ? error : new HttpProblem(500, 'internal_error', `This report failed. Quote request id ${requestId} when reporting it.`),
      );
    }
  };
  // A service's reports one after another (they race one item), the services a few at a time; `answer` never throws.
  await mapBounded(queue, BATCH_CONCURRENCY, async (group) => {
    for (const i of group) await answer(i);
  });
  return answers;
}
