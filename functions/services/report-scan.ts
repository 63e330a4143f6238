import * as v from 'valibot';
import { recordScanResult, recordScanStart } from '#shared/data/scoring';
import { endpoint } from '#shared/http/endpoint';
import * as metrics from '#shared/metrics';
import { conflict, notFound, serviceUnavailable, validationFailed } from '#shared/http/problem';
import { created, ok, type ApiResult } from '#shared/http/responses';
import { API_PREFIX } from '#shared/api/routes';

/** Agent-chosen: a UUID, `round12-http`, an ISO time... Safe in a sort key, bounded. */
const ScanId = v.pipe(
  v.string(),
  v.regex(/^[A-Za-z0-9._:-]{1,128}$/, 'must be 1–128 characters: letters, digits, ".", "_", ":" or "-"'),
);

const SCAN_ERROR_MAX = 1000;

/** `{scan_id, status: "started"}` or `{scan_id, score, error}`; nothing else. */
const Body = v.pipe(
  v.strictObject({
    scan_id: ScanId,
    status: v.optional(v.literal('started', 'must be "started" (a result has score and error instead)')),
    score: v.optional(v.pipe(v.number('must be a number'), v.integer('must be an integer'), v.minValue(0, 'must be at least 0'))),
    error: v.optional(v.nullable(v.pipe(v.string(), v.maxLength(SCAN_ERROR_MAX, `must be at most ${SCAN_ERROR_MAX} characters`)))),
  }),
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

/** Nothing was written; resending the same report (same scan_id) is safe. */
const busy = () => serviceUnavailable('busy', 'Too many concurrent writes to this team; send the same report again.', 1);

export const handler = endpoint('ReportScan', { body: Body }, async ({ id, body }): Promise<ApiResult> => {
  if (body.kind === 'started') {
    const outcome = await recordScanStart(id, body.scan_id);
    switch (outcome.kind) {
      case 'started':
        return { status: 202, body: { scan: { scan_id: body.scan_id, status: 'started' }, service: outcome.service } };
      case 'finished':
        return ok({ scan: outcome.scan, service: outcome.service });
      case 'not-found':
        throw notFound(`No service has id ${id}.`);
      case 'busy':
        throw busy();
    }
  }

  const outcome = await recordScanResult(id, body);
  metrics.recordScanResult(outcome.kind);
  switch (outcome.kind) {
    case 'recorded':
      return created({ scan: outcome.scan, service: outcome.service }, `${API_PREFIX}/services/${id}`);
    case 'repeat':
      return ok({ scan: outcome.scan, service: outcome.service });
    case 'conflict':
      throw conflict(
        'scan_id_reused',
        `Scan ${body.scan_id} was already recorded with score ${outcome.scan.score} and error ${JSON.stringify(outcome.scan.error)}; a scan_id names one result.`,
      );
    case 'out-of-range':
      throw validationFailed([{ path: 'score', message: `must be at most ${outcome.maxScore}, the service's max_score` }]);
    case 'not-found':
      throw notFound(`No service has id ${id}.`);
    case 'busy':
      throw busy();
  }
});
