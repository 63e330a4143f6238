/**
 * What a nudged spectator gets (decision 0086), measured on the wire beside
 * the polling viewer of bench/viewer.ts: one viewer of each page (the
 * scoreboard's compact view, the matrix's status view with `?since=`), each
 * over HTTP/2 with TLS and over HTTP/1.1 through the CDN stand-in, reading
 * as the pages do: once when a nudge comes (`?v=`), with the ETag it holds,
 * and never otherwise. The nudges come from the Event API's twin, over a
 * WebSocket as the page's.
 *
 * A round is sent as the agent reports it when the round's checks end: in
 * POST /scans batches of 100, 8 at a time (the peer too writes a round at
 * once); its 60 s window is counted from the first batch. One result in five
 * fails, and each failure is a probe: the time from its report (its batch's 200) to the first
 * answer of each viewer that shows it (its cell down on the matrix, the
 * team's services up one fewer on the scoreboard). Then a quiet spell with
 * nothing sent: what each viewer asks in it (nothing) and what the socket
 * carries (keep-alives).
 */
import type { RequestListener } from 'node:http';
import WebSocket from 'ws';
import { pushChannel, type PushConfig } from '#shared/api/push';
import { REALTIME_PATH, startEventsTwin } from '../lib/local/events-twin';
import type { LocalStack } from '../lib/local/local-stack';
import type { StreamPoller } from '../lib/local/stream-poller';
import { percentile, runScanAgent } from './load';
import { mapBounded } from '#shared/bounded';
import { REPORT_BATCH, REPORT_CONCURRENCY } from '../functions/agent/round';
import { http1Connection, http2Connection, http2Front, viewerResult, type Connection, type PageTally } from './viewer';

export interface PushProbe {
  team: number;
  subtype: number;
  /** The failed service's place in its matrix cell (the team's services of the subtype, by id): the view's order. */
  place: number;
}

export interface PushViewerResult {
  results: number;
  windowSeconds: number;
  nudges: number;
  /**
   * From a failure's report to a viewer's answer that shows it (ms), both viewers of the page together; and the
   * part of it from the nudge the viewer read on (the rest is the fold's: the stream, the batch, the version's move).
   */
  latency: Record<'scoreboard' | 'matrix', { p50: number; p99: number; fromNudgeP50: number; fromNudgeP99: number; probes: number }>;
  /** When the viewers' last read of the round ended, from its first report (s): nothing is read after it. */
  lastReadSeconds: number;
  round: { scoreboard: { http2: PageTally; http1: PageTally }; matrix: { http2: PageTally; http1: PageTally } };
  /** What the socket carried in the round (each page's socket carries the same): its nudges, payload and frame headers. */
  roundSocket: { messages: number; bytes: number };
  quiet: { seconds: number; requests: number; socketMessages: number; socketBytes: number };
}

