import * as v from 'valibot';
import * as q from '#shared/api/schemas/requests';
import * as r from '#shared/api/schemas/responses';
import { DnsRecordBody } from '#shared/domain/dns';
import { SettingsPatchSchema, SettingsReplacementSchema } from '#shared/domain/settings';
import type { Role } from '#shared/domain/roles';

export type { Role };

/**
 * The route table: every endpoint of the API, once. Data only — the CDK stack
 * and the local dev server both read it, so it must not import aws-cdk-lib.
 * Each route names its request and response schemas: the handlers validate
 * and are typed by them, and the OpenAPI description (openapi.ts) is made
 * from them.
 */

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * Who may call a route. `public` routes are open, but a caller who presents
 * credentials there is still recognised (admins and services see hidden teams).
 */
export type Access = 'public' | 'admin' | 'admin-or-service';

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
export type Problems = Readonly<Partial<Record<400 | 403 | 404 | 409 | 412 | 422 | 503, readonly string[]>>>;

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
  /** Files of the repository the function reads at run time; the stack copies them next to its bundle. */
  readonly files?: readonly string[];
  /** Its API Gateway throttle (see THROTTLES): declared for scan reports, otherwise derived from access and method. */
  readonly throttle: ThrottleClass;
  /**
   * Set while a route is specified but not built yet: the local server answers
   * it with 501 and the stack does not deploy it. Removed when it is built.
   */
  readonly planned?: true;
}

import { API_PREFIX } from '#shared/api/prefix';

export { API_PREFIX };

/**
 * Route classes and their API Gateway throttles (steady requests per second,
 * burst), per route and per API. Beyond them API Gateway answers 429.
 */
export type ThrottleClass = 'scan-report' | 'public-read' | 'protected-read' | 'service-write' | 'admin-write';
export const THROTTLES: Record<ThrottleClass, { readonly rate: number; readonly burst: number; readonly why: string }> = {
  // 250 teams x 20 services report once a round, most of them in the round's first seconds.
  'scan-report': { rate: 500, burst: 5000, why: "a whole round's reports (teams x services) in one burst" },
  // Spectators are served by the CDN; the origin sees a cache miss per path every few seconds.
  'public-read': { rate: 200, burst: 400, why: 'behind the CDN: only cache misses reach the API' },
  'protected-read': { rate: 50, burst: 100, why: 'organisers and agents reading protected records' },
  'service-write': { rate: 20, burst: 40, why: 'agents and organisers changing DNS records and settings' },
  'admin-write': { rate: 5, burst: 10, why: 'adjustments: a person at a keyboard' },
};

function derivedThrottle(method: HttpMethod, access: Access): ThrottleClass {
  if (method === 'GET') return access === 'public' ? 'public-read' : 'protected-read';
  return access === 'admin' ? 'admin-write' : 'service-write';
}

/** The names of the query parameters a route accepts (the CDN's cache key holds exactly those of the public reads). */
export function queryParameterNames(route: Pick<Route, 'query'>): string[] {
  const entries = (route.query as { entries?: Record<string, unknown> } | undefined)?.entries;
  return entries ? Object.keys(entries) : [];
}

/** The reference page's script, shipped with the docs function (see functions/docs/get-docs.ts). */
export const REDOC_SCRIPT = 'node_modules/redoc/bundles/redoc.standalone.js';

/** Every write that would change a score, once `scoring finalise` has locked the results. */
const FINAL = 'competition_final';

const DNS_CONFLICTS = ['duplicate_dns_record', 'cname_conflict', 'too_many_dns_records', 'nameserver_needs_address'];

type Spec = Omit<Route, 'name' | 'method' | 'path' | 'handler' | 'access' | 'table' | 'tag' | 'throttle'> & {
  readonly tag?: string;
  readonly throttle?: ThrottleClass;
};

const route = <const N extends string, const S extends Spec>(
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
  }) as Omit<Route, keyof S | 'name'> & Omit<S, 'tag' | 'throttle'> & { readonly name: N; readonly tag: string; readonly throttle: ThrottleClass };

