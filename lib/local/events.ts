import { decodeUtf8 } from '#shared/http/strict-json';
import type { APIGatewayProxyEventV2, Context } from 'aws-lambda';
import type { RouteMatch } from '#shared/api/route-matching';
import { DATABASE_CALL_BUDGET_MS } from '#shared/data/client';

/**
 * The time a local invocation is given, as a Lambda's remaining time: ten
 * database calls' budget (30 s with the production settings). Guarded writes
 * retry until shortly before it; when the test suite stretches the database
 * budget for its overloaded DynamoDB Local, this stretches with it.
 */
const LOCAL_FUNCTION_TIME_MS = 10 * DATABASE_CALL_BUDGET_MS;

export interface HttpInput {
  method: string;
  /** The path as sent (percent-encoded). */
  rawPath: string;
  rawQueryString?: string;
  /** Header names in lower case. */
  headers?: Record<string, string>;
  body?: Buffer | string;
  requestId: string;
  sourceIp?: string;
  protocol?: string;
}

/**
 * The API Gateway HTTP API payload-2.0 event for a request, as API Gateway
 * builds it: lower-case headers, repeated query values joined by commas, the
 * matched route's key and path parameters, text bodies as-is, others (and
 * text that is not valid UTF-8) base64.
 */
export function buildEvent(input: HttpInput, match: RouteMatch): APIGatewayProxyEventV2 {
  const headers = input.headers ?? {};
  const rawQueryString = input.rawQueryString ?? '';
  const query: Record<string, string> = {};
  for (const [name, value] of new URLSearchParams(rawQueryString)) {
    query[name] = Object.hasOwn(query, name) ? `${query[name]},${value}` : value;
  }
  const route = match.kind === 'route' ? match.route : undefined;
  const routeKey = route ? `${route.method} ${route.path}` : '$default';
  const body = typeof input.body === 'string' ? Buffer.from(input.body) : (input.body ?? Buffer.alloc(0));
  const isText = /json|text|xml|x-www-form-urlencoded/i.test(headers['content-type'] ?? 'application/json');
  // Bytes that are not UTF-8 cannot be passed as text without losing them: they go base64, as a binary body does.
  const text = isText ? decodeUtf8(body) : undefined;
  const now = new Date();
  return {
    version: '2.0',
    routeKey,
    rawPath: input.rawPath,
    rawQueryString,
    cookies: headers.cookie?.split(/;\s*/),
    headers,
    queryStringParameters: Object.keys(query).length > 0 ? query : undefined,
    pathParameters: match.kind === 'route' && Object.keys(match.pathParameters).length > 0 ? match.pathParameters : undefined,
    requestContext: {
      accountId: '000000000000',
      apiId: 'local',
      domainName: headers.host ?? 'localhost',
      domainPrefix: 'local',
      http: {
        method: input.method,
        path: input.rawPath,
        protocol: input.protocol ?? 'HTTP/1.1',
        sourceIp: input.sourceIp ?? '127.0.0.1',
        userAgent: headers['user-agent'] ?? '',
      },
      requestId: input.requestId,
      routeKey,
      stage: '$default',
      time: now.toISOString(),
      timeEpoch: now.getTime(),
    },
    body: body.length === 0 ? undefined : (text ?? body.toString('base64')),
    isBase64Encoded: body.length > 0 && text === undefined,
  };
}

export function lambdaContext(requestId: string): Context {
  const startedAt = Date.now();
  return {
    awsRequestId: requestId,
    functionName: 'local',
    functionVersion: '$LATEST',
    invokedFunctionArn: 'arn:aws:lambda:local:000000000000:function:local',
    memoryLimitInMB: '1024',
    logGroupName: 'local',
    logStreamName: 'local',
    callbackWaitsForEmptyEventLoop: false,
    getRemainingTimeInMillis: () => Math.max(0, LOCAL_FUNCTION_TIME_MS - (Date.now() - startedAt)),
    done: () => undefined,
    fail: () => undefined,
    succeed: () => undefined,
  };
}
