import * as v from 'valibot';
import { API_PREFIX } from '#shared/api/prefix';
import type { Role } from '#shared/domain/roles';
import type { WorkerName } from '#shared/api/workers';

export type { Role };
export { API_PREFIX };

/**
 * The shape of a route, and how one is written: what the route table
 * (routes.ts, one module per area under routes/) is made of. Data only — the
 * CDK stack, the local dev server and the handlers all read it, so it must
 * not import aws-cdk-lib. Each route names its request and response schemas:
 * the handlers validate and are typed by them, and the OpenAPI description
 * (openapi.ts) is made from them. A handler imports its own area's module
 * only, so its bundle carries its area's schemas, not every route's.
 */

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * Who may call a route. `public` routes are open, but a caller who presents
 * an API token or IAM signature there is still recognised (admins and
 * services see hidden teams); a team session is ignored there, so a signed-in
 * member reads what everyone reads. `team`: one team's own routes
 * (`/team/{id}/…`), for that team's members and for organisers. `team-session`:
 * what only a signed-in member does (sign out, who am I), a blue team's or the
 * red team's. `red-team`: the red team's routes, for its members and organisers.
 * `admin-service-or-agent`: what a scoring agent does, which a pool's agent
 * may do for its own pool only (the handler narrows it: app/pools.ts).
 */
export type Access = 'public' | 'admin' | 'admin-or-service' | 'admin-service-or-agent' | 'team' | 'team-session' | 'red-team';

/** What the route's function may do to the table; the stack grants exactly this. */
export type TableAccess = 'read' | 'read-write';

/** A success response a route gives: a JSON body (its schema), a text body (its media type), or none. */
export interface Reply {
  readonly description: string;
  readonly json?: v.GenericSchema;
  readonly text?: string;
  /** The response carries an ETag (every 200 does; a 201 whose body is the created resource says so). */
  readonly etag?: true;
  /** One page of a longer list: `Link: <…>; rel="next"` names the next page (absent on the last). */
  readonly paged?: true;
}

/** Problem `code`s by status, beyond those the endpoint wrapper gives every route of its shape (see openapi.ts). */
export type Problems = Readonly<Partial<Record<400 | 403 | 404 | 409 | 410 | 412 | 413 | 422 | 429 | 503, readonly string[]>>>;

export interface Route {
  /** Stable name, used for construct ids, function names and the OpenAPI operationId. */
  readonly name: string;
  readonly method: HttpMethod;
  /** API Gateway path syntax: `{id}` is a path parameter. */
  readonly path: string;
  /** The handler module, relative to the repository root; it exports `handler`. */
  readonly handler: string;
  readonly access: Access;
  readonly table: TableAccess;
  /** One line for the description. */
  readonly summary: string;
  /** The description's group (its first path segment, unless said). */
  readonly tag: string;
  /**
   * What the route's function does with the check accounts' key
   * (data/account-secrets.ts): `seal` new secrets (kms:GenerateDataKey) or
   * `open` them (kms:Decrypt). The stack grants exactly that, and no other
   * function may use the key.
   */
  readonly accountsKey?: 'seal' | 'open';
  /**
   * The route's function makes the mail checks' tokens (kms:GenerateMac with
   * the stack's mail key, the one the Lambda agent uses): a pool's agents ask
   * it, so that every agent of every pool makes the same token of a scan id.
   */
  readonly mailKey?: true;
  /**
   * The function the route's function starts asynchronously: the scoring
   * agent's (a "check now" job, app/check-jobs.ts), or a worker of the
   * workers' table (api/workers.ts: an export). The stack gives it that
   * function's name and grants it lambda:InvokeFunction on it alone; the
   * local twin of Lambda runs the workers.
   */
  readonly invokes?: 'agent' | WorkerName;
  /**
   * What the route's function does in the files bucket (issue #29), by key
   * prefix: `read` objects (HEAD, GET, and the download links it signs),
   * `write` them (the upload forms it signs are worth what its role may
   * do). The stack gives it the bucket's name and grants exactly that.
   */
  readonly bucket?: { readonly read?: readonly string[]; readonly write?: readonly string[] };
  /**
   * The route's `{id}` is text of this pattern (a token's public id), not a
   * positive integer: the endpoint wrapper checks it (404 otherwise) and the
   * description says so (pathIdOf).
   */
  readonly textId?: { readonly pattern: string; readonly description: string };
  /** The JSON body the handler validates with (and the description shows). */
  readonly body?: v.GenericSchema;
  /** The query string the handler validates with. */
  readonly query?: v.GenericSchema;
  /** Success responses by status. */
  readonly responses: Readonly<Partial<Record<200 | 201 | 202 | 204, Reply>>>;
  readonly problems?: Problems;
  /**
   * A creating POST that honours `Idempotency-Key`: a retry with the same key
   * and body answers the first answer again instead of acting twice. The
   * endpoint wrapper, the description's header parameter and its problem
   * codes all follow from this flag.
   */
  readonly idempotent?: true;
  /**
   * A write that honours `If-Match` (the ETag its GET gives): with it, a
   * write whose resource changed since is 412, and of concurrent writers
   * naming one ETag exactly one wins (test/handlers/conditional-races.test.ts
   * races every route with this flag). The 412 problem and the header
   * parameter in the description follow from it.
   */
  readonly ifMatch?: true;
  /**
   * A public view's topic (data/public-version.ts): the version its ETag
   * follows. `history` for the score history's view; every other view
   * follows `live`.
   */
  readonly publicTopic?: 'history';
  /**
   * A read that keeps what it derives for the next read (a built debrief): it
   * may write only items whose partition key begins with one of these
   * prefixes, and the stack grants exactly that (dynamodb:LeadingKeys). What
   * it keeps is never a source: it is built again from the table.
   */
  readonly keeps?: readonly string[];
  /** Files of the repository the function reads at run time; the stack copies them next to its bundle. */
  readonly files?: readonly string[];
  /**
   * Its function's size when the stack's default (10 s, the stage's memory) does not fit its work: a debrief's first
   * read builds it from the team's results. API Gateway waits 30 s at most.
   */
  readonly runs?: { readonly timeoutSeconds: number; readonly memoryMb: number };
  /**
   * The route reads the caller's address as the CDN saw it (decision 0085: a
   * beacon's check-in): the stack puts a CloudFront Function on its path that
   * sets `x-ccdc-viewer-address` from the connection, and the local CDN
   * stand-in does the same. Nothing else on the route may say where a caller
   * is (not `X-Forwarded-For`, not API Gateway's `sourceIp`).
   */
  readonly viewerAddress?: true;
  /**
   * A header every request to the route must carry, in this form (a
   * regular expression), or the CDN refuses it (403) before it reaches API
   * Gateway: a flood of requests without one costs the route's throttle
   * nothing. The route's own check stays the one that counts.
   */
  readonly edgeToken?: { readonly header: string; readonly pattern: string };
  /** Its API Gateway throttle (see THROTTLES): declared for scan reports, otherwise derived from access and method. */
  readonly throttle: ThrottleClass;
  /**
   * Set while a route is specified but not built yet: the local server answers
   * it with 501 and the stack does not deploy it. Removed when it is built.
   */
  readonly planned?: true;
}

