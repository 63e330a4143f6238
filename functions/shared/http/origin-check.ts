import { timingSafeEqual } from 'node:crypto';
import type { MiddlewareObj } from '@middy/core';
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import { forbidden } from '#shared/http/problem';

/**
 * The token API answers only what came through the CDN: CloudFront adds this
 * header with the stage's secret (ORIGIN_VERIFY_SECRET, from Secrets Manager
 * at deploy time), so nobody bypasses the CDN's cache or its WAF by calling
 * the API's own URL. Signed (IAM API) requests never pass the CDN and are not
 * checked. Without the variable (the local server, tests) nothing is checked.
 */
export const ORIGIN_VERIFY_HEADER = 'x-origin-verify';

export function cameThroughCdn(headers: Record<string, string | undefined> | undefined): boolean {
  const secret = process.env.ORIGIN_VERIFY_SECRET;
  if (!secret) return true;
  const given = Buffer.from(headers?.[ORIGIN_VERIFY_HEADER] ?? '');
  const expected = Buffer.from(secret);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

export function originCheck(): MiddlewareObj<APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2> {
  return {
    before: ({ event }) => {
      const signed = (event.requestContext as { authorizer?: { iam?: unknown } }).authorizer?.iam !== undefined;
      if (!signed && !cameThroughCdn(event.headers)) throw forbidden('Call the API through its CDN URL.');
    },
  };
}
