import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import type { TokenRole as Role } from '#shared/domain/roles';

/** An access key the local server accepts, and the role IAM would grant it. */
export interface LocalIamKey {
  accessKeyId: string;
  secretAccessKey: string;
  role: Role;
}

/** `KEYID:SECRET:role` entries separated by commas (SCORING_LOCAL_IAM_KEYS). */
export function parseIamKeys(text: string | undefined): LocalIamKey[] {
  if (!text) return [];
  return text
    .split(',')
    .filter((entry) => entry.trim() !== '')
    .map((entry) => {
      const [accessKeyId, secretAccessKey, role] = entry.trim().split(':');
      if (!accessKeyId || !secretAccessKey || (role !== 'admin' && role !== 'service')) {
        throw new Error(`SCORING_LOCAL_IAM_KEYS: "${entry}" is not KEYID:SECRET:admin|service`);
      }
      return { accessKeyId, secretAccessKey, role };
    });
}

export interface SignedRequest {
  method: string;
  /** The path as sent, still percent-encoded. */
  rawPath: string;
  rawQueryString: string;
  /** Header names in lower case; repeated headers joined with commas. */
  headers: Record<string, string>;
  body: Buffer;
}

export type Verification = { ok: true; key: LocalIamKey } | { ok: false; reason: string };

const MAX_CLOCK_SKEW_MS = 15 * 60 * 1000;
const SERVICE = 'execute-api';

/**
 * Verifies an AWS Signature Version 4 (`execute-api`) the way API Gateway's IAM
 * authorizer does: same canonical request, a date within 15 minutes, the
 * API's region, the host header signed, the key known. Returns why it failed, for a 401 detail.
 */
export function verifySigV4(request: SignedRequest, keys: LocalIamKey[], region: string, now = new Date()): Verification {
  const header = request.headers.authorization ?? '';
  const match =
    /^AWS4-HMAC-SHA256 Credential=([^/,\s]+)\/(\d{8})\/([^/,\s]+)\/([^/,\s]+)\/aws4_request,\s*SignedHeaders=([a-z0-9;-]+),\s*Signature=([0-9a-f]{64})$/.exec(
      header.trim(),
    );
  if (!match) return { ok: false, reason: 'The Authorization header is not a SigV4 signature.' };
  const [, accessKeyId, scopeDate, scopeRegion, service, signedHeaderList, signature] = match as unknown as string[];
  if (service !== SERVICE) return { ok: false, reason: `The signature is for service "${service}", not "${SERVICE}".` };
  // API Gateway accepts only signatures scoped to the API's own region.
  if (scopeRegion !== region)
    return { ok: false, reason: `Credential should be scoped to a valid region: this API is in ${region}, the signature is for ${scopeRegion}.` };
  const key = keys.find((k) => k.accessKeyId === accessKeyId);
  if (!key) return { ok: false, reason: 'The access key is not known.' };

  const amzDate = request.headers['x-amz-date'];
  if (!amzDate || !/^\d{8}T\d{6}Z$/.test(amzDate)) return { ok: false, reason: 'The X-Amz-Date header is missing or malformed.' };
  if (amzDate.slice(0, 8) !== scopeDate) return { ok: false, reason: 'The credential scope date does not match X-Amz-Date.' };
  const signedAt = Date.parse(
    `${amzDate.slice(0, 4)}-${amzDate.slice(4, 6)}-${amzDate.slice(6, 8)}T${amzDate.slice(9, 11)}:${amzDate.slice(11, 13)}:${amzDate.slice(13, 15)}Z`,
  );
  if (!(Math.abs(now.getTime() - signedAt) <= MAX_CLOCK_SKEW_MS)) {
    return { ok: false, reason: 'The signature is older (or newer) than 15 minutes.' };
  }

  const signedHeaders = signedHeaderList!.split(';');
  if (!signedHeaders.includes('host')) return { ok: false, reason: 'The host header must be signed.' };
  const payloadHash = sha256(request.body);
  const claimedPayloadHash = request.headers['x-amz-content-sha256'];
  // An unsigned payload would let a captured request be replayed with another body.
  if (claimedPayloadHash && claimedPayloadHash !== payloadHash) {
    return { ok: false, reason: 'X-Amz-Content-Sha256 does not match the body.' };
  }

  const scope = `${scopeDate}/${region}/${service}/aws4_request`;
  let signingKey = hmac(`AWS4${key.secretAccessKey}`, scopeDate!);
  for (const part of [region!, service!, 'aws4_request']) signingKey = hmac(signingKey, part);
  const given = Buffer.from(signature!, 'hex');
  // The SDKs sign the normalised path; some clients (curl) sign the path as
  // sent. Either verifies; IAM then decides on the path as sent.
  const verifies = (uri: string) => {
    const canonicalRequest = [
      request.method.toUpperCase(),
      uri,
      canonicalQuery(request.rawQueryString),
      signedHeaders.map((name) => `${name}:${canonicalHeaderValue(Object.hasOwn(request.headers, name) ? request.headers[name]! : '')}\n`).join(''),
      signedHeaderList,
      payloadHash,
    ].join('\n');
    const stringToSign = ['AWS4-HMAC-SHA256', amzDate, scope, sha256(canonicalRequest)].join('\n');
    const expected = createHmac('sha256', signingKey).update(stringToSign).digest();
    return given.length === expected.length && timingSafeEqual(given, expected);
  };
  if (!verifies(canonicalUri(request.rawPath)) && !verifies(literalUri(request.rawPath))) {
    return { ok: false, reason: 'The signature does not match.' };
  }
  return { ok: true, key };
}

