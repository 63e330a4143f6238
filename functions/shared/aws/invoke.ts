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
