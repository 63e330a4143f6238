#!/usr/bin/env -S node --import tsx
/**
 * What an event costs on AWS: `npm run cost -- --teams 250 --services 20
 * --round 60 --hours 72 --spectators 2000`. Line by line, per event and per
 * month, from the benchmark's capacity profile (lib/cost/capacity-profile.json)
 * and the prices in lib/cost/prices.ts. `--markdown` prints the table of docs/deploying.md.
 */
import { parseArgs } from 'node:util';
import { estimateCost, formatCost, type EventShape } from '../lib/cost/model';
import { PRICES, PRICE_REGION, PRICES_AS_OF } from '../lib/cost/prices';
import { readCapacityProfile } from '../lib/cost/profile';
import { builtRoutes } from '../lib/route-resources';
import { AGENT_MEMORY_MB } from '../lib/constructs/scoring-agent';
import { GLOBAL_INDEXES } from '#shared/data/table-schema';
import { POLL_MS } from '#shared/api/polling';

const { values } = parseArgs({
  options: {
    teams: { type: 'string', default: '250' },
    services: { type: 'string', default: '20' },
    round: { type: 'string', default: '60' },
    hours: { type: 'string', default: '72' },
    spectators: { type: 'string', default: '2000' },
    poll: { type: 'string', default: String(POLL_MS.spectator / 1000) },
    memory: { type: 'string', default: '256' },
    waf: { type: 'boolean', default: false },
    markdown: { type: 'boolean', default: false },
    profile: { type: 'string' },
    help: { type: 'boolean', short: 'h' },
  },
});

if (values.help) {
  console.log(
    'Usage: npm run cost -- [--teams 250] [--services 20] [--round 60] [--hours 72] [--spectators 2000] [--poll 20] [--memory 256] [--waf] [--markdown]',
  );
  process.exit(0);
}

function positive(name: keyof typeof values): number {
  const n = Number(values[name]);
  if (!Number.isFinite(n) || n <= 0) {
    console.error(`--${name} must be a positive number`);
    process.exit(2);
  }
  return n;
}

// One alarm metric per function for errors, throttles and p99 duration; two
// per API (5xx and requests), per table and index (read and write
// throttles), the CDN (rate and requests) and the no-scan rule; one for
// authorizer failures and settings changes.
const functions = builtRoutes().length + 4;
const alarmMetrics = functions * 3 + 2 * 2 + (1 + GLOBAL_INDEXES.length) * 2 + 2 + 2 + 1 + 1;

const event: EventShape = {
  teams: positive('teams'),
  services: positive('services'),
  roundSeconds: positive('round'),
  hours: positive('hours'),
  spectators: positive('spectators'),
  pollSeconds: positive('poll'),
  memoryMb: positive('memory'),
  agentMemoryMb: AGENT_MEMORY_MB,
  // An even mix of the login kinds (docs/benchmark.md, npm run bench:agent).
  agentCpuMsPerCheck: 4.2,
  agentWaitSeconds: 5,
  // The scoreboard page polls the scoreboard, the teams and the services.
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
  waf: values.waf,
};

const profile = readCapacityProfile(values.profile);
const title = `${event.teams} teams × ${event.services} services every ${event.roundSeconds} s for ${event.hours} h, ${event.spectators} spectators polling every ${event.pollSeconds} s (${PRICE_REGION} prices of ${PRICES_AS_OF}; capacity profile: ${profile.measured})`;
console.log(formatCost(estimateCost(event, profile, PRICES), { markdown: values.markdown, title }));
