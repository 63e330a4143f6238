import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocketServer, type WebSocket } from 'ws';
import { PUSH_NAMESPACE, type PushConfig } from '#shared/api/push';
import { LOCAL_EVENTS_CREDENTIALS, MAX_EVENTS_PER_PUBLISH } from '#shared/aws/events';
import { createLogger } from '#shared/log';
import { failureFields } from '#shared/scheduled';
import { readBodyUpTo } from './read-body';
import { verifyTwinRequest } from './sigv4';

/**
 * The local twin of the spectators' AppSync Event API (decision 0086), as its
 * published protocol describes it:
 * - publishing: `POST /event` on a loopback port of its own, signed with SigV4
 *   for `appsync` (the stream consumer's publisher, functions/shared/aws/events.ts),
 *   `{channel, events}` with up to five JSON texts;
 * - subscribing: a WebSocket at `/event/realtime` on each server the local
 *   stack serves the pages from (same origin, as the page's CSP allows),
 *   subprotocols `aws-appsync-event-ws` and `header-<base64url JSON>` carrying
 *   the API key; then `connection_init` → `connection_ack`, `subscribe` →
 *   `subscribe_success`, `data` for each event, `ka` every KEEP_ALIVE_MS.
 *
 * Only the `public` namespace exists, and only the publisher may publish: a
 * subscriber that sends anything but `connection_init`, `subscribe` and
 * `unsubscribe` (a publish among them), holds more than MAX_SUBSCRIPTIONS,
 * sends a message over MAX_MESSAGE_BYTES or lets more than MAX_UNREAD_BYTES
 * of nudges pile up unread is dropped, and costs the others nothing: fan-out
 * skips it. The service's own limits are per API and larger (decision 0086).
 */
export const REALTIME_PATH = '/event/realtime';
export const MAX_SUBSCRIPTIONS = 5;
export const MAX_UNREAD_BYTES = 64 * 1024;
export const MAX_MESSAGE_BYTES = 4 * 1024;
/** Sockets the twin holds at once; past it an upgrade is refused with 503 (the bench opens hundreds). */
export const MAX_CONNECTIONS = 5_000;
/** How long a socket may stay without `connection_init` before it is closed. */
const INIT_TIMEOUT_MS = 10_000;
const KEEP_ALIVE_MS = 60_000;
/** What `connection_ack` tells the client: no keep-alive for this long means the socket is dead. */
const CONNECTION_TIMEOUT_MS = 300_000;
const MAX_PUBLISH_BYTES = 256 * 1024;

export interface EventsTwin {
  /** Where the publisher posts (EVENTS_HTTP_URL). */
  publishUrl: string;
  /** What `/push.json` says on the servers it is attached to. */
  config: PushConfig;
  /** Serves the realtime socket on a server (its `upgrade` requests for REALTIME_PATH). */
  attach(server: Server): void;
  /** Counters, for the tests and the bench. */
  stats(): { connections: number; published: number; delivered: number; dropped: number };
  stop(): Promise<void>;
}

interface Subscriber {
  socket: WebSocket;
  initialised: boolean;
  /** Subscription id → channel. */
  subscriptions: Map<string, string>;
}

/** A subscription's channel: the namespace's, one or more segments of letters, digits and dashes, or `/*` for all. */
const CHANNEL = new RegExp(`^/${PUSH_NAMESPACE}(/[A-Za-z0-9-]{1,50}){0,4}(/\\*)?$`);

const matches = (subscribed: string, published: string) =>
  subscribed === published || (subscribed.endsWith('/*') && published.startsWith(subscribed.slice(0, -1)));

