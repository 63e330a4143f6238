/**
 * The cost of an event on this stack, line by line, from the capacity profile
 * (what one request consumes, measured by the benchmark) and the typed prices.
 * Pure arithmetic: bin/cost.ts reads the inputs and prints the table.
 */
import type { CapacityProfile, RequestKind } from './profile';
import type { PRICES } from './prices';

export interface EventShape {
  teams: number;
  /** Services per team, each checked once a round. */
  services: number;
  roundSeconds: number;
  hours: number;
  /** People watching the scoreboard at once, through the CDN. */
  spectators: number;
  /**
   * How a spectator's page learns that a view moved (decision 0086): `push`, a nudge over an AppSync Events socket
   * (the page reads once per nudge; its polls are only the fallback), or `poll`, every `pollSeconds`.
   */
  spectatorUpdates: 'push' | 'poll';
  /** How often a spectator's page polls when it is not nudged. */
  pollSeconds: number;
  /** What a spectator's page reads on each poll or nudge. */
  pageReads: number;
  /** The public paths spectators' pages read between them: every edge cache misses each one once per `cacheSeconds`. */
  publicPaths: number;
  /** Nudges of `live` a round: the round's results fold over its first seconds, nudged at most once a second. */
  liveNudgesPerRound: number;
  /** Nudges of `history` a minute: the score history's sample. */
  historyNudgesPerMinute: number;
  /** Blue team members signed in per team, each polling the team's own services (uncached) every `teamPollSeconds`. */
  teamMembers: number;
  teamPollSeconds: number;
  /** CloudFront edge caches that each miss once per `Cache-Control` max-age per path. */
  edgeCaches: number;
  cacheSeconds: number;
  memoryMb: number;
  /** The scoring agent's memory (one full vCPU: lib/constructs/scoring-agent.ts) and its CPU per check (npm run bench:agent). */
  agentMemoryMb: number;
  agentCpuMsPerCheck: number;
  /** How long the agent waits on the slowest check of a round beyond its CPU work: the checks' timeout. */
  agentWaitSeconds: number;
  /** X-Ray's default sampling keeps about 5% of requests (plus one a second). */
  traceSampleRate: number;
  /** Alarm metrics in the stack (metric math alarms count each metric). */
  alarmMetrics: number;
  customMetrics: number;
  /** Bytes of DynamoDB storage each scan report leaves behind (its history item). */
  bytesStoredPerScan: number;
  /** API Gateway access-log bytes per API request. */
  accessLogBytes: number;
  waf: boolean;
}

export interface CostLine {
  item: string;
  /** What the event's traffic costs. */
  perEvent: number;
  /** What the stack costs every month, event or not (storage, alarms, ...). */
  monthly: number;
  basis: string;
}

const M = 1e6;
const GB = 1024 ** 3;
const fmt = (n: number) => (n >= M ? `${(n / M).toFixed(1)} M` : n >= 1000 ? `${(n / 1000).toFixed(1)} k` : n.toFixed(0));
const money = (n: number) => (n === 0 ? '–' : n < 0.01 ? '< $0.01' : `$${n.toFixed(2)}`);

/** What the spectators' pages ask of the CDN and of AppSync Events in one event, and what that costs. */
export interface SpectatorTraffic {
  /** Nudges published (none when the pages poll). */
  nudges: number;
  /** Nudges delivered: one to every open page. */
  deliveries: number;
  connectionMinutes: number;
  /** The pages' reads through CloudFront: one read per nudge, or per poll. */
  viewerRequests: number;
  /** What AppSync Events bills: publishes and deliveries, and connection minutes. */
  eventApiCost: number;
  /** What CloudFront bills for the pages' reads (requests only: the bytes are the transfer line's). */
  viewerRequestsCost: number;
}

/**
 * The spectators' traffic, nudged or polling. Nudged, every page gets every nudge and reads once for it (decision
 * 0086 counts it so: a page showing `live` skips a `history` nudge, so this is the upper side), and keeps a socket
 * open all event; polling, it reads every `pollSeconds`.
 */
