#!/usr/bin/env -S node --import tsx
/**
 * What an event costs on AWS: `npm run cost -- --teams 250 --services 20
 * --round 60 --hours 72 --spectators 2000`. Line by line, per event and per
 * month, from the benchmark's capacity profile (lib/cost/capacity-profile.json)
 * and the prices in lib/cost/prices.ts. Spectators' pages are nudged (decision
 * 0086) unless `--poll-only`; a note under the table prices them both ways.
 * `--markdown` prints the table of docs/deploying.md.
 */
import { parseArgs } from 'node:util';
import { estimateCost, formatCost, spectatorComparison } from '../lib/cost/model';
import { eventShape } from '../lib/cost/event';
import { PRICES, PRICE_REGION, PRICES_AS_OF } from '../lib/cost/prices';
import { readCapacityProfile } from '../lib/cost/profile';
import { POLL_MS } from '#shared/api/polling';

const { values } = parseArgs({
  options: {
    teams: { type: 'string', default: '250' },
    services: { type: 'string', default: '20' },
    round: { type: 'string', default: '60' },
    hours: { type: 'string', default: '72' },
    spectators: { type: 'string', default: '2000' },
    poll: { type: 'string', default: String(POLL_MS.spectator / 1000) },
    'poll-only': { type: 'boolean', default: false },
    memory: { type: 'string', default: '256' },
    waf: { type: 'boolean', default: false },
    markdown: { type: 'boolean', default: false },
    profile: { type: 'string' },
    help: { type: 'boolean', short: 'h' },
  },
});

if (values.help) {
  console.log(
    'Usage: npm run cost -- [--teams 250] [--services 20] [--round 60] [--hours 72] [--spectators 2000] [--poll 20] [--poll-only] [--memory 256] [--waf] [--markdown]',
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

const event = eventShape({
  teams: positive('teams'),
  services: positive('services'),
  roundSeconds: positive('round'),
  hours: positive('hours'),
  spectators: positive('spectators'),
  pollSeconds: positive('poll'),
  push: !values['poll-only'],
  memoryMb: positive('memory'),
  waf: values.waf,
});

const profile = readCapacityProfile(values.profile);
const watching =
  event.spectatorUpdates === 'push' ? `nudged by push, polling every ${event.pollSeconds} s only without a socket` : `polling every ${event.pollSeconds} s`;
const title = `${event.teams} teams × ${event.services} services every ${event.roundSeconds} s for ${event.hours} h, ${event.spectators} spectators ${watching} (${PRICE_REGION} prices of ${PRICES_AS_OF}; capacity profile: ${profile.measured})`;
const note = spectatorComparison(event, PRICES);
console.log(formatCost(estimateCost(event, profile, PRICES), { markdown: values.markdown, title, note }));
