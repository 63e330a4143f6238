import { cdnReportLines } from './cdn';
import { formatBeaconCost } from './beacon-figures';
import { formatDebriefCost } from './debrief-figures';
import { formatPageFigures } from './page-figures';
/** Prints the benchmark's figures as readable tables. */
type Row = (string | number)[];

const fmt = (n: number, digits = 1) => (Number.isInteger(n) && digits === 0 ? String(n) : n.toFixed(digits));

function table(title: string, header: string[], rows: Row[]) {
  const cells = [header, ...rows.map((r) => r.map(String))];
  const widths = header.map((_, i) => Math.max(...cells.map((r) => r[i]!.length)));
  out(`\n${title}`);
  cells.forEach((row, index) => {
    out(row.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join('  '));
    if (index === 0) out(widths.map((w) => '-'.repeat(w)).join('  '));
  });
}

/** Where the report's lines go: the terminal, and for a default run also the generated section of docs/benchmark.md. */
let out: (line: string) => void = (line) => console.log(line);

/** The report as text, one line per element (what printReport prints). */
export function reportLines(r: any): string[] {
  const lines: string[] = [];
  const previous = out;
  out = (line) => lines.push(...line.split('\n'));
  try {
    printReport(r);
  } finally {
    out = previous;
  }
  return lines;
}

