/**
 * What the AWS stack derives from the route table, as plain data (no
 * aws-cdk-lib here, so tests and tools can use it too): which routes are
 * deployed, which an IAM admin or service account may invoke, the
 * execute-api resource of each, and the CDN paths worth caching.
 */
import { API_PREFIX, routes as allRoutes, type Route } from '#shared/api/routes';

/** Routes that exist in AWS: planned ones are answered 501 locally and not deployed. */
export function builtRoutes(table: readonly Route[] = allRoutes): Route[] {
  return table.filter((route) => !route.planned);
}

/** Every deployed route: what an IAM admin may invoke. */
export function adminRoutes(table: readonly Route[] = allRoutes): Route[] {
  return builtRoutes(table);
}

/** Public and admin-or-service routes: what an IAM service account may invoke. */
export function serviceRoutes(table: readonly Route[] = allRoutes): Route[] {
  return builtRoutes(table).filter((route) => route.access !== 'admin');
}

/** Admin-only routes: a service account's policy denies them explicitly (see `executeApiResource`). */
export function adminOnlyRoutes(table: readonly Route[] = allRoutes): Route[] {
  return builtRoutes(table).filter((route) => route.access === 'admin');
}

/**
 * The part of a route's execute-api ARN after the API id: the stage (any),
 * then `/METHOD/path` with path parameters becoming `*`; for
 * `GET /api/v1/teams/{id}` that is the stage wildcard, then `/GET/api/v1/teams/*`.
 *
 * IAM's `*` also matches `/`, so `GET/api/v1/teams/*` covers
 * `GET /api/v1/teams/7/dns` as well: an Allow for a parameterised route can
 * reach deeper routes. That is why the service-account policy adds an explicit
 * Deny for the admin-only routes.
 */
export function executeApiResource(route: Pick<Route, 'method' | 'path'>): string {
  return `*/${route.method}${route.path.replace(/\{[^/}]+\}/g, '*')}`;
}

/** The `$default` route (unmatched requests → 404/405) as an execute-api resource. */
export const DEFAULT_ROUTE_RESOURCE = '*/$default';

/**
 * CloudFront path patterns for the public reads: one `/api/v1/<collection>*`
 * per first path segment of a deployed public GET route (`/api/v1/teams*`,
 * `/api/v1/services*`). A pattern also covers the collection's protected and
 * write routes, which is safe: those answer `Cache-Control: private` and the
 * Authorization header is part of the cache key.
 */
export function publicReadPathPatterns(table: readonly Route[] = allRoutes): string[] {
  const patterns = builtRoutes(table)
    .filter((route) => route.access === 'public' && route.method === 'GET')
    .map((route) => {
      const first = route.path.slice(API_PREFIX.length).split('/').find((segment) => segment !== '') ?? '';
      return first === '' || first.includes('{') ? `${API_PREFIX}/*` : `${API_PREFIX}/${first}*`;
    });
  return [...new Set(patterns)].sort();
}
