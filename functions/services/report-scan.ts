import { answerReport, ScanReportBody } from '#shared/http/scan-reports';
import { endpoint } from '#shared/http/endpoint';

export const handler = endpoint('ReportScan', { body: ScanReportBody }, ({ id, body }) => answerReport(id, body));