export async function startEventsTwin(): Promise<EventsTwin> {
  const log = createLogger({ route: 'events-twin' });
  const apiKey = `da2-${randomBytes(13).toString('hex')}`;
  const subscribers = new Set<Subscriber>();
  const counts = { published: 0, delivered: 0, dropped: 0 };
  const sockets = new WebSocketServer({
    noServer: true,
    maxPayload: MAX_MESSAGE_BYTES,
    handleProtocols: (protocols) => (protocols.has('aws-appsync-event-ws') ? 'aws-appsync-event-ws' : false),
  });

  const drop = (subscriber: Subscriber, code: number, reason: string) => {
    counts.dropped += 1;
    subscribers.delete(subscriber);
    subscriber.socket.close(code, reason);
    // A client that never reads never completes the close handshake either.
    setTimeout(() => subscriber.socket.terminate(), 1_000).unref();
  };
  const send = (subscriber: Subscriber, message: object) => {
    if (subscriber.socket.bufferedAmount > MAX_UNREAD_BYTES) return drop(subscriber, 4408, 'Too much unread');
    subscriber.socket.send(JSON.stringify(message));
  };

  const onMessage = (subscriber: Subscriber, data: Buffer, binary: boolean) => {
    let message: { type?: unknown; id?: unknown; channel?: unknown; authorization?: { 'x-api-key'?: unknown } };
    try {
      message = binary ? {} : (JSON.parse(data.toString('utf8')) as typeof message);
    } catch {
      return drop(subscriber, 4400, 'Not JSON');
    }
    if (message.type === 'connection_init') {
      subscriber.initialised = true;
      return send(subscriber, { type: 'connection_ack', connectionTimeoutMs: CONNECTION_TIMEOUT_MS });
    }
    const id = typeof message.id === 'string' && /^[\w-]{1,128}$/.test(message.id) ? message.id : undefined;
    if (!subscriber.initialised || id === undefined) return drop(subscriber, 4400, 'Expected connection_init, then messages with an id');
    if (message.type === 'subscribe') {
      if (subscriber.subscriptions.size >= MAX_SUBSCRIPTIONS) return drop(subscriber, 4429, 'Too many subscriptions');
      const channel = typeof message.channel === 'string' ? message.channel : '';
      const refused = !CHANNEL.test(channel)
        ? 'The channel is not in a namespace of this API.'
        : message.authorization?.['x-api-key'] !== apiKey
          ? 'Unauthorized'
          : undefined;
      if (refused)
        return send(subscriber, {
          type: 'subscribe_error',
          id,
          errors: [{ errorType: refused === 'Unauthorized' ? 'UnauthorizedException' : 'BadRequestException', message: refused }],
        });
      subscriber.subscriptions.set(id, channel);
      return send(subscriber, { type: 'subscribe_success', id });
    }
    if (message.type === 'unsubscribe') {
      subscriber.subscriptions.delete(id);
      return send(subscriber, { type: 'unsubscribe_success', id });
    }
    // Publishing is the publisher's (IAM); anything else is not this protocol.
    return drop(subscriber, 4403, 'Subscribers may only subscribe');
  };

  const onUpgrade = (req: IncomingMessage, socket: Duplex, head: Buffer) => {
    const refuse = (status: string) => {
      socket.end(`HTTP/1.1 ${status}\r\nconnection: close\r\ncontent-length: 0\r\n\r\n`);
    };
    if ((req.url ?? '').split('?')[0] !== REALTIME_PATH) return refuse('404 Not Found');
    if (subscribers.size >= MAX_CONNECTIONS) return refuse('503 Service Unavailable');
    // The connection's authorisation rides in a subprotocol: `header-` and the base64url of {host, x-api-key}.
    const offered = String(req.headers['sec-websocket-protocol'] ?? '')
      .split(',')
      .map((p) => p.trim());
    const header = offered.find((p) => p.startsWith('header-'));
    let key: unknown;
    try {
      key = header
        ? (JSON.parse(Buffer.from(header.slice('header-'.length), 'base64url').toString('utf8')) as Record<string, unknown>)['x-api-key']
        : undefined;
    } catch {
      key = undefined;
    }
    if (key !== apiKey) return refuse('401 Unauthorized');
    sockets.handleUpgrade(req, socket, head, (ws) => {
      const subscriber: Subscriber = { socket: ws, initialised: false, subscriptions: new Map() };
      subscribers.add(subscriber);
      const init = setTimeout(() => subscriber.initialised || drop(subscriber, 4408, 'No connection_init'), INIT_TIMEOUT_MS);
      init.unref();
      ws.on('message', (data: Buffer, binary: boolean) => onMessage(subscriber, data, binary));
      ws.on('close', () => {
        clearTimeout(init);
        subscribers.delete(subscriber);
      });
      // A message over maxPayload, or a broken frame: ws closes the socket and says why here.
      ws.on('error', () => subscribers.has(subscriber) && drop(subscriber, 1009, 'Message too big'));
    });
  };

  const keepAlive = setInterval(() => {
    for (const subscriber of subscribers) if (subscriber.initialised) send(subscriber, { type: 'ka' });
  }, KEEP_ALIVE_MS);
  keepAlive.unref();

  const publish = (channel: string, events: string[]) => {
    counts.published += 1;
    for (const subscriber of [...subscribers]) {
      for (const [id, subscribed] of subscriber.subscriptions) {
        if (!matches(subscribed, channel)) continue;
        for (const event of events) {
          if (!subscribers.has(subscriber)) break;
          send(subscriber, { type: 'data', id, event });
          counts.delivered += 1;
        }
      }
    }
  };

  const server = createServer((req, res) => {
    void (async () => {
      const body = await readBodyUpTo(req, MAX_PUBLISH_BYTES);
      const reply = (status: number, answer: object) => {
        res.writeHead(status, { 'content-type': 'application/json', ...(body === 'too-large' ? { connection: 'close' } : {}) });
        res.end(JSON.stringify(answer));
      };
      if (body === 'too-large') return reply(413, { errors: [{ errorType: 'PayloadTooLarge' }] });
      if (req.method !== 'POST' || (req.url ?? '/').split('?')[0] !== '/event') return reply(404, { errors: [{ errorType: 'NotFound' }] });
      const verified = verifyTwinRequest(req, body, { service: 'appsync', key: LOCAL_EVENTS_CREDENTIALS });
      if (!verified.ok) return reply(401, { errors: [{ errorType: 'UnauthorizedException', message: verified.reason }] });
      let request: { channel?: unknown; events?: unknown };
      try {
        request = JSON.parse(body.toString('utf8')) as typeof request;
      } catch {
        return reply(400, { errors: [{ errorType: 'BadRequestException', message: 'The body is not JSON.' }] });
      }
      const { channel, events } = request;
      const valid =
        typeof channel === 'string' &&
        CHANNEL.test(channel) &&
        !channel.endsWith('/*') &&
        Array.isArray(events) &&
        events.length >= 1 &&
        events.length <= MAX_EVENTS_PER_PUBLISH &&
        events.every((e) => typeof e === 'string' && isJson(e));
      if (!valid)
        return reply(400, { errors: [{ errorType: 'BadRequestException', message: 'A channel of the namespace and 1 to 5 events, each a JSON text.' }] });
      publish(channel, events as string[]);
      reply(200, { failed: [], successful: (events as string[]).map((_, index) => ({ identifier: `${counts.published}-${index}`, index })) });
    })().catch((error: unknown) => {
      log.error('events twin failure', failureFields(error));
      if (!res.headersSent) res.writeHead(500).end();
    });
  });
  await new Promise<void>((listening, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => listening());
  });
  const address = server.address();
  const host = `127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  const publishUrl = `http://${host}/event`;
  process.env.EVENTS_HTTP_URL = publishUrl;
  const attached: Server[] = [];
  return {
    publishUrl,
    // Same origin as the page: a path, which the page resolves against its own address.
    config: { realtime_url: REALTIME_PATH, host, api_key: apiKey },
    attach(on) {
      on.on('upgrade', onUpgrade);
      attached.push(on);
    },
    stats: () => ({ connections: subscribers.size, ...counts }),
    async stop() {
      clearInterval(keepAlive);
      for (const on of attached) on.off('upgrade', onUpgrade);
      for (const subscriber of subscribers) subscriber.socket.terminate();
      subscribers.clear();
      if (process.env.EVENTS_HTTP_URL === publishUrl) delete process.env.EVENTS_HTTP_URL;
      await new Promise<void>((closed) => {
        server.close(() => closed());
        server.closeAllConnections();
      });
      sockets.close();
    },
  };
}

function isJson(text: string): boolean {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}
