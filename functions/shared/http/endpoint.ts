import middy, { type MiddlewareObj } from '@middy/core';
import httpJsonBodyParser from '@middy/http-json-body-parser';
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2, Context } from 'aws-lambda';
import * as v from 'valibot';
import { isPublicView, NUDGED_VERSION, NUDGED_VERSION_PATTERN, pathIdOf, type Route } from '#shared/api/route';
import { DATABASE_CALL_BUDGET_MS, databaseUnavailableCause } from '#shared/data/client';
import { withDeadline } from '#shared/data/deadline';
import { createLogger, describeError, type Logger } from '#shared/log';
import { recordAuthorizationFailure } from '#shared/metrics';
import { parseWith, positiveIntFrom } from '#shared/validation';
import { checkAccess, checkOwnTeam, principalName, resolvePrincipal, type Principal } from '#shared/http/principal';
import { originCheck } from '#shared/http/origin-check';
import { isCanonicalPath } from '#shared/http/canonical-path';
import { representationETag, viewETag } from '#shared/http/conditional';
import { originCompressed } from '#shared/http/compression';
import { freezeFields, freezeView, frozenFor, type FreezeView } from '#shared/domain/scoring/freeze';
import { freshPublicVersions, freshSettings } from '#shared/data/fresh';
import type { PublicTopic } from '#shared/data/public-version';
import { corsHeaders } from '#shared/http/cors';
import { declaredCharset, decodeUtf8, firstDuplicateKey, isUtf8Charset } from '#shared/http/strict-json';
import { oncePerIdempotencyKey } from '#shared/http/idempotency';
import {
  badRequest,
  BASE_RESPONSE_HEADERS,
  databaseUnavailable,
  HttpProblem,
  internalErrorResponse,
  notFound,
  payloadTooLarge,
  problemResponse,
  unsupportedMediaType,
  validationFailed,
} from '#shared/http/problem';
import type { ApiResult, RouteResult } from '#shared/http/responses';

/** Request bodies above this are refused with 413 before they are parsed. */
export const BODY_LIMIT_BYTES = 64 * 1024;

/** Public reads may be cached this long by browsers and the CDN. */
const PUBLIC_MAX_AGE_SECONDS = 5;

export interface ApiRequest<Body, Query> {
  /** The `{id}` path parameter, already a positive integer (routes without one get 0). */
  id: number;
  /** A text `{id}` (routes with `textId`), checked against its pattern; '' on other routes. */
  textId: string;
  body: Body;
  query: Query;
  principal: Principal | undefined;
  /** The method and path as called (`PATCH /api/v1/settings/1`): what the audit trail records. */
  route: string;
  headers: Record<string, string | undefined>;
  requestId: string;
  log: Logger;
  /**
   * On routes with the `freeze` option: the scoreboard freeze as this caller
   * sees it now (the settings as fresh as every scoring path reads them).
   * `frozenAt` is the freeze time whose figures the caller gets (anonymous,
   * while frozen), undefined for live figures.
   */
  freeze: FreezeView;
  frozenAt: string | undefined;
}

type Schema = v.GenericSchema | undefined;
/** What the route's body or query schema (in the route table) validates to; `undefined` for a route without one. */
type Validated<R, K extends 'body' | 'query'> = R extends { readonly [P in K]: infer S extends v.GenericSchema } ? v.InferOutput<S> : undefined;

interface EndpointSpec {
  /** Ids this route can ever have (settings: only 1); others are 404 before the body is looked at. */
  validId?: (id: number) => boolean;
  /**
   * The answer holds figures the scoreboard freeze holds back from the public:
   * the wrapper works out the freeze for the caller (`request.freeze`), adds
   * `frozen` and `frozen_since` to the body, and keeps a public max-age from
   * reaching past the freeze time.
   */
  freeze?: true;
  /**
   * A public view that also changes with the clock, not only with writes (a
   * scan in progress lapses after a while): its ETag changes at least this
   * often (ms), whether or not anything was written.
   */
  changesWithClockMs?: number;
  /**
   * With `changesWithClockMs`: the time up to which a view made at `now` holds
   * every change (the status view's `as_of`, 5 to 10 s back). Its ETag follows
   * the clock only while that time is before the version's last move: once
   * the view holds every change, a quiet poll is a 304 (decision 0077).
   */
  completeUpTo?: (now: number) => number;
  /**
   * A public view that changes at moments known ahead (an inject's due time
   * raises the board's maxima): those moments (epoch ms), read before the
   * view. Its ETag changes as each passes, and no public copy stays fresh
   * past the next.
   */
  changesAt?: () => Promise<readonly number[]>;
}

