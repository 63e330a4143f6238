import { routes, type Route } from '#shared/api/routes';

export type RouteMatch = { kind: 'route'; route: Route; pathParameters: Record<string, string> } | { kind: 'wrong-method'; allow: string[] } | { kind: 'none' };

/**
 * Finds the route for a method and path as API Gateway would: a literal
 * segment beats a `{parameter}` (`/teams/scoreboard` is not team
 * "scoreboard"). A known path with another method is a 405 with `Allow`.
 * HEAD is served by the GET route of a path (the same function, no body).
 */
export function matchRoute(method: string, path: string, table: readonly Route[] = routes): RouteMatch {
  const segments = splitPath(path);
  const candidates = table
    .map((route) => ({ route, match: matchSegments(splitPath(route.path), segments) }))
    .filter((c): c is { route: Route; match: { params: Record<string, string>; literals: number } } => c.match !== undefined);
  if (candidates.length === 0) return { kind: 'none' };
  const best = Math.max(...candidates.map((c) => c.match.literals));
  const onBestPath = candidates.filter((c) => c.match.literals === best);
  const wanted = method.toUpperCase() === 'HEAD' ? 'GET' : method.toUpperCase();
  const hit = onBestPath.find((c) => c.route.method === wanted);
  if (hit) return { kind: 'route', route: hit.route, pathParameters: hit.match.params };
  const methods = onBestPath.flatMap((c) => (c.route.method === 'GET' ? ['GET', 'HEAD'] : [c.route.method]));
  return { kind: 'wrong-method', allow: [...new Set(methods)].sort() };
}

function splitPath(path: string): string[] {
  return path.split('/').filter((s) => s !== '');
}

function matchSegments(pattern: string[], actual: string[]) {
  if (pattern.length !== actual.length) return undefined;
  const params: Record<string, string> = {};
  let literals = 0;
  for (let i = 0; i < pattern.length; i++) {
    const p = pattern[i]!;
    const a = actual[i]!;
    const param = /^\{(\w+)\}$/.exec(p);
    if (param) {
      params[param[1]!] = safeDecode(a);
    } else if (p === a) {
      literals++;
    } else {
      return undefined;
    }
  }
  return { params, literals };
}

function safeDecode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}
