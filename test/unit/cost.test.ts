import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { estimateCost, type EventShape } from '../../lib/cost/model';
import { PRICES } from '../../lib/cost/prices';
import { readCapacityProfile } from '../../lib/cost/profile';
import { ROOT, runTool } from '../support/processes';

const profile = readCapacityProfile();
const shape: EventShape = {
  teams: 10,
  services: 5,
  roundSeconds: 60,
  hours: 1,
  spectators: 0,
  pollSeconds: 10,
  publicPaths: 3,
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
const line = (lines: ReturnType<typeof estimateCost>, item: string) => lines.find((l) => l.item === item)!;

describe('the cost model', () => {
  it("bills the agent's minute by its checks' CPU time and the wait on the slowest, at its own memory", () => {
    const agent = line(estimateCost(shape, profile, PRICES), 'Lambda compute (scoring agent)');
    // 50 checks a minute × 3 ms + 5 s, for 60 minutes, at 1 769 MB.
    const gbSeconds = 60 * (0.15 + 5) * (1769 / 1024);
    expect(agent.perEvent).toBeCloseTo(gbSeconds * PRICES.lambdaPerGbSecond + (60 / 1e6) * PRICES.lambdaPerMillionRequests, 10);
  });

  it('bills each scan report its table and index write units at the on-demand price', () => {
    const lines = estimateCost(shape, profile, PRICES);
    const reports = 10 * 5 * 60;
    expect(line(lines, 'DynamoDB writes (table)').perEvent).toBeCloseTo(
      (reports * profile.requests.scanReport.writeUnits * PRICES.dynamoPerMillionWriteUnits) / 1e6,
      10,
    );
    expect(line(lines, 'DynamoDB writes (indexes)').perEvent).toBeCloseTo(
      (reports * profile.requests.scanReport.indexWriteUnits * PRICES.dynamoPerMillionWriteUnits) / 1e6,
      10,
    );
    // No spectators: no public read reaches the API, whatever the caches.
    expect(line(lines, 'API Gateway (HTTP API)').perEvent).toBeCloseTo((reports * PRICES.httpApiPerMillionRequests) / 1e6, 10);
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
