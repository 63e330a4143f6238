import { postSigned, type AwsCredentials } from '#shared/aws/sigv4';
import { environmentCredentials } from '#shared/aws/invoke';

/**
 * Publishing to an AppSync Event API over HTTP (decision 0086): one signed
 * POST to `https://<http domain>/event` with a channel and up to five events,
 * each a JSON text. A request rather than an SDK client, as the Lambda
 * invocations are (aws/invoke.ts): the stream consumer's bundle carries no
 * AppSync client for one call.
 */
export interface EventsTarget {
  /** `https://<http domain>/event` in AWS (the stack sets EVENTS_HTTP_URL); the local twin's `/event` locally. */
  url: URL;
  region: string;
  credentials: () => AwsCredentials;
}

/** The local twin's one publishing key (lib/local/events-twin.ts accepts it), for a process without AWS credentials. */
export const LOCAL_EVENTS_CREDENTIALS: AwsCredentials = { accessKeyId: 'local-events', secretAccessKey: 'local-events-secret' };

/** AppSync takes at most this many events in one publish. */
export const MAX_EVENTS_PER_PUBLISH = 5;

/** Where to publish (undefined: nowhere is configured, and nothing is published). */
export function eventsTarget(): EventsTarget | undefined {
  const url = process.env.EVENTS_HTTP_URL;
  if (!url) return undefined;
  return {
    url: new URL(url),
    region: process.env.AWS_REGION ?? 'us-east-1',
    credentials: process.env.AWS_ACCESS_KEY_ID ? environmentCredentials : () => LOCAL_EVENTS_CREDENTIALS,
  };
}

/** Publishes events (JSON texts) to one channel; throws when the API does not take every one of them. */
export async function publishEvents(target: EventsTarget, channel: string, events: string[]): Promise<void> {
  if (events.length === 0 || events.length > MAX_EVENTS_PER_PUBLISH)
    throw new Error(`a publish carries 1 to ${MAX_EVENTS_PER_PUBLISH} events, not ${events.length}`);
  const response = await postSigned(target.url, {
    body: JSON.stringify({ channel, events }),
    credentials: target.credentials(),
    region: target.region,
    service: 'appsync',
    headers: {},
    timeoutMs: 2_000,
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`the Event API refused a publish to ${channel}: HTTP ${response.status} ${text.slice(0, 200)}`);
  // A 200 may still say that some events failed (AppSync answers `successful` and `failed` per event).
  const failed = (JSON.parse(text) as { failed?: unknown[] }).failed ?? [];
  if (failed.length > 0)
    throw new Error(`the Event API refused ${failed.length} of ${events.length} events on ${channel}: ${JSON.stringify(failed).slice(0, 200)}`);
}
