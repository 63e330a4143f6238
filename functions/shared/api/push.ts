/**
 * Spectators are nudged when a public view's version moves (decision 0086):
 * an AppSync Events API with one channel namespace, `public`, and a channel
 * per public topic. What a nudge says, and where a page learns how to listen,
 * are shared here by the publisher (the stream consumer), the local twin
 * (lib/local/events-twin.ts), the stack and the page.
 */
import type { PublicTopic } from '#shared/domain/public-topics';

/** The channel namespace: viewers may only subscribe to it (an API key), the stream consumer publishes (IAM). */
export const PUSH_NAMESPACE = 'public';

/** Every topic a nudge is sent for, in the order of decision 0077. */
export const PUSH_TOPICS: readonly PublicTopic[] = ['live', 'history'];

/** A topic's channel: `/public/live`, `/public/history`. */
export const pushChannel = (topic: PublicTopic): string => `/${PUSH_NAMESPACE}/${topic}`;

/** A nudge: which topic moved, and to which version. Never data: the socket is public. */
export interface Nudge {
  topic: PublicTopic;
  version: number;
}

/** At most one nudge per topic in this long; the last version of a burst is always sent (a trailing nudge). */
export const NUDGE_INTERVAL_MS = 1_000;

/**
 * Where the page learns how to listen: a file beside the pages
 * (`/push.json`), written at deploy time by the stack and served by the
 * local twin. Absent or unreadable: the page polls.
 */
export const PUSH_CONFIG_FILE = 'push.json';

export interface PushConfig {
  /** The realtime endpoint: `wss://<realtime domain>/event/realtime` in AWS; a same-origin path locally. */
  realtime_url: string;
  /** The Event API's HTTP domain, which the connection's authorisation names. */
  host: string;
  /** The API key: it may subscribe to `public`, nothing else. */
  api_key: string;
}
