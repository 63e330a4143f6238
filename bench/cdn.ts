#!/usr/bin/env -S node --import tsx
/**
 * What spectators get through the CDN, beside what the origin serves: for
 * the scoreboard, `/services` and a team's scorecard, the origin's req/s and
 * bytes (the local API Gateway, no cache, no compression), and through the
 * local CDN stand-in (lib/local/cdn.ts, CloudFront's rules from
 * lib/cdn-rules.ts) the bytes as sent with gzip and with Brotli and the
 * req/s of cache hits.
 *
 *   node --import tsx bench/cdn.ts [--teams 100] [--services 10] [--rounds 2] [--duration 3] [--concurrency 16] [--json]
 *
 * `npm run bench` calls measureThroughCdn() on its own server; run alone, this
 * starts its own DynamoDB Local and server, loads a generated competition of
 * the bench's default size, posts a few rounds of results, measures, and
 * stops everything it started.
 */
import { randomBytes } from 'node:crypto';
import { request as httpRequest } from 'node:http';
import { parseArgs } from 'node:util';
import { pathToFileURL } from 'node:url';
import { loadCompetition } from '#shared/data/competition';
import { ensureTable } from '#shared/data/table';
import { createToken } from '#shared/data/tokens';
import { validateCompetition } from '#shared/domain/competition';
import type { CdnStandIn } from '../lib/local/cdn';
import { startDynamoDbLocal } from '../lib/local/dynamodb-local';
import { startLocalStack } from '../lib/local/local-stack';
import { generateCompetition } from './generate';
import { autocannon, roundReports, runScanAgent } from './load';

export interface CdnPathFigures {
  /** What the path is (`scoreboard`, `services`, `team scorecard`). */
  name: string;
  path: string;
  origin: { rps: number; p50: number; bytes: number; failures: number };
  throughCdn: {
    /** Body bytes as sent, by the viewer's Accept-Encoding. */
    bytesGzip: number;
    bytesBr: number;
    bytesIdentity: number;
    /** Req/s and latency of a browser-like viewer (`gzip, deflate, br`) hitting the cached entry. */
    hitRps: number;
    hitP50: number;
    failures: number;
    /** Requests the stand-in sent to the origin during the hit run (revalidations when max-age ran out). */
    originRequests: number;
    /** Share of the run's requests answered from the cache. */
    hitRatio: number;
    /** The origin's Cache-Control, which bounds how long an entry is kept. */
    cacheControl: string;
  };
}

export interface CdnFigures {
  connections: number;
  seconds: number;
  paths: CdnPathFigures[];
}

const BROWSER_ACCEPT_ENCODING = 'gzip, deflate, br';

