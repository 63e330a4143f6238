/**
 * What one spectator's browser pulls, measured on the wire: the scoreboard
 * page's poll (GET /teams/scoreboard/compact) and the matrix page's (GET
 * /services/status?since=<as_of>), each at the spectators' interval (20 s,
 * #shared/api/polling.ts) with the ETag it holds, as the pages do, through the CDN stand-in (which adds CloudFront's own
 * headers). Each page is polled twice at once, over both protocols a
 * CloudFront viewer may speak:
 * - HTTP/2 over TLS, what browsers speak to CloudFront: repeated headers are
 *   sent as table references (HPACK), and the TLS records are counted;
 * - HTTP/1.1 in the clear, every header spelled out each time (an upper bound).
 * The bytes are those the server sends back, counted by a TCP relay in front
 * of each connection (frames, headers, bodies as sent, compressed when they
 * were); the bodies alone are counted too. Two phases of equal length: a
 * round of results trickling in, then (once the views have caught up with
 * it) a quiet one. Connections are opened
 * (and the TLS handshake made), and the pages polled for 10 s, before the
 * phases: a viewer already on the page.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { Agent, request, type RequestListener } from 'node:http';
import { connect as h2connect, createSecureServer, type ClientHttp2Session } from 'node:http2';
import { createServer, connect as tcpConnect, type AddressInfo, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { POLL_MS as SPECTATOR_POLL_MS } from '#shared/api/polling';

/** The spectators' pages' interval, overridable for a side-by-side run (VIEWER_POLL_MS=5000). */
const POLL_MS = Number(process.env.VIEWER_POLL_MS ?? SPECTATOR_POLL_MS.spectator);
/**
 * How far behind a view read through the CDN may trail a folded result: the CDN's 5 s copy, and the fold's few
 * seconds on DynamoDB Local (the status view's as_of is the live version's last move, decision 0086).
 */
const VIEW_LAG_MS = 8_000;

export interface Answer {
  status: number;
  etag?: string;
  /** The body as sent (compressed when it was). */
  bodyBytes: number;
  body: string;
}

/** A TCP relay to `port` that counts what the server sends back. */
async function countingRelay(port: number): Promise<{ port: number; received: () => number; close: () => Promise<void> }> {
  let received = 0;
  const sockets = new Set<{ destroy(): void }>();
  const server: Server = createServer((client) => {
    const upstream = tcpConnect(port, '127.0.0.1');
    sockets.add(client).add(upstream);
    upstream.on('data', (chunk: Buffer) => void (received += chunk.length));
    client.pipe(upstream).pipe(client);
    const end = () => (client.destroy(), upstream.destroy());
    client.on('error', end).on('close', end);
    upstream.on('error', end).on('close', end);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as AddressInfo).port,
    received: () => received,
    close: () => new Promise((resolve) => (sockets.forEach((s) => s.destroy()), server.close(() => resolve()))),
  };
}

function decode(raw: Buffer, encoding: string | string[] | undefined): string {
  return (encoding === 'br' ? brotliDecompressSync(raw) : encoding === 'gzip' ? gunzipSync(raw) : raw).toString('utf8');
}

/** One client connection (a browser tab's): GET with a browser's Accept-Encoding, bytes counted by its relay. */
export interface Connection {
  get(path: string, headers: Record<string, string>): Promise<Answer>;
  received(): number;
  close(): Promise<void>;
}

export async function http1Connection(port: number): Promise<Connection> {
  const relay = await countingRelay(port);
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });
  return {
    received: relay.received,
    get: (path, headers) =>
      new Promise((resolve, reject) => {
        const req = request({ host: '127.0.0.1', port: relay.port, path, agent, headers: { 'accept-encoding': 'gzip, deflate, br', ...headers } }, (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (chunk: Buffer) => void chunks.push(chunk));
          res.on('end', () => {
            const raw = Buffer.concat(chunks);
            resolve({ status: res.statusCode ?? 0, etag: res.headers.etag, bodyBytes: raw.length, body: decode(raw, res.headers['content-encoding']) });
          });
          res.on('error', reject);
        });
        req.on('error', reject);
        req.end();
      }),
    close: async () => (agent.destroy(), relay.close()),
  };
}

