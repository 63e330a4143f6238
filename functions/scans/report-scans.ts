import { scansRoutes } from '#shared/api/routes/scans';
import { answerBatch } from '#shared/app/scans';
import { endpoint } from '#shared/http/endpoint';
import { ok } from '#shared/http/responses';

/** A round in one request: up to 100 reports for any services, each answered in order with its own status. */
export const handler = endpoint(scansRoutes.ReportScans, {}, async ({ body, principal, requestId, log }) =>
  ok(await answerBatch(body, principal, requestId, log)),
);
