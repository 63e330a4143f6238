import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import { matchRoute } from '#shared/api/route-matching';
import { createLogger } from '#shared/log';
import { isCanonicalPath } from '#shared/http/canonical-path';
import { preflightHeaders } from '#shared/http/cors';
import { BASE_RESPONSE_HEADERS, methodNotAllowed, notFound, problemResponse } from '#shared/http/problem';

/**
 * Every request no route matches (API Gateway's `$default`, which has no
 * authorizer): a problem+json 404, or 405 with `Allow` when the path exists
 * under other methods, and the answer to CORS preflights (`OPTIONS`) for the
 * paths of the route table, which must reach a function without credentials.
 */
export async function handler(event: APIGatewayProxyEventV2): Promise<APIGatewayProxyStructuredResultV2> {
  const { method } = event.requestContext.http;
  const requestId = event.requestContext.requestId;
  const response = method === 'OPTIONS' ? options(event) : refusal(method, event.rawPath, requestId);
  createLogger({ requestId }).info('request', { method, path: event.rawPath, status: response.statusCode });
  return response;
}

function refusal(method: string, path: string, requestId: string): APIGatewayProxyStructuredResultV2 {
  const match = matchRoute(method, path);
  const problem = match.kind === 'wrong-method' ? methodNotAllowed(match.allow) : notFound(`No route matches ${method} ${path}.`);
  return problemResponse(problem, requestId);
}

function options(event: APIGatewayProxyEventV2): APIGatewayProxyStructuredResultV2 {
  const path = event.rawPath;
  const requestId = event.requestContext.requestId;
  const onPath = matchRoute('OPTIONS', path);
  if (onPath.kind !== 'wrong-method') return refusal('OPTIONS', path, requestId);
  const requested = event.headers['access-control-request-method'];
  const target = requested ? matchRoute(requested, path) : undefined;
  const route = target?.kind === 'route' ? target.route : undefined;
  if (route && !isCanonicalPath(route, path)) return problemResponse(notFound(`No route matches ${path}: ${route.path} is spelled one way.`), requestId);
  const cors = requested ? preflightHeaders(route && { access: route.access, methods: onPath.allow }, event.headers.origin) : {};
  return {
    statusCode: 204,
    headers: { ...BASE_RESPONSE_HEADERS, allow: [...onPath.allow, 'OPTIONS'].join(', '), 'x-request-id': requestId, ...cors },
  };
}
