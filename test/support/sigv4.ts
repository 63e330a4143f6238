import { createHash, createHmac, type Hash, type Hmac } from 'node:crypto';
import { SignatureV4 } from '@smithy/signature-v4';

/**
 * Signs a request the way the AWS SDK does (the reference our local verifier
 * must agree with) and returns the headers to send.
 */
export async function signedHeaders(
  url: string,
  options: { method: string; body?: string; accessKeyId: string; secretAccessKey: string; region?: string; date?: Date },
): Promise<Record<string, string>> {
  const parsed = new URL(url);
  const signer = new SignatureV4({
    service: 'execute-api',
    region: options.region ?? 'us-east-1',
    credentials: { accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey },
    sha256: NodeSha256,
  });
  const query: Record<string, string> = {};
  parsed.searchParams.forEach((value, key) => (query[key] = value));
  const signed = await signer.sign(
    {
      method: options.method,
      protocol: parsed.protocol,
      hostname: parsed.hostname,
      port: Number(parsed.port),
      path: parsed.pathname,
      query,
      headers: {
        host: parsed.host,
        ...(options.body !== undefined ? { 'content-type': 'application/json' } : {}),
      },
      body: options.body,
    },
    { signingDate: options.date },
  );
  return signed.headers as Record<string, string>;
}

/** The SDK's checksum interface over node:crypto (HMAC when given a secret). */
class NodeSha256 {
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
