import { postSigned, type AwsCredentials } from '#shared/aws/sigv4';

/** Where a function is and how to reach Lambda's API: `endpoint` (AWS_ENDPOINT_URL_LAMBDA, the SDK's own override) points it elsewhere, as the tests and the local twin do. */
export interface InvokeTarget {
  functionName: string;
  region: string;
  credentials: () => AwsCredentials;
  endpoint?: string;
}

/** The function's own credentials in Lambda: the runtime sets them in the environment from its role. */
export const environmentCredentials = (): AwsCredentials => ({
  accessKeyId: process.env.AWS_ACCESS_KEY_ID!,
  secretAccessKey: process.env.AWS_SECRET_ACCESS_KEY!,
  sessionToken: process.env.AWS_SESSION_TOKEN,
});

/** The local twin of Lambda's one key (lib/local/lambda-twin.ts accepts it). */
export const LOCAL_LAMBDA_CREDENTIALS: AwsCredentials = { accessKeyId: 'local-lambda', secretAccessKey: 'local-lambda-secret' };

/**
 * Where to invoke one of this stack's functions by name: Lambda in the
 * function's region, with its own credentials; or, with
 * AWS_ENDPOINT_URL_LAMBDA (the SDK's own override: the local twin, a test's
 * stand-in), that endpoint, with the environment's key when there is one,
 * else the local twin's.
 */
export function lambdaTarget(functionName: string): InvokeTarget {
  const endpoint = process.env.AWS_ENDPOINT_URL_LAMBDA;
  const local = endpoint !== undefined && !process.env.AWS_ACCESS_KEY_ID;
  return {
    functionName,
    region: process.env.AWS_REGION ?? 'us-east-1',
    credentials: local ? () => LOCAL_LAMBDA_CREDENTIALS : environmentCredentials,
    endpoint,
  };
}

/**
 * Invokes a function asynchronously (`Event`: Lambda queues the event and
 * answers 202 at once) through Lambda's Invoke API, signed with SigV4: a
 * request rather than the SDK's client, whose weight every bundle that
 * invokes would carry for one call. Throws when Lambda does not take it.
 */
export async function invokeAsync(target: InvokeTarget, event: unknown): Promise<void> {
  const endpoint = target.endpoint ?? `https://lambda.${target.region}.amazonaws.com`;
  const url = new URL(`/2015-03-31/functions/${encodeURIComponent(target.functionName)}/invocations`, endpoint);
  const response = await postSigned(url, {
    body: JSON.stringify(event),
    credentials: target.credentials(),
    region: target.region,
    service: 'lambda',
    headers: { 'x-amz-invocation-type': 'Event' },
    timeoutMs: 10_000,
  });
  if (response.status !== 202)
    throw new Error(`Lambda refused to invoke ${target.functionName}: HTTP ${response.status} ${(await response.text()).slice(0, 200)}`);
}
