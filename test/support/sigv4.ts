import { NodeSha256 } from '../../functions/agent/sigv4';
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
