import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { estimateCost, spectatorComparison, spectatorTraffic, type CostLine, type EventShape } from '../../lib/cost/model';
import { eventShape } from '../../lib/cost/event';
import { PRICES } from '../../lib/cost/prices';
import { readCapacityProfile, type CapacityProfile } from '../../lib/cost/profile';
import { ROOT, runTool } from '../support/processes';

const profile = readCapacityProfile();
const shape: EventShape = {
  teams: 10,
  services: 5,
  roundSeconds: 60,
  hours: 1,
  spectators: 0,
  spectatorUpdates: 'poll',
  pollSeconds: 10,
  pageReads: 1,
  publicPaths: 3,
  liveNudgesPerRound: 10,
  historyNudgesPerMinute: 1,
  teamMembers: 4,
  teamPollSeconds: 5,
  edgeCaches: 20,
  cacheSeconds: 5,
  memoryMb: 256,
  agentMemoryMb: 1769,
  agentCpuMsPerCheck: 3,
  agentWaitSeconds: 5,
  traceSampleRate: 0.05,
  alarmMetrics: 10,
  customMetrics: 0,
  bytesStoredPerScan: 250,
  accessLogBytes: 0,
  waf: false,
};

/**
 * The expected figures below are worked out by hand, not by the model's
 * formula, from round inputs of the tests' own: this profile (not the
 * benchmark's, which a bench run rewrites) and these prices (not AWS's, which
 * change by hand). A wrong count, a price on the wrong line or a missed
 * minimum then fails a line.
 */
const ROUND_PROFILE: CapacityProfile = {
  about: 'round figures for the cost test',
  measured: 'never',
  requests: {
    scanReport: { readUnits: 2, writeUnits: 3, indexWriteUnits: 1, lambdaMs: 10, responseBytes: 100, logBytes: 500 },
    publicRead: { readUnits: 5, writeUnits: 0, indexWriteUnits: 0, lambdaMs: 20, responseBytes: 4000, logBytes: 400 },
    teamRead: { readUnits: 2, writeUnits: 0, indexWriteUnits: 0, lambdaMs: 20, responseBytes: 250, logBytes: 400 },
    authorizer: { readUnits: 1, writeUnits: 0, indexWriteUnits: 0, lambdaMs: 5, responseBytes: 0, logBytes: 0 },
    scoringWatch: { readUnits: 6, writeUnits: 0, indexWriteUnits: 0, lambdaMs: 30, responseBytes: 0, logBytes: 300 },
  },
};
// estimateCost takes `typeof PRICES`, whose `as const` types each price as its literal: another table needs the cast.
const ROUND_PRICES = {
  lambdaPerMillionRequests: 0.2,
  lambdaPerGbSecond: 0.00001,
  httpApiPerMillionRequests: 1,
  dynamoPerMillionWriteUnits: 0.5,
  dynamoPerMillionReadUnits: 0.25,
  dynamoStoragePerGbMonth: 0.25,
  dynamoBackupPerGbMonth: 0.2,
  cloudFrontPerMillionHttpsRequests: 2,
  cloudFrontPerGbOut: 0.1,
  logsIngestPerGb: 0.5,
  logsStoragePerGbMonth: 0.03,
  alarmMetricPerMonth: 0.1,
  dashboardPerMonth: 3,
  customMetricPerMonth: 0.3,
  xrayPerMillionTracesRecorded: 5,
  secretPerMonth: 0.4,
  kmsKeyPerMonth: 1,
  kmsPer10kRequests: 0.03,
  wafWebAclPerMonth: 5,
  wafRulePerMonth: 1,
  wafPerMillionRequests: 0.6,
  appSyncEventsPerMillionOperations: 2,
  appSyncEventsPerMillionConnectionMinutes: 0.1,
} satisfies Record<keyof typeof PRICES, number> as unknown as typeof PRICES;
const GiB = 1024 ** 3;

/** Each line's [per event, per month], to 12 decimal places. */
function expectLines(lines: CostLine[], expected: Record<string, [perEvent: number, monthly: number]>) {
  for (const [item, [perEvent, monthly]] of Object.entries(expected)) {
    const line = lines.find((l) => l.item === item);
    expect(line, item).toBeDefined();
    expect(line!.perEvent, `${item} per event`).toBeCloseTo(perEvent, 12);
    expect(line!.monthly, `${item} per month`).toBeCloseTo(monthly, 12);
  }
}