const sha256 = (data: string | Buffer) => createHash('sha256').update(data).digest('hex');
const hmac = (key: string | Buffer, data: string) => createHmac('sha256', key).update(data).digest();

/** RFC 3986 encoding as SigV4 wants it: everything but unreserved characters. */
function uriEncode(text: string): string {
  return encodeURIComponent(text).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
}

/**
 * Non-S3 services normalise the path (RFC 3986: no empty, `.` or `..`
 * segments; a trailing slash kept), as the AWS SDKs do when signing, and
 * encode each (already encoded) segment once more.
 */
function canonicalUri(rawPath: string): string {
  const segments: string[] = [];
  for (const segment of rawPath.split('/')) {
    if (segment === '' || segment === '.') continue;
    if (segment === '..') segments.pop();
    else segments.push(segment);
  }
  const trailing = segments.length > 0 && rawPath.endsWith('/') ? '/' : '';
  return `/${segments.map(uriEncode).join('/')}${trailing}`;
}

/** The path as sent, each segment encoded once more (no normalisation). */
function literalUri(rawPath: string): string {
  return rawPath.split('/').map(uriEncode).join('/') || '/';
}

function canonicalQuery(rawQueryString: string): string {
  if (!rawQueryString) return '';
  return rawQueryString
    .split('&')
    .filter((pair) => pair !== '')
    .map((pair) => {
      const [name = '', value = ''] = pair.split(/=(.*)/s);
      return [uriEncode(decode(name)), uriEncode(decode(value))] as const;
    })
    .sort(([a, av], [b, bv]) => (a < b ? -1 : a > b ? 1 : av < bv ? -1 : av > bv ? 1 : 0))
    .map(([name, value]) => `${name}=${value}`)
    .join('&');
}

function decode(text: string): string {
  try {
    return decodeURIComponent(text.replace(/\+/g, '%20'));
  } catch {
    return text;
  }
}

function canonicalHeaderValue(value: string): string {
  return value.trim().replace(/\s+/g, ' ');
}

/** The IAM user ARN API Gateway would report for a local key; the dev server registers it with the key's role. */
export function localIamArn(key: Pick<LocalIamKey, 'accessKeyId' | 'role'>): string {
  return `arn:aws:iam::000000000000:user/local-${key.role}-${key.accessKeyId}`;
}
