import { PUSH_CONFIG_FILE, pushChannel, type Nudge, type PushConfig } from '#shared/api/push';
import type { PublicTopic } from '#shared/domain/public-topics';

/**
 * Listens for the spectators' nudges (decision 0086) on the Event API's
 * WebSocket, in its published protocol: the key in a `header-` subprotocol,
 * `connection_init`, one `subscribe` per topic, then `data` messages whose
 * `event` is a nudge's JSON. The listener says when it is live (every
 * subscription taken) and when it is not (no `/push.json`, the socket
 * refused or dropped, no keep-alive within the time the service gave);
 * it then tries again with a growing pause, up to a minute. The page
 * (live.ts) polls whenever it is not live.
 */
export interface PushListener {
  /** Closes the socket and stops trying (a hidden page keeps no socket). */
  pause(): void;
  /** Opens it again (the page is shown). */
  resume(): void;
  stop(): void;
}

export interface PushEvents {
  onNudge(nudge: Nudge): void;
  /** `true` once every topic is subscribed; `false` when the socket is gone or never came. */
  onLive(live: boolean): void;
}

const FIRST_RETRY_MS = 1_000;
const MAX_RETRY_MS = 60_000;
/** How long `connection_ack` and each subscription may take before the socket is given up. */
const HANDSHAKE_MS = 10_000;
const WATCHDOG_CHECK_MS = 2_000;

const base64url = (text: string) => btoa(text).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');

async function pushConfig(): Promise<PushConfig | undefined> {
  try {
    const answer = await fetch(`/${PUSH_CONFIG_FILE}`, { cache: 'no-cache' });
    if (!answer.ok) return undefined;
    const config = (await answer.json()) as Partial<PushConfig>;
    return typeof config.realtime_url === 'string' && typeof config.host === 'string' && typeof config.api_key === 'string'
      ? (config as PushConfig)
      : undefined;
  } catch {
    return undefined;
  }
}

/** The realtime URL as a WebSocket address: a same-origin path (the local twin) resolved against the page's own. */
function socketUrl(realtime: string): string {
  const url = new URL(realtime, location.href);
  if (url.protocol === 'http:') url.protocol = 'ws:';
  if (url.protocol === 'https:') url.protocol = 'wss:';
  return url.href;
}

export function listenForNudges(topics: readonly PublicTopic[], events: PushEvents): PushListener {
  let socket: WebSocket | undefined;
  let retry: number | undefined;
  let watchdog: number | undefined;
  /** When the socket is given up if nothing comes before (epoch ms): checked on the clock, not by a timer's length. */
  let deadline = 0;
  let failures = 0;
  let paused = false;
  let stopped = false;
  let live = false;

  const setLive = (now: boolean) => {
    if (now === live) return;
    live = now;
    events.onLive(now);
  };
  /** No message within `ms`: the socket is dead, whatever it says. */
  const expectWithin = (ms: number) => {
    deadline = Date.now() + ms;
    watchdog ??= window.setInterval(() => {
      if (Date.now() > deadline) socket?.close();
    }, WATCHDOG_CHECK_MS);
  };
  const close = () => {
    window.clearInterval(watchdog);
    watchdog = undefined;
    const closing = socket;
    socket = undefined;
    closing?.close();
    setLive(false);
  };
  const later = () => {
    close();
    if (paused || stopped) return;
    failures += 1;
    const wait = Math.min(MAX_RETRY_MS, FIRST_RETRY_MS * 2 ** (failures - 1));
    window.clearTimeout(retry);
    retry = window.setTimeout(() => void open(), wait);
  };

  const open = async () => {
    if (paused || stopped || socket) return;
    const config = await pushConfig();
    if (paused || stopped || socket) return;
    if (!config) return later();
    const authorization = { host: config.host, 'x-api-key': config.api_key };
    let opened: WebSocket;
    try {
      opened = new WebSocket(socketUrl(config.realtime_url), ['aws-appsync-event-ws', `header-${base64url(JSON.stringify(authorization))}`]);
    } catch {
      return later();
    }
    socket = opened;
    const pending = new Set<string>();
    const ids = new Map<string, PublicTopic>();
    expectWithin(HANDSHAKE_MS);
    opened.addEventListener('open', () => opened.send(JSON.stringify({ type: 'connection_init' })));
    opened.addEventListener('close', () => socket === opened && later());
    opened.addEventListener('message', (message: MessageEvent<unknown>) => {
      if (socket !== opened || typeof message.data !== 'string') return;
      let received: { type?: string; id?: string; event?: unknown; connectionTimeoutMs?: number };
      try {
        received = JSON.parse(message.data) as typeof received;
      } catch {
        return;
      }
      switch (received.type) {
        case 'connection_ack': {
          const timeout = received.connectionTimeoutMs ?? 300_000;
          expectWithin(timeout);
          opened.addEventListener('message', () => expectWithin(timeout));
          for (const topic of topics) {
            const id = `${topic}-${Math.random().toString(36).slice(2, 10)}`;
            ids.set(id, topic);
            pending.add(id);
            opened.send(JSON.stringify({ type: 'subscribe', id, channel: pushChannel(topic), authorization }));
          }
          return;
        }
        case 'subscribe_success':
          pending.delete(received.id ?? '');
          if (pending.size === 0 && ids.size > 0) {
            failures = 0;
            setLive(true);
          }
          return;
        case 'subscribe_error':
          return later();
        case 'data': {
          const topic = ids.get(received.id ?? '');
          if (!topic || typeof received.event !== 'string') return;
          try {
            const nudge = JSON.parse(received.event) as Partial<Nudge>;
            if (nudge.topic === topic && typeof nudge.version === 'number' && Number.isSafeInteger(nudge.version) && nudge.version > 0)
              events.onNudge({ topic, version: nudge.version });
          } catch {
            // Not a nudge: nothing to do.
          }
          return;
        }
        default:
          // `ka` and the rest: the watchdog was moved on above.
          return;
      }
    });
  };

  void open();
  return {
    pause() {
      paused = true;
      window.clearTimeout(retry);
      close();
    },
    resume() {
      if (!paused) return;
      paused = false;
      failures = 0;
      void open();
    },
    stop() {
      stopped = true;
      window.clearTimeout(retry);
      close();
    },
  };
}
