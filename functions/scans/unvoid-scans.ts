import { endpoint } from '#shared/http/endpoint';
import { voidRequest } from '#shared/app/voids';

export const handler = endpoint('UnvoidScans', {}, (request) => voidRequest('unvoid', request));
