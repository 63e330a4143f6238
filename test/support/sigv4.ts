import { NodeSha256 } from '../../functions/shared/aws/sigv4';
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

/**
 * The Authorization header the AWS SDK writes for a request a fake AWS
 * endpoint received, at the instant its X-Amz-Date names: what a request our
 * own signer made (the agent's calls to Lambda and KMS) must carry.
 */
export async function sdkAuthorization(
  received: { url?: string; headers: Record<string, string | string[] | undefined>; body: string },
  options: {
    endpoint: string;
    service: string;
    region: string;
    credentials: { accessKeyId: string; secretAccessKey: string; sessionToken?: string };
    signedHeaders: Record<string, string>;
  },
): Promise<string | undefined> {
  const url = new URL(received.url!, options.endpoint);
  const signingDate = new Date(String(received.headers['x-amz-date']).replace(/^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/, '$1-$2-$3T$4:$5:$6Z'));
  const signer = new SignatureV4({ service: options.service, region: options.region, credentials: options.credentials, sha256: NodeSha256 });
  const signed = await signer.sign(
    {
      method: 'POST',
      protocol: url.protocol,
      hostname: url.hostname,
      port: Number(url.port),
      path: url.pathname,
      query: {},
      headers: { host: url.host, ...options.signedHeaders },
      body: received.body,
    },
    { signingDate },
  );
  return signed.headers.authorization;
}