/** A viewer of one page on one connection: reads on a nudge, keeps the page's data, and says when a probe shows. */
function pageViewer(connection: Connection, page: 'scoreboard' | 'matrix') {
  let etag: string | undefined;
  let asOf: string | undefined;
  let startBytes = 0;
  const tally: PageTally = { polls: 0, notModified: 0, bytes: 0, bodyBytes: 0 };
  /** The scoreboard: each team's services up. The matrix: each `team:subtype` cell's statuses, in the view's order. */
  const up = new Map<number, number>();
  const cells = new Map<string, string[]>();
  const path = (v?: number) => {
    const query = new URLSearchParams();
    if (page === 'matrix' && asOf) query.set('since', asOf);
    if (v !== undefined) query.set('v', String(v));
    const q = query.toString();
    return `/api/v1/${page === 'scoreboard' ? 'teams/scoreboard/compact' : 'services/status'}${q ? `?${q}` : ''}`;
  };
  return {
    tally,
    up,
    async read(v?: number): Promise<boolean> {
      const answer = await connection.get(path(v), etag ? { 'if-none-match': etag } : {});
      tally.polls++;
      tally.bodyBytes += answer.bodyBytes;
      tally.bytes = connection.received() - startBytes;
      if (answer.status === 304) {
        tally.notModified++;
        return false;
      }
      if (answer.status !== 200) throw new Error(`push viewer: ${answer.status} for ${path(v)}`);
      etag = answer.etag;
      if (page === 'scoreboard') {
        for (const row of (JSON.parse(answer.body) as { rows: unknown[][] }).rows) up.set(Number(row[2]), Number(row[7]));
      } else {
        const view = JSON.parse(answer.body) as { as_of: string; full: boolean; teams: Record<string, (string | number)[][]> };
        asOf = view.as_of;
        if (view.full) cells.clear();
        // As the page merges a delta: a changed cell comes whole, `[subtype_id]` alone keeps the status held at its place.
        const changed = new Map<string, (string | number)[][]>();
        for (const [team, tuples] of Object.entries(view.teams))
          for (const tuple of tuples) changed.set(`${team}:${tuple[0]}`, [...(changed.get(`${team}:${tuple[0]}`) ?? []), tuple]);
        for (const [key, tuples] of changed)
          cells.set(
            key,
            tuples.map((tuple, i) => (tuple.length > 1 ? String(tuple[1]) : (cells.get(key)?.[i] ?? '?'))),
          );
      }
      return true;
    },
    shows(probe: PushProbe, failuresOfTeamSoFar: number, baseline: Map<number, number>): boolean {
      return page === 'scoreboard'
        ? (up.get(probe.team) ?? Infinity) <= (baseline.get(probe.team) ?? 0) - failuresOfTeamSoFar
        : cells.get(`${probe.team}:${probe.subtype}`)?.[probe.place] === 'down';
    },
    reset() {
      tally.polls = tally.bytes = tally.bodyBytes = tally.notModified = 0;
      startBytes = connection.received();
    },
  };
}