/**
 * Route classes and their API Gateway throttles (steady requests per second,
 * burst), per route and per API. Beyond them API Gateway answers 429.
 */
export type ThrottleClass = 'scan-report' | 'beacon-check-in' | 'public-read' | 'protected-read' | 'service-write' | 'admin-write' | 'team-read' | 'team-write';
export const THROTTLES: Record<ThrottleClass, { readonly rate: number; readonly burst: number; readonly why: string }> = {
  // 250 teams x 20 services report once a round, most of them in the round's first seconds.
  'scan-report': { rate: 500, burst: 5000, why: "a whole round's reports (teams x services) in one burst" },
  // A red team's implants: a few hundred beacons checking in every few seconds. Its own class, so a flood of them cannot starve scan reports.
  'beacon-check-in': { rate: 100, burst: 200, why: "red team implants checking in (each counts once in 10 s): never the scan reports' share" },
  // Spectators are served by the CDN; the origin sees a cache miss per path every few seconds.
  'public-read': { rate: 200, burst: 400, why: 'behind the CDN: only cache misses reach the API' },
  'protected-read': { rate: 50, burst: 100, why: 'organisers and agents reading protected records' },
  'service-write': { rate: 20, burst: 40, why: 'agents and organisers changing DNS records and settings' },
  'admin-write': { rate: 5, burst: 10, why: 'adjustments: a person at a keyboard' },
  // 250 teams x 4 members polling their team page every 5 s: 200 requests/s, uncached.
  'team-read': { rate: 250, burst: 500, why: "blue team members polling their own team's routes (uncached)" },
  // Sign-ins at the start (1 000 members within a minute or two), then password change requests after each red-team round.
  'team-write': { rate: 20, burst: 100, why: 'blue team members signing in and sending requests' },
};

function derivedThrottle(method: HttpMethod, access: Access): ThrottleClass {
  if (access === 'team' || access === 'team-session' || access === 'red-team') return method === 'GET' ? 'team-read' : 'team-write';
  if (method === 'GET') return access === 'public' ? 'public-read' : 'protected-read';
  return access === 'admin' ? 'admin-write' : 'service-write';
}

/** The names of the query parameters a route accepts (the CDN's cache key holds exactly those of the public reads). */
export function queryParameterNames(route: Pick<Route, 'query'>): string[] {
  const entries = (route.query as { entries?: Record<string, unknown> } | undefined)?.entries;
  return entries ? Object.keys(entries) : [];
}

