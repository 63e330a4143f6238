import { randomUUID } from 'node:crypto';
import type { IncomingMessage, RequestListener, ServerResponse } from 'node:http';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2, APIGatewayRequestAuthorizerEventV2, Context } from 'aws-lambda';
import { buildEvent, lambdaContext } from './events';
import {
  BASE_RESPONSE_HEADERS,
  HttpProblem,
  forbidden,
  internalErrorResponse,
  notFound,
  payloadTooLarge,
  problemResponse,
  serviceUnavailable,
  tooManyRequests,
  unauthorized,
} from '#shared/http/problem';
import { isCanonicalPath } from '#shared/http/canonical-path';
import { BODY_LIMIT_BYTES } from '#shared/http/endpoint';
import { createLogger } from '#shared/log';
import { matchRoute } from '#shared/api/route-matching';
import { fallbackHandler, type Route } from '#shared/api/routes';
import { iamAllows } from '../route-resources';
import { localIamArn, verifySigV4, type LocalIamKey } from './sigv4';
import { readBodyUpTo } from './read-body';
import type { InjectedFault } from './faults';

/**
 * The local twin of API Gateway (HTTP API, payload format 2.0): turns each
 * HTTP request into the event a Lambda would get, runs the same handler file,
 * and writes its result back. It plays both APIs of the stack on one port:
 * SigV4-signed requests go the IAM API's way, everything else the token API's
 * (protected routes through the Lambda authorizer, public routes open).
 */

type Handler = (event: unknown, context: Context) => Promise<APIGatewayProxyStructuredResultV2>;

/** API Gateway itself refuses bodies over 10 MB; we stop reading well before. */
const GATEWAY_BODY_LIMIT = 1024 * 1024;
const ROOT = resolve(import.meta.dirname, '../..');

export interface GatewayOptions {
  iamKeys: LocalIamKey[];
  /** The region the IAM API is in: signatures scoped to another are refused, as API Gateway does. */
  region?: string;
  /** The fault to inject now, if any (the rehearsal's: lib/local/faults.ts). */
  faults?: () => InjectedFault | undefined;
}

/** A request as the gateway reads it off the wire. */
export interface GatewayRequest {
  method: string;
  /** The request target as sent: path and query. */
  target: string;
  /** Lower-case names; repeated headers joined by commas. */
  headers: Record<string, string>;
  /** The body, or 'too-large' when it passed the gateway's limit and was not read whole. */
  body: Buffer | 'too-large';
  sourceIp?: string;
  /** `1.1`, `1.0`… */
  httpVersion: string;
}

/** The gateway's answer, whole: what it writes back, and what the local CDN stand-in caches and compresses. */
export interface GatewayAnswer {
  statusCode: number;
  /** Lower-case names. */
  headers: Record<string, string | string[]>;
  body: Buffer | undefined;
  /** Close the connection after answering: the request's body was not read whole. */
  close?: boolean;
}

export interface Gateway {
  /** Answers one request (errors included: it never rejects). */
  answer(request: GatewayRequest): Promise<GatewayAnswer>;
  /** The gateway as a server's request listener: reads the request, answers, writes the answer. */
  listener: RequestListener;
}

