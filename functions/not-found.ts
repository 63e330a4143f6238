import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import { matchRoute } from '#shared/api/route-matching';
import { createLogger } from '#shared/log';
import { methodNotAllowed, notFound, problemResponse } from '#shared/http/problem';

/**
 * Every request no route matches (API Gateway's `$default`): a problem+json
 * 404, or 405 with `Allow` when the path exists under other methods.
 */
export async function handler(event: APIGatewayProxyEventV2): Promise<APIGatewayProxyStructuredResultV2> {
  const { method } = event.requestContext.http;
  const match = matchRoute(method, event.rawPath);
  const problem =
    match.kind === 'wrong-method'
      ? methodNotAllowed(match.allow)
      : notFound(`No route matches ${method} ${event.rawPath}.`);
  const response = problemResponse(problem, event.requestContext.requestId);
  createLogger({ requestId: event.requestContext.requestId }).info('request', {
    method,
    path: event.rawPath,
    status: response.statusCode,
  });
  return response;
}
