/**
 * The route table: every endpoint of the API, once. Data only — the CDK stack
 * and the local dev server both read it, so it must not import aws-cdk-lib.
 */

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * Who may call a route. `public` routes are open, but a caller who presents
 * credentials there is still recognised (admins and services see hidden teams).
 */
export type Access = 'public' | 'admin' | 'admin-or-service';

/** What the route's function may do to the table; the stack grants exactly this. */
export type TableAccess = 'read' | 'read-write';

export interface Route {
  /** Stable name, used for construct ids and function names. */
  readonly name: string;
  readonly method: HttpMethod;
  /** API Gateway path syntax: `{id}` is a path parameter. */
  readonly path: string;
  /** The handler module, relative to the repository root; it exports `handler`. */
  readonly handler: string;
  readonly access: Access;
  readonly table: TableAccess;
  /** The query parameters it accepts (the CDN's cache key holds exactly those of the public reads). */
  readonly query: readonly string[];
  /** Its API Gateway throttle (see THROTTLES): declared for scan reports, otherwise derived from access and method. */
  readonly throttle: ThrottleClass;
  /**
   * Set while a route is specified but not built yet: the local server answers
   * it with 501 and the stack does not deploy it. Removed when it is built.
   */
  readonly planned?: true;
}

export const API_PREFIX = '/api/v1';

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

interface RouteOptions {
  readonly planned?: true;
  readonly throttle?: ThrottleClass;
  readonly query?: readonly string[];
}

const route = (
  name: string,
  method: HttpMethod,
  path: string,
  handler: string,
  access: Access,
  table: TableAccess,
  options: 'planned' | RouteOptions = {},
): Route => {
  const { planned, throttle, query } = options === 'planned' ? { planned: true as const, throttle: undefined, query: undefined } : options;
  return {
    name,
    method,
    path: `${API_PREFIX}${path}`,
    handler: `functions/${handler}.ts`,
    access,
    table,
    query: query ?? [],
    throttle: throttle ?? derivedThrottle(method, access),
    ...(planned ? { planned: true as const } : {}),
  };
};

export const routes: readonly Route[] = [
  route('ListTeams', 'GET', '/teams', 'teams/list-teams', 'public', 'read'),
  route('GetScoreboard', 'GET', '/teams/scoreboard', 'teams/get-scoreboard', 'public', 'read'),
  route('GetScoreHistory', 'GET', '/teams/scoreboard/history', 'teams/get-score-history', 'public', 'read', { query: ['since'] }),
  route('GetTeam', 'GET', '/teams/{id}', 'teams/get-team', 'public', 'read'),
  route('GetScorecard', 'GET', '/teams/{id}/scorecard', 'teams/get-scorecard', 'public', 'read'),
  route('ExportTeamDns', 'GET', '/teams/{id}/dns', 'teams/export-team-dns', 'admin', 'read'),
  route('ExportTeamZone', 'GET', '/teams/{id}/dns.zone', 'teams/export-team-zone', 'admin', 'read'),
  route('ListAdjustments', 'GET', '/teams/{id}/adjustments', 'teams/list-adjustments', 'admin', 'read'),
  route('CreateAdjustment', 'POST', '/teams/{id}/adjustments', 'teams/create-adjustment', 'admin', 'read-write'),

  route('ListDnsRecords', 'GET', '/dns', 'dns/list-dns-records', 'admin-or-service', 'read'),
  route('CreateDnsRecord', 'POST', '/dns', 'dns/create-dns-record', 'admin-or-service', 'read-write'),
  route('GetDnsRecord', 'GET', '/dns/{id}', 'dns/get-dns-record', 'admin-or-service', 'read'),
  route('UpdateDnsRecord', 'PUT', '/dns/{id}', 'dns/update-dns-record', 'admin-or-service', 'read-write'),
  route('DeleteDnsRecord', 'DELETE', '/dns/{id}', 'dns/delete-dns-record', 'admin-or-service', 'read-write'),

  route('ListSettings', 'GET', '/settings', 'settings/list-settings', 'admin-or-service', 'read'),
  route('GetSettings', 'GET', '/settings/{id}', 'settings/get-settings', 'admin-or-service', 'read'),
  route('ReplaceSettings', 'PUT', '/settings/{id}', 'settings/replace-settings', 'admin-or-service', 'read-write'),
  route('UpdateSettings', 'PATCH', '/settings/{id}', 'settings/update-settings', 'admin-or-service', 'read-write'),

  route('ListSubtypes', 'GET', '/subtypes', 'subtypes/list-subtypes', 'admin-or-service', 'read'),

  route('ListServices', 'GET', '/services', 'services/list-services', 'public', 'read', { query: ['team', 'subtype_id'] }),
  route('GetService', 'GET', '/services/{id}', 'services/get-service', 'public', 'read'),
  route('ListServiceScans', 'GET', '/services/{id}/scans', 'services/list-service-scans', 'public', 'read', { query: ['limit', 'cursor'] }),
  route('ReportScan', 'POST', '/services/{id}/scans', 'services/report-scan', 'admin-or-service', 'read-write', { throttle: 'scan-report' }),
  route('ReportScans', 'POST', '/scans', 'scans/report-scans', 'admin-or-service', 'read-write', { throttle: 'scan-report' }),
];

/** The function behind every path and method no route matches (problem+json 404/405). */
export const fallbackHandler = 'functions/not-found.ts';

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

export type Role = 'admin' | 'service';
