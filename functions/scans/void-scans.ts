import { scansRoutes } from '#shared/api/routes/scans';
import { endpoint } from '#shared/http/endpoint';
import { voidRequest } from '#shared/app/voids';

export const handler = endpoint(scansRoutes.VoidScans, {}, (request) => voidRequest('void', request));
