/**
 * The event an organiser describes (teams, services, round, hours,
 * spectators), completed with what the stack itself decides (its functions'
 * alarms, the agent's memory, the pages' polling): the cost model's input.
 * `npm run cost` and the rehearsal's report both price an event through it.
 */
import type { EventShape } from './model';
import { builtRoutes } from '../route-resources';
import { AGENT_MEMORY_MB } from '../constructs/scoring-agent';
import { GLOBAL_INDEXES } from '#shared/data/table-schema';
import { POLL_MS } from '#shared/api/polling';
import { NUDGE_INTERVAL_MS } from '#shared/api/push';
import { EVENT_API_ALARM_METRICS } from '../constructs/observability';

export interface DescribedEvent {
  teams: number;
  services: number;
  roundSeconds: number;
  hours: number;
  spectators: number;
  /** How often a spectator's page polls; the pages' own interval unless told. */
  pollSeconds?: number;
  /** Whether the spectators' pages are nudged (decision 0086, the stack's way); false prices them polling. */
  push?: boolean;
  memoryMb?: number;
  waf?: boolean;
}

export function eventShape(event: DescribedEvent): EventShape {
  // One alarm metric per function for errors, throttles and p99 duration; two
  // per API (5xx and requests), per table and index (read and write
  // throttles), the CDN (rate and requests) and the no-scan rule; one for
  // authorizer failures and settings changes; and the spectators' Event API's.
  const functions = builtRoutes().length + 4;
  const alarmMetrics = functions * 3 + 2 * 2 + (1 + GLOBAL_INDEXES.length) * 2 + 2 + 2 + 1 + 1 + EVENT_API_ALARM_METRICS;
  return {
    teams: event.teams,
    services: event.services,
    roundSeconds: event.roundSeconds,
    hours: event.hours,
    spectators: event.spectators,
    spectatorUpdates: event.push === false ? 'poll' : 'push',
    pollSeconds: event.pollSeconds ?? POLL_MS.spectator / 1000,
    // Each spectator page reads one view a poll (the scoreboard its standings, the matrix its status view, the
    // history its samples), and once a nudge.
    pageReads: 1,
    // A round's results fold over its first 10 s or so (decision 0086), nudged at most once per NUDGE_INTERVAL_MS;
    // the history moves with its sample, once a minute.
    liveNudgesPerRound: 10_000 / NUDGE_INTERVAL_MS,
    historyNudgesPerMinute: 1,
    memoryMb: event.memoryMb ?? 256,
    agentMemoryMb: AGENT_MEMORY_MB,
    // An even mix of the login kinds (docs/benchmark.md, npm run bench:agent).
    agentCpuMsPerCheck: 4.2,
    agentWaitSeconds: 5,
    // The paths the spectators' pages read between them (the scoreboard, the status matrix, the history).
    publicPaths: 3,
    // The figure: 4 members of every team on the team page, which polls its services (every 5 s).
    teamMembers: 4,
    teamPollSeconds: POLL_MS.signedIn / 1000,
    edgeCaches: 20,
    cacheSeconds: 5,
    traceSampleRate: 0.05,
    alarmMetrics,
    // Scan results by outcome (about 6), authorization failures by reason (about 4), and 6 single ones.
    customMetrics: 16,
    bytesStoredPerScan: 250,
    accessLogBytes: 450,
    waf: event.waf ?? false,
  };
}
