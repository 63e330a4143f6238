import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { BEACON_TOKEN_PATTERN, BEACON_TOKEN_PREFIX } from '#shared/domain/beacons';

/**
 * A beacon's token (issue #63): `ccdcb_` and 256 random bits. The prefix is
 * its own, so log redaction and the leak scans find it; only its SHA-256 is
 * kept, and a presented token is compared with it in constant time.
 */
const BEACON_TOKEN = new RegExp(BEACON_TOKEN_PATTERN);

export function newBeaconToken(): { token: string; hash: string } {
  const token = `${BEACON_TOKEN_PREFIX}${randomBytes(32).toString('base64url')}`;
  return { token, hash: beaconTokenHash(token) };
}

const beaconTokenHash = (token: string) => createHash('sha256').update(token).digest('hex');

/** Whether a presented token is the one whose hash a beacon keeps. */
export function isBeaconToken(presented: string | undefined, hash: string): boolean {
  if (presented === undefined || !BEACON_TOKEN.test(presented)) return false;
  const given = Buffer.from(beaconTokenHash(presented), 'hex');
  const kept = Buffer.from(hash, 'hex');
  return given.length === kept.length && timingSafeEqual(given, kept);
}
