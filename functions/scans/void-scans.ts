import { endpoint } from '#shared/http/endpoint';
import { voidRequest } from '#shared/app/voids';

export const handler = endpoint('VoidScans', {}, (request) => voidRequest('void', request));