export async function http2Connection(port: number): Promise<Connection> {
  const relay = await countingRelay(port);
  const session: ClientHttp2Session = h2connect(`https://127.0.0.1:${relay.port}`, { rejectUnauthorized: false });
  await new Promise<void>((resolve, reject) => session.once('connect', () => resolve()).once('error', reject));
  return {
    received: relay.received,
    get: (path, headers) =>
      new Promise((resolve, reject) => {
        const stream = session.request({ ':path': path, 'accept-encoding': 'gzip, deflate, br', ...headers });
        const chunks: Buffer[] = [];
        let head: Record<string, string | string[] | number | undefined> = {};
        stream.on('response', (h) => void (head = h));
        stream.on('data', (chunk: Buffer) => void chunks.push(chunk));
        stream.on('end', () => {
          const raw = Buffer.concat(chunks);
          const etag = head.etag as string | undefined;
          resolve({ status: Number(head[':status']), etag, bodyBytes: raw.length, body: decode(raw, head['content-encoding'] as string | undefined) });
        });
        stream.on('error', reject);
        stream.end();
      }),
    close: async () => {
      await new Promise<void>((resolve) => session.close(() => resolve()));
      await relay.close();
    },
  };
}

/**
 * The CDN stand-in's listener behind an HTTP/2 server over TLS, as CloudFront
 * answers browsers, with a certificate made for the run (openssl).
 */
