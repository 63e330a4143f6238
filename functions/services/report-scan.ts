import { endpoint } from '#shared/http/endpoint';
import { answerReport } from '#shared/app/scans';

export const handler = endpoint('ReportScan', {}, ({ id, body }) => answerReport(id, body));
