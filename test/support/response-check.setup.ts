import { API_PREFIX } from '#shared/api/routes';

/**
 * HTTP tests call the local server with the global fetch: every API response
 * it returns is checked against the OpenAPI description first (described.ts),
 * so a test fails at the request whose answer is not as described. The
 * checker is loaded at the first API call, not before the test file's own
 * imports: it loads the data layer, whose settings some tests set first.
 */
const unchecked = globalThis.fetch;

globalThis.fetch = async (input: string | URL | Request, init?: RequestInit): Promise<Response> => {
  const response = await unchecked(input, init);
  const url = new URL(input instanceof Request ? input.url : String(input));
  const loopback = url.hostname === 'localhost' || url.hostname.startsWith('127.');
  if (!loopback || !url.pathname.startsWith(`${API_PREFIX}/`)) return response;
  // A refusal the rehearsal's fault hook injected is the platform's, not the API's (lib/local/faults.ts): no route describes it.
  if (response.headers.get('x-local-fault') === 'injected') return response;
  const method = init?.method ?? (input instanceof Request ? input.method : 'GET');
  const headers = new Headers(init?.headers ?? (input instanceof Request ? input.headers : undefined));
  const seen = {
    status: response.status,
    headers: Object.fromEntries([...response.headers].map(([name, value]) => [name.toLowerCase(), value])),
    text: await response.clone().text(),
  };
  const { expectDescribed } = await import('./described');
  expectDescribed({ method, path: url.pathname, authorization: headers.get('authorization') ?? undefined }, seen);
  return response;
};