describe('the cost model', () => {
  it('prices half an hour of 2 teams × 3 services, line by line, worked out by hand', () => {
    const lines = estimateCost(
      {
        teams: 2,
        services: 3,
        roundSeconds: 60,
        hours: 0.5,
        spectators: 10,
        spectatorUpdates: 'poll',
        pollSeconds: 10,
        pageReads: 2,
        publicPaths: 2,
        liveNudgesPerRound: 10,
        historyNudgesPerMinute: 1,
        teamMembers: 1,
        teamPollSeconds: 10,
        edgeCaches: 2,
        cacheSeconds: 5,
        memoryMb: 1024,
        agentMemoryMb: 2048,
        agentCpuMsPerCheck: 10,
        agentWaitSeconds: 4,
        traceSampleRate: 0.1,
        alarmMetrics: 10,
        customMetrics: 5,
        bytesStoredPerScan: 1000,
        accessLogBytes: 100,
        waf: false,
      },
      ROUND_PROFILE,
      ROUND_PRICES,
    );
    // 1 800 s. Scan reports: 2 teams × 3 services × 30 rounds = 180, each with an authorizer call.
    // Public reads: the caches miss 2 paths × 2 caches × 360 max-ages = 1 440 times, fewer than the
    // 10 spectators × 2 reads × 180 polls = 3 600 viewer requests, so 1 440 reach the API.
    // The scoring watch: once a minute, 30. The agent: once a minute, 30.
    // Team pages: 2 teams × 1 member × 180 polls = 360 reads.
    expect(lines.map((l) => l.item)).toEqual([
      'Lambda requests',
      'Lambda compute (GB-s)',
      'Lambda compute (scoring agent)',
      'API Gateway (HTTP API)',
      'Team pages (uncached reads)',
      'DynamoDB writes (table)',
      'DynamoDB writes (indexes)',
      'DynamoDB reads',
      'DynamoDB storage and backups',
      'CloudFront requests',
      'CloudFront transfer out',
      'CloudWatch Logs',
      'X-Ray traces',
      'CloudWatch alarms, metrics, dashboard',
      'Secrets Manager (origin secret)',
      "KMS (check accounts' key)",
    ]);
    expectLines(lines, {
      // 180 + 1 440 + 180 + 30 = 1 830 invocations × $0.2/M.
      'Lambda requests': [0.000366, 0],
      // At 1 GB: 180 × 10 ms + 1 440 × 20 ms + 180 × 5 ms + 30 × 30 ms = 32.4 GB-s × $0.00001.
      'Lambda compute (GB-s)': [0.000324, 0],
      // 30 minutes × (6 checks × 10 ms + 4 s) × 2 GB = 243.6 GB-s × $0.00001, plus 30 invocations × $0.2/M.
      'Lambda compute (scoring agent)': [0.002436 + 0.000006, 0],
      // 180 reports + 1 440 public reads × $1/M.
      'API Gateway (HTTP API)': [0.00162, 0],
      // 360 reads: 720 invocations × $0.2/M, 360 × (20 + 5) ms × 1 GB = 9 GB-s × $0.00001, 360 API requests × $1/M,
      // 360 × 3 read units × $0.25/M, 360 CloudFront requests × $2/M; 360 × 250 B out × $0.1/GiB and
      // 360 × (400 + 100) B of logs × $0.5/GiB.
      'Team pages (uncached reads)': [0.000144 + 0.00009 + 0.00036 + 0.00027 + 0.00072 + (90_000 * 0.1 + 180_000 * 0.5) / GiB, 0],
      // 180 reports × 3 write units, and × 1 index write unit, × $0.5/M.
      'DynamoDB writes (table)': [0.00027, 0],
      'DynamoDB writes (indexes)': [0.00009, 0],
      // 180 × 2 + 1 440 × 5 + 180 × 1 + 30 × 6 = 7 920 read units × $0.25/M.
      'DynamoDB reads': [0.00198, 0],
      // 180 reports × 1 000 B kept, a month at $0.25 + $0.2 a GiB.
      'DynamoDB storage and backups': [0, (180_000 / GiB) * 0.45],
      // 3 600 viewer requests + 180 reports × $2/M.
      'CloudFront requests': [0.00756, 0],
      // 3 600 × 4 000 B + 180 × 100 B = 14 418 000 B × $0.1/GiB.
      'CloudFront transfer out': [(14_418_000 / GiB) * 0.1, 0],
      // 180 × 500 + 1 440 × 400 + 30 × 300 = 675 000 B, plus 1 620 API requests × 100 B of access log = 837 000 B,
      // ingested at $0.5/GiB and kept at $0.03/GiB.
      'CloudWatch Logs': [(837_000 / GiB) * 0.5, (837_000 / GiB) * 0.03],
      // 1 620 API requests × 10% + one a second for 1 800 s = 1 962 traces × $5/M.
      'X-Ray traces': [0.00981, 0],
      // 10 alarm metrics × $0.1 + 5 custom metrics × $0.3 + a $3 dashboard.
      'CloudWatch alarms, metrics, dashboard': [0, 5.5],
      'Secrets Manager (origin secret)': [0, 0.4],
      // 6 services × (a data key at load + 1 opening for the half hour, counted as a whole hour) = 12 × $0.03/10k.
      "KMS (check accounts' key)": [0.000036, 1],
    });
  });

  it('prices a day of 20 teams × 10 services with one spectator and the WAF, worked out by hand', () => {
    const lines = estimateCost(
      {
        teams: 20,
        services: 10,
        roundSeconds: 300,
        hours: 24,
        spectators: 1,
        spectatorUpdates: 'poll',
        pollSeconds: 30,
        pageReads: 3,
        publicPaths: 3,
        liveNudgesPerRound: 10,
        historyNudgesPerMinute: 1,
        teamMembers: 4,
        teamPollSeconds: 5,
        edgeCaches: 20,
        cacheSeconds: 5,
        memoryMb: 256,
        agentMemoryMb: 1024,
        agentCpuMsPerCheck: 5,
        agentWaitSeconds: 5,
        traceSampleRate: 0.05,
        alarmMetrics: 0,
        customMetrics: 0,
        bytesStoredPerScan: 250,
        accessLogBytes: 0,
        waf: true,
      },
      ROUND_PROFILE,
      ROUND_PRICES,
    );
    // 86 400 s. Scan reports: 20 teams × 10 services × 288 rounds = 57 600, each with an authorizer call.
    // Public reads: 1 spectator × 3 reads × 2 880 polls = 8 640 viewer requests, fewer than the caches'
    // 3 × 20 × 17 280 = 1 036 800 misses, so all 8 640 reach the API. Scoring watch and agent: 1 440 minutes.
    // Team pages: 20 teams × 4 members × 17 280 polls = 1 382 400 reads.
    expectLines(lines, {
      // 57 600 + 8 640 + 57 600 + 1 440 = 125 280 invocations × $0.2/M.
      'Lambda requests': [0.025056, 0],
      // (57 600 × 10 ms + 8 640 × 20 ms + 57 600 × 5 ms + 1 440 × 30 ms = 1 080 s) × 0.25 GB = 270 GB-s × $0.00001.
      'Lambda compute (GB-s)': [0.0027, 0],
      // 1 440 minutes × (40 checks × 5 ms + 5 s) × 1 GB = 7 488 GB-s × $0.00001, plus 1 440 invocations × $0.2/M.
      'Lambda compute (scoring agent)': [0.07488 + 0.000288, 0],
      // 57 600 + 8 640 = 66 240 requests × $1/M.
      'API Gateway (HTTP API)': [0.06624, 0],
      // 1 382 400 reads: 2 764 800 invocations × $0.2/M, × 25 ms × 0.25 GB = 8 640 GB-s × $0.00001, × $1/M at the API,
      // × 3 read units × $0.25/M, × $2/M at CloudFront; 345 600 000 B out × $0.1/GiB, 552 960 000 B of logs × $0.5/GiB.
      'Team pages (uncached reads)': [0.55296 + 0.0864 + 1.3824 + 1.0368 + 2.7648 + (34_560_000 + 276_480_000) / GiB, 0],
      // 57 600 × 3 = 172 800 write units, 57 600 index write units, × $0.5/M.
      'DynamoDB writes (table)': [0.0864, 0],
      'DynamoDB writes (indexes)': [0.0288, 0],
      // 57 600 × 2 + 8 640 × 5 + 57 600 × 1 + 1 440 × 6 = 224 640 read units × $0.25/M.
      'DynamoDB reads': [0.05616, 0],
      // 8 640 viewer requests + 57 600 reports = 66 240 × $2/M.
      'CloudFront requests': [0.13248, 0],
      // 66 240 × 5% = 3 312, plus 86 400 (one a second) = 89 712 traces × $5/M.
      'X-Ray traces': [0.44856, 0],
      // 200 services × (1 + 24 hourly openings) = 5 000 requests × $0.03/10k.
      "KMS (check accounts' key)": [0.015, 1],
      // Every CloudFront request, 66 240 × $0.6/M; a web ACL and a rule a month.
      'AWS WAF (-c waf=true)': [0.039744, 6],
    });
  });

  it('prices half an hour of 100 nudged spectators, line by line, worked out by hand', () => {
    const nudged: EventShape = {
      ...shape,
      teams: 2,
      services: 3,
      roundSeconds: 60,
      hours: 0.5,
      spectators: 100,
      spectatorUpdates: 'push',
      pageReads: 1,
      publicPaths: 2,
      edgeCaches: 2,
      liveNudgesPerRound: 4,
      historyNudgesPerMinute: 1,
    };
    const lines = estimateCost(nudged, ROUND_PROFILE, ROUND_PRICES);
    // 30 rounds × 4 nudges of `live` + 30 minutes × 1 of `history` = 150 nudges, each delivered to 100 pages (15 000),
    // each page reading once per nudge (15 000 viewer requests). A nudge's new version misses once per path at every
    // edge: 2 paths × 2 caches × 150 = 600 public reads reach the API. 180 scan reports, 30 scoring-watch runs.
    const items = lines.map((l) => l.item);
    expect(items.slice(items.indexOf('CloudFront requests'), items.indexOf('CloudWatch Logs'))).toEqual([
      'CloudFront requests',
      'CloudFront transfer out',
      'AppSync Events (spectator push)',
    ]);
    expectLines(lines, {
      // 180 + 600 + 180 + 30 = 990 invocations × $0.2/M.
      'Lambda requests': [0.000198, 0],
      // 180 reports + 600 public reads × $1/M.
      'API Gateway (HTTP API)': [0.00078, 0],
      // 15 000 reads + 180 reports × $2/M.
      'CloudFront requests': [0.03036, 0],
      // 15 000 × 4 000 B + 180 × 100 B = 60 018 000 B × $0.1/GiB.
      'CloudFront transfer out': [(60_018_000 / GiB) * 0.1, 0],
      // 150 publishes + 15 000 deliveries × $2/M, and 100 sockets × 30 minutes = 3 000 connection minutes × $0.1/M.
      'AppSync Events (spectator push)': [0.0303 + 0.0003, 0],
    });
    // Polling every 10 s instead: 100 pages × 180 polls, one read each, and no Event API.
    expect(spectatorComparison(nudged, ROUND_PRICES)).toBe(
      "Spectators' pages (decision 0086): nudged, $0.06 (AppSync Events $0.03, 15.0 k CloudFront requests $0.03); polling every 10 s instead (`--poll-only`), $0.04 (18.0 k CloudFront requests).",
    );
    expect(estimateCost({ ...nudged, spectatorUpdates: 'poll' }, ROUND_PROFILE, ROUND_PRICES).map((l) => l.item)).not.toContain(
      'AppSync Events (spectator push)',
    );
  });

  it("reproduces decision 0086's figures: 10 000 viewers, 8 hours, 60 s rounds, nudged and polling", () => {
    const event = eventShape({ teams: 10, services: 5, roundSeconds: 60, hours: 8, spectators: 10_000 });
    expect(event.spectatorUpdates).toBe('push');
    expect(eventShape({ teams: 10, services: 5, roundSeconds: 60, hours: 8, spectators: 10_000, push: false }).spectatorUpdates).toBe('poll');
    const push = spectatorTraffic(event, PRICES);
    // About 11 nudges a minute (10 of `live`, 1 of `history`) over 480 minutes: 5 280, each to every viewer.
    expect(push.nudges).toBe(5_280);
    expect(push.deliveries).toBe(52_800_000);
    expect(push.connectionMinutes).toBe(4_800_000);
    // $52.80 of deliveries (and a cent of publishes), $0.38 of connection minutes; one CDN read per nudge, $52.80.
    expect(push.eventApiCost).toBeCloseTo(52.8 + 0.005_28 + 0.384, 6);
    expect(push.viewerRequestsCost).toBeCloseTo(52.8, 6);
    // The 20 s polls: 3 a minute each, 14.4 M requests, $14.40.
    const poll = spectatorTraffic({ ...event, spectatorUpdates: 'poll' }, PRICES);
    expect(poll.viewerRequests).toBe(14_400_000);
    expect(poll.viewerRequestsCost).toBeCloseTo(14.4, 6);
    expect(poll.eventApiCost).toBe(0);
  });

  it('grows with the event, and adds the WAF only when asked', () => {
    const small = estimateCost(shape, profile, PRICES).reduce((n, l) => n + l.perEvent, 0);
    const twice = estimateCost({ ...shape, hours: 2 }, profile, PRICES).reduce((n, l) => n + l.perEvent, 0);
    expect(twice).toBeGreaterThan(1.9 * small);
    expect(estimateCost(shape, profile, PRICES).some((l) => l.item.startsWith('AWS WAF'))).toBe(false);
    expect(estimateCost({ ...shape, waf: true }, profile, PRICES).some((l) => l.item.startsWith('AWS WAF'))).toBe(true);
  });

  it('is what the cost section of docs/deploying.md shows (npm run cost -- --markdown)', async () => {
    const result = await runTool('bin/cost.ts', ['--markdown']);
    expect(result.code, result.stderr).toBe(0);
    const page = readFileSync(resolve(ROOT, 'docs/deploying.md'), 'utf8');
    const section = /<!-- cost:begin -->\n([\s\S]*?)\n<!-- cost:end -->/.exec(page)?.[1];
    expect(section).toBe(result.stdout.trim());
  });
});
