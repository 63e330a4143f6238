import { randomUUID } from 'node:crypto';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { APIGatewayProxyStructuredResultV2, Context } from 'aws-lambda';
import { buildEvent, lambdaContext } from '../../lib/local/events';
import { matchRoute } from '#shared/api/route-matching';
import { fallbackHandler } from '#shared/api/routes';
import { expectDescribed } from './described';

const ROOT = resolve(import.meta.dirname, '../..');

export interface Invocation {
  status: number;
  headers: Record<string, string>;
  text: string;
  json: any;
}

/**
 * Runs the handler a route names with a real payload-2.0 event, as Lambda
 * would, with no server in between. A Bearer token is resolved by the
 * handler itself (as on routes without an authorizer). Every response is
 * checked against the OpenAPI description (./described.ts).
 */
export async function invoke(
  method: string,
  pathAndQuery: string,
  options: { headers?: Record<string, string>; body?: unknown; rawBody?: string | Buffer } = {},
): Promise<Invocation> {
  const [rawPath = '', rawQueryString = ''] = pathAndQuery.split('?');
  const match = matchRoute(method, rawPath);
  const file = match.kind === 'route' ? match.route.handler : fallbackHandler;
  const { handler } = (await import(pathToFileURL(resolve(ROOT, file)).href)) as {
    handler: (event: unknown, context: Context) => Promise<APIGatewayProxyStructuredResultV2>;
  };
  const body = options.rawBody ?? (options.body === undefined ? undefined : JSON.stringify(options.body));
  const headers = { ...(body !== undefined ? { 'content-type': 'application/json' } : {}), ...options.headers };
  const requestId = randomUUID();
  const event = buildEvent({ method, rawPath, rawQueryString, headers, body, requestId }, match);
  const result = await handler(event, lambdaContext(requestId));
  const text = result.body ?? '';
  const responseHeaders = Object.fromEntries(Object.entries(result.headers ?? {}).map(([k, v]) => [k.toLowerCase(), String(v)]));
  let json: unknown;
  try {
    json = text ? JSON.parse(text) : undefined;
  } catch {
    json = undefined;
  }
  const status = result.statusCode ?? 200;
  const authorization = Object.entries(options.headers ?? {}).find(([name]) => name.toLowerCase() === 'authorization')?.[1];
  expectDescribed({ method, path: rawPath, authorization }, { status, headers: responseHeaders, text });
  return { status, headers: responseHeaders, text, json };
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/**
 * A member's account made by an organiser (`admin`: their headers), and the member signed in with it,
 * through the handlers: the session's Authorization header. `body` is the account's: `{team_id, name}`, or
 * `{role: 'red-team', name}`.
 */
export async function signedInMember(admin: Record<string, string>, body: Record<string, unknown>): Promise<Record<string, string>> {
  const account = await invoke('POST', '/api/v1/team-accounts', { headers: admin, body });
  if (account.status !== 201) throw new Error(`no account for ${String(body.name)}: ${account.status} ${account.text}`);
  const session = await invoke('POST', '/api/v1/team/sessions', { body: { name: body.name, password: account.json.password } });
  if (session.status !== 201) throw new Error(`${String(body.name)} could not sign in: ${session.status} ${session.text}`);
  return bearer(session.json.token as string);
}