type Spec = Omit<Route, 'name' | 'method' | 'path' | 'handler' | 'access' | 'table' | 'tag' | 'throttle'> & {
  readonly tag?: string;
  readonly throttle?: ThrottleClass;
};

export const route = <const N extends string, const S extends Spec>(
  name: N,
  method: HttpMethod,
  path: string,
  handler: string,
  access: Access,
  table: TableAccess,
  spec: S,
) =>
  ({
    name,
    method,
    path: `${API_PREFIX}${path}`,
    handler: `functions/${handler}.ts`,
    access,
    table,
    tag: path.split('/')[1]!,
    throttle: derivedThrottle(method, access),
    ...spec,
    // Every public view takes the version a nudge named, so the CDN's cache key holds it (decision 0086).
    ...(isPublicView({ method, access, tag: path.split('/')[1]! }) ? { query: withNudgedVersion(spec.query) } : {}),
  }) as Omit<Route, keyof S | 'name'> & Omit<S, 'tag' | 'throttle'> & { readonly name: N; readonly tag: string; readonly throttle: ThrottleClass };

export const json = <S extends v.GenericSchema>(description: string, schema: S) => ({ description, json: schema });
export const list = <S extends v.GenericSchema>(description: string, schema: S) => ({ description, json: v.array(schema) });
/** One page of an unbounded list (`{items, cursor}`): the description adds its `Link: rel="next"` header. */
export const page = <S extends v.GenericSchema>(description: string, schema: S) => ({ description, json: schema, paged: true as const });
export const none = { description: 'Done; no body.' } as const;

/**
 * A public view: a public read of what the table holds (not the API's own
 * description). Its ETag is the public version's (data/public-version.ts), so
 * a conditional request is answered without reading the view.
 */
export const isPublicView = (route: Pick<Route, 'method' | 'access' | 'tag'>) => route.method === 'GET' && route.access === 'public' && route.tag !== 'docs';

/**
 * `?v=`: the version a nudge named (decision 0086). A page nudged to version N
 * reads its view with `v=N`: the CDN keeps a copy per `v`, so its 5 s copy of
 * an older version cannot answer, and the function reads the version again
 * (consistently) when its own copy is behind N. The view itself is the
 * current one, whatever N says.
 */
export const NUDGED_VERSION = 'v';
/** What `v` must look like: a version number (1 to 15 digits, no leading zero). */
export const NUDGED_VERSION_PATTERN = /^[1-9][0-9]{0,14}$/;
const NudgedVersion = v.optional(
  v.pipe(
    v.string(),
    v.regex(NUDGED_VERSION_PATTERN, 'must be a version number'),
    v.description(
      "The version of the view's topic a nudge named (`/push.json` says how to listen): the answer is at least that version. Without it, a cached answer may be up to the view's max-age old.",
    ),
  ),
);

/** A public view's query schema with `v` beside its own parameters. */
function withNudgedVersion(query: v.GenericSchema | undefined): v.GenericSchema {
  if (query === undefined) return v.object({ [NUDGED_VERSION]: NudgedVersion });
  if (query.type !== 'object' || !('entries' in query)) throw new Error("a public view's query must be an object schema");
  return v.object({ ...(query as v.ObjectSchema<v.ObjectEntries, undefined>).entries, [NUDGED_VERSION]: NudgedVersion });
}

/** Problem code of every write that would change a score, once `scoring finalise` has locked the results. */
export const FINAL = 'competition_final';

/** Whether a role may call a route. Anonymous callers have no role. */
export function roleMayCall(access: Access, role: Role | undefined): boolean {
  switch (access) {
    case 'public':
      return true;
    case 'admin':
      return role === 'admin';
    case 'admin-or-service':
      return role === 'admin' || role === 'service';
    case 'admin-service-or-agent':
      return role === 'admin' || role === 'service' || role === 'agent';
    case 'team':
      return role === 'admin' || role === 'team';
    case 'team-session':
      return role === 'team' || role === 'red-team';
    case 'red-team':
      return role === 'admin' || role === 'red-team';
  }
}

/** What a route's `{id}` is, for the endpoint wrapper and the description (none: the route has no `{id}`). */
export function pathIdOf(
  route: Pick<Route, 'path' | 'textId'>,
): { description: string; schema: Record<string, unknown>; valid: (text: string) => boolean } | undefined {
  if (!route.path.includes('{id}')) return undefined;
  if (route.textId) {
    const pattern = new RegExp(route.textId.pattern);
    return { description: route.textId.description, schema: { type: 'string', pattern: route.textId.pattern }, valid: (text) => pattern.test(text) };
  }
  return { description: 'A positive integer id.', schema: { type: 'integer', minimum: 1 }, valid: (text) => /^[1-9]\d*$/.test(text) };
}