/** A route's results, without the fields the wrapper adds on a `freeze` route. */
type WithoutFreezeFields<T> = T extends { body: infer B } ? Omit<T, 'body'> & { body: Omit<B, 'frozen' | 'frozen_since'> } : T;
type HandlerResult<R extends Route, S extends EndpointSpec> = S extends { freeze: true } ? WithoutFreezeFields<RouteResult<R>> : RouteResult<R>;

type Event = APIGatewayProxyEventV2;
type Result = APIGatewayProxyStructuredResultV2;

/** Per-request state the middlewares share. */
interface RequestState {
  requestId: string;
  log: Logger;
  startedAt: number;
  principal?: Principal;
  id?: number;
  textId?: string;
  /** The body's text, as the JSON parser got it. */
  bodyText?: string;
}
const stateOf = new WeakMap<Event, RequestState>();
const state = (event: Event) => stateOf.get(event)!;

/**
 * Builds a route's Lambda handler: one middy chain, the same for every route.
 * request → log context → the canonical path → caller and access → body
 * limits → JSON → input validation → (Idempotency-Key) → the route's function
 * → response headers (ETag, caching, CORS). HEAD runs the GET route and drops
 * the body. The body and query schemas are the route's (route table); the
 * function's result must be one of the route's declared responses.
 */
/** Each route's body schema, by route name (the hostile-input tests derive bodies from these). */
export const bodySchemas = new Map<string, v.GenericSchema>();

export function endpoint<R extends Route, S extends EndpointSpec>(
  route: R,
  spec: S,
  fn: (request: ApiRequest<Validated<R, 'body'>, Validated<R, 'query'>>) => Promise<HandlerResult<R, S>>,
) {
  const routeName = route.name;
  type B = Validated<R, 'body'>;
  type Q = Validated<R, 'query'>;
  if (route.body) bodySchemas.set(routeName, route.body);
  const chain = middy<Event, Result, Error, Context>()
    .use(problemsAndAccessLog(route))
    .use(canonicalPath(route))
    .use(originCheck())
    .use(caller(route))
    .use(pathId(route, spec.validId))
    .use(bodyLimits(route.body !== undefined));
  if (route.body) chain.use(utf8Body()).use(httpJsonBodyParser()).use(noRepeatedKeys());
  return chain.handler(async (event, context) => {
    const { requestId, log, principal, id, textId } = state(event);
    const view = isPublicView(route);
    const now = new Date();
    const [settings, published, moments] = await Promise.all([
      spec.freeze || view ? freshSettings() : undefined,
      view ? freshPublicVersions(nudgedTo(route, event)).then((versions) => versions[route.publicTopic ?? 'live']) : undefined,
      spec.changesAt?.(),
    ]);
    const freeze = spec.freeze ? freezeView(settings!.settings.scoreboard_freeze_time, principal === undefined, now) : LIVE;
    const passed = moments?.filter((moment) => moment <= now.getTime()).length;
    const freshUntil = earliest(freeze.freshUntil, ...(moments ?? []).filter((moment) => moment > now.getTime()));
    // A public view's ETag comes from what it is made of, not from its bytes: a poll whose ETag is current costs one GetItem.
    const viewTag =
      published &&
      viewETag(
        published,
        {
          settings: settings!.version,
          freeze,
          role: principal?.role,
          clockMs: spec.changesWithClockMs,
          completeUpTo: spec.completeUpTo?.(now.getTime()),
          momentsPassed: passed,
        },
        now.getTime(),
      );
    // Only the tag itself: `*` (any representation) waits for the view, which may be a 404.
    if (viewTag && etagMatches(event.headers['if-none-match'], viewTag, { wildcard: false })) return notModified(route, event, viewTag, freshUntil);
    const request: ApiRequest<B, Q> = {
      id: id ?? 0,
      textId: textId ?? '',
      body: validated(route.body, event.body, '') as B,
      query: validated(route.query, event.queryStringParameters ?? {}, 'query.') as Q,
      principal,
      route: `${event.requestContext.http.method} ${event.rawPath}`,
      headers: event.headers,
      requestId,
      log,
      freeze,
      frozenAt: frozenFor(freeze),
    };
    const answer = async (): Promise<ApiResult> => {
      const result = (await fn(request)) as ApiResult;
      return { ...(spec.freeze ? withFreeze(result, freeze) : result), freshUntil: earliest(result.freshUntil, freshUntil) };
    };
    const run = async () => toLambdaResult(await answer(), route, event, viewTag);
    // Retries stop while there is still time for one more database call and the answer
    // (or at half the remaining time, when the call budget is stretched for the tests).
    const remaining = context.getRemainingTimeInMillis();
    const deadline = Date.now() + Math.max(remaining - DATABASE_CALL_BUDGET_MS - 500, remaining / 2);
    return withDeadline(deadline, () => (route.idempotent ? oncePerIdempotencyKey(event, principalName(principal), log, run) : run()));
  });
}

