import { createHash } from 'node:crypto';

/** The ETag of a JSON representation: what a GET of it carries and what If-Match must name. */
export function representationETag(body: string): string {
  return `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`;
}

/** The ETag of a value as the API returns it (serialised as the endpoint wrapper does). */
export const etagOf = (value: unknown) => representationETag(JSON.stringify(value));

/**
 * Whether an If-Match header lets a write go ahead on a resource whose current
 * ETag is `current` (undefined: it does not exist). RFC 9110 §13.1.1: no header
 * always passes; `*` passes for any existing resource; otherwise the strong
 * comparison, so a weak tag (W/"…") never matches.
 */
export function ifMatchPasses(header: string | undefined, current: string | undefined): boolean {
  if (header === undefined) return true;
  if (current === undefined) return false;
  if (header.trim() === '*') return true;
  if (current.startsWith('W/')) return false;
  return header.split(',').some((tag) => tag.trim() === current);
}

/** If-Match as a condition on a resource's current representation (undefined: none). */
export function ifMatchCondition(header: string | undefined): (current: unknown) => boolean {
  return (current) => ifMatchPasses(header, current === undefined ? undefined : etagOf(current));
}

/**
 * A view read within this long of the public version's last move is tagged
 * by its bytes instead: its reads (eventually consistent in AWS) may not yet
 * hold the change that moved it, and a version tag on older content would
 * keep a client on that content until the next change.
 */
export const VIEW_SETTLE_MS = 2_000;

/**
 * The ETag of a public view as of the public version: everything the view is
 * made of that can change without it moving goes in too (the settings copy it
 * was built from, whether the freeze holds and applies to this caller, the
 * caller's role, and, for a view that changes with the clock, the clock's
 * bucket, until the view holds every change up to the version's last move). Undefined while the version is settling (see VIEW_SETTLE_MS).
 */
export function viewETag(
  published: { version: number; movedAt: number },
  made: {
    settings: number;
    freeze: { frozen: boolean; applies: boolean };
    role: string | undefined;
    clockMs?: number;
    completeUpTo?: number;
    momentsPassed?: number;
  },
  now: number,
): string | undefined {
  if (now - published.movedAt < VIEW_SETTLE_MS) return undefined;
  const parts = [
    `v${published.version}`,
    `s${made.settings}`,
    made.freeze.frozen ? (made.freeze.applies ? 'frozen-applies' : 'frozen') : 'live',
    made.role ?? 'anonymous',
    // A view complete up to the version's last move no longer changes with the clock (decision 0077).
    made.clockMs === undefined || (made.completeUpTo !== undefined && made.completeUpTo >= published.movedAt) ? '' : `t${Math.floor(now / made.clockMs)}`,
    made.momentsPassed === undefined ? '' : `m${made.momentsPassed}`,
  ];
  return `"v-${createHash('sha256').update(parts.join('|')).digest('base64url').slice(0, 24)}"`;
}
