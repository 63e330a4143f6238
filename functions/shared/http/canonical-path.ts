import type { Route } from '#shared/api/route';

/**
 * A path parameter as it may be spelled in a canonical path: unreserved
 * characters only (no percent-encoding, so no `%2F`), and never a `.` or `..`
 * segment.
 */
const PARAMETER = '[A-Za-z0-9_~-][A-Za-z0-9._~-]*';

const patterns = new Map<string, RegExp>();

/**
 * Whether a request path is the one spelling of its route. API Gateway hands
 * a function `/x/` for the route `/x`, and IAM policies compare the path as
 * sent, so every other spelling (a trailing or doubled slash, `%2F`, dot
 * segments, another case of a literal) is refused before a handler runs: an
 * authorization decision taken on one spelling can never apply to another.
 */
export function isCanonicalPath(route: Route, rawPath: string): boolean {
  let pattern = patterns.get(route.path);
  if (!pattern) {
    const source = route.path
      .split('/')
      .map((segment) => (/^\{\w+\}$/.test(segment) ? PARAMETER : segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
      .join('/');
    pattern = new RegExp(`^${source}$`);
    patterns.set(route.path, pattern);
  }
  return pattern.test(rawPath);
}
