import { postSigned, type AwsCredentials } from './sigv4';
import type { Slice } from './schedule';

/** What the agent's function is invoked with: the scheduler's time, and a slice when the round fans out. */
export interface AgentEvent {
  time?: string;
  slice?: Slice;
}

/** Starts another invocation of the agent for one slice of a round, without waiting for it. */
export type SliceInvoker = (event: AgentEvent & { slice: Slice }) => Promise<void>;

/**
 * Invokes this very function again, asynchronously (`Event`: Lambda queues
 * it and answers 202 at once), through Lambda's Invoke API signed with the
 * function's own credentials. A request to Lambda's API rather than its SDK
 * client: the agent already signs with SigV4, and the client would add its
 * weight to the bundle for one call. `AWS_ENDPOINT_URL_LAMBDA` (the SDK's own
 * override) points it elsewhere, as the tests do.
 */
export function lambdaSliceInvoker(options: { functionName: string; region: string; credentials: () => AwsCredentials; endpoint?: string }): SliceInvoker {
  const endpoint = options.endpoint ?? `https://lambda.${options.region}.amazonaws.com`;
  return async (event) => {
    const url = new URL(`/2015-03-31/functions/${encodeURIComponent(options.functionName)}/invocations`, endpoint);
    const body = JSON.stringify(event);
    const response = await postSigned(url, {
      body,
      credentials: options.credentials(),
      region: options.region,
      service: 'lambda',
      headers: { 'x-amz-invocation-type': 'Event' },
      timeoutMs: 10_000,
    });
    if (response.status !== 202)
      throw new Error(`Lambda refused the slice ${event.slice.index + 1}/${event.slice.of}: HTTP ${response.status} ${(await response.text()).slice(0, 200)}`);
  };
}