/** The bytes of a body as sent (no decompression), and the answer's headers. */
function bytesAsSent(url: string, acceptEncoding?: string): Promise<{ status: number; bytes: number; encoding?: string; cacheControl?: string }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(url, { headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {} }, (res) => {
      let bytes = 0;
      res.on('data', (chunk: Buffer) => (bytes += chunk.length));
      res.on('end', () =>
        resolve({
          status: res.statusCode!,
          bytes,
          encoding: res.headers['content-encoding'],
          cacheControl: res.headers['cache-control'],
        }),
      );
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

/** The public reads a spectator's pages make (a team's scorecard: `teamId`'s), measured at the origin and through the CDN. */
export const spectatorPaths = (teamId: number) => [
  { name: 'scoreboard', path: '/teams/scoreboard' },
  { name: 'services', path: '/services' },
  { name: 'team scorecard', path: `/teams/${teamId}/scorecard` },
  { name: 'status view', path: '/services/status' },
];

export async function measureThroughCdn(options: {
  originApi: string;
  cdnApi: string;
  cdn: CdnStandIn;
  paths: { name: string; path: string }[];
  seconds: number;
  connections: number;
  log?: (line: string) => void;
  /** The origin's figures where the caller measured them already (by path), so they are not measured twice. */
  originMeasured?: Record<string, { rps: number; p50: number; failures: number }>;
}): Promise<CdnFigures> {
  const figures: CdnPathFigures[] = [];
  for (const { name, path } of options.paths) {
    options.log?.(`GET ${path}: the origin for ${options.seconds}s, then cache hits through the CDN stand-in for ${options.seconds}s…`);
    const originUrl = `${options.originApi}${path}`;
    const cdnUrl = `${options.cdnApi}${path}`;
    const plain = await bytesAsSent(originUrl);
    if (plain.status !== 200) throw new Error(`GET ${path} at the origin answered ${plain.status}`);
    const measured = options.originMeasured?.[path];
    const origin = measured
      ? { rps: measured.rps, p50: measured.p50, errors: measured.failures, non2xx: 0 }
      : await autocannon(originUrl, { connections: options.connections, seconds: options.seconds });

    options.cdn.invalidate();
    const gzip = await bytesAsSent(cdnUrl, 'gzip');
    const br = await bytesAsSent(cdnUrl, BROWSER_ACCEPT_ENCODING);
    const identity = await bytesAsSent(cdnUrl);
    const before = { ...options.cdn.stats };
    const hits = await autocannon(cdnUrl, {
      connections: options.connections,
      seconds: options.seconds,
      headers: { 'accept-encoding': BROWSER_ACCEPT_ENCODING },
    });
    const after = options.cdn.stats;
    const answered = after.hits + after.refreshHits + after.misses - (before.hits + before.refreshHits + before.misses);
    figures.push({
      name,
      path,
      origin: { rps: origin.rps, p50: origin.p50, bytes: plain.bytes, failures: origin.errors + origin.non2xx },
      throughCdn: {
        bytesGzip: gzip.encoding === 'gzip' ? gzip.bytes : NaN,
        bytesBr: br.encoding === 'br' ? br.bytes : NaN,
        bytesIdentity: identity.bytes,
        hitRps: hits.rps,
        hitP50: hits.p50,
        failures: hits.errors + hits.non2xx,
        originRequests: after.originRequests - before.originRequests,
        hitRatio: answered > 0 ? (after.hits - before.hits) / answered : 0,
        cacheControl: br.cacheControl ?? '',
      },
    });
  }
  return { connections: options.connections, seconds: options.seconds, paths: figures };
}

/** The figures as a table, every column saying whether it is the origin's or what comes through the CDN. */
export function cdnReportLines(f: CdnFigures): string[] {
  const kb = (n: number) => (Number.isNaN(n) ? 'not compressed' : `${(n / 1024).toFixed(1)} KB`);
  const header = [
    'GET',
    'origin req/s',
    'origin p50 ms',
    'origin bytes',
    'through the CDN: gzip',
    'through the CDN: br',
    'through the CDN: hit req/s',
    'hit p50 ms',
    'hit ratio',
  ];
  const rows = f.paths.map((p) => [
    `${p.name} (${p.path})`,
    p.origin.rps.toFixed(1),
    p.origin.p50.toFixed(1),
    kb(p.origin.bytes),
    kb(p.throughCdn.bytesGzip),
    kb(p.throughCdn.bytesBr),
    p.throughCdn.hitRps.toFixed(0),
    p.throughCdn.hitP50.toFixed(1),
    `${(p.throughCdn.hitRatio * 100).toFixed(1)} %`,
  ]);
  const cells = [header, ...rows];
  const widths = header.map((_, i) => Math.max(...cells.map((r) => r[i]!.length)));
  const line = (row: string[]) => row.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join('  ');
  const failures = f.paths.flatMap((p) => [p.origin.failures, p.throughCdn.failures]).reduce((a, b) => a + b, 0);
  return [
    '',
    `The origin (local API Gateway: no cache, no compression) and what spectators get through the CDN (the local CDN stand-in, CloudFront's rules; body bytes as sent; hits by a browser-like viewer, Accept-Encoding: ${BROWSER_ACCEPT_ENCODING}); autocannon, ${f.connections} connections, ${f.seconds}s each`,
    line(header),
    widths.map((w) => '-'.repeat(w)).join('  '),
    ...rows.map(line),
    ...(failures > 0 ? [`(${failures} requests failed or answered other than 2xx)`] : []),
  ];
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const { values } = parseArgs({
    options: {
      teams: { type: 'string', default: '100' },
      services: { type: 'string', default: '10' },
      rounds: { type: 'string', default: '2' },
      duration: { type: 'string', default: '3' },
      concurrency: { type: 'string', default: '16' },
      json: { type: 'boolean', default: false },
    },
  });
  process.env.LOG_LEVEL = 'silent';
  const log = (line: string) => process.stderr.write(`${line}\n`);
  const audit = { actor: { type: 'system' as const, name: 'bench' }, route: 'bench/cdn.ts' };
  const admin = `ccdc_0000cd01_${randomBytes(32).toString('base64url').slice(0, 43)}`;
  const agent = `ccdc_0000cd02_${randomBytes(32).toString('base64url').slice(0, 43)}`;
  const dynamodb = await startDynamoDbLocal();
  let stack: Awaited<ReturnType<typeof startLocalStack>> | undefined;
  try {
    process.env.DYNAMODB_ENDPOINT = dynamodb.endpoint;
    process.env.TABLE_NAME = 'bench-cdn';
    await ensureTable(process.env.TABLE_NAME);
    const teams = Number(values.teams);
    log(`loading ${teams} teams × ${values.services} services…`);
    const competition = validateCompetition(generateCompetition(teams, Number(values.services)));
    if (!competition.ok) throw new Error(JSON.stringify(competition.errors));
    await loadCompetition(competition.value, { replace: false, loadedBy: 'bench', audit });
    await createToken({ role: 'admin', name: 'bench admin', expiresAt: null, token: admin, audit });
    await createToken({ role: 'service', name: 'bench agent', expiresAt: null, token: agent, audit });
    stack = await startLocalStack({ port: 0, dynamodbEndpoint: dynamodb.endpoint, cdn: { port: 0 } });
    const api = `${stack.url}/api/v1`;
    const services = (
      (await (await fetch(`${api}/services`, { headers: { authorization: `Bearer ${admin}` } })).json()) as { id: number; max_score: number }[]
    ).map(({ id, max_score }) => ({ id, max_score }));
    log(`${values.rounds} rounds of results…`);
    await runScanAgent({ url: stack.url, token: agent, reports: roundReports(services, 0, Number(values.rounds)), concurrency: 16, batch: 100 });
    await stack.fold.caughtUp(600_000);
    const listed = (await (await fetch(`${api}/teams`)).json()) as { id: number }[];
    const middle = listed[Math.floor(listed.length / 2)]!;
    const figures = await measureThroughCdn({
      originApi: api,
      cdnApi: `${stack.cdnUrl}/api/v1`,
      cdn: stack.cdn!,
      paths: spectatorPaths(middle.id),
      seconds: Number(values.duration),
      connections: Number(values.concurrency),
      log,
    });
    if (values.json) console.log(JSON.stringify(figures));
    else console.log(cdnReportLines(figures).join('\n'));
  } finally {
    await stack?.stop();
    await dynamodb.stop();
  }
  process.exit(0);
}
