import { createHash, randomBytes } from 'node:crypto';
import type { TokenRecord } from '#shared/domain/tokens';

/**
 * API tokens look like `ccdc_3f9a1c2b_<43 characters>`: a fixed readable
 * prefix, a short public id (shown in listings and logs), and 256 random bits.
 * Only the SHA-256 of the whole token is stored.
 */
export const TOKEN_PREFIX = 'ccdc_';

export type { TokenRecord };

export function generateToken(): { token: string; tokenId: string; hash: string } {
  const tokenId = randomBytes(4).toString('hex');
  const token = `${TOKEN_PREFIX}${tokenId}_${randomBytes(32).toString('base64url')}`;
  return { token, tokenId, hash: hashToken(token) };
}

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** Why a stored token may not be used now, or undefined when it may. */
export function tokenRejection(record: TokenRecord, now: Date): string | undefined {
  if (record.revoked_at) return 'The token has been revoked.';
  if (record.expires_at && Date.parse(record.expires_at) <= now.getTime()) return 'The token has expired.';
  return undefined;
}

export type AuthorizationHeader = { scheme: 'none' } | { scheme: 'bearer'; token: string } | { scheme: 'sigv4' } | { scheme: 'malformed' };

export function parseAuthorization(header: string | undefined): AuthorizationHeader {
  if (header === undefined || header === '') return { scheme: 'none' };
  if (header.startsWith('AWS4-HMAC-SHA256 ')) return { scheme: 'sigv4' };
  const match = /^Bearer +(\S+)\s*$/i.exec(header);
  if (!match) return { scheme: 'malformed' };
  return { scheme: 'bearer', token: match[1]! };
}
