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
