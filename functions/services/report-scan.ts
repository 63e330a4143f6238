import { endpoint } from '#shared/http/endpoint';
import { answerReport } from '#shared/http/scan-reports';

export const handler = endpoint('ReportScan', {}, ({ id, body }) => answerReport(id, body));