export async function measurePushViewer(
  cdn: { url: string; listener: RequestListener },
  push: { socketUrl: string; config: PushConfig },
  options: {
    results: number;
    /** Reports results `indices` in one request; answers each one's probe when it is a failure (its team and subtype). */
    report: (indices: number[]) => Promise<(PushProbe | undefined)[]>;
    windowSeconds: number;
    quietSeconds: number;
  },
): Promise<PushViewerResult> {
  const front = await http2Front(cdn.listener);
  const cdnPort = Number(new URL(cdn.url).port);
  const connections = await Promise.all([http2Connection(front.port), http2Connection(front.port), http1Connection(cdnPort), http1Connection(cdnPort)]);
  const viewers = {
    scoreboard: [pageViewer(connections[0]!, 'scoreboard'), pageViewer(connections[2]!, 'scoreboard')],
    matrix: [pageViewer(connections[1]!, 'matrix'), pageViewer(connections[3]!, 'matrix')],
  };
  const all = [...viewers.scoreboard, ...viewers.matrix];
  const authorization = { host: push.config.host, 'x-api-key': push.config.api_key };
  const socket = new WebSocket(push.socketUrl, ['aws-appsync-event-ws', `header-${Buffer.from(JSON.stringify(authorization)).toString('base64url')}`]);
  let socketMessages = 0;
  let socketBytes = 0;
  let nudges = 0;
  /** What each viewer does on a nudge: read it, then once more if another came meanwhile. */
  const reading = new Map<object, { running?: Promise<void>; again?: number; nudgedAt?: number }>();
  const probes: { probe: PushProbe; reportedAt: number; teamFailures: number; seen: Map<object, { ms: number; fromNudgeMs: number }> }[] = [];
  let lastReadAt = 0;
  const baseline = new Map<number, number>();
  /** Marks the probes a viewer now shows; `nudgedAt`: when the nudge it read on came (the read's start, before it). */
  const check = (viewer: (typeof all)[number], nudgedAt?: number) => {
    const now = performance.now();
    for (const p of probes)
      if (!p.seen.has(viewer) && viewer.shows(p.probe, p.teamFailures, baseline))
        p.seen.set(viewer, { ms: Math.max(0, now - p.reportedAt), fromNudgeMs: Math.max(0, now - Math.max(p.reportedAt, nudgedAt ?? now)) });
  };
  const onNudge = (viewer: (typeof all)[number], version: number) => {
    const state = reading.get(viewer) ?? {};
    reading.set(viewer, state);
    if (state.running) {
      state.again = Math.max(state.again ?? 0, version);
      state.nudgedAt = performance.now();
      return;
    }
    state.nudgedAt = performance.now();
    state.running = (async () => {
      let v: number | undefined = version;
      while (v !== undefined) {
        state.again = undefined;
        const nudgedAt = state.nudgedAt;
        if (await viewer.read(v)) check(viewer, nudgedAt);
        lastReadAt = performance.now();
        v = state.again;
      }
      state.running = undefined;
    })();
  };
  const subscribed = new Promise<void>((ready, failed) => {
    socket.once('error', failed);
    socket.on('open', () => socket.send(JSON.stringify({ type: 'connection_init' })));
    socket.on('message', (data: Buffer) => {
      socketMessages++;
      socketBytes += data.length + 2; // a server's frame header: 2 bytes for a payload under 126
      const message = JSON.parse(String(data)) as { type: string; event?: string };
      if (message.type === 'connection_ack') socket.send(JSON.stringify({ type: 'subscribe', id: 'live', channel: pushChannel('live'), authorization }));
      else if (message.type === 'subscribe_success') ready();
      else if (message.type === 'data' && message.event) {
        nudges++;
        const { version } = JSON.parse(message.event) as { version: number };
        for (const viewer of all) onNudge(viewer, version);
      }
    });
  });
  try {
    await subscribed;
    // On the page already: its first (whole) answers are behind it.
    for (const viewer of all) await viewer.read();
    for (const [team, up] of viewers.scoreboard[0]!.up) baseline.set(team, up);
    for (const viewer of all) viewer.reset();
    nudges = 0;
    const socketAtStart = { messages: socketMessages, bytes: socketBytes };

    // The round, reported as the agent reports it (REPORT_CONCURRENCY batches in flight), each failure's report time kept.
    const started = performance.now();
    const teamFailures = new Map<number, number>();
    const batches: number[][] = [];
    for (let i = 0; i < options.results; i += REPORT_BATCH) batches.push(Array.from({ length: Math.min(REPORT_BATCH, options.results - i) }, (_, k) => i + k));
    await mapBounded(batches, REPORT_CONCURRENCY, async (batch) => {
      const answers = await options.report(batch);
      const reportedAt = performance.now();
      for (const probe of answers) {
        if (!probe) continue;
        const failures = (teamFailures.get(probe.team) ?? 0) + 1;
        teamFailures.set(probe.team, failures);
        probes.push({ probe, reportedAt, teamFailures: failures, seen: new Map() });
      }
      // A viewer may already have read them (the fold is quick): checked again against what it holds.
      for (const viewer of all) check(viewer);
    });
    // The window's bytes are counted once every viewer shows every probe and no read is under way: on the
    // nudges nothing is read after that, so the rest of the window would add nothing (the quiet spell below shows it).
    const windowEnd = started + options.windowSeconds * 1000;
    const settled = () => probes.every((p) => all.every((viewer) => p.seen.has(viewer))) && [...reading.values()].every((s) => !s.running);
    while (!settled() && performance.now() < windowEnd) await new Promise((resolve) => setTimeout(resolve, 100));
    await Promise.all([...reading.values()].flatMap((s) => (s.running ? [s.running] : [])));
    const copy = (t: PageTally) => ({ ...t });
    const round = {
      scoreboard: { http2: copy(viewers.scoreboard[0]!.tally), http1: copy(viewers.scoreboard[1]!.tally) },
      matrix: { http2: copy(viewers.matrix[0]!.tally), http1: copy(viewers.matrix[1]!.tally) },
    };
    const roundSocket = { messages: socketMessages - socketAtStart.messages, bytes: socketBytes - socketAtStart.bytes };
    const latencyOf = (page: 'scoreboard' | 'matrix') => {
      const seen = probes.flatMap((p) => viewers[page].map((viewer) => p.seen.get(viewer)?.ms ?? NaN));
      const fromNudge = probes.flatMap((p) => viewers[page].flatMap((viewer) => p.seen.get(viewer)?.fromNudgeMs ?? []));
      const shown = seen.filter((ms) => Number.isFinite(ms));
      if (shown.length < seen.length) {
        const missed = probes.filter((p) => viewers[page].some((viewer) => !p.seen.has(viewer))).slice(0, 5);
        const what = missed.map(
          (p) => `team ${p.probe.team} failure ${p.teamFailures} (up ${viewers.scoreboard[0]!.up.get(p.probe.team)} of ${baseline.get(p.probe.team)})`,
        );
        throw new Error(`push viewer: ${seen.length - shown.length} of ${seen.length} probes never reached the ${page} viewers: ${what.join('; ')}`);
      }
      return {
        p50: percentile(shown, 50),
        p99: percentile(shown, 99),
        fromNudgeP50: percentile(fromNudge, 50),
        fromNudgeP99: percentile(fromNudge, 99),
        probes: probes.length,
      };
    };
    const latency = { scoreboard: latencyOf('scoreboard'), matrix: latencyOf('matrix') };

    // A quiet spell: nothing sent, nothing asked; the socket's keep-alives alone.
    for (const viewer of all) viewer.reset();
    const [messagesBefore, bytesBefore] = [socketMessages, socketBytes];
    await new Promise((resolve) => setTimeout(resolve, options.quietSeconds * 1000));
    const quiet = {
      seconds: options.quietSeconds,
      requests: all.reduce((n, viewer) => n + viewer.tally.polls, 0),
      socketMessages: socketMessages - messagesBefore,
      socketBytes: socketBytes - bytesBefore,
    };
    const lastReadSeconds = (lastReadAt - started) / 1000;
    return { results: options.results, windowSeconds: options.windowSeconds, lastReadSeconds, nudges, latency, round, roundSocket, quiet };
  } finally {
    socket.terminate();
    await Promise.all(connections.map((c) => c.close()));
    await front.close();
  }
}