export async function http2Front(listener: RequestListener): Promise<{ port: number; close: () => Promise<void> }> {
  const dir = mkdtempSync(join(tmpdir(), 'viewer-tls-'));
  execFileSync(
    'openssl',
    ['req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:P-256', '-nodes', '-subj', '/CN=127.0.0.1', '-days', '1'].concat([
      '-keyout',
      join(dir, 'key.pem'),
      '-out',
      join(dir, 'cert.pem'),
    ]),
    { stdio: 'ignore' },
  );
  const server = createSecureServer({ key: readFileSync(join(dir, 'key.pem')), cert: readFileSync(join(dir, 'cert.pem')) }, listener as never);
  rmSync(dir, { recursive: true, force: true });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { port: (server.address() as AddressInfo).port, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

export interface PageTally {
  polls: number;
  notModified: number;
  /** Bytes the server sent over the connection. */
  bytes: number;
  /** The bodies alone, as sent. */
  bodyBytes: number;
}

/** A page's poller on one connection: holds its ETag (and the matrix its `as_of`), counts what each poll costs. */
function poller(connection: Connection, prefix: string, path: (asOf: string | undefined) => string, readsAsOf: boolean) {
  let etag: string | undefined;
  let asOf: string | undefined;
  let startBytes = 0;
  const tally: PageTally = { polls: 0, notModified: 0, bytes: 0, bodyBytes: 0 };
  return {
    tally,
    async poll() {
      const answer = await connection.get(`${prefix}${path(asOf)}`, etag ? { 'if-none-match': etag } : {});
      tally.polls++;
      tally.bodyBytes += answer.bodyBytes;
      tally.bytes = connection.received() - startBytes;
      if (answer.status === 304) tally.notModified++;
      else if (answer.status === 200) {
        etag = answer.etag;
        if (readsAsOf) asOf = (JSON.parse(answer.body) as { as_of: string }).as_of;
      } else throw new Error(`viewer poll: ${answer.status} for ${path(asOf)}`);
    },
    reset() {
      tally.polls = tally.bytes = tally.bodyBytes = tally.notModified = 0;
      startBytes = connection.received();
    },
  };
}

export interface ViewerPhase {
  seconds: number;
  /** How often each page was polled. */
  pollSeconds: number;
  results: number;
  /** Each page, over HTTP/2 with TLS (what browsers speak to CloudFront) and over HTTP/1.1. */
  scoreboard: { http2: PageTally; http1: PageTally };
  matrix: { http2: PageTally; http1: PageTally };
  /**
   * The round's tail: the polls after its minute until the views hold its last results (they trail by 5 to 10 s).
   * A viewer pays for them too; in a steady stream of rounds they are the next minute's first polls.
   */
  tail?: { scoreboard: { http2: PageTally; http1: PageTally }; matrix: { http2: PageTally; http1: PageTally } };
}

/**
 * Both pages' polls over `seconds` while `send` reports `results` results
 * spread evenly over the time (and the round's tail, until the views hold
 * its last results), then over `quietSeconds` (as long by default) with
 * nothing sent. The first (whole)
 * answers come before and are not counted.
 */
export async function measureViewer(
  cdn: { url: string; listener: RequestListener },
  options: { seconds: number; results: number; send: (index: number) => Promise<void>; quietSeconds?: number },
): Promise<{ round: ViewerPhase; quiet: ViewerPhase }> {
  const front = await http2Front(cdn.listener);
  const cdnPort = Number(new URL(cdn.url).port);
  const connections = await Promise.all([http2Connection(front.port), http2Connection(front.port), http1Connection(cdnPort), http1Connection(cdnPort)]);
  const [h2Scoreboard, h2Matrix, h1Scoreboard, h1Matrix] = connections;
  // What the scoreboard page polls: the compact view (issue #49).
  const scoreboardPath = () => '/teams/scoreboard/compact';
  const matrixPath = (asOf: string | undefined) => `/services/status${asOf ? `?since=${asOf}` : ''}`;
  const pollers = {
    scoreboard: { http2: poller(h2Scoreboard!, '/api/v1', scoreboardPath, false), http1: poller(h1Scoreboard!, '/api/v1', scoreboardPath, false) },
    matrix: { http2: poller(h2Matrix!, '/api/v1', matrixPath, true), http1: poller(h1Matrix!, '/api/v1', matrixPath, true) },
  };
  const all = [pollers.scoreboard.http2, pollers.scoreboard.http1, pollers.matrix.http2, pollers.matrix.http1];
  const phase = async (results: number, seconds: number): Promise<ViewerPhase> => {
    for (const p of all) p.reset();
    const started = Date.now();
    const end = started + seconds * 1000;
    const sending = (async () => {
      for (let i = 0; i < results; i++) {
        const due = started + (i * seconds * 1000) / results;
        if (due > Date.now()) await new Promise((r) => setTimeout(r, due - Date.now()));
        await options.send(i);
      }
    })();
    while (Date.now() < end) {
      const tick = Date.now();
      await Promise.all(all.map((p) => p.poll()));
      // With nothing sent, the wait after the phase's last poll would count nothing: the phase ends at that poll.
      if (results === 0 && tick + POLL_MS >= end) break;
      await new Promise((r) => setTimeout(r, Math.max(0, POLL_MS - (Date.now() - tick))));
    }
    await sending;
    return { seconds, pollSeconds: POLL_MS / 1000, results, ...tallies() };
  };
  const tallies = () => {
    const copy = (p: { tally: PageTally }) => ({ ...p.tally });
    return {
      scoreboard: { http2: copy(pollers.scoreboard.http2), http1: copy(pollers.scoreboard.http1) },
      matrix: { http2: copy(pollers.matrix.http2), http1: copy(pollers.matrix.http1) },
    };
  };
  /** Polls `spacingMs` apart until the views hold every change (VIEW_LAG_MS or more), and what they cost. */
  const settle = async (spacingMs: number) => {
    for (const p of all) p.reset();
    const polls = 1 + Math.ceil(VIEW_LAG_MS / spacingMs);
    for (let poll = 0; poll < polls; poll++) {
      if (poll > 0) await new Promise((r) => setTimeout(r, spacingMs));
      await Promise.all(all.map((p) => p.poll()));
    }
    return tallies();
  };
  try {
    // On the page for a while already: its first (whole) answer is behind it. The fold has caught up and a whole
    // view holds every change up to its as_of, so one poll of each is that page's state. Not counted.
    for (const p of all) await p.poll();
    const round = await phase(options.results, options.seconds);
    // A quiet minute starts once the round's last results have reached the views: until then they are the round's,
    // polled at the pages' pace as a viewer would.
    round.tail = await settle(POLL_MS);
    // Every quiet poll is alike (a 304 of one size): a few intervals tell a minute's cost as well as a minute does.
    const quiet = await phase(0, options.quietSeconds ?? options.seconds);
    return { round, quiet };
  } finally {
    await Promise.all(connections.map((c) => c.close()));
    await front.close();
  }
}

/** Result `index` of a viewer's round for `service`: one in five fails (a status change on the matrix, a service fewer up on the board), the rest pass. */
export function viewerResult(service: { id: number; max_score: number }, index: number, tag: string) {
  const failed = index % 5 === 0;
  return {
    service_id: service.id,
    scan_id: `${tag}-${index}`,
    score: failed ? 0 : service.max_score,
    error: failed ? 'timeout after 5 s' : null,
    ...(failed ? { category: 'timeout' } : {}),
  };
}

/** Reports result `index` of a viewer's round alone, as an agent reporting each check when it ends would. Answers whether it failed. */
export async function reportViewerResult(api: string, token: string, service: { id: number; max_score: number }, index: number, tag: string): Promise<boolean> {
  const { service_id, ...body } = viewerResult(service, index, tag);
  const response = await fetch(`${api}/services/${service_id}/scans`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (response.status !== 201) throw new Error(`${tag} round: ${response.status} for service ${service_id}`);
  return body.score === 0;
}
