/**
 * What the AWS stack derives from the route table, as plain data (no
 * aws-cdk-lib here, so tests and tools can use it too): which routes are
 * deployed, which an IAM admin or service account may invoke, the
 * execute-api resource of each, and the CDN paths worth caching.
 */
import { API_PREFIX, queryParameterNames, roleMayCall, routes as allRoutes, type Route } from '#shared/api/routes';

/** Routes that exist in AWS: planned ones are answered 501 locally and not deployed. */
export function builtRoutes(table: readonly Route[] = allRoutes): Route[] {
  return table.filter((route) => !route.planned);
}

/**
 * The deployed routes grouped by area (the route table's `tag`), each group
 * under the construct id of its nested stack (`teams` → `Teams`), groups and
 * routes in table order. Every route's function and its API routes live in
 * its area's nested stack, so a route added to the table lands in one with
 * no list to update. Changing a deployed route's tag moves its resources to
 * another nested stack, and CloudFormation creates the new copy before it
 * deletes the old one: the function's name and the API's route key would
 * clash, so such a change needs the route removed in one deployment and
 * added back in the next.
 */
export function routeAreas(table: readonly Route[] = allRoutes): Map<string, Route[]> {
  const areas = new Map<string, Route[]>();
  const tagOf = new Map<string, string>();
  for (const route of builtRoutes(table)) {
    const id = areaId(route.tag);
    const other = tagOf.get(id);
    if (other !== undefined && other !== route.tag) throw new Error(`route tags "${other}" and "${route.tag}" would share the nested stack ${id}`);
    tagOf.set(id, route.tag);
    areas.set(id, [...(areas.get(id) ?? []), route]);
  }
  return areas;
}

/** A tag as a construct id: its letters and digits, each word capitalised (`audit` → `Audit`, `ip-ranges` → `IpRanges`). */
export function areaId(tag: string): string {
  const id = tag
    .split(/[^A-Za-z0-9]+/)
    .filter((word) => word !== '')
    .map((word) => word[0]!.toUpperCase() + word.slice(1))
    .join('');
  if (!/^[A-Za-z]/.test(id)) throw new Error(`route tag "${tag}" names no nested stack (it needs a letter first)`);
  return id;
}

/** Every deployed route: what an IAM admin may invoke (its policy allows their methods under the prefix: see iamPolicyResources). */
export function adminRoutes(table: readonly Route[] = allRoutes): Route[] {
  return builtRoutes(table);
}

/** The routes a signed service account or agent may invoke: public ones and those its access class lets it call. */
export function callableRoutes(role: Exclude<IamRole, 'admin'>, table: readonly Route[] = allRoutes): Route[] {
  return builtRoutes(table).filter((route) => roleMayCall(route.access, role));
}

/** The routes a service account or agent may not call (admin-only, the teams' own…): its policy denies them, and everything below them. */
export function deniedRoutes(role: Exclude<IamRole, 'admin'>, table: readonly Route[] = allRoutes): Route[] {
  return builtRoutes(table).filter((route) => !roleMayCall(route.access, role));
}

/** The methods IAM sees for a route: API Gateway answers HEAD with the GET route, and IAM checks it as HEAD. */
export function invokedMethods(route: Pick<Route, 'method'>): string[] {
  return route.method === 'GET' ? ['GET', 'HEAD'] : [route.method];
}

/**
 * The part of a route's execute-api ARN after the API id: the stage (any),
 * then `/METHOD/path` with path parameters becoming `*`; for
 * `GET /api/v1/teams/{id}` that is the stage wildcard, then `/GET/api/v1/teams/` and a wildcard. The ARN ends in
 * the route's own last segment, so an Allow reaches no deeper route unless the
 * route itself ends in a parameter.
 */
export function executeApiResource(route: Pick<Route, 'path'>, method: string): string {
  return `*/${method}${route.path.replace(/\{[^/}]+\}/g, '*')}`;
}

/**
 * IAM's `*` also matches `/`, so `GET/api/v1/teams/*` (a public route) covers
 * `GET /api/v1/teams/7/dns.zone` and any spelling of it (`.../dns.zone/`,
 * `.../dns.zone//`). The Deny on an admin-only route therefore ends in `*`:
 * every suffix of its path is denied too — unless a route the role may call
 * lies below it, which that `*` would deny as well.
 */
