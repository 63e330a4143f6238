import { createHash, createHmac } from 'node:crypto';
import { postSigned, type AwsCredentials } from '#shared/aws/sigv4';

/**
 * The token a mail check's message carries: an HMAC of the sending check's
 * scan id, under a key no team holds. The agent keeps nothing between rounds
 * (each round may be another Lambda invocation), so the next round's mailbox
 * check works the token out again from the scan id, and a team cannot put a
 * message with a valid token in its own mailbox without its mail going
 * through.
 */
export type MailToken = (scanId: string) => Promise<string>;

/** 128 bits of the MAC, in base64url: 22 letters, digits, `-` and `_`, safe in a subject, an IMAP string and a POP3 header line. */
const tokenOf = (mac: Buffer) => mac.subarray(0, 16).toString('base64url');

/** Locally: HMAC-SHA-256 under a key the agent holds. */
export function hmacMailToken(key: string | Buffer): MailToken {
  return async (scanId) => tokenOf(createHmac('sha256', key).update(scanId).digest());
}

/**
 * A key an agent is given (SCORING_AGENT_MAIL_KEY), for an agent that makes
 * its tokens itself; without one, the agent asks the API (pool-mail-token.ts).
 */
export const givenMailKey = (configured: string): Buffer => createHash('sha256').update(configured).digest();

/**
 * In AWS: KMS GenerateMac (HMAC_SHA_256) with the stack's HMAC key, whose
 * key material never leaves KMS; the agent's role may generate MACs with it
 * and nothing else. A request to KMS's JSON API rather than its SDK client,
 * for the same reason as the fan-out (fan-out.ts);
 * AWS_ENDPOINT_URL_KMS (the SDK's own override) points it elsewhere.
 */
export function kmsMailToken(options: { keyId: string; region: string; credentials: () => AwsCredentials; endpoint?: string }): MailToken {
  const url = new URL('/', options.endpoint ?? `https://kms.${options.region}.amazonaws.com`);
  return async (scanId) => {
    const body = JSON.stringify({ KeyId: options.keyId, MacAlgorithm: 'HMAC_SHA_256', Message: Buffer.from(scanId).toString('base64') });
    const response = await postSigned(url, {
      body,
      credentials: options.credentials(),
      region: options.region,
      service: 'kms',
      headers: { 'content-type': 'application/x-amz-json-1.1', 'x-amz-target': 'TrentService.GenerateMac' },
      timeoutMs: 5_000,
    });
    const answer = (await response.json().catch(() => ({}))) as { Mac?: string; __type?: string; message?: string };
    if (!response.ok || typeof answer.Mac !== 'string') {
      throw new Error(`KMS refused the mail token: HTTP ${response.status} ${answer.__type ?? ''} ${answer.message ?? ''}`.trim());
    }
    return tokenOf(Buffer.from(answer.Mac, 'base64'));
  };
}