/** No freeze: what a route without the `freeze` option sees. */
const LIVE: FreezeView = { frozen: false, frozen_since: null, applies: false };

/** A `freeze` route's answer: its body tells every caller whether the scores are frozen (a public copy goes stale by the freeze time: `freshUntil`). */
function withFreeze(result: ApiResult, freeze: FreezeView): ApiResult {
  if (result.body === undefined || typeof result.body !== 'object') return result;
  return { ...result, body: { ...result.body, ...freezeFields(freeze) } };
}

/** The earliest of the given times (epoch ms), if any. */
function earliest(...times: (number | undefined)[]): number | undefined {
  const known = times.filter((time): time is number => time !== undefined);
  return known.length > 0 ? Math.min(...known) : undefined;
}

/** One spelling per route: any other that reaches the function is 404 before anything else is looked at. */
function canonicalPath(route: Route): MiddlewareObj<Event, Result> {
  return {
    before: ({ event }) => {
      if (!isCanonicalPath(route, event.rawPath)) {
        throw notFound(
          `No route matches ${event.rawPath}: paths are spelled exactly as documented (no trailing or doubled slash, no encoded slash, no dot segments).`,
        );
      }
    },
  };
}

/** The `{id}` path parameter: a positive integer the route can have, or 404 before anything else is read (403 first for another team's route). */
function pathId(route: Route, validId: ((id: number) => boolean) | undefined): MiddlewareObj<Event, Result> {
  return {
    before: ({ event }) => {
      const spec = pathIdOf(route);
      if (!spec) return;
      const raw = event.pathParameters?.id ?? '';
      if (route.textId) {
        // A text id (a token's public id): checked against its pattern, never echoed.
        if (!spec.valid(raw)) throw notFound(`Nothing here has that id: ${spec.description.replace(/\.$/, '')}.`);
        state(event).textId = raw;
        return;
      }
      const id = positiveIntFrom(raw);
      if (id === undefined) throw notFound(`No record has id ${JSON.stringify(raw)}: ids are positive integers.`);
      // A team's own route: its `{id}` is the team, and a session reaches its own only (before anything is read).
      if (route.access === 'team') checkOwnTeam(state(event).principal, id);
      if (validId && !validId(id)) throw notFound(`Nothing here has id ${id}.`);
      state(event).id = id;
    },
  };
}

/** The version a nudged page asks for (`?v=`, decision 0086), when it is one; anything else is the query validation's to refuse. */
function nudgedTo(route: Route, event: Event): { topic: PublicTopic; version: number } | undefined {
  const text = event.queryStringParameters?.[NUDGED_VERSION];
  return text !== undefined && NUDGED_VERSION_PATTERN.test(text) ? { topic: route.publicTopic ?? 'live', version: Number(text) } : undefined;
}

function validated(schema: Schema, input: unknown, prefix: string): unknown {
  if (!schema) return undefined;
  // valibot's object schemas take arrays for objects; a body is one or the other.
  if (Array.isArray(input) && schema.type !== 'array') throw validationFailed([{ path: '', message: 'must be a JSON object, not an array' }]);
  const parsed = parseWith(schema, input);
  if (!parsed.ok) throw validationFailed(parsed.errors.map((e) => ({ ...e, path: `${prefix}${e.path}`.replace(/\.$/, '') })));
  return parsed.value;
}

