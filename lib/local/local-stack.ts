import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type RequestListener, type Server, type ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import { dirname, join, resolve } from 'node:path';
import { competitionLoadedAt, loadCompetition } from '#shared/data/competition';
import { ensureTable } from '#shared/data/table';
import { backfillIncidentIndex } from '#shared/data/incidents';
import { backfillWaiting } from '#shared/app/waiting';
import { registerIamPrincipal } from '#shared/data/iam-principals';
import { systemActor, type AuditContext } from '#shared/data/audit';
import { createToken } from '#shared/data/tokens';
import { createLogger } from '#shared/log';
import { failureFields } from '#shared/scheduled';
import { formatProblems, readCompetitionFile } from './competition-file';
import { startDynamoDbLocal, type DynamoDbLocal } from './dynamodb-local';
import { createCdnStandIn, type CdnStandIn } from './cdn';
import { cdnRules, type BehaviourRules } from '../cdn-rules';
import { createGateway } from './gateway';
import { faultsFrom } from './faults';
import { startMinuteJobs } from './minute-jobs';
import { localIamArn, parseIamKeys } from './sigv4';
import { withStaticSite } from './static-site';
import { startObjectStore, type ObjectStoreLocal } from './object-store';
import { startLambdaTwin, type LambdaTwin } from './lambda-twin';
import { buildSite } from '../../web/build';
import { startStreamPoller, type StreamPoller } from './stream-poller';
import { startEventsTwin, type EventsTwin } from './events-twin';
import { handler as foldResults } from '../../functions/scoring/fold-results';

export const ROOT = resolve(import.meta.dirname, '../..');
export const SAMPLE_COMPETITION = resolve(ROOT, 'competitions/sample.yaml');
export const LOCAL_TABLE = 'scoring-local';
/**
 * Where a running dev server says how to reach its DynamoDB Local (read by
 * the CLI): `.local/server.json`, or the file SCORING_STATE_FILE names, so
 * that a second server (the README tour's test, say) and the tools pointed
 * at it never read or remove the first one's.
 */
export const localStateFile = () => resolve(process.env.SCORING_STATE_FILE ?? resolve(ROOT, '.local/server.json'));

export interface LocalStackOptions {
  port: number;
  host?: string;
  dataDir?: string;
  /** The competition loaded on first start (the sample unless named); null: none, an empty table as a new stage has. */
  competitionFile?: string | null;
  adminToken?: string;
  serviceToken?: string;
  iamKeys?: string;
  /** Write the state file for the command-line tool (the dev server does; tests do not). */
  announce?: boolean;
  /** Use this DynamoDB endpoint instead of starting DynamoDB Local (tests share one). */
  dynamodbEndpoint?: string;
  /** Serve the web page beside the API (default true). */
  site?: boolean;
  /** Run the every-minute jobs as the stack's schedules do: the score history, the delayed password changes (the dev server does; tests call the handlers). */
  minuteJobs?: boolean;
  /** How long a connection may stay open without a request in flight (default IDLE_CONNECTION_MS). */
  idleConnectionMs?: number;
  /**
   * Also serve the API through the CDN stand-in (lib/local/cdn.ts) on this
   * port (0: any free one), the web page beside it, as spectators reach both
   * in AWS. `port` stays the bare origin.
   */
  cdn?: { port: number };
  /**
   * Run the stream consumer here (default), or leave it to a process of its
   * own (`npm run stream-consumer`), as Lambda runs it apart from the API:
   * the rehearsal kills one without the other.
   */
  streamConsumer?: boolean;
  /** Where the stream consumer keeps its place (default: in `dataDir`, when there is one): a restart goes on from it. */
  checkpointFile?: string;
  /** The rehearsal's faults: while this file says so, the gateway refuses a share of requests (lib/local/faults.ts). */
  faultFile?: string;
  /**
   * Nudge the pages through the Event API's twin (lib/local/events-twin.ts, decision 0086), as the stack does:
   * the dev server and the browser tests do. Without it the pages poll, and the fold never waits for a nudge's slot.
   */
  push?: boolean;
}

export interface LocalStack {
  /** The bare origin: the local API Gateway (and the page), no CDN. */
  url: string;
  /** The CDN stand-in in front of it, when asked for (`cdn`). */
  cdnUrl?: string;
  /** The CDN stand-in's counters and invalidation, when asked for. */
  cdn?: CdnStandIn;
  dynamodb: DynamoDbLocal;
  /** The files bucket's twin. */
  files: ObjectStoreLocal;
  /** Lambda's twin for the workers (an export): `lambda.idle()` waits until what was started has run. */
  lambda: LambdaTwin;
  /** The Event API's twin, when asked for (`push`). */
  events?: EventsTwin;
  server: Server;
  /**
   * The stream consumer's local event source mapping: `fold.caughtUp()` waits
   * until results are on the scoreboard. When the consumer runs apart
   * (`streamConsumer: false`) there is nothing here to wait for: it says so.
   */
  fold: StreamPoller;
  loaded: 'sample' | 'existing' | 'none';
  stop(): Promise<void>;
}