export function spectatorTraffic(event: EventShape, prices: typeof PRICES): SpectatorTraffic {
  const seconds = event.hours * 3600;
  const push = event.spectatorUpdates === 'push';
  const nudges = push ? (seconds / event.roundSeconds) * event.liveNudgesPerRound + (seconds / 60) * event.historyNudgesPerMinute : 0;
  const deliveries = nudges * event.spectators;
  const connectionMinutes = push ? event.spectators * (seconds / 60) : 0;
  const updates = push ? nudges : seconds / event.pollSeconds;
  const viewerRequests = event.spectators * event.pageReads * updates;
  return {
    nudges,
    deliveries,
    connectionMinutes,
    viewerRequests,
    eventApiCost:
      ((nudges + deliveries) / M) * prices.appSyncEventsPerMillionOperations + (connectionMinutes / M) * prices.appSyncEventsPerMillionConnectionMinutes,
    viewerRequestsCost: (viewerRequests / M) * prices.cloudFrontPerMillionHttpsRequests,
  };
}

export function estimateCost(event: EventShape, profile: CapacityProfile, prices: typeof PRICES): CostLine[] {
  const seconds = event.hours * 3600;
  const spectators = spectatorTraffic(event, prices);
  // A nudge puts the new version in the URL, so every edge misses once per path for it; a poll's reads miss once per max-age.
  const edgeMisses = event.spectatorUpdates === 'push' ? spectators.nudges : seconds / event.cacheSeconds;
  const counts: Record<RequestKind, number> = {
    scanReport: event.teams * event.services * (seconds / event.roundSeconds),
    publicRead: event.publicPaths * event.edgeCaches * edgeMisses,
    // The team pages' reads have their own line (below), not these.
    teamRead: 0,
    // Agents report through the token API (the CDN): one authorizer call per report.
    authorizer: 0,
    scoringWatch: seconds / 60,
  };
  counts.authorizer = counts.scanReport;
  // The secrets route keeps each opened data key an hour (data/kms-key-provider.ts).
  const kmsRequests = event.teams * event.services * (1 + Math.ceil(event.hours));
  const { viewerRequests } = spectators;
  // Spectators cannot ask the origin more often than the caches miss.
  counts.publicRead = Math.min(counts.publicRead, viewerRequests);
  const apiRequests = counts.scanReport + counts.publicRead;
  const kinds = Object.keys(counts) as RequestKind[];
  const sum = (f: (kind: RequestKind) => number) => kinds.reduce((n, kind) => n + f(kind), 0);
  const use = (kind: RequestKind) => profile.requests[kind];

  const invocations = sum((k) => counts[k]);
  const gbSeconds = sum((k) => counts[k] * (use(k).lambdaMs / 1000) * (event.memoryMb / 1024));
  const writeUnits = sum((k) => counts[k] * use(k).writeUnits);
  const indexWriteUnits = sum((k) => counts[k] * use(k).indexWriteUnits);
  const readUnits = sum((k) => counts[k] * use(k).readUnits);
  const cdnRequests = viewerRequests + counts.scanReport;
  const cdnBytes = viewerRequests * use('publicRead').responseBytes + counts.scanReport * use('scanReport').responseBytes;

  // Team pages: never cached, so every poll is a CloudFront request, an API request, an authorizer call and the route's own.
  const teamReads = event.teams * event.teamMembers * (seconds / event.teamPollSeconds);
  const teamRead = use('teamRead');
  const authorizer = use('authorizer');
  const teamGbSeconds = teamReads * ((teamRead.lambdaMs + authorizer.lambdaMs) / 1000) * (event.memoryMb / 1024);
  const teamCost =
    ((teamReads * 2) / M) * prices.lambdaPerMillionRequests +
    teamGbSeconds * prices.lambdaPerGbSecond +
    (teamReads / M) * prices.httpApiPerMillionRequests +
    ((teamReads * (teamRead.readUnits + authorizer.readUnits)) / M) * prices.dynamoPerMillionReadUnits +
    (teamReads / M) * prices.cloudFrontPerMillionHttpsRequests +
    ((teamReads * teamRead.responseBytes) / GB) * prices.cloudFrontPerGbOut +
    ((teamReads * (teamRead.logBytes + event.accessLogBytes)) / GB) * prices.logsIngestPerGb;
  const logBytes = sum((k) => counts[k] * use(k).logBytes) + apiRequests * event.accessLogBytes;
  const storedBytes = counts.scanReport * event.bytesStoredPerScan;

  // The agent: invoked once a minute, busy for its checks' CPU time plus the wait on the slowest one.
  const agentInvocations = seconds / 60;
  const checksPerMinute = (event.teams * event.services * 60) / event.roundSeconds;
  const agentGbSeconds = agentInvocations * ((checksPerMinute * event.agentCpuMsPerCheck) / 1000 + event.agentWaitSeconds) * (event.agentMemoryMb / 1024);

  const lines: CostLine[] = [
    { item: 'Lambda requests', perEvent: (invocations / M) * prices.lambdaPerMillionRequests, monthly: 0, basis: `${fmt(invocations)} invocations` },
    {
      item: 'Lambda compute (GB-s)',
      perEvent: gbSeconds * prices.lambdaPerGbSecond,
      monthly: 0,
      basis: `${fmt(gbSeconds)} GB-s at ${event.memoryMb} MB, arm64`,
    },
    {
      item: 'Lambda compute (scoring agent)',
      perEvent: agentGbSeconds * prices.lambdaPerGbSecond + (agentInvocations / M) * prices.lambdaPerMillionRequests,
      monthly: 0,
      basis: `${fmt(agentGbSeconds)} GB-s at ${event.agentMemoryMb} MB: ${fmt(checksPerMinute)} checks a minute at ${event.agentCpuMsPerCheck} ms of CPU each, plus ${event.agentWaitSeconds} s`,
    },
    {
      item: 'API Gateway (HTTP API)',
      perEvent: (apiRequests / M) * prices.httpApiPerMillionRequests,
      monthly: 0,
      basis: `${fmt(apiRequests)} requests reach the API`,
    },
    {
      item: 'Team pages (uncached reads)',
      perEvent: teamCost,
      monthly: 0,
      basis: `${fmt(teamReads)} reads (${event.teams} teams × ${event.teamMembers} members every ${event.teamPollSeconds} s): CloudFront, API, authorizer and function, ${teamRead.readUnits + authorizer.readUnits} read units and ${teamRead.responseBytes} B each`,
    },
    { item: 'DynamoDB writes (table)', perEvent: (writeUnits / M) * prices.dynamoPerMillionWriteUnits, monthly: 0, basis: `${fmt(writeUnits)} write units` },
    {
      item: 'DynamoDB writes (indexes)',
      perEvent: (indexWriteUnits / M) * prices.dynamoPerMillionWriteUnits,
      monthly: 0,
      basis: `${fmt(indexWriteUnits)} write units`,
    },
    { item: 'DynamoDB reads', perEvent: (readUnits / M) * prices.dynamoPerMillionReadUnits, monthly: 0, basis: `${fmt(readUnits)} read units` },
    {
      item: 'DynamoDB storage and backups',
      perEvent: 0,
      monthly: (storedBytes / GB) * (prices.dynamoStoragePerGbMonth + prices.dynamoBackupPerGbMonth),
      basis: `${(storedBytes / GB).toFixed(2)} GB of scan history, point-in-time recovery`,
    },
    {
      item: 'CloudFront requests',
      perEvent: (cdnRequests / M) * prices.cloudFrontPerMillionHttpsRequests,
      monthly: 0,
      basis: `${fmt(cdnRequests)} HTTPS requests: ${fmt(viewerRequests)} spectators' reads (${event.spectatorUpdates === 'push' ? 'one per nudge' : `one per ${event.pollSeconds} s poll`}), the rest scan reports`,
    },
    { item: 'CloudFront transfer out', perEvent: (cdnBytes / GB) * prices.cloudFrontPerGbOut, monthly: 0, basis: `${(cdnBytes / GB).toFixed(1)} GB` },
    ...(event.spectatorUpdates === 'push'
      ? [
          {
            item: 'AppSync Events (spectator push)',
            perEvent: spectators.eventApiCost,
            monthly: 0,
            basis: `${fmt(spectators.nudges)} nudges published, ${fmt(spectators.deliveries)} delivered; ${fmt(spectators.connectionMinutes)} connection minutes`,
          },
        ]
      : []),
    {
      item: 'CloudWatch Logs',
      perEvent: (logBytes / GB) * prices.logsIngestPerGb,
      monthly: (logBytes / GB) * prices.logsStoragePerGbMonth,
      basis: `${(logBytes / GB).toFixed(2)} GB ingested (function, access and EMF lines), kept 30 days`,
    },
    {
      item: 'X-Ray traces',
      perEvent: ((apiRequests * event.traceSampleRate + seconds) / M) * prices.xrayPerMillionTracesRecorded,
      monthly: 0,
      basis: `${Math.round(event.traceSampleRate * 100)}% of API requests plus one a second`,
    },
    {
      item: 'CloudWatch alarms, metrics, dashboard',
      perEvent: 0,
      monthly: event.alarmMetrics * prices.alarmMetricPerMonth + event.customMetrics * prices.customMetricPerMonth + prices.dashboardPerMonth,
      basis: `${event.alarmMetrics} alarm metrics, ${event.customMetrics} custom metrics, 1 dashboard`,
    },
    { item: 'Secrets Manager (origin secret)', perEvent: 0, monthly: prices.secretPerMonth, basis: '1 secret' },
    {
      item: "KMS (check accounts' key)",
      perEvent: (kmsRequests / 10_000) * prices.kmsPer10kRequests,
      monthly: prices.kmsKeyPerMonth,
      basis: `1 key; ${fmt(kmsRequests)} requests (a data key per service at load, each opened once an hour by the secrets route)`,
    },
  ];
  if (event.waf) {
    lines.push({
      item: 'AWS WAF (-c waf=true)',
      perEvent: (cdnRequests / M) * prices.wafPerMillionRequests,
      monthly: prices.wafWebAclPerMonth + prices.wafRulePerMonth,
      basis: '1 web ACL, 1 rate rule',
    });
  }
  return lines;
}

