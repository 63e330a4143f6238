import { recordScanResult, recordScanStart } from '#shared/data/scoring';
import { endpoint } from '#shared/http/endpoint';
import { conflict, notFound, serviceUnavailable, validationFailed } from '#shared/http/problem';
import { created, ok } from '#shared/http/responses';
import { API_PREFIX } from '#shared/api/routes';

/** Nothing was written; resending the same report (same scan_id) is safe. */
const busy = () => serviceUnavailable('busy', 'Too many concurrent writes to this team; send the same report again.', 1);

export const handler = endpoint('ReportScan', {}, async ({ id, body }) => {
  if (body.kind === 'started') {
    const outcome = await recordScanStart(id, body.scan_id);
    switch (outcome.kind) {
      case 'started':
        return { status: 202 as const, body: { scan: { scan_id: body.scan_id, status: 'started' as const }, service: outcome.service } };
      case 'finished':
        return ok({ scan: outcome.scan, service: outcome.service });
      case 'not-found':
        throw notFound(`No service has id ${id}.`);
      case 'busy':
        throw busy();
    }
  }

  const outcome = await recordScanResult(id, body);
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
