import { createHash, randomBytes } from 'node:crypto';

/**
 * A team member's session token: `ccdcs_<team id>_<43 characters>`, 256
 * random bits after the team it is bound to. The team id in the clear lets
 * the table find the session in its team's partition with one GetItem (and
 * end all of a team's sessions with one Query); it tells the holder nothing
 * they do not know. Only the SHA-256 of the whole token is stored. The `ccdcs_`
 * prefix tells it from an API token (`ccdc_`), so public routes can ignore a
 * session without a lookup.
 */
export const SESSION_PREFIX = 'ccdcs_';
const SESSION_PATTERN = /^ccdcs_([1-9]\d{0,9})_[A-Za-z0-9_-]{43}$/;

/** How long a session lasts from sign-in: a competition day. */
export const SESSION_HOURS = 12;

export function generateSessionToken(team: number): { token: string; hash: string; sessionId: string } {
  const token = `${SESSION_PREFIX}${team}_${randomBytes(32).toString('base64url')}`;
  const hash = hashSessionToken(token);
  return { token, hash, sessionId: hash.slice(0, 8) };
}

export const hashSessionToken = (token: string) => createHash('sha256').update(token).digest('hex');

export const isSessionToken = (token: string) => token.startsWith(SESSION_PREFIX);

/** The team a well-formed session token names, or undefined. */
export function sessionTeam(token: string): number | undefined {
  const match = SESSION_PATTERN.exec(token);
  return match ? Number(match[1]) : undefined;
}
