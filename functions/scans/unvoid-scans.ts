import { scansRoutes } from '#shared/api/routes/scans';
import { endpoint } from '#shared/http/endpoint';
import { voidRequest } from '#shared/app/voids';

export const handler = endpoint(scansRoutes.UnvoidScans, {}, (request) => voidRequest('unvoid', request));