export function denyResources(route: Pick<Route, 'path'>, method: string, allowed: readonly Pick<Route, 'path' | 'method'>[]): string[] {
  const resource = executeApiResource(route, method);
  // A route the role may call lies below this one (POST /services and POST /services/{id}/scans):
  // `*` would deny it too, so only the two spellings API Gateway sends here are denied.
  const below = allowed.some((other) => invokedMethods(other).includes(method) && other.path.startsWith(`${route.path}/`));
  return below ? [resource, `${resource}/`] : [`${resource}*`];
}

/** The roles an IAM principal can hold: an agent's pool is the registry's to say (handlers narrow to it), not the policy's. */
export type IamRole = 'admin' | 'service' | 'agent';

/**
 * The execute-api resources a role's policy allows and denies (no `$default`:
 * its requests are checked by path like any other).
 *
 * A service account or an agent is allowed exactly its routes. An admin may call every
 * route, so its policy allows every path under the API prefix for the
 * methods the table uses: what IAM would refuse an admin is only other
 * spellings (`…/dns.zone/`, `…//teams/…`) and paths that are no route, and
 * those reach a function that answers 404 problem+json (the endpoint
 * wrapper's canonical-path check, or the fallback function), never IAM's
 * plain 403 — an admin learns the path is wrong, not that it is forbidden.
 */
export function iamPolicyResources(role: IamRole, table: readonly Route[] = allRoutes): { allow: string[]; deny: string[] } {
  if (role === 'admin') {
    const methods = [...new Set(adminRoutes(table).flatMap((route) => invokedMethods(route)))].sort();
    return { allow: methods.map((method) => `*/${method}${API_PREFIX}/*`), deny: [] };
  }
  const callable = callableRoutes(role, table);
  return {
    allow: callable.flatMap((route) => invokedMethods(route).map((method) => executeApiResource(route, method))),
    deny: deniedRoutes(role, table).flatMap((route) => invokedMethods(route).flatMap((method) => denyResources(route, method, callable))),
  };
}

/** IAM resource matching: `*` is any run of characters, slashes included; `?` one character. */
export function iamWildcardMatches(pattern: string, value: string): boolean {
  const regex = pattern
    .replace(/[.+^${}()|[\]\\]/g, '\\$&')
    .replace(/\*/g, '.*')
    .replace(/\?/g, '.');
  return new RegExp(`^${regex}$`, 's').test(value);
}

/**
 * What IAM decides for a signed request of this role on the IAM API: the
 * request's resource is `<stage>/<METHOD><path as sent>`, allowed when an
 * Allow matches and no Deny does. The local gateway uses it to answer as API
 * Gateway would.
 */
export function iamAllows(role: IamRole, method: string, rawPath: string, table: readonly Route[] = allRoutes): boolean {
  const request = `$default/${method.toUpperCase()}${rawPath}`;
  const { allow, deny } = iamPolicyResources(role, table);
  return allow.some((r) => iamWildcardMatches(r, request)) && !deny.some((r) => iamWildcardMatches(r, request));
}

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
      const first =
        route.path
          .slice(API_PREFIX.length)
          .split('/')
          .find((segment) => segment !== '') ?? '';
      return first === '' || first.includes('{') ? `${API_PREFIX}/*` : `${API_PREFIX}/${first}*`;
    });
  return [...new Set(patterns)].sort();
}

/**
 * The deployed routes that read the viewer's address (`viewerAddress`): each
 * path with `*` for its parameters, so that the CloudFront Function runs on
 * those paths and no others, and the edge token it checks (`edgeToken`).
 */
export function addressedPaths(table: readonly Route[] = allRoutes): { pattern: string; route: string; edgeToken?: Route['edgeToken'] }[] {
  return builtRoutes(table)
    .filter((route) => route.viewerAddress)
    .map((route) => ({ pattern: route.path.replace(/\{[^}]+\}/g, '*'), route: route.name, ...(route.edgeToken ? { edgeToken: route.edgeToken } : {}) }))
    .sort((a, b) => a.pattern.localeCompare(b.pattern));
}

/**
 * The query parameters of the deployed public GET routes: the CDN's cache key
 * holds these and no others, so `?_=123` or any other string hits the cache.
 */
export function publicReadQueryParameters(table: readonly Route[] = allRoutes): string[] {
  const names = builtRoutes(table)
    .filter((route) => route.access === 'public' && route.method === 'GET')
    .flatMap((route) => queryParameterNames(route));
  return [...new Set(names)].sort();
}