export function createGateway(options: GatewayOptions): Gateway {
  const modules = new Map<string, Promise<Handler>>();
  const load = (file: string) => {
    if (!modules.has(file)) {
      modules.set(
        file,
        import(pathToFileURL(resolve(ROOT, file)).href).then((m: { handler: Handler }) => m.handler),
      );
    }
    return modules.get(file)!;
  };

  async function answer(request: GatewayRequest): Promise<GatewayAnswer> {
    const requestId = randomUUID();
    const { rawPath, rawQueryString } = splitRequestTarget(request.target);
    const method = request.method.toUpperCase();
    const log = createLogger({ requestId, route: 'gateway' });
    try {
      const fault = options.faults?.();
      if (fault && Math.random() < fault.share) return injected(fault, requestId);
      const { body } = request;
      if (body === 'too-large') return { ...toAnswer(problemResponse(payloadTooLarge(BODY_LIMIT_BYTES), requestId)), close: true };
      const match = matchRoute(method, rawPath);
      const event = buildEvent(
        {
          method,
          rawPath,
          rawQueryString,
          headers: { ...request.headers },
          body,
          requestId,
          sourceIp: request.sourceIp,
          protocol: `HTTP/${request.httpVersion}`,
        },
        match,
      );

      if (match.kind !== 'route') {
        // The IAM API's $default route is behind IAM too, and no policy allows a path that is no route.
        if (isSigned(event)) await authorizeIam(event, body);
        return toAnswer(await (await load(fallbackHandler))(event, lambdaContext(requestId)));
      }
      const route = match.route;
      const authorizer = await authorize(route, event, body);
      if (route.planned) throw new HttpProblem(501, 'not_implemented', `${route.method} ${route.path} is specified but not built yet.`);
      // The functions refuse other spellings themselves; the gateway does too, so no handler ever sees one.
      if (!isCanonicalPath(route, rawPath)) throw notFound(`No route matches ${rawPath}: paths are spelled exactly as documented.`);
      (event.requestContext as unknown as { authorizer?: unknown }).authorizer = authorizer;
      return toAnswer(await (await load(route.handler))(event, lambdaContext(requestId)));
    } catch (error) {
      if (error instanceof IamDenied) return toAnswer(IAM_FORBIDDEN);
      if (error instanceof HttpProblem) {
        log.info('request', { method, path: rawPath, status: error.status, reason: error.detail });
        return toAnswer(problemResponse(error, requestId));
      }
      log.error('gateway failure', { error: String(error) });
      return toAnswer(internalErrorResponse(requestId));
    }
  }

  const listener: RequestListener = (req, res) => {
    // The gateway answers every request itself, errors included: nothing is left to await.
    void readGatewayRequest(req)
      .then(answer, (error: unknown) => {
        createLogger({ route: 'gateway' }).error('gateway failure', { error: String(error) });
        return toAnswer(internalErrorResponse(randomUUID()));
      })
      .then((result) => writeGatewayAnswer(res, result));
  };

  return { answer, listener };

  /**
   * The IAM authorizer: a valid signature, then the caller's policy (admin or
   * service, from lib/route-resources.ts) evaluated against the request path
   * as sent. What IAM denies gets API Gateway's own plain 403.
   */
  async function authorizeIam(event: APIGatewayProxyEventV2, body: Buffer) {
    const verification = verifySigV4(
      {
        method: event.requestContext.http.method,
        rawPath: event.rawPath,
        rawQueryString: event.rawQueryString,
        headers: event.headers as Record<string, string>,
        body,
      },
      options.iamKeys,
      options.region ?? LOCAL_REGION,
    );
    if (!verification.ok) throw unauthorized(verification.reason);
    if (!iamAllows(verification.key.role, event.requestContext.http.method, event.rawPath)) throw new IamDenied();
    return {
      iam: {
        accessKey: verification.key.accessKeyId,
        accountId: '000000000000',
        userArn: localIamArn(verification.key),
        userId: verification.key.accessKeyId,
      },
    };
  }

  /** What API Gateway would put in `requestContext.authorizer` for this route, or a refusal. */
  async function authorize(route: Route, event: APIGatewayProxyEventV2, body: Buffer) {
    const authorization = event.headers.authorization ?? '';
    if (isSigned(event)) return authorizeIam(event, body);
    if (route.access === 'public') return undefined;
    const authorizerEvent = {
      version: '2.0',
      type: 'REQUEST',
      routeArn: `arn:aws:execute-api:local:000000000000:local/$default/${route.method}${route.path}`,
      identitySource: [authorization],
      routeKey: event.routeKey,
      rawPath: event.rawPath,
      rawQueryString: event.rawQueryString,
      headers: event.headers,
      requestContext: event.requestContext,
      pathParameters: event.pathParameters,
      queryStringParameters: event.queryStringParameters,
    } as unknown as APIGatewayRequestAuthorizerEventV2;
    const decision = (await (
      await load('functions/auth/authorizer.ts')
    )(authorizerEvent, lambdaContext(event.requestContext.requestId))) as unknown as {
      isAuthorized: boolean;
      context?: Record<string, string>;
    };
    if (!decision.isAuthorized) throw forbidden('The authorizer denied the request.');
    return { lambda: decision.context ?? {} };
  }
}