const json = <S extends v.GenericSchema>(description: string, schema: S) => ({ description, json: schema });
const list = <S extends v.GenericSchema>(description: string, schema: S) => ({ description, json: v.array(schema) });
/** One page of an unbounded list (`{items, cursor}`): the description adds its `Link: rel="next"` header. */
const page = <S extends v.GenericSchema>(description: string, schema: S) => ({ description, json: schema, paged: true as const });
const none = { description: 'Done; no body.' } as const;

export const routes = [
  route('ListTeams', 'GET', '/teams', 'teams/list-teams', 'public', 'read', {
    summary: 'List teams',
    responses: { 200: list('Every visible team, by id.', r.TeamSchema) },
  }),
  route('GetScoreboard', 'GET', '/teams/scoreboard', 'teams/get-scoreboard', 'public', 'read', {
    summary: 'The scoreboard',
    responses: { 200: json('Every visible team ranked.', r.ScoreboardSchema) },
  }),
  route('GetScoreHistory', 'GET', '/teams/scoreboard/history', 'teams/get-score-history', 'public', 'read', {
    summary: "Every team's total over time",
    query: q.ScoreHistoryQuery,
    responses: { 200: json('The visible teams\' totals at the finest resolution that keeps the answer bounded.', r.ScoreHistorySchema) },
  }),
  route('GetTeam', 'GET', '/teams/{id}', 'teams/get-team', 'public', 'read', {
    summary: 'One team',
    responses: { 200: json('The team.', r.TeamSchema) },
  }),
  route('GetScorecard', 'GET', '/teams/{id}/scorecard', 'teams/get-scorecard', 'public', 'read', {
    summary: "A team's scorecard",
    responses: { 200: json("The team's totals, statistics and rank.", r.ScorecardSchema) },
  }),
  route('ExportTeamDns', 'GET', '/teams/{id}/dns', 'teams/export-team-dns', 'admin', 'read', {
    summary: "A team's DNS records",
    responses: { 200: list("The team's records, by id: the same records as its zone file.", r.DnsRecordSchema) },
  }),
  route('ExportTeamZone', 'GET', '/teams/{id}/dns.zone', 'teams/export-team-zone', 'admin', 'read', {
    summary: "A team's zone file",
    responses: { 200: { description: 'A BIND zone file for the origin `<team_url>.`.', text: 'text/dns' } },
  }),
  route('ListAdjustments', 'GET', '/teams/{id}/adjustments', 'teams/list-adjustments', 'admin', 'read', {
    summary: "A team's adjustments",
    responses: { 200: list("The team's adjustments, by id.", r.AdjustmentSchema) },
  }),
  route('CreateAdjustment', 'POST', '/teams/{id}/adjustments', 'teams/create-adjustment', 'admin', 'read-write', {
    summary: 'Add or remove points by hand',
    body: q.AdjustmentBody,
    idempotent: true,
    responses: { 201: json('The adjustment, counted in the team\'s totals.', r.AdjustmentSchema) },
    problems: { 409: [FINAL], 503: ['busy'] },
  }),

  route('ListDnsRecords', 'GET', '/dns', 'dns/list-dns-records', 'admin-or-service', 'read', {
    summary: 'List DNS records',
    responses: { 200: list("Every team's records, by id.", r.DnsRecordSchema) },
  }),
  route('CreateDnsRecord', 'POST', '/dns', 'dns/create-dns-record', 'admin-or-service', 'read-write', {
    summary: 'Create a DNS record',
    body: DnsRecordBody,
    idempotent: true,
    responses: { 201: { ...json('The record, as stored (names lower-case, type upper-case), and its ETag.', r.DnsRecordSchema), etag: true } },
    problems: { 400: ['unknown_team'], 409: DNS_CONFLICTS, 503: ['dns_zone_busy'] },
  }),
  route('GetDnsRecord', 'GET', '/dns/{id}', 'dns/get-dns-record', 'admin-or-service', 'read', {
    summary: 'One DNS record',
    responses: { 200: json('The record.', r.DnsRecordSchema) },
  }),
  route('UpdateDnsRecord', 'PUT', '/dns/{id}', 'dns/update-dns-record', 'admin-or-service', 'read-write', {
    summary: 'Replace a DNS record',
    body: DnsRecordBody,
    ifMatch: true,
    responses: { 200: { ...json('The record, as stored, and its new ETag.', r.DnsRecordSchema), etag: true } },
    problems: { 400: ['unknown_team'], 409: DNS_CONFLICTS, 503: ['dns_zone_busy'] },
  }),
  route('DeleteDnsRecord', 'DELETE', '/dns/{id}', 'dns/delete-dns-record', 'admin-or-service', 'read-write', {
    summary: 'Delete a DNS record',
    ifMatch: true,
    responses: { 204: none },
    problems: { 409: ['nameserver_needs_address'], 503: ['dns_zone_busy'] },
  }),

  route('ListSettings', 'GET', '/settings', 'settings/list-settings', 'admin-or-service', 'read', {
    summary: 'The settings, as a list',
    responses: { 200: list('The one settings object, or nothing before a competition is loaded.', r.SettingsSchema) },
  }),
  route('GetSettings', 'GET', '/settings/{id}', 'settings/get-settings', 'admin-or-service', 'read', {
    summary: 'The settings',
    responses: { 200: json('The settings; the ETag is what If-Match must name.', r.SettingsSchema) },
  }),
  route('ReplaceSettings', 'PUT', '/settings/{id}', 'settings/replace-settings', 'admin-or-service', 'read-write', {
    summary: 'Replace the settings',
    body: SettingsReplacementSchema,
    ifMatch: true,
    responses: { 200: { ...json('The new settings and their ETag.', r.SettingsSchema), etag: true } },
    problems: { 409: ['nameserver_needs_address', FINAL], 503: ['settings_busy'] },
  }),
  route('UpdateSettings', 'PATCH', '/settings/{id}', 'settings/update-settings', 'admin-or-service', 'read-write', {
    summary: 'Change some settings',
    body: SettingsPatchSchema,
    ifMatch: true,
    responses: { 200: { ...json('The new settings and their ETag.', r.SettingsSchema), etag: true } },
    problems: { 409: ['nameserver_needs_address', FINAL], 503: ['settings_busy'] },
  }),

  route('ListSubtypes', 'GET', '/subtypes', 'subtypes/list-subtypes', 'admin-or-service', 'read', {
    summary: 'List subtypes (kinds of check) with their check parameters',
    responses: { 200: list('Every subtype, by id.', r.SubtypeSchema) },
  }),

  route('ListServices', 'GET', '/services', 'services/list-services', 'public', 'read', {
    summary: 'List services',
    query: q.ServiceFilters,
    responses: { 200: list('The visible services that match, by id (none match: an empty list).', r.ServiceSchema) },
  }),
  route('GetService', 'GET', '/services/{id}', 'services/get-service', 'public', 'read', {
    summary: 'One service',
    responses: { 200: json('The service, its points and its latest scans.', r.ServiceDetailSchema) },
  }),
  route('ListServiceScans', 'GET', '/services/{id}/scans', 'services/list-service-scans', 'public', 'read', {
    summary: "A service's check history, paged",
    query: q.ServiceScansQuery,
    responses: { 200: page('One page, newest first by check time; `cursor` (also in `Link: rel="next"`) resumes, null on the last page.', r.ServiceScansPageSchema) },
    problems: { 400: ['invalid_cursor'] },
  }),
  route('ReportScan', 'POST', '/services/{id}/scans', 'services/report-scan', 'admin-or-service', 'read-write', {
    summary: 'Report a scan',
    throttle: 'scan-report',
    body: q.ScanReportBody,
    responses: {
      200: json('This scan_id was reported before (or a "started" came after its result): nothing changed; the result as recorded.', r.ScanResultSchema),
      201: json('The result is recorded; it counts once the scoreboard has folded it in.', r.ScanResultSchema),
      202: json('The service is marked as being scanned.', r.ScanStartedSchema),
    },
    problems: { 409: ['scan_id_reused', FINAL], 503: ['busy'] },
  }),
  route('ReportScans', 'POST', '/scans', 'scans/report-scans', 'admin-or-service', 'read-write', {
    summary: 'Report a round of scans',
    throttle: 'scan-report',
    body: q.ScanReportBatchBody,
    responses: { 200: list('One answer per report, in order, each with the status and body it would have had on its own.', r.BatchAnswerSchema) },
  }),

  route('VoidScans', 'POST', '/scans/void', 'scans/void-scans', 'admin', 'read-write', {
    summary: 'Void results: preview, then apply',
    body: q.VoidBody,
    responses: {
      200: json('The preview: how many results would be voided, each team\'s total before and after; nothing changed.', r.VoidJobSchema),
      202: json('Applying: the job flips the results; `Location` is its status resource.', r.VoidJobSchema),
    },
    problems: { 409: ['preview_mismatch', FINAL], 412: ['precondition_failed'] },
  }),
  route('UnvoidScans', 'POST', '/scans/unvoid', 'scans/unvoid-scans', 'admin', 'read-write', {
    summary: 'Restore voided results: preview, then apply',
    body: q.VoidBody,
    responses: {
      200: json('The preview: how many results would be restored, each team\'s total before and after; nothing changed.', r.VoidJobSchema),
      202: json('Applying: the job flips the results; `Location` is its status resource.', r.VoidJobSchema),
    },
    problems: { 409: ['preview_mismatch', FINAL], 412: ['precondition_failed'] },
  }),
  route('GetVoidJob', 'GET', '/scans/voids/{id}', 'scans/get-void-job', 'admin', 'read', {
    summary: 'A void or unvoid: its preview and its progress',
    responses: { 200: json('The void, previewed, running or done.', r.VoidJobSchema) },
  }),

  route('ListAuditEntries', 'GET', '/audit', 'audit/list-audit-entries', 'admin', 'read', {
    summary: 'The audit trail: who changed what, paged',
    query: q.AuditQuery,
    responses: { 200: page('One page, newest first; `cursor` (also in `Link: rel="next"`) resumes, null on the last page.', r.AuditPageSchema) },
    problems: { 400: ['invalid_cursor'] },
  }),

  route('GetOpenApi', 'GET', '/openapi.json', 'docs/get-openapi', 'public', 'read', {
    summary: 'This description (token API)',
    tag: 'docs',
    responses: { 200: json('The OpenAPI 3.1 description of the token API.', r.OpenApiDocumentSchema) },
  }),
  route('GetOpenApiIam', 'GET', '/openapi-iam.json', 'docs/get-openapi-iam', 'public', 'read', {
    summary: 'This description (IAM API)',
    tag: 'docs',
    responses: { 200: json('The OpenAPI 3.1 description of the IAM (SigV4) API.', r.OpenApiDocumentSchema) },
  }),
  route('GetDocs', 'GET', '/docs', 'docs/get-docs', 'public', 'read', {
    summary: 'The API reference, for people',
    tag: 'docs',
    responses: { 200: { description: 'An HTML page (Redoc) built from this description.', text: 'text/html' } },
    files: [REDOC_SCRIPT],
  }),
] as const;

/** The function behind every path and method no route matches (problem+json 404/405). */
export const fallbackHandler = 'functions/not-found.ts';

export type RouteName = (typeof routes)[number]['name'];
export type RouteNamed<N extends RouteName> = Extract<(typeof routes)[number], { readonly name: N }>;

export function routeNamed(name: string): Route {
  const found = routes.find((r) => r.name === name);
  if (!found) throw new Error(`No route named ${name}`);
  return found;
}

/** Whether a role may call a route. Anonymous callers have no role. */
export function roleMayCall(access: Access, role: Role | undefined): boolean {
  switch (access) {
    case 'public':
      return true;
    case 'admin':
      return role === 'admin';
    case 'admin-or-service':
      return role === 'admin' || role === 'service';
  }
}

