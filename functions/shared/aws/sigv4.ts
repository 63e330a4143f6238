import { createHash, createHmac, type Hash, type Hmac } from 'node:crypto';
import { SignatureV4 } from '@smithy/signature-v4';

/** AWS credentials: a local IAM key, or the Lambda function's own (with a session token). */
export interface AwsCredentials {
  accessKeyId: string;
  secretAccessKey: string;
  sessionToken?: string;
}

/**
 * Signs a request for API Gateway's IAM authorization (`execute-api`, or
 * another service: the agent invokes its own function through Lambda's API),
 * as the AWS SDK does; returns the headers to send, `headers` among them,
 * signed. The query is signed as parsed, so its parameters may come in any
 * order.
 */
export async function sigv4Headers(
  url: URL,
  request: { method: string; body?: string; credentials: AwsCredentials; region: string; service?: string; headers?: Record<string, string> },
): Promise<Record<string, string>> {
  const signer = new SignatureV4({ service: request.service ?? 'execute-api', region: request.region, credentials: request.credentials, sha256: NodeSha256 });
  const query: Record<string, string> = {};
  url.searchParams.forEach((value, key) => (query[key] = value));
  const signed = await signer.sign({
    method: request.method,
    protocol: url.protocol,
    hostname: url.hostname,
    port: url.port ? Number(url.port) : undefined,
    path: url.pathname,
    query,
    headers: { host: url.host, ...(request.body !== undefined ? { 'content-type': 'application/json' } : {}), ...request.headers },
    body: request.body,
  });
  return signed.headers as Record<string, string>;
}

/**
 * A signed POST to an AWS service's own API: the agent's calls to Lambda
 * (its slices) and KMS (its mail tokens), made without their SDK clients,
 * whose weight the bundle would carry for one call each.
 */
export async function postSigned(
  url: URL,
  request: { body: string; credentials: AwsCredentials; region: string; service: string; headers: Record<string, string>; timeoutMs: number },
): Promise<Response> {
  const { timeoutMs, ...signing } = request;
  const headers = await sigv4Headers(url, { method: 'POST', ...signing });
  return fetch(url, { method: 'POST', headers, body: request.body, signal: AbortSignal.timeout(timeoutMs) });
}

/** The signer's checksum interface over node:crypto (an HMAC when given a secret); the tests' signer uses it too. */
export class NodeSha256 {
  private hash: Hash | Hmac;
  private readonly secret?: Uint8Array | string;
  constructor(secret?: Uint8Array | string | ArrayBuffer | ArrayBufferView) {
    this.secret = secret === undefined || typeof secret === 'string' ? secret : bytes(secret);
    this.hash = this.fresh();
  }
  private fresh() {
    return this.secret === undefined ? createHash('sha256') : createHmac('sha256', this.secret);
  }
  update(data: Uint8Array | string | ArrayBuffer | ArrayBufferView) {
    this.hash.update(typeof data === 'string' ? data : bytes(data));
  }
  async digest() {
    return new Uint8Array(this.hash.digest());
  }
  reset() {
    this.hash = this.fresh();
  }
}

function bytes(data: ArrayBuffer | ArrayBufferView): Uint8Array {
  return data instanceof ArrayBuffer ? new Uint8Array(data) : new Uint8Array(data.buffer, data.byteOffset, data.byteLength);
}

/**
 * The typed client's signing hook (createScoringClient's `sign`): signs the
 * request exactly as it will be sent, body included, with fresh credentials
 * each time (a Lambda role's rotate).
 */
export function sigv4Signer(credentials: () => AwsCredentials, region: string): (request: Request) => Promise<Request> {
  return async (request) => {
    const body = request.body === null ? undefined : await request.clone().text();
    const signed = await sigv4Headers(new URL(request.url), { method: request.method, body, credentials: credentials(), region });
    const headers = new Headers(request.headers);
    for (const [name, value] of Object.entries(signed)) headers.set(name, value);
    return new Request(request.url, { method: request.method, headers, body, signal: request.signal });
  };
}
