import createClient, { type Client } from 'openapi-fetch';
import type { components, paths } from '#shared/api/client-types';

/**
 * A typed client of the API for the project's own callers (the bench's
 * agent, the scoring agent, the web page): paths, parameters, bodies and
 * responses come from the generated description, so a change that breaks the
 * contract breaks their typecheck. Bearer tokens, or any signature (`sign`:
 * the scoring agent signs for the IAM API with SigV4). No Node built-ins: the
 * web page bundles it.
 *
 *   const api = createScoringClient({ baseUrl: 'http://127.0.0.1:3000', token });
 *   const { data, error, response } = await api.POST('/api/v1/services/{id}/scans', {
 *     params: { path: { id: 7 } },
 *     body: { scan_id: 'round12-http', score: 10, error: null },
 *   });
 */
export type ScoringClient = Client<paths>;

/** The response and request shapes, by component name (`ApiSchemas['Service']`). */
export type ApiSchemas = components['schemas'];
export type { paths as ApiPaths };

export interface ScoringClientOptions {
  /** Scheme, host and port; the paths carry `/api/v1`. */
  baseUrl: string;
  /** A bearer token (admin or service account); public reads need none. */
  token?: string;
  /**
   * Signs each request as it is sent, after every other header is set (the
   * IAM API's SigV4: see functions/shared/aws/sigv4.ts `sigv4Signer`): the final
   * request in, the same request with its authorization headers out.
   */
  sign?: (request: Request) => Promise<Request>;
  headers?: Record<string, string>;
  fetch?: typeof fetch;
}

export function createScoringClient(options: ScoringClientOptions): ScoringClient {
  const client = createClient<paths>({
    baseUrl: options.baseUrl.replace(/\/+$/, ''),
    headers: { ...options.headers, ...(options.token ? { authorization: `Bearer ${options.token}` } : {}) },
    ...(options.fetch ? { fetch: options.fetch } : {}),
  });
  // Creating POSTs honour Idempotency-Key: one key per call, so a resend of
  // the same request (a retry after a timeout) never creates twice. Routes
  // that key on something else (scan reports: scan_id) ignore it.
  client.use({
    onRequest({ request }) {
      if (request.method === 'POST' && !request.headers.has('idempotency-key')) request.headers.set('idempotency-key', crypto.randomUUID());
      return request;
    },
  });
  const { sign } = options;
  if (sign) client.use({ onRequest: ({ request }) => sign(request) });
  return client;
}