const isSigned = (event: APIGatewayProxyEventV2) => (event.headers.authorization ?? '').startsWith('AWS4-HMAC-SHA256');

class IamDenied extends Error {}

/** API Gateway's answer when IAM denies a request: not problem+json, its own body. */
const IAM_FORBIDDEN: APIGatewayProxyStructuredResultV2 = {
  statusCode: 403,
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify({ message: 'Forbidden' }),
};

/** The region the local IAM API plays (the one a client signs for). */
export const LOCAL_REGION = process.env.AWS_REGION ?? 'us-east-1';

/**
 * The path and query of a request target as sent. Not `new URL()`, which
 * would read `//host/path` as a host name and normalise `.`/`..` and `%2F`
 * away: the handlers must see exactly what API Gateway would hand them.
 */
export function splitRequestTarget(target: string): { rawPath: string; rawQueryString: string } {
  const absolute = /^[a-z][a-z0-9+.-]*:\/\/[^/?#]*/i.exec(target);
  const rest = absolute ? target.slice(absolute[0].length) : target;
  const query = rest.indexOf('?');
  const rawPath = query < 0 ? rest : rest.slice(0, query);
  return { rawPath: rawPath === '' ? '/' : rawPath, rawQueryString: query < 0 ? '' : rest.slice(query + 1) };
}

/** The request's headers by lower-case name; over HTTP/2, its pseudo-headers left out but `:authority`, which is the Host. */
function lowerCaseHeaders(req: IncomingMessage): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(req.headers)) {
    if (value === undefined) continue;
    if (name === ':authority') headers.host ??= String(value);
    else if (!name.startsWith(':')) headers[name.toLowerCase()] = Array.isArray(value) ? value.join(',') : value;
  }
  return headers;
}

/** Reads a request off the wire: its body up to the gateway's limit. */
export async function readGatewayRequest(req: IncomingMessage): Promise<GatewayRequest> {
  return {
    method: req.method ?? 'GET',
    target: req.url ?? '/',
    headers: lowerCaseHeaders(req),
    body: await readBodyUpTo(req, GATEWAY_BODY_LIMIT),
    sourceIp: req.socket.remoteAddress,
    httpVersion: req.httpVersion,
  };
}

/** A function's result as the gateway sends it: the base headers, the function's, its cookies, its body decoded. */
function toAnswer(result: APIGatewayProxyStructuredResultV2): GatewayAnswer {
  const headers: Record<string, string | string[]> = { ...BASE_RESPONSE_HEADERS };
  for (const [name, value] of Object.entries(result.headers ?? {})) headers[name.toLowerCase()] = String(value);
  if (result.cookies?.length) headers['set-cookie'] = result.cookies;
  const body = result.body === undefined ? undefined : Buffer.from(result.body, result.isBase64Encoded ? 'base64' : 'utf8');
  return { statusCode: result.statusCode ?? 200, headers, body };
}

/** Writes an answer, with its Content-Length as API Gateway sends it. */
export function writeGatewayAnswer(res: ServerResponse, answer: GatewayAnswer): void {
  const headers = { ...answer.headers };
  if (answer.body !== undefined) headers['content-length'] = String(answer.body.length);
  // HTTP/2 has no Connection header (a stream ends, the connection stays).
  if (answer.close && res.req.httpVersionMajor === 1) headers.connection = 'close';
  res.writeHead(answer.statusCode, headers);
  res.end(answer.body);
}

/** A refusal the rehearsal asked for, as the platform words it: nothing reached a handler, so sending it again is safe. */
function injected(fault: InjectedFault, requestId: string): GatewayAnswer {
  const problem =
    fault.status === 503
      ? serviceUnavailable('service_unavailable', 'The service is unavailable (a fault injected by the rehearsal); send the request again.', 1)
      : tooManyRequests('throttled', 'Too many requests (a fault injected by the rehearsal); send the request again.', 1);
  const answer = toAnswer(problemResponse(problem, requestId));
  return { ...answer, headers: { ...answer.headers, 'x-local-fault': 'injected' } };
}
