import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
/** An access key the local server accepts, and the role IAM would grant it (an agent's with its pool, as the registry holds it). */
export interface LocalIamKey {
  accessKeyId: string;
  secretAccessKey: string;
  role: 'admin' | 'service' | 'agent';
  pool?: string;
}

/** `KEYID:SECRET:role` entries (`KEYID:SECRET:agent:POOL` for an agent) separated by commas (SCORING_LOCAL_IAM_KEYS). */
export function parseIamKeys(text: string | undefined): LocalIamKey[] {
  if (!text) return [];
  return text
    .split(',')
    .filter((entry) => entry.trim() !== '')
    .map((entry) => {
      const [accessKeyId, secretAccessKey, role, pool, ...rest] = entry.trim().split(':');
      const valid =
        accessKeyId &&
        secretAccessKey &&
        rest.length === 0 &&
        (role === 'agent' ? Boolean(pool) : (role === 'admin' || role === 'service') && pool === undefined);
      if (!valid) throw new Error(`SCORING_LOCAL_IAM_KEYS: "${entry}" is not KEYID:SECRET:admin|service or KEYID:SECRET:agent:POOL`);
      return { accessKeyId, secretAccessKey, role: role as LocalIamKey['role'], ...(pool ? { pool } : {}) };
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
/** The longest a presigned URL may be good for (S3's own limit: 7 days). */
const MAX_PRESIGNED_SECONDS = 7 * 24 * 3600;

/** Who may sign, for which service and region, and how the service reads the path. */
export interface SigningScope {
  service: string;
  region: string;
  /** The secret of an access key, or undefined for a key not known. */
  secretOf(accessKeyId: string): string | undefined;
  /**
   * `normalised`: API Gateway's (and every non-S3 service's) canonical path,
   * as the SDKs sign it, or the path as sent (curl signs that). `s3`: S3
   * never normalises; the key as decoded, each segment encoded once.
   */
  paths: 'normalised' | 's3';
  /** Whether the query's X-Amz-* parameters may carry the signature (a presigned URL), as S3 allows. */
  presigned?: boolean;
}

/** Why a signature was refused: S3's error code for it, and a reason for a person. */
export type SignatureCheck =
  | { ok: true; accessKeyId: string }
  | {
      ok: false;
      code: 'AccessDenied' | 'SignatureDoesNotMatch' | 'InvalidAccessKeyId' | 'AuthorizationQueryParametersError' | 'XAmzContentSHA256Mismatch';
      reason: string;
    };

/** Whether the request carries a signature at all, in its header or (presigned) its query. */
export function carriesSignature(request: Pick<SignedRequest, 'headers' | 'rawQueryString'>): boolean {
  return (request.headers.authorization ?? '').startsWith('AWS4-HMAC-SHA256') || /(^|&)X-Amz-Signature=/i.test(request.rawQueryString);
}

/**
 * Verifies an AWS Signature Version 4 the way API Gateway's IAM authorizer
 * (`execute-api`) does: same canonical request, a date within 15 minutes,
 * the API's region, the host header signed, the key known. Returns why it
 * failed, for a 401 detail.
 */
export function verifySigV4(request: SignedRequest, keys: LocalIamKey[], region: string, now = new Date()): Verification {
  const scope: SigningScope = {
    service: 'execute-api',
    region,
    paths: 'normalised',
    secretOf: (id) => keys.find((k) => k.accessKeyId === id)?.secretAccessKey,
  };
  const checked = verifySignature(request, scope, now);
  return checked.ok ? { ok: true, key: keys.find((k) => k.accessKeyId === checked.accessKeyId)! } : { ok: false, reason: checked.reason };
}

/** The signature's parts, from the Authorization header or, presigned, the query. */
interface Claimed {
  accessKeyId: string;
  scopeDate: string;
  scopeRegion: string;
  service: string;
  signedHeaderList: string;
  signature: string;
  amzDate: string | undefined;
  /** Presigned: how long the URL is good for. */
  expiresSeconds?: number;
}

function claimedInHeader(request: SignedRequest): Claimed | undefined {
  const match =
    /^AWS4-HMAC-SHA256 Credential=([^/,\s]+)\/(\d{8})\/([^/,\s]+)\/([^/,\s]+)\/aws4_request,\s*SignedHeaders=([a-z0-9;-]+),\s*Signature=([0-9a-f]{64})$/.exec(
      (request.headers.authorization ?? '').trim(),
    );
  if (!match) return undefined;
  const [, accessKeyId, scopeDate, scopeRegion, service, signedHeaderList, signature] = match as unknown as string[];
  return {
    accessKeyId: accessKeyId!,
    scopeDate: scopeDate!,
    scopeRegion: scopeRegion!,
    service: service!,
    signedHeaderList: signedHeaderList!,
    signature: signature!,
    amzDate: request.headers['x-amz-date'],
  };
}

function claimedInQuery(request: SignedRequest): Claimed | string {
  const query = new Map<string, string>();
  for (const [name, value] of queryPairs(request.rawQueryString)) {
    if (name.startsWith('X-Amz-') && query.has(name)) return `${name} is given twice.`;
    query.set(name, value);
  }
  const credential = /^([^/]+)\/(\d{8})\/([^/]+)\/([^/]+)\/aws4_request$/.exec(query.get('X-Amz-Credential') ?? '');
  const expires = query.get('X-Amz-Expires') ?? '';
  const signedHeaderList = query.get('X-Amz-SignedHeaders') ?? '';
  const signature = query.get('X-Amz-Signature') ?? '';
  if (query.get('X-Amz-Algorithm') !== 'AWS4-HMAC-SHA256') return 'X-Amz-Algorithm only supports "AWS4-HMAC-SHA256".';
  if (!credential) return 'X-Amz-Credential is missing or malformed.';
  if (!/^\d{1,6}$/.test(expires) || Number(expires) < 1 || Number(expires) > MAX_PRESIGNED_SECONDS) return 'X-Amz-Expires must be 1 to 604800 seconds.';
  if (!/^[a-z0-9;-]+$/.test(signedHeaderList) || !/^[0-9a-f]{64}$/.test(signature)) return 'X-Amz-SignedHeaders or X-Amz-Signature is malformed.';
  const [, accessKeyId, scopeDate, scopeRegion, service] = credential as unknown as string[];
  return {
    accessKeyId: accessKeyId!,
    scopeDate: scopeDate!,
    scopeRegion: scopeRegion!,
    service: service!,
    signedHeaderList,
    signature,
    amzDate: query.get('X-Amz-Date'),
    expiresSeconds: Number(expires),
  };
}

const timeOf = (amzDate: string) =>
  Date.parse(`${amzDate.slice(0, 4)}-${amzDate.slice(4, 6)}-${amzDate.slice(6, 8)}T${amzDate.slice(9, 11)}:${amzDate.slice(11, 13)}:${amzDate.slice(13, 15)}Z`);

/**
 * Verifies a SigV4 signature, in the Authorization header or (where the
 * scope allows, as S3 does) a presigned URL's query: the service, region
 * and key, the date (within 15 minutes of now; a presigned URL until it
 * expires), the host header signed, the payload's hash, and the signature
 * itself over the canonical request.
 */
export function verifySignature(request: SignedRequest, scope: SigningScope, now = new Date()): SignatureCheck {
  const denied = (reason: string, code: Exclude<SignatureCheck, { ok: true }>['code'] = 'AccessDenied') => ({ ok: false as const, code, reason });
  const inHeader = claimedInHeader(request);
  const presigned = !inHeader && scope.presigned === true && /(^|&)X-Amz-Signature=/.test(request.rawQueryString);
  const claimed = inHeader ?? (presigned ? claimedInQuery(request) : undefined);
  if (claimed === undefined) return denied('The Authorization header is not a SigV4 signature.');
  if (typeof claimed === 'string') return denied(claimed, 'AuthorizationQueryParametersError');
  if (claimed.service !== scope.service) return denied(`The signature is for service "${claimed.service}", not "${scope.service}".`);
  // API Gateway and S3 accept only signatures scoped to their own region.
  if (claimed.scopeRegion !== scope.region)
    return denied(`Credential should be scoped to a valid region: this is ${scope.region}, the signature is for ${claimed.scopeRegion}.`);
  const secret = scope.secretOf(claimed.accessKeyId);
  if (secret === undefined) return denied('The access key is not known.', 'InvalidAccessKeyId');

  const amzDate = claimed.amzDate;
  if (!amzDate || !/^\d{8}T\d{6}Z$/.test(amzDate)) return denied('The X-Amz-Date header is missing or malformed.');
  if (amzDate.slice(0, 8) !== claimed.scopeDate) return denied('The credential scope date does not match X-Amz-Date.');
  const signedAt = timeOf(amzDate);
  if (claimed.expiresSeconds !== undefined) {
    if (signedAt - now.getTime() > MAX_CLOCK_SKEW_MS) return denied('Request is not yet valid.');
    if (now.getTime() > signedAt + claimed.expiresSeconds * 1000) return denied('Request has expired.');
  } else if (!(Math.abs(now.getTime() - signedAt) <= MAX_CLOCK_SKEW_MS)) {
    return denied('The signature is older (or newer) than 15 minutes.');
  }

  const signedHeaders = claimed.signedHeaderList.split(';');
  if (!signedHeaders.includes('host')) return denied('The host header must be signed.');
  const payloadHash = sha256(request.body);
  const claimedPayloadHash = request.headers['x-amz-content-sha256'];
  let canonicalPayload = payloadHash;
  if (presigned) canonicalPayload = 'UNSIGNED-PAYLOAD';
  else if (scope.paths === 's3') {
    // S3 signs what the header claims, and checks a claimed hash against the body.
    if (!claimedPayloadHash) return denied('Missing required header for this request: x-amz-content-sha256.', 'AccessDenied');
    if (claimedPayloadHash !== 'UNSIGNED-PAYLOAD' && claimedPayloadHash !== payloadHash)
      return denied("The provided 'x-amz-content-sha256' header does not match what was computed.", 'XAmzContentSHA256Mismatch');
    canonicalPayload = claimedPayloadHash;
  } else if (claimedPayloadHash && claimedPayloadHash !== payloadHash) {
    // An unsigned payload would let a captured request be replayed with another body.
    return denied('X-Amz-Content-Sha256 does not match the body.');
  }

  const credentialScope = `${claimed.scopeDate}/${scope.region}/${scope.service}/aws4_request`;
  let signingKey = hmac(`AWS4${secret}`, claimed.scopeDate);
  for (const part of [scope.region, scope.service, 'aws4_request']) signingKey = hmac(signingKey, part);
  const given = Buffer.from(claimed.signature, 'hex');
  const query = presigned ? withoutSignature(request.rawQueryString) : request.rawQueryString;
  const verifies = (uri: string) => {
    const canonicalRequest = [
      request.method.toUpperCase(),
      uri,
      canonicalQuery(query),
      signedHeaders.map((name) => `${name}:${canonicalHeaderValue(Object.hasOwn(request.headers, name) ? request.headers[name]! : '')}\n`).join(''),
      claimed.signedHeaderList,
      canonicalPayload,
    ].join('\n');
    const stringToSign = ['AWS4-HMAC-SHA256', amzDate, credentialScope, sha256(canonicalRequest)].join('\n');
    const expected = createHmac('sha256', signingKey).update(stringToSign).digest();
    return given.length === expected.length && timingSafeEqual(given, expected);
  };
  // The SDKs sign the normalised path; some clients (curl) sign the path as sent. S3 normalises nothing.
  const uris = scope.paths === 's3' ? [s3Uri(request.rawPath), request.rawPath] : [canonicalUri(request.rawPath), literalUri(request.rawPath)];
  if (!uris.some(verifies)) return denied('The request signature we calculated does not match the signature you provided.', 'SignatureDoesNotMatch');
  return { ok: true, accessKeyId: claimed.accessKeyId };
}

/** A query string without its X-Amz-Signature (a presigned URL signs everything else). */
function withoutSignature(rawQueryString: string): string {
  return rawQueryString
    .split('&')
    .filter((pair) => !pair.startsWith('X-Amz-Signature='))
    .join('&');
}

/** A query string's name and value pairs, decoded, in order. */
export function queryPairs(rawQueryString: string): [string, string][] {
  return rawQueryString
    .split('&')
    .filter((pair) => pair !== '')
    .map((pair) => {
      const [name = '', value = ''] = pair.split(/=(.*)/s);
      return [decode(name), decode(value)];
    });
}

/** S3's canonical path: each segment as decoded (the key's own characters), encoded once; nothing normalised. */
function s3Uri(rawPath: string): string {
  return rawPath
    .split('/')
    .map((segment) => uriEncode(decodePath(segment)))
    .join('/');
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
  return queryPairs(rawQueryString)
    .map(([name, value]) => [uriEncode(name), uriEncode(value)] as const)
    .sort(([a, av], [b, bv]) => (a < b ? -1 : a > b ? 1 : av < bv ? -1 : av > bv ? 1 : 0))
    .map(([name, value]) => `${name}=${value}`)
    .join('&');
}

/** A path segment as decoded: `+` is itself there (only a query's means a space). */
export function decodePath(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
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

/**
 * A request to one of the local twins of an AWS service (Lambda's Invoke API, the Event API's publish), checked as
 * that service checks it: SigV4 for `service` in this region, with the twin's own key or the environment's.
 */
export function verifyTwinRequest(
  req: IncomingMessage,
  body: Buffer,
  twin: { service: string; key: { accessKeyId: string; secretAccessKey: string } },
): SignatureCheck {
  const [rawPath = '', rawQueryString = ''] = (req.url ?? '/').split('?');
  const headers = Object.fromEntries(Object.entries(req.headers).map(([k, v]) => [k, Array.isArray(v) ? v.join(',') : String(v ?? '')]));
  return verifySignature(
    { method: req.method ?? 'GET', rawPath, rawQueryString, headers, body },
    {
      service: twin.service,
      region: process.env.AWS_REGION ?? 'us-east-1',
      paths: 'normalised',
      secretOf: (id) =>
        id === twin.key.accessKeyId ? twin.key.secretAccessKey : id === process.env.AWS_ACCESS_KEY_ID ? process.env.AWS_SECRET_ACCESS_KEY : undefined,
    },
  );
}
