import { createWriteStream, type WriteStream } from 'node:fs';
import { createServer, request, type IncomingMessage, type Server } from 'node:http';
import { request as httpsRequest } from 'node:https';
import type { Socket } from 'node:net';

/**
 * Every actor's ledger (JSON Lines): each request it sent, its
 * Idempotency-Key, the answer and the times. The actors that run in the
 * rehearsal's own process write it themselves (`Ledger.fetch`); the agents,
 * which are processes of the product's own code, reach the API through a
 * recording proxy that writes it for them (and that can cut them off).
 */
export interface LedgerEntry {
  actor: string;
  method: string;
  path: string;
  key?: string;
  sent: number;
  answered: number;
  /** 0: no answer (the connection failed or was cut): outcome unknown. */
  status: number;
  /** The gateway's fault hook refused it (lib/local/faults.ts). */
  injected?: boolean;
  /** A write's body and its answer, for the report's "nothing acknowledged was lost". */
  body?: unknown;
  answer?: unknown;
  error?: string;
}

/** An answer that says the write happened. */
export const ok2xx = (status: number) => status >= 200 && status < 300;

/**
 * The writes of one route a ledger shows acknowledged, one per
 * Idempotency-Key (a write sent again under its key is one write): its
 * acknowledging entry, when it was first sent (it may have landed then) and
 * when it was acknowledged.
 */
export function acknowledgedWrites(ledger: readonly LedgerEntry[], method: string, path: RegExp): { entry: LedgerEntry; sent: number; answered: number }[] {
  const firstSent = new Map<string, number>();
  const byKey = new Map<string, { entry: LedgerEntry; sent: number; answered: number }>();
  for (const e of ledger) {
    if (e.method !== method || !path.test(e.path.split('?')[0]!) || !e.key) continue;
    firstSent.set(e.key, Math.min(firstSent.get(e.key) ?? Infinity, e.sent));
    if (ok2xx(e.status)) byKey.set(e.key, { entry: e, sent: firstSent.get(e.key)!, answered: e.answered });
  }
  return [...byKey.values()];
}

/** Requests whose body and answer the ledger keeps: the writes. */
const WRITES = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const parse = (text: string) => {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text.slice(0, 500);
  }
};

export class Ledger {
  private readonly out: WriteStream;
  readonly entries: LedgerEntry[] = [];

  constructor(file: string) {
    this.out = createWriteStream(file, { flags: 'a' });
  }

  add(entry: LedgerEntry): void {
    this.entries.push(entry);
    this.out.write(`${JSON.stringify(entry)}\n`);
  }

  /** A fetch that writes its request and answer here. Never rejects: a failure is status 0. */
  async fetch(
    actor: string,
    url: string,
    init: RequestInit & { headers?: Record<string, string> } = {},
  ): Promise<{ status: number; json: unknown; headers: Headers | undefined }> {
    const method = init.method ?? 'GET';
    const sent = Date.now();
    const key = init.headers?.['idempotency-key'];
    const path = new URL(url).pathname + new URL(url).search;
    try {
      const response = await fetch(url, { ...init, signal: init.signal ?? AbortSignal.timeout(30_000) });
      const text = await response.text();
      const json = parse(text);
      this.add({
        actor,
        method,
        path,
        ...(key ? { key } : {}),
        sent,
        answered: Date.now(),
        status: response.status,
        ...(response.headers.get('x-local-fault') ? { injected: true } : {}),
        ...(WRITES.has(method) ? { body: init.body ? parse(String(init.body)) : undefined, answer: json } : {}),
      });
      return { status: response.status, json, headers: response.headers };
    } catch (error) {
      this.add({ actor, method, path, ...(key ? { key } : {}), sent, answered: Date.now(), status: 0, error: (error as Error).message });
      return { status: 0, json: undefined, headers: undefined };
    }
  }

  close(): Promise<void> {
    return new Promise((resolve) => this.out.end(resolve));
  }
}

export interface RecordingProxy {
  url: string;
  /** Cut off: every connection is dropped as it comes, until `cut(false)`. */
  cut(on: boolean): void;
  /** Connections dropped while cut off. */
  dropped(): number;
  close(): Promise<void>;
}

/**
 * A reverse proxy in front of the API for one group of actors (a pool's
 * agents), writing their ledger. When the API does not answer (the server
 * was killed), it answers 502 as API Gateway does when its integration
 * fails: the outcome is unknown, and the agent sends it again.
 */
export async function recordingProxy(actor: string, target: () => string, ledger: Ledger, options: { namedCallers?: boolean } = {}): Promise<RecordingProxy> {
  let cutOff = false;
  let dropped = 0;
  const sockets = new Set<Socket>();
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const body = Buffer.concat(chunks);
      const sent = Date.now();
      const method = req.method ?? 'GET';
      // Callers that name themselves first in the path (`/range-a-1/api/v1/…`): each one's ledger entries are its own.
      const named = options.namedCallers ? /^\/([A-Za-z0-9._-]+)(\/.*)$/.exec(req.url ?? '') : null;
      const caller = named ? `${actor} ${named[1]}` : actor;
      if (named) req.url = named[2];
      const key = req.headers['idempotency-key'] as string | undefined;
      // To a deployed stage too: https, and its own host name (CloudFront routes by it).
      const url = new URL(`${target()}${req.url}`);
      const send = url.protocol === 'https:' ? httpsRequest : request;
      const headers = { ...req.headers, host: url.host };
      const upstream = send(url, { method, headers, timeout: 30_000 }, (answer: IncomingMessage) => {
        const back: Buffer[] = [];
        answer.on('data', (chunk: Buffer) => back.push(chunk));
        answer.on('end', () => {
          const text = Buffer.concat(back);
          ledger.add({
            actor: caller,
            method,
            path: req.url ?? '',
            ...(key ? { key } : {}),
            sent,
            answered: Date.now(),
            status: answer.statusCode ?? 0,
            ...(answer.headers['x-local-fault'] ? { injected: true } : {}),
            ...(WRITES.has(method) ? { body: parse(body.toString()), answer: parse(text.toString()) } : {}),
          });
          res.writeHead(answer.statusCode ?? 502, answer.headers);
          res.end(text);
        });
        answer.on('error', () => res.destroy());
      });
      upstream.on('timeout', () => upstream.destroy(new Error('no answer within 30 s')));
      upstream.on('error', (error) => {
        ledger.add({ actor: caller, method, path: req.url ?? '', ...(key ? { key } : {}), sent, answered: Date.now(), status: 0, error: error.message });
        if (!res.headersSent) res.writeHead(502, { 'content-type': 'application/json' }).end('{"message":"Internal Server Error"}');
        else res.destroy();
      });
      upstream.end(body);
    });
  });
  server.on('connection', (socket) => {
    if (cutOff) {
      dropped++;
      socket.destroy();
      return;
    }
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as { port: number }).port}`,
    cut: (on) => {
      cutOff = on;
      // Connections held open (keep-alive) are cut too.
      if (on) for (const socket of sockets) socket.destroy();
    },
    dropped: () => dropped,
    close: () =>
      new Promise((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
