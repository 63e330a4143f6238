import { ScanReportBatchBody, VoidBody } from '#shared/api/schemas/requests/scans';
import { VoidJobSchema } from '#shared/api/schemas/responses/audit';
import { BatchAnswerSchema } from '#shared/api/schemas/responses/scoring';
import { route, json, list, FINAL } from '#shared/api/route';

/** Scans: a round of reports in one request, and voids. */
export const scansRoutes = {
  ReportScans: route('ReportScans', 'POST', '/scans', 'scans/report-scans', 'admin-service-or-agent', 'read-write', {
    summary: 'Report a round of scans',
    throttle: 'scan-report',
    body: ScanReportBatchBody,
    responses: { 200: list('One answer per report, in order, each with the status and body it would have had on its own.', BatchAnswerSchema) },
  }),
  VoidScans: route('VoidScans', 'POST', '/scans/void', 'scans/void-scans', 'admin', 'read-write', {
    summary: 'Void results: preview, then apply',
    body: VoidBody,
    responses: {
      200: json("The preview: how many results would be voided, each team's total before and after; nothing changed.", VoidJobSchema),
      202: json('Applying: the job flips the results; `Location` is its status resource.', VoidJobSchema),
    },
    problems: { 409: ['preview_mismatch', FINAL], 412: ['precondition_failed'] },
  }),
  UnvoidScans: route('UnvoidScans', 'POST', '/scans/unvoid', 'scans/unvoid-scans', 'admin', 'read-write', {
    summary: 'Restore voided results: preview, then apply',
    body: VoidBody,
    responses: {
      200: json("The preview: how many results would be restored, each team's total before and after; nothing changed.", VoidJobSchema),
      202: json('Applying: the job flips the results; `Location` is its status resource.', VoidJobSchema),
    },
    problems: { 409: ['preview_mismatch', FINAL], 412: ['precondition_failed'] },
  }),
  GetVoidJob: route('GetVoidJob', 'GET', '/scans/voids/{id}', 'scans/get-void-job', 'admin', 'read', {
    summary: 'A void or unvoid: its preview and its progress',
    responses: { 200: json('The void, previewed, running or done.', VoidJobSchema) },
  }),
} as const;