/**
 * The bench's nudged phase, on the viewer table (its fold `fold`): every service up first (so each failure of the
 * round is a change), then the Event API's twin beside the origin, only for this phase (a fold that nudges may
 * wait for a nudge's slot, which the ingestion figures must not carry), and the round, one result in five failing.
 */
export async function measureNudgedViewers(options: {
  stack: LocalStack;
  api: string;
  agentToken: string;
  /** Every service of the viewer table's teams (a probe's place in its matrix cell is counted among them), in the order reported. */
  services: { id: number; max_score: number; team: number; subtype_id: number }[];
  fold: StreamPoller;
  windowSeconds: number;
  quietSeconds: number;
}): Promise<PushViewerResult> {
  const { stack, api, agentToken, services } = options;
  const probeOf = (service: (typeof services)[number]) => {
    const cell = services.filter((s) => s.team === service.team && s.subtype_id === service.subtype_id).sort((a, b) => a.id - b.id);
    return { team: service.team, subtype: service.subtype_id, place: cell.indexOf(service) };
  };
  const allUp = services.map((s) => ({ service_id: s.id, scan_id: `push-viewer-up-${s.id}`, score: s.max_score, error: null }));
  await runScanAgent({ url: stack.url, token: agentToken, reports: allUp, concurrency: REPORT_CONCURRENCY, batch: REPORT_BATCH });
  await options.fold.caughtUp(600_000);
  const events = await startEventsTwin();
  events.attach(stack.server);
  try {
    stack.cdn!.invalidate();
    return await measurePushViewer(
      { url: stack.cdnUrl!, listener: stack.cdn!.listener },
      { socketUrl: `${stack.url.replace(/^http/, 'ws')}${REALTIME_PATH}`, config: events.config },
      {
        results: services.length,
        windowSeconds: options.windowSeconds,
        quietSeconds: options.quietSeconds,
        report: async (indices) => {
          const body = indices.map((i) => viewerResult(services[i]!, i, 'push-viewer'));
          const response = await fetch(`${api}/scans`, {
            method: 'POST',
            headers: { authorization: `Bearer ${agentToken}`, 'content-type': 'application/json' },
            body: JSON.stringify(body),
          });
          const answers = (await response.json()) as { status: number }[];
          if (response.status !== 200 || answers.some((a) => a.status !== 201)) throw new Error(`push viewer: a batch answered ${response.status}`);
          // Each failure is a status change (every service was up): a probe.
          return indices.map((i, k) => (body[k]!.score === 0 ? probeOf(services[i]!) : undefined));
        },
      },
    );
  } finally {
    await events.stop();
  }
}
