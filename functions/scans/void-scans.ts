import { endpoint } from '#shared/http/endpoint';
import { voidRequest } from '#shared/http/void-request';

export const handler = endpoint('VoidScans', {}, (request) => voidRequest('void', request));