function problemsAndAccessLog(route: Route): MiddlewareObj<Event, Result> {
  const accessLog = (event: Event, status: number) => {
    const s = state(event);
    s.log.info('request', {
      method: event.requestContext.http.method,
      path: event.rawPath,
      status,
      ms: Date.now() - s.startedAt,
      caller: principalName(s.principal),
      role: s.principal?.role ?? 'anonymous',
    });
  };
  return {
    before: ({ event, context }) => {
      const requestId = event.requestContext.requestId ?? context.awsRequestId;
      stateOf.set(event, { requestId, startedAt: Date.now(), log: createLogger({ requestId, route: route.name }) });
    },
    after: (request) => {
      if (!request.response) return;
      request.response = finished(request.response, route, request.event);
      accessLog(request.event, request.response.statusCode ?? 200);
    },
    onError: (request) => {
      const { event, error } = request;
      const s = stateOf.get(event) ?? { requestId: event.requestContext?.requestId ?? 'unknown', log: createLogger({}), startedAt: Date.now() };
      stateOf.set(event, s);
      let problem = asProblem(error);
      const unavailable = problem ? undefined : databaseUnavailableCause(error);
      if (unavailable) {
        s.log.error('database unavailable', { cause: unavailable });
        problem = databaseUnavailable();
      } else if (!problem) {
        s.log.error('unhandled error', describeError(error));
      }
      if (problem?.status === 401 || problem?.status === 403) recordAuthorizationFailure(problem.code);
      request.response = finished(problem ? problemResponse(problem, s.requestId) : internalErrorResponse(s.requestId), route, event);
      accessLog(event, request.response.statusCode ?? 500);
    },
  };
}

/** Our own problems, and the JSON body parser's errors mapped to the contract's statuses. */
function asProblem(error: unknown): HttpProblem | undefined {
  if (error instanceof HttpProblem) return error;
  const cause = (error as { cause?: { package?: string } } | undefined)?.cause;
  if (cause?.package === '@middy/http-json-body-parser') {
    if ((error as Error).message === 'Unsupported Media Type') return unsupportedMediaType();
    return badRequest('malformed_json', 'The request body is not valid JSON.');
  }
  return undefined;
}

function caller(route: Route): MiddlewareObj<Event, Result> {
  return {
    before: async ({ event }) => {
      const principal = await resolvePrincipal(event, route);
      checkAccess(route, principal);
      state(event).principal = principal;
    },
  };
}

function bodyLimits(expectsBody: boolean): MiddlewareObj<Event, Result> {
  return {
    before: ({ event }) => {
      const size = event.body === undefined ? 0 : Buffer.byteLength(event.body, event.isBase64Encoded ? 'base64' : 'utf8');
      if (size > BODY_LIMIT_BYTES) throw payloadTooLarge(BODY_LIMIT_BYTES);
      if (expectsBody && (event.body === undefined || size === 0)) {
        throw badRequest('body_required', 'This request needs a JSON body.');
      }
      // Media types are case-insensitive; the JSON parser's check is not.
      const contentType = event.headers['content-type'];
      if (contentType) event.headers['content-type'] = contentType.toLowerCase();
    },
  };
}

/**
 * A JSON body is UTF-8 (RFC 8259 §8.1): a declared charset other than UTF-8
 * is refused, and so are bytes that do not decode (a body API Gateway could
 * not pass as text reaches the function base64-encoded, and so does one the
 * local twin cannot decode), instead of storing U+FFFD in their place.
 */
function utf8Body(): MiddlewareObj<Event, Result> {
  return {
    before: ({ event }) => {
      const contentType = event.headers['content-type'];
      const charset = declaredCharset(contentType);
      // A body that is not JSON at all is the parser's 415.
      if (charset !== undefined && !isUtf8Charset(charset) && JSON_MEDIA_TYPE.test(contentType ?? '')) {
        throw badRequest('unsupported_charset', `The body declares charset=${charset}: JSON bodies are UTF-8 (send charset=utf-8, or none).`);
      }
      if (event.isBase64Encoded && event.body !== undefined) {
        const text = decodeUtf8(Buffer.from(event.body, 'base64'));
        if (text === undefined) throw badRequest('invalid_utf8', 'The body is not valid UTF-8: JSON bodies are UTF-8.');
        event.body = text;
        event.isBase64Encoded = false;
      }
      state(event).bodyText = event.body;
    },
  };
}

/** The media types the JSON body parser takes. */
const JSON_MEDIA_TYPE = /^application\/(.+\+)?json($|;.+)/;

/** An object that names a key twice is refused (JSON.parse would keep the last silently): the problem names the key's path. */
function noRepeatedKeys(): MiddlewareObj<Event, Result> {
  return {
    before: ({ event }) => {
      const text = state(event).bodyText;
      const repeated = text === undefined ? undefined : firstDuplicateKey(text);
      if (repeated !== undefined) {
        throw badRequest('duplicate_key', `The body names ${JSON.stringify(repeated)} twice: each key may appear once in an object.`, [
          { path: repeated, message: 'appears more than once' },
        ]);
      }
    },
  };
}