/**
 * Decision 0086's comparison for the event at hand, whichever way the table priced it: what the spectators' pages
 * cost nudged (AppSync Events, and a CDN read per nudge) beside polling every `pollSeconds` (CDN reads only).
 */
export function spectatorComparison(event: EventShape, prices: typeof PRICES): string {
  const push = spectatorTraffic({ ...event, spectatorUpdates: 'push' }, prices);
  const poll = spectatorTraffic({ ...event, spectatorUpdates: 'poll' }, prices);
  const nudged = `${money(push.eventApiCost + push.viewerRequestsCost)} (AppSync Events ${money(push.eventApiCost)}, ${fmt(push.viewerRequests)} CloudFront requests ${money(push.viewerRequestsCost)})`;
  const polling = `${money(poll.viewerRequestsCost)} (${fmt(poll.viewerRequests)} CloudFront requests)`;
  return `Spectators' pages (decision 0086): nudged, ${nudged}; polling every ${event.pollSeconds} s instead (\`--poll-only\`), ${polling}.`;
}

/** The table as text (a terminal) or Markdown (the cost section of docs/deploying.md), and a note under it. */
export function formatCost(lines: CostLine[], options: { markdown: boolean; title: string; note?: string }): string {
  const totalEvent = lines.reduce((n, l) => n + l.perEvent, 0);
  const totalMonthly = lines.reduce((n, l) => n + l.monthly, 0);
  const rows = [
    ...lines.map((l) => [l.item, money(l.perEvent), money(l.monthly), l.basis]),
    ['**total**', `**${money(totalEvent)}**`, `**${money(totalMonthly)}**`, `a month with one event: ${money(totalEvent + totalMonthly)}`],
  ];
  const header = ['line', 'per event', 'per month', 'basis'];
  const note = options.note ? ['', options.note] : [];
  if (options.markdown) {
    return [options.title, '', `| ${header.join(' | ')} |`, '|---|--:|--:|---|', ...rows.map((r) => `| ${r.join(' | ')} |`), ...note].join('\n');
  }
  const plain = rows.map((r) => r.map((c) => c.replaceAll('**', '')));
  const widths = header.map((h, i) => Math.max(h.length, ...plain.map((r) => r[i]!.length)));
  const line = (r: string[]) =>
    r
      .map((c, i) => (i === 1 || i === 2 ? c.padStart(widths[i]!) : c.padEnd(widths[i]!)))
      .join('  ')
      .trimEnd();
  return [options.title, '', line(header), ...plain.map(line), ...note].join('\n');
}