export function printReport(r: any) {
  const p = r.parameters;
  out(`\nMachine: ${r.machine.cores} cores (${r.machine.cpu}), ${r.machine.memoryGiB} GiB, Node ${r.machine.node}`);
  out(
    `Parameters: ${p.teams} teams × ${p.servicesPerTeam} services, ${p.rounds} steady rounds after ${p.warmup} warm-up results, concurrency ${p.concurrency} (bursts ${p.burstConcurrency}), ${p.readSeconds}s per read endpoint`,
  );
  if (r.seconds) out(`The whole run: ${fmt(r.seconds / 60, 1)} min`);
  out(`Loading the competition with the command-line tool: ${fmt(r.load.seconds, 2)} s`);
  table(
    'Ingestion (each scenario ends when the fold has caught up; "catch-up" = from the last answer until then; consumer paused: results/s of the request path alone, then the consumer alone)',
    ['scenario', 'results', 'requests', 'conc', 'statuses', 'results/s', 'p50 ms', 'p99 ms', 'catch-up ms', 'folded/s'],
    r.ingestion.map((x: any) => [
      x.name,
      x.reports,
      x.requests,
      x.concurrency,
      JSON.stringify(x.statuses),
      fmt(x.perSecond),
      fmt(x.p50),
      fmt(x.p99),
      fmt(x.foldLagMs, 0),
      x.foldPaused ? fmt(x.reports / (x.foldLagMs / 1000)) : '',
    ]),
  );
  if (r.foldLag) {
    const l = r.foldLag;
    out(
      `\nFold lag (a result's 201 until GET /teams/scoreboard shows it; ${l.probes} results one at a time, scoreboard polled every 50 ms): ` +
        `p50 ${fmt(l.p50, 0)} ms, p99 ${fmt(l.p99, 0)} ms, max ${fmt(l.max, 0)} ms${l.missed ? `, ${l.missed} not seen within 30 s` : ''} (target: within 2 s)`,
    );
  }
  table(
    'Cost per result: AWS write units (from item sizes; 2x in a transaction; + index entries) and DynamoDB calls; the consumer amortised over its batches',
    ['scenario', 'AWS WCU request', 'AWS WCU fold', 'AWS WCU total', 'Local WCU', 'Local RCU', 'calls request', 'calls fold'],
    r.ingestion.map((x: any) => [
      x.name,
      fmt(x.awsWcuRequest, 2),
      fmt(x.awsWcuFold, 2),
      fmt(x.awsWcuRequest + x.awsWcuFold, 2),
      fmt(x.localWcu, 2),
      fmt(x.localRcu, 2),
      fmt(x.callsRequest, 2),
      fmt(x.callsFold, 2),
    ]),
  );
  const byKind = (x: any) =>
    Object.entries((x.awsWcuFoldByKind ?? {}) as Record<string, number>)
      .map(([kind, units]) => `${kind} ${fmt(units, 2)}`)
      .join(', ');
  for (const x of r.ingestion.filter((x: any) => x.awsWcuFoldByKind)) out(`  fold WCU per result by item, ${x.name}: ${byKind(x)}`);
  table(
    `Public reads (autocannon, ${p.concurrency} connections)`,
    ['GET', 'req/s', 'p50 ms', 'p99 ms', 'failures', 'bytes', 'RCU/req', 'min RCU/req'],
    r.reads.map((x: any) => [
      x.connections && x.connections !== p.concurrency ? `${x.path} (${x.connections} connections)` : x.path,
      fmt(x.rps),
      fmt(x.p50),
      fmt(x.p99),
      x.failures,
      x.bytes,
      fmt(x.rcuPerRequest, 2),
      fmt(x.minRcuPerRequest, 2),
    ]),
  );
  const rpsOf = (path: string) => r.reads.find((x: any) => x.path === path)?.rps as number | undefined;
  const ratio = (a: number | undefined, b: number | undefined) => (a !== undefined && b ? `${fmt(a / b, 1)}×` : 'n/a');
  out(
    `Origin ratios (same run): scoreboard 304 / 200 req/s ${ratio(rpsOf('/teams/scoreboard (If-None-Match: 304)'), rpsOf('/teams/scoreboard'))}; ` +
      `status view / GET /services req/s ${ratio(rpsOf('/services/status'), rpsOf('/services'))}; ` +
      `history window / its samples req/s ${ratio(
        r.reads.find((x: any) => String(x.path).endsWith('window)'))?.rps,
        r.reads.find((x: any) => String(x.path).endsWith('Query)'))?.rps,
      )}`,
  );
  if (r.cdn) for (const line of cdnReportLines(r.cdn)) out(line);
  if (r.viewer) {
    const kb = (bytes: number) => fmt(bytes / 1024, 1);
    table(
      `One viewer per page through the CDN stand-in (${p.viewerTeams ?? p.teams} teams × 10 services; polls every ${r.viewer.round.pollSeconds ?? 5} s with its ETag, as the pages do; KB the server sent: over HTTP/2 with TLS — what browsers speak to CloudFront, headers as HPACK references — and over HTTP/1.1, every header spelled out; then the bodies alone, as sent)`,
      [
        'phase',
        'results',
        'seconds',
        'page',
        'HTTP/2 KB',
        'HTTP/1.1 KB',
        'a minute: HTTP/2, 1.1 KB',
        'of it bodies',
        '304s: HTTP/2, 1.1',
        "then the round's tail: HTTP/2, 1.1 KB (polls)",
      ],
      (['round', 'quiet'] as const).flatMap((phase) =>
        (['scoreboard', 'matrix'] as const).map((page) => {
          const x = r.viewer[phase];
          const { http2, http1 } = x[page];
          return [
            phase,
            x.results,
            x.seconds,
            page === 'scoreboard' ? '/' : 'matrix',
            kb(http2.bytes),
            kb(http1.bytes),
            `${kb((http2.bytes * 60) / x.seconds)}, ${kb((http1.bytes * 60) / x.seconds)}`,
            kb(http2.bodyBytes),
            [http2, http1].map((t: any) => `${t.notModified}/${t.polls} (${fmt((100 * t.notModified) / Math.max(1, t.polls))} %)`).join(', '),
            x.tail ? `${kb(x.tail[page].http2.bytes)}, ${kb(x.tail[page].http1.bytes)} (${x.tail[page].http2.polls})` : '–',
          ];
        }),
      ),
    );
  }
  if (r.pushViewer) {
    const x = r.pushViewer;
    const kb = (bytes: number) => fmt(bytes / 1024, 1);
    table(
      `The same viewers nudged (decision 0086): a round of ${x.results} results reported as the agent reports a round (POST /scans, 100 a request, at once), ${x.nudges} ${x.nudges === 1 ? 'nudge' : 'nudges'}; each viewer reads on a nudge (?v=), never otherwise. Latency: from a failure's report (its request's 200) to each viewer's answer that shows it (${x.latency.matrix.probes} failures, HTTP/2 and HTTP/1.1 viewers together), and of it the part from the nudge the viewer read on (the rest: the fold on DynamoDB Local). KB the server sent in the round's ${x.windowSeconds} s (its last read ended ${fmt(x.lastReadSeconds, 1)} s in), with the socket's ${x.roundSocket?.messages ?? 0} ${x.roundSocket?.messages === 1 ? 'message' : 'messages'} (${x.roundSocket?.bytes ?? 0} B, which each page's socket carries)`,
      ['page', 'latency p50 / p99 ms', 'from the nudge p50 / p99 ms', 'HTTP/2 KB', 'HTTP/1.1 KB', 'reads: HTTP/2, 1.1', '304s'],
      (['scoreboard', 'matrix'] as const).map((page) => {
        const { http2, http1 } = x.round[page];
        const l = x.latency[page];
        return [
          page === 'scoreboard' ? '/' : 'matrix',
          `${fmt(l.p50)} / ${fmt(l.p99)}`,
          `${fmt(l.fromNudgeP50)} / ${fmt(l.fromNudgeP99)}`,
          kb(http2.bytes + (x.roundSocket?.bytes ?? 0)),
          kb(http1.bytes + (x.roundSocket?.bytes ?? 0)),
          `${http2.polls}, ${http1.polls}`,
          `${http2.notModified}, ${http1.notModified}`,
        ];
      }),
    );
    out(
      `A quiet ${x.quiet.seconds} s on the nudges: ${x.quiet.requests} requests from the four viewers; the socket carried ${x.quiet.socketMessages} messages (${x.quiet.socketBytes} B: keep-alives).`,
    );
  }
  table(
    `Growth: GET /teams/scoreboard as rounds accumulate (should stay flat; ${p.growthConnections ?? p.concurrency} connections)`,
    ['rounds', 'req/s', 'p50 ms', 'p99 ms', 'RCU/req', 'bytes'],
    r.growth.byRounds.map((x: any) => [x.rounds, fmt(x.rps), fmt(x.p50), fmt(x.p99), fmt(x.rcuPerRequest, 2), x.bytes]),
  );
  table(
    `Growth: GET /teams/scoreboard as teams are added (should grow linearly; AWS RCU from item sizes, eventually consistent; ${p.growthConnections ?? p.concurrency} connections)`,
    ['teams', 'req/s', 'p50 ms', 'p99 ms', 'Local RCU/req', 'AWS RCU/req', 'bytes'],
    r.growth.byTeams.map((x: any) => [x.teams, fmt(x.rps), fmt(x.p50), fmt(x.p99), fmt(x.rcuPerRequest, 2), fmt(x.awsRcu, 1), x.bytes]),
  );
  const c = r.coldStarts.comparison;
  if (c) {
    table(
      `Cold start before and after importing only what a function uses (${c.function}, median of ${c.runs} runs in turns; empty Node process ${fmt(c.emptyNodeMs)} ms; budget 2x = ${fmt(2 * c.emptyNodeMs)} ms)`,
      ['bundle', 'bytes', 'gzip', 'init ms (import)', 'x empty Node', 'init + 1st request ms', 'x empty Node'],
      [c.before, c.after].map((x: any) => [
        x.what,
        x.bytes,
        x.gzipBytes,
        fmt(x.initMs),
        fmt(x.initMs / c.emptyNodeMs, 2),
        fmt(x.coldMs),
        fmt(x.coldMs / c.emptyNodeMs, 2),
      ]),
    );
    out("(init = Lambda's Init Duration: start Node and import the handler's module; the first request adds its DynamoDB round trips)");
    if (c.composition) {
      out(
        `${c.function} now (esbuild metafile, minified bytes): ${c.composition
          .slice(0, 10)
          .map((x: any) => `${x.source} ${fmt(x.bytes / 1024)} KB`)
          .join(', ')}`,
      );
    }
  }
  table(
    `Cold start: a fresh Node process imports the bundle and answers one request (empty Node process: ${fmt(r.coldStarts.baselineMs)} ms)`,
    ['function', 'bytes', 'gzip', 'cold ms', 'status'],
    r.coldStarts.functions.map((f: any) => [f.function, f.bytes, f.gzipBytes, f.coldMs === null ? '–' : fmt(f.coldMs), f.status ?? '–']),
  );
  out(`\n${formatPageFigures(r.page)}`);
  if (r.history) {
    const h = r.history;
    out(
      `\nA service's history (${h.results} results): a page of ${h.page.size} (GET /services/:id/scans) p50 ${fmt(h.page.p50Ms)} ms, ` +
        `${fmt(h.page.awsRcu, 1)} AWS RCU per page (one Query)`,
    );
    for (const s of h.slaRecompute) {
      out(`  SLA run recomputed for a late result, ${s.results} results: p50 ${fmt(s.p50Ms)} ms, ${s.awsRcu} AWS RCU (one consistent Query)`);
    }
  }
  if (r.voids) {
    const v = r.voids;
    out(
      `\nA void of ${v.results} results: preview ${fmt(v.preview.ms / 1000, 1)} s, ${v.preview.awsRcu} AWS RCU; confirm ${fmt(v.confirm.ms / 1000, 1)} s, ${v.confirm.awsRcu} AWS RCU; ` +
        `the job to done and folded ${fmt(v.job.ms / 1000, 1)} s, ~${v.job.awsWcu} AWS WCU, ${v.job.awsRcu} AWS RCU`,
    );
  }
  if (r.debriefs) out(`\n${formatDebriefCost(r.debriefs)}`);
  if (r.beacons) out(`\n${formatBeaconCost(r.beacons)}`);
  out(
    `\nStalled database (DynamoDB Local paused), ${r.stalled.requests} requests: p50 ${r.stalled.p50Ms} ms, p99 ${r.stalled.p99Ms} ms, ` +
      `max ${r.stalled.maxMs} ms (bound per database call ${r.stalled.callBudgetMs} ms); statuses ${JSON.stringify(r.stalled.statuses)}`,
  );
  if (!r.agent) out('\nScoring agent: not measured by this run (npm run bench:agent, or npm run bench -- --full).');
  else {
    const agentRows = (kinds: Record<string, any>) =>
      Object.entries(kinds).map(([kind, x]: [string, any]) => [kind, x.checks, fmt(x.seconds, 2), fmt(x.checks_per_second), fmt(x.cpu_ms_per_check, 2)]);
    table(
      `Scoring agent: checks per second and the agent's own CPU per check against loopback servers in another process (concurrency ${r.agent.concurrency}, timeout ${r.agent.timeout_seconds} s)`,
      ['kind', 'checks', 'seconds', 'checks/s', 'CPU ms/check'],
      agentRows(r.agent.per_kind),
    );
    table(
      'Login checks against the real daemons (sshd, vsftpd, MariaDB, PostgreSQL, Dovecot, slapd), 32 at once',
      ['kind', 'checks', 'seconds', 'checks/s', 'CPU ms/check'],
      agentRows(r.agent.per_login_kind),
    );
    const logins = r.agent.login_round_250x20;
    out(
      `250 × 20 login checks: ${logins.cpu_seconds_for_5000} s of the agent's CPU for an even mix (${logins.mean_cpu_ms_per_login_check} ms each), ` +
        `${logins.cpu_seconds_for_5000_of_worst} s if all were ${logins.worst_kind}; the agent gets one vCPU (1 769 MB), 60 s of it a minute`,
    );
    const round = r.agent.round_250x20;
    out(`One agent round of 250 teams × 20 services: checks took ${round.seconds} s (${round.passed} passed, ${round.failed} failed), reporting apart`);
    const whole = r.agent.round_250x20_end_to_end;
    if (whole) {
      out(
        `The same round end to end through the API: ${whole.seconds} s (checks ${whole.check_seconds} s, reporting ${whole.reports} reports through POST /scans ${whole.report_seconds} s; ${whole.reports_failed} refused)`,
      );
    }
  }
  if (r.poolRound) {
    const p = r.poolRound;
    out(
      `\nA shared round's bookkeeping, one pool of ${p.services} services in ${p.slices} slices, ${p.agents} agents: ` +
        `${p.calls.pool} pool reads, ${p.calls.claims} claims, ${p.calls.heartbeats} heartbeats in ${p.seconds} s; ` +
        `${p.readUnits} read units, ${p.writeUnits} write units (${p.commands} DynamoDB calls), beside the round's checks and reports`,
    );
  }
  if (r.capacityProfile) {
    const t = r.requestTimes;
    out(
      `\nOne request at a time (Lambda serves one per instance): scan report ${fmt(t.scanReportMs)} ms, scoreboard at 250 teams ${fmt(t.publicReadMs)} ms ` +
        `(${t.publicReadGzipBytes} bytes gzip), authorizer ${fmt(t.authorizerMs)} ms, scoring watch ${fmt(t.scoringWatchMs)} ms`,
    );
    table(
      `Capacity profile${r.capacityProfile.written ? ' (written to lib/cost/capacity-profile.json; cost section of docs/deploying.md regenerated)' : ' (not written: quick or resized run)'}`,
      ['request', 'read units', 'write units', 'index write units', 'lambda ms', 'log bytes', 'response bytes'],
      Object.entries(r.capacityProfile.requests).map(([kind, x]: [string, any]) => [
        kind,
        x.readUnits,
        x.writeUnits,
        x.indexWriteUnits,
        x.lambdaMs,
        x.logBytes,
        x.responseBytes,
      ]),
    );
  }
}
