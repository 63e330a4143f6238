import { servicesRoutes } from '#shared/api/routes/services';
import { endpoint } from '#shared/http/endpoint';
import { answerReport } from '#shared/app/scans';

export const handler = endpoint(servicesRoutes.ReportScan, {}, ({ id, body, principal }) => answerReport(id, body, principal));