/**
 * The whole local product: DynamoDB Local, the table, the sample competition
 * on first start, the configured tokens, and the API on loopback.
 */
export async function startLocalStack(options: LocalStackOptions): Promise<LocalStack> {
  const iamKeys = parseIamKeys(options.iamKeys);
  const dynamodb: DynamoDbLocal = options.dynamodbEndpoint
    ? { endpoint: options.dynamodbEndpoint, stop: async () => undefined }
    : await startDynamoDbLocal({ dataDir: options.dataDir });
  process.env.DYNAMODB_ENDPOINT = dynamodb.endpoint;
  process.env.TABLE_NAME ??= LOCAL_TABLE;
  let fold: StreamPoller | undefined;
  let files: ObjectStoreLocal | undefined;
  let lambda: LambdaTwin | undefined;
  let events: EventsTwin | undefined;
  const servers: Server[] = [];
  try {
    files = await startObjectStore({ dataDir: options.dataDir });
    process.env.FILES_ENDPOINT = files.endpoint;
    process.env.FILES_BUCKET = files.bucket;
    lambda = await startLambdaTwin();
    if (options.push) events = await startEventsTwin();
    await ensureTable(process.env.TABLE_NAME);
    const checkpointFile = options.checkpointFile ?? (options.dataDir ? join(options.dataDir, 'stream-checkpoint.json') : undefined);
    fold = options.streamConsumer === false ? consumerApart() : await startFoldPoller(dynamodb.endpoint, process.env.TABLE_NAME, checkpointFile);
    const loaded = options.competitionFile === null ? 'none' : await loadSampleOnFirstStart(options.competitionFile ?? SAMPLE_COMPETITION);
    // A data directory an older version wrote: its items brought up to this version's keys (`scoring upgrade` in AWS).
    if (loaded === 'existing') {
      await backfillIncidentIndex();
      await backfillWaiting();
    }
    for (const [role, token] of [
      ['admin', options.adminToken],
      ['service', options.serviceToken],
    ] as const) {
      if (token !== undefined && !/^[\x21-\x7e]{32,}$/.test(token)) {
        throw new Error(`SCORING_${role.toUpperCase()}_TOKEN must be at least 32 printable characters (mint one with: openssl rand -hex 32)`);
      }
      if (token) await createToken({ role, name: `${role} (from SCORING_${role.toUpperCase()}_TOKEN)`, expiresAt: null, token, audit: LOCAL_SERVER_AUDIT });
    }
    // As the stack's grant helpers do in AWS: each local key's principal is registered with its role.
    for (const key of iamKeys) {
      await registerIamPrincipal({
        arn: localIamArn(key),
        role: key.role,
        ...(key.pool ? { pool: key.pool } : {}),
        source: 'local',
        audit: LOCAL_SERVER_AUDIT,
      });
    }
    const gateway = createGateway({ iamKeys, ...(options.faultFile ? { faults: faultsFrom(options.faultFile) } : {}) });
    const site = options.site === false ? undefined : buildSite();
    const serve = (api: RequestListener, cdn?: BehaviourRules) =>
      site ? withStaticSite(api, { files: site, filesOrigin: files!.endpoint, cdn, push: events?.config }) : api;
    const host = options.host ?? '127.0.0.1';
    const server = await listen(serve(gateway.listener), options.port, host, options.idleConnectionMs);
    servers.push(server);
    events?.attach(server);
    const url = urlOf(server, host);
    files.allowOrigin(url);
    let cdn: CdnStandIn | undefined;
    let cdnUrl: string | undefined;
    if (options.cdn) {
      cdn = createCdnStandIn(gateway.answer);
      // The local origin trusts a viewer's address only from the stand-in (decision 0085).
      process.env.VIEWER_TRUST_SECRET = cdn.viewerTrustSecret;
      // Its pages as the distribution's default behaviour serves them (lib/cdn-rules.ts: the site's).
      const cdnServer = await listen(serve(cdn.listener, cdnRules().site), options.cdn.port, host, options.idleConnectionMs);
      servers.push(cdnServer);
      events?.attach(cdnServer);
      cdnUrl = urlOf(cdnServer, host);
      files.allowOrigin(cdnUrl);
    }
    if (options.announce) {
      mkdirSync(dirname(localStateFile()), { recursive: true });
      writeFileSync(
        localStateFile(),
        JSON.stringify({ url: cdnUrl ?? url, originUrl: url, endpoint: dynamodb.endpoint, table: process.env.TABLE_NAME, pid: process.pid }),
      );
    }
    const stopMinuteJobs = options.minuteJobs ? startMinuteJobs() : undefined;
    const stop = async () => {
      stopMinuteJobs?.();
      if (options.announce) rmSync(localStateFile(), { force: true });
      await events?.stop();
      await Promise.all(servers.map((s) => closeGracefully(s, GRACEFUL_STOP_MS)));
      await lambda!.stop();
      await fold!.stop();
      await files!.stop();
      await dynamodb.stop();
    };
    return { url, cdnUrl, cdn, dynamodb, files, lambda, events, server, fold, loaded, stop };
  } catch (error) {
    for (const s of servers) s.close();
    await events?.stop();
    await lambda?.stop();
    await fold?.stop();
    await files?.stop();
    await dynamodb.stop();
    throw error;
  }
}

