import { openApiDocument, type ApiFlavour, type OpenApiDocument } from '#shared/api/openapi';

const cache = new Map<string, OpenApiDocument>();

/**
 * The description as served: its server is the host it was fetched from
 * (the local server, the API's own URL or the CDN). Made once per host and
 * flavour for the life of the function.
 */
export function servedDocument(flavour: ApiFlavour, headers: Record<string, string | undefined>): OpenApiDocument {
  const host = headers.host;
  const local = host !== undefined && /^(127\.\d+\.\d+\.\d+|localhost)(:\d+)?$/.test(host);
  const serverUrl = host ? `${headers['x-forwarded-proto'] ?? (local ? 'http' : 'https')}://${host}` : undefined;
  const key = `${flavour} ${serverUrl ?? ''}`;
  let document = cache.get(key);
  if (!document) {
    document = openApiDocument(flavour, { serverUrl });
    cache.set(key, document);
  }
  return document;
}
