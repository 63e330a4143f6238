import type { Access } from '#shared/api/route';

/**
 * CORS by route class. Public reads answer any origin with `*` (never with
 * credentials: a browser sends no cookies, and our tokens travel in a header
 * a script sets). Admin and service routes answer only the origins the stack
 * lists in CORS_ALLOWED_ORIGINS (comma-separated; none by default). API
 * Gateway's own CORS setting is one rule for the whole API and overrides what
 * functions send, so the stack leaves it off and the functions decide.
 */

const ALLOWED_REQUEST_HEADERS = 'authorization, content-type, if-match, if-none-match, idempotency-key';
/** What a script may read of an answer, when the answer has it (each answer lists only its own: a poll's bytes count). */
const EXPOSABLE_RESPONSE_HEADERS = ['etag', 'location', 'retry-after', 'x-request-id', 'allow'];
/** Browsers cap this anyway (Chromium at 2 h); ten minutes bounds how long a changed rule takes to apply. */
const PREFLIGHT_MAX_AGE_SECONDS = 600;

export function allowedOrigins(): string[] {
  return (process.env.CORS_ALLOWED_ORIGINS ?? '')
    .split(',')
    .map((origin) => origin.trim())
    .filter((origin) => origin !== '');
}

/** The `Access-Control-Allow-Origin` a route class gives this origin, or undefined when it gives none. */
function allowOrigin(access: Access, origin: string | undefined): string | undefined {
  if (access === 'public') return '*';
  return origin !== undefined && allowedOrigins().includes(origin) ? origin : undefined;
}

/**
 * CORS headers for an actual response whose own headers are named
 * `answered`. Public routes carry `*` whether or not the request had an
 * Origin, so a cached copy serves every page alike; the others vary by
 * Origin. Only the exposable headers the answer carries are listed: a
 * spectator's poll over HTTP/1.1 spelled out all five each time (issue #49).
 */
export function corsHeaders(access: Access, origin: string | undefined, answered: string[]): Record<string, string> {
  const allowed = allowOrigin(access, origin);
  const headers: Record<string, string> = access === 'public' ? {} : { vary: 'Origin' };
  if (allowed) {
    headers['access-control-allow-origin'] = allowed;
    const names = new Set(answered.map((name) => name.toLowerCase()));
    const exposed = EXPOSABLE_RESPONSE_HEADERS.filter((name) => names.has(name));
    if (exposed.length > 0) headers['access-control-expose-headers'] = exposed.join(', ');
  }
  return headers;
}

/**
 * The answer to a preflight for a known path: 204 with the permissions of the
 * route the browser asks about (its class decides the origin), or 204 with no
 * permission at all, which the browser takes as a refusal.
 */
export function preflightHeaders(target: { access: Access; methods: string[] } | undefined, origin: string | undefined): Record<string, string> {
  const allowed = target ? allowOrigin(target.access, origin) : undefined;
  const headers: Record<string, string> = target?.access === 'public' ? {} : { vary: 'Origin' };
  if (!target || !allowed) return headers;
  return {
    ...headers,
    'access-control-allow-origin': allowed,
    'access-control-allow-methods': target.methods.join(', '),
    'access-control-allow-headers': ALLOWED_REQUEST_HEADERS,
    'access-control-max-age': String(PREFLIGHT_MAX_AGE_SECONDS),
  };
}
