/**
 * What one spectator's browser pulls, measured on the wire: the scoreboard
 * page's poll (GET /teams/scoreboard) and the matrix page's (GET
 * /services/status?since=<as_of>), each every 5 s with the ETag it holds, as
 * the pages do. Bytes are counted as they arrive (status line, headers and
 * the body as sent, compressed when the server compressed it), so through
 * the CDN stand-in they are what CloudFront would send over HTTP/1.1; over
 * HTTP/2 (what browsers speak to CloudFront) repeated headers are sent as a
 * few bytes each, so the bodies alone are counted too. Two phases of equal
 * length: a round of results trickling in, then a quiet one.
 */
import { request } from 'node:http';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';

const POLL_MS = 5_000;

interface Wire {
  status: number;
  bytes: number;
  /** The body alone, as sent (compressed when it was). */
  bodyBytes: number;
  etag?: string;
  body: string;
}

/** One GET as a browser sends it (br and gzip accepted), its bytes as they came over the socket. */
function get(url: string, headers: Record<string, string>): Promise<Wire> {
  return new Promise((resolve, reject) => {
    const req = request(url, { headers: { 'accept-encoding': 'br, gzip', ...headers } }, (res) => {
      const head =
        `HTTP/1.1 ${res.statusCode} ${res.statusMessage}\r\n` + res.rawHeaders.reduce((s, v, i) => s + (i % 2 === 0 ? `${v}: ` : `${v}\r\n`), '') + '\r\n';
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => void chunks.push(chunk));
      res.on('end', () => {
        const raw = Buffer.concat(chunks);
        const encoding = res.headers['content-encoding'];
        const body = encoding === 'br' ? brotliDecompressSync(raw) : encoding === 'gzip' ? gunzipSync(raw) : raw;
        resolve({
          status: res.statusCode ?? 0,
          bytes: Buffer.byteLength(head) + raw.length,
          bodyBytes: raw.length,
          etag: res.headers.etag,
          body: body.toString('utf8'),
        });
      });
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

/** A page's poller: holds its ETag (and the matrix its `as_of`), counts what each poll costs. */
function poller(base: string, path: (asOf: string | undefined) => string, readsAsOf: boolean) {
  let etag: string | undefined;
  let asOf: string | undefined;
  const tally = { polls: 0, bytes: 0, bodyBytes: 0, notModified: 0 };
  return {
    tally,
    async poll() {
      const answer = await get(`${base}${path(asOf)}`, etag ? { 'if-none-match': etag } : {});
      tally.polls++;
      tally.bytes += answer.bytes;
      tally.bodyBytes += answer.bodyBytes;
      if (answer.status === 304) tally.notModified++;
      else if (answer.status === 200) {
        etag = answer.etag;
        if (readsAsOf) asOf = (JSON.parse(answer.body) as { as_of: string }).as_of;
      }
    },
    reset() {
      tally.polls = tally.bytes = tally.bodyBytes = tally.notModified = 0;
    },
  };
}

export interface ViewerPhase {
  seconds: number;
  results: number;
  scoreboard: { polls: number; bytes: number; bodyBytes: number; notModified: number };
  matrix: { polls: number; bytes: number; bodyBytes: number; notModified: number };
}

/**
 * Both pages' polls over `seconds` while `send` reports `results` results
 * spread evenly over the time, then over as long with nothing sent. The first
 * (whole) answers are fetched before and not counted: a viewer already on the page.
 */
export async function measureViewer(
  base: string,
  options: { seconds: number; results: number; send: (index: number) => Promise<void> },
): Promise<{ round: ViewerPhase; quiet: ViewerPhase }> {
  const scoreboard = poller(base, () => '/teams/scoreboard', false);
  const matrix = poller(base, (asOf) => `/services/status${asOf ? `?since=${asOf}` : ''}`, true);
  const phase = async (results: number): Promise<ViewerPhase> => {
    scoreboard.reset();
    matrix.reset();
    const started = Date.now();
    const end = started + options.seconds * 1000;
    const sending = (async () => {
      for (let i = 0; i < results; i++) {
        const due = started + (i * options.seconds * 1000) / results;
        if (due > Date.now()) await new Promise((r) => setTimeout(r, due - Date.now()));
        await options.send(i);
      }
    })();
    while (Date.now() < end) {
      const tick = Date.now();
      await Promise.all([scoreboard.poll(), matrix.poll()]);
      await new Promise((r) => setTimeout(r, Math.max(0, POLL_MS - (Date.now() - tick))));
    }
    await sending;
    return { seconds: options.seconds, results, scoreboard: { ...scoreboard.tally }, matrix: { ...matrix.tally } };
  };
  await Promise.all([scoreboard.poll(), matrix.poll()]);
  const round = await phase(options.results);
  const quiet = await phase(0);
  return { round, quiet };
}