/** A read's caching headers: anonymous reads of public routes may be kept briefly (the CDN absorbs crowds); authenticated answers never are (see finished()). */
function readCaching(route: Route, event: Event, freshUntil: number | undefined): Record<string, string> {
  const headers: Record<string, string> = {};
  if (route.access === 'public' && state(event).principal === undefined) headers['cache-control'] = `public, max-age=${publicMaxAge(freshUntil, Date.now())}`;
  if (route.access === 'public') headers.vary = 'Authorization';
  return headers;
}

/** 304: the caller's copy, named by its ETag, is current. */
function notModified(route: Route, event: Event, etag: string, freshUntil: number | undefined): Result {
  return { statusCode: 304, headers: { 'x-request-id': state(event).requestId, etag, ...readCaching(route, event, freshUntil) } };
}

function toLambdaResult(result: ApiResult, route: Route, event: Event, viewTag?: string): Result {
  const { requestId } = state(event);
  const headers: Record<string, string> = { 'x-request-id': requestId, ...result.headers };
  let body: string | undefined;
  if (result.text) {
    headers['content-type'] = result.text.contentType;
    body = result.text.content;
  } else if (result.body !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(result.body);
  }
  const method = event.requestContext.http.method;
  // What a client must name in If-Match: reads carry it, and so do the answers
  // to changes, a creation included where its answer is the new resource.
  const representsResource = result.status === 200 || route.responses[result.status as keyof Route['responses']]?.etag === true;
  if (!representsResource || body === undefined) return { statusCode: result.status, headers, body };
  headers.etag ??= viewTag ?? representationETag(body);
  if (method !== 'GET' && method !== 'HEAD') return { statusCode: result.status, headers, body };

  // Reads answer If-None-Match with 304.
  Object.assign(headers, readCaching(route, event, result.freshUntil));
  if (etagMatches(event.headers['if-none-match'], headers.etag)) return notModified(route, event, headers.etag, result.freshUntil);
  if (headers['content-type'] !== 'application/json') return { statusCode: 200, headers, body };
  // A JSON read's bytes depend on Accept-Encoding: CloudFront's compression, or the origin's for a small body.
  headers.vary = headers.vary ? `${headers.vary}, Accept-Encoding` : 'Accept-Encoding';
  const compressed = originCompressed(body, event.headers['accept-encoding']);
  if (!compressed) return { statusCode: 200, headers, body };
  // Other bytes than the uncompressed answer's: the same tag, made weak (as CloudFront does).
  headers.etag = headers.etag.startsWith('W/') ? headers.etag : `W/${headers.etag}`;
  headers['content-encoding'] = compressed.encoding;
  return { statusCode: 200, headers, body: compressed.bytes.toString('base64'), isBase64Encoded: true };
}

/**
 * What every response of every route carries, answers and refusals alike:
 * nosniff, CORS by the route's class, `no-store` on anything that is not an
 * anonymous public read, and no body for HEAD.
 */
function finished(response: Result, route: Route, event: Event): Result {
  const { principal } = stateOf.get(event) ?? {};
  const own = response.headers ?? {};
  const cors = corsHeaders(route.access, event.headers?.origin, Object.keys(own));
  const vary = [own.vary, cors.vary].filter((v) => v !== undefined).join(', ');
  const headers: Record<string, string | number | boolean> = { ...BASE_RESPONSE_HEADERS, ...cors, ...own };
  if (vary) headers.vary = vary;
  // A public write's answer too (a sign-in's carries a session token).
  if (route.access !== 'public' || principal !== undefined || route.method !== 'GET') headers['cache-control'] = 'no-store';
  if (event.requestContext?.http?.method === 'HEAD') return { ...response, headers, body: undefined };
  return { ...response, headers };
}

/** PUBLIC_MAX_AGE_SECONDS, or less when the answer changes sooner (it is fresh until `freshUntil`). */
export function publicMaxAge(freshUntil: number | undefined, now: number): number {
  if (freshUntil === undefined) return PUBLIC_MAX_AGE_SECONDS;
  return Math.max(0, Math.min(PUBLIC_MAX_AGE_SECONDS, Math.floor((freshUntil - now) / 1000)));
}

function etagMatches(ifNoneMatch: string | undefined, etag: string, options = { wildcard: true }): boolean {
  if (!ifNoneMatch) return false;
  const weakless = (tag: string) => tag.trim().replace(/^W\//, '');
  return ifNoneMatch.split(',').some((tag) => (options.wildcard && tag.trim() === '*') || weakless(tag) === weakless(etag));
}
