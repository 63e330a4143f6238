import { STATUS_CODES } from 'node:http';
import type { FieldError } from '#shared/validation';

export type { FieldError };

/**
 * An error that is meant for the client: it becomes an RFC 9457 problem
 * response. Anything else thrown is a 500 whose details stay in the logs.
 */
export class HttpProblem extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    readonly detail: string,
    readonly errors?: FieldError[],
    readonly headers?: Record<string, string>,
  ) {
    super(detail);
  }
}

export const badRequest = (code: string, detail: string, errors?: FieldError[]) => new HttpProblem(400, code, detail, errors);
export const validationFailed = (errors: FieldError[]) =>
  badRequest('validation_failed', `The request is not valid: ${errors.map((e) => `${e.path || '(body)'}: ${e.message}`).join('; ')}`, errors);
export const unauthorized = (detail: string) => new HttpProblem(401, 'unauthorized', detail, undefined, { 'www-authenticate': 'Bearer realm="scoring"' });
export const forbidden = (detail: string) => new HttpProblem(403, 'forbidden', detail);
export const notFound = (detail: string) => new HttpProblem(404, 'not_found', detail);
export const methodNotAllowed = (allow: string[]) =>
  new HttpProblem(405, 'method_not_allowed', `This path accepts ${allow.join(', ')}.`, undefined, {
    allow: allow.join(', '),
  });
export const conflict = (code: string, detail: string) => new HttpProblem(409, code, detail);
export const gone = (code: string, detail: string) => new HttpProblem(410, code, detail);
export const preconditionFailed = (detail: string) => new HttpProblem(412, 'precondition_failed', detail);
export const payloadTooLarge = (limit: number) => new HttpProblem(413, 'payload_too_large', `The request body is larger than ${limit} bytes.`);
export const unsupportedMediaType = () => new HttpProblem(415, 'unsupported_media_type', 'Send the request body as application/json.');
/** A write that kept losing races to concurrent writers: nothing was written, the client may retry. */
export const serviceUnavailable = (code: string, detail: string, retryAfterSeconds: number) =>
  new HttpProblem(503, code, detail, undefined, { 'retry-after': String(retryAfterSeconds) });

/** Too many attempts (failed sign-ins): nothing was checked; the next may come after Retry-After seconds. */
export const tooManyRequests = (code: string, detail: string, retryAfterSeconds: number) =>
  new HttpProblem(429, code, detail, undefined, { 'retry-after': String(retryAfterSeconds) });

/** How long a client should wait before trying again when the database is not there. */
export const DATABASE_RETRY_AFTER_SECONDS = 2;

/** The database is unreachable, too slow or throttling: the request may succeed later; nothing was acknowledged. */
export const databaseUnavailable = () =>
  serviceUnavailable(
    'database_unavailable',
    `The database is not answering right now; nothing was changed. Try again in ${DATABASE_RETRY_AFTER_SECONDS} seconds.`,
    DATABASE_RETRY_AFTER_SECONDS,
  );

/**
 * Headers on every response the functions and the local server make: error
 * details echo input, so no browser may sniff a type other than the one sent.
 */
export const BASE_RESPONSE_HEADERS: Readonly<Record<string, string>> = { 'x-content-type-options': 'nosniff' };

export interface ProblemResponse {
  statusCode: number;
  headers: Record<string, string>;
  body: string;
}

export function problemResponse(problem: HttpProblem, requestId: string): ProblemResponse {
  const body = {
    type: 'about:blank',
    title: STATUS_CODES[problem.status] ?? 'Error',
    status: problem.status,
    detail: problem.detail,
    code: problem.code,
    ...(problem.errors ? { errors: problem.errors } : {}),
    request_id: requestId,
  };
  return {
    statusCode: problem.status,
    headers: {
      ...BASE_RESPONSE_HEADERS,
      'content-type': 'application/problem+json',
      // A refusal is about this request at this moment: never reuse it.
      'cache-control': 'no-store',
      'x-request-id': requestId,
      ...problem.headers,
    },
    body: JSON.stringify(body),
  };
}

/** What a client sees for anything unexpected: that it failed, and the request id to quote. */
export function internalErrorResponse(requestId: string): ProblemResponse {
  return problemResponse(new HttpProblem(500, 'internal_error', `The request failed. Quote request id ${requestId} when reporting it.`), requestId);
}

/** 409 `competition_final`: the competition was finalised, so nothing may change a score any more. */
export const competitionFinal = () =>
  conflict('competition_final', 'The competition is finalised: its results are locked and nothing may change a score any more.');
