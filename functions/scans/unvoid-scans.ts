import { endpoint } from '#shared/http/endpoint';
import { voidRequest } from '#shared/http/void-request';

export const handler = endpoint('UnvoidScans', {}, (request) => voidRequest('unvoid', request));
