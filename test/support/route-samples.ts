import type { Route } from '#shared/api/routes';

/**
 * The first route of each kind, where `kindOf` names the kind (access class, or access class and method): what
 * a test sends the callers whose answer cannot depend on which route of a kind they call.
 */
export function oneRouteOfEach<R extends Pick<Route, 'access' | 'method'>>(routes: readonly R[], kindOf: (route: R) => string): Set<R> {
  const seen = new Set<string>();
  return new Set(routes.filter((route) => !seen.has(kindOf(route)) && seen.add(kindOf(route))));
}
