import { createHash, randomBytes } from 'node:crypto';
import type { AccountHome } from '#shared/domain/roles';

/**
 * A member's session token: `ccdcs_<home>_<43 characters>`, 256 random bits
 * after the home it is bound to, a team's id or `red` (the red team's). The
 * home in the clear lets the table find the session in its home's partition
 * with one GetItem (and end all of a team's sessions with one Query); it
 * tells the holder nothing they do not know. Only the SHA-256 of the whole token is stored. The `ccdcs_`
 * prefix tells it from an API token (`ccdc_`), so public routes can ignore a
 * session without a lookup.
 */
export const SESSION_PREFIX = 'ccdcs_';
const SESSION_PATTERN = /^ccdcs_([1-9]\d{0,9}|red)_[A-Za-z0-9_-]{43}$/;

/** How long a session lasts from sign-in: a competition day. */
export const SESSION_HOURS = 12;

export function generateSessionToken(home: AccountHome): { token: string; hash: string; sessionId: string } {
  const token = `${SESSION_PREFIX}${home}_${randomBytes(32).toString('base64url')}`;
  const hash = hashSessionToken(token);
  return { token, hash, sessionId: hash.slice(0, 8) };
}

export const hashSessionToken = (token: string) => createHash('sha256').update(token).digest('hex');

export const isSessionToken = (token: string) => token.startsWith(SESSION_PREFIX);

/** The home a well-formed session token names, or undefined. */
export function sessionHome(token: string): AccountHome | undefined {
  const match = SESSION_PATTERN.exec(token);
  if (!match) return undefined;
  return match[1] === 'red' ? 'red' : Number(match[1]);
}