/** A server for a listener on loopback (or `host`), idle connections closed as a load balancer closes them. */
async function listen(listener: RequestListener, port: number, host: string, idleMs = IDLE_CONNECTION_MS): Promise<Server> {
  const server = createServer(listener);
  closeIdleConnections(server, idleMs);
  await new Promise<void>((resolveListen, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolveListen());
  });
  return server;
}

function urlOf(server: Server, host: string): string {
  const address = server.address();
  return `http://${host}:${typeof address === 'object' && address ? address.port : 0}`;
}

/**
 * A connection with no request in flight is closed after this long without a
 * byte, as a load balancer closes idle connections. Node's own timeouts do not
 * cover it: `headersTimeout` starts with a request's first byte, so a client
 * that connects and sends nothing would hold its socket for good.
 */
export const IDLE_CONNECTION_MS = 10_000;

function closeIdleConnections(server: Server, idleMs: number) {
  const busy = new WeakSet<Socket>();
  server.on('request', (request: IncomingMessage, response: ServerResponse) => {
    busy.add(request.socket);
    response.once('close', () => busy.delete(request.socket));
  });
  // Inactivity on the socket: a slow answer (a stalled database) keeps its request in flight and is left alone.
  server.setTimeout(idleMs, (socket: Socket) => {
    if (!busy.has(socket)) socket.destroy();
  });
  // Keep-alive answers announce when the server will close (`Keep-Alive: timeout=`): never later than this.
  server.keepAliveTimeout = Math.min(server.keepAliveTimeout, idleMs);
}

/** How long a stop waits for requests in flight: a stalled database costs each at most its timeouts, well under this. */
export const GRACEFUL_STOP_MS = 10_000;

/**
 * Stops accepting connections, lets the requests in flight finish (up to
 * `boundMs`), then drops whatever is left. Keep-alive connections are closed
 * as soon as they fall idle, so a client between requests does not hold the
 * stop open; one in the middle of a request gets its answer first.
 */
async function closeGracefully(server: Server, boundMs: number): Promise<void> {
  const closed = new Promise<void>((resolveClose) => server.close(() => resolveClose()));
  server.closeIdleConnections();
  const sweep = setInterval(() => server.closeIdleConnections(), 50);
  const bound = setTimeout(() => server.closeAllConnections(), boundMs);
  try {
    await closed;
  } finally {
    clearInterval(sweep);
    clearTimeout(bound);
  }
}

/** The fold consumer, fed by the table's stream as the event source mapping feeds it in AWS; from its checkpoint, when given one. */
export function startFoldPoller(
  endpoint: string,
  tableName: string,
  checkpointFile?: string,
  onShardStart?: Parameters<typeof startStreamPoller>[0]['onShardStart'],
): Promise<StreamPoller> {
  const log = createLogger({ route: 'FoldResults' });
  return startStreamPoller({
    endpoint,
    tableName,
    handler: foldResults,
    onError: (error) => log.error('stream poll failed', failureFields(error)),
    ...(checkpointFile ? { checkpointFile } : {}),
    ...(onShardStart ? { onShardStart } : {}),
  });
}

/** The stack's view of a stream consumer that runs in a process of its own: nothing to wait for or stop here. */
function consumerApart(): StreamPoller {
  const apart = () => Promise.reject(new Error('the stream consumer runs in a process of its own (npm run stream-consumer)'));
  return { caughtUp: apart, pause: apart, resume: () => undefined, stop: () => Promise.resolve() };
}

/** The local server's own writes at start (its competition, its environment's tokens and keys) in the audit trail. */
const LOCAL_SERVER_AUDIT: AuditContext = { actor: systemActor('local server'), route: 'npm start' };

async function loadSampleOnFirstStart(file: string): Promise<'sample' | 'existing'> {
  if (await competitionLoadedAt()) return 'existing';
  const parsed = readCompetitionFile(file);
  if (!parsed.ok) throw new Error(`The competition file is not valid:\n${formatProblems(file, parsed.problems)}`);
  await loadCompetition(parsed.competition, { replace: false, loadedBy: 'local server (first start)', audit: LOCAL_SERVER_AUDIT });
  return 'sample';
}
