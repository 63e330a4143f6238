#!/usr/bin/env -S node --import tsx
/**
 * One spectator on each page, through the CDN stand-in, on a competition of
 * issue #64's size (50 teams × 10 services): polling every 20 s while a round
 * trickles in over a minute (bench/viewer.ts), then nudged while a round is
 * reported as the agent reports one (bench/push-viewer.ts).
 *
 *   node --import tsx bench/viewers.ts [--teams 50] [--seconds 60] [--quiet 20] [--nudged-quiet 10] [--json]
 *
 * Every service of the competition reports once a round (a nudged probe's place in its matrix cell is counted among them).
 *
 * Its own process with its own DynamoDB Local, like the bench's other parts:
 * the emulator keeps every table in one database, and a fold on it slowed
 * three to four times once the bench's other tables were in it (AWS tables do
 * not share one another's load), which the viewers' latency would carry.
 */
import '../lib/local/node-20';
import { parseArgs } from 'node:util';
import { loadCompetition } from '#shared/data/competition';
import { ensureTable } from '#shared/data/table';
import { createToken } from '#shared/data/tokens';
import { validateCompetition } from '#shared/domain/competition';
import type { AuditContext } from '#shared/data/audit';
import { startDynamoDbLocal } from '../lib/local/dynamodb-local';
import { startLocalStack } from '../lib/local/local-stack';
import { generateCompetition } from './generate';
import { roundReports, runScanAgent, servicesOf, shuffled } from './load';
import { measureNudgedViewers } from './push-viewer';
import { measureViewer, reportViewerResult } from './viewer';

const { values } = parseArgs({
  options: {
    teams: { type: 'string', default: '50' },
    seconds: { type: 'string', default: '60' },
    quiet: { type: 'string', default: '20' },
    'nudged-quiet': { type: 'string', default: '10' },
    concurrency: { type: 'string', default: '16' },
    json: { type: 'boolean', default: false },
  },
});

process.env.LOG_LEVEL = 'silent';
const ADMIN = `ccdc_00000a11_${'a'.repeat(43)}`;
const AGENT = `ccdc_00000b22_${'b'.repeat(43)}`;
const AUDIT: AuditContext = { actor: { type: 'system', name: 'bench' }, route: 'bench/viewers.ts' };
const say = (line: string) => process.stderr.write(`  ${line}\n`);

const dynamodb = await startDynamoDbLocal();
try {
  process.env.TABLE_NAME = 'bench-viewers';
  process.env.DYNAMODB_ENDPOINT = dynamodb.endpoint;
  await ensureTable(process.env.TABLE_NAME);
  const competition = validateCompetition(generateCompetition(Number(values.teams), 10));
  if (!competition.ok) throw new Error(JSON.stringify(competition.errors));
  await loadCompetition(competition.value, { replace: false, loadedBy: 'bench', audit: AUDIT });
  await createToken({ role: 'admin', name: 'bench admin', expiresAt: null, token: ADMIN, audit: AUDIT });
  await createToken({ role: 'service', name: 'bench agent', expiresAt: null, token: AGENT, audit: AUDIT });
  const stack = await startLocalStack({ port: 0, dynamodbEndpoint: dynamodb.endpoint, adminToken: ADMIN, serviceToken: AGENT, cdn: { port: 0 } });
  try {
    const api = `${stack.url}/api/v1`;
    const services = shuffled(await servicesOf(api, ADMIN));
    // Every service checked once: the views' first answers hold no unscanned cell.
    await runScanAgent({
      url: stack.url,
      token: AGENT,
      reports: roundReports(services, 0, 1, 'viewer-warm'),
      concurrency: Number(values.concurrency),
      batch: 100,
    });
    await stack.fold.caughtUp(600_000);
    stack.cdn!.invalidate();
    say(`polling: ${services.length} results in ${values.seconds} s, then ${values.quiet} s of quiet…`);
    const viewer = await measureViewer(
      { url: stack.cdnUrl!, listener: stack.cdn!.listener },
      {
        seconds: Number(values.seconds),
        quietSeconds: Number(values.quiet),
        results: services.length,
        send: async (i) => void (await reportViewerResult(api, AGENT, services[i]!, i, 'viewer')),
      },
    );
    say(`nudged: a round of ${services.length} results reported at once, then ${values['nudged-quiet']} s of quiet…`);
    const pushViewer = await measureNudgedViewers({
      stack,
      api,
      agentToken: AGENT,
      services,
      fold: stack.fold,
      windowSeconds: Number(values.seconds),
      quietSeconds: Number(values['nudged-quiet']),
    });
    const result = { viewer, pushViewer };
    process.stdout.write(values.json ? `${JSON.stringify(result)}\n` : `${JSON.stringify(result, null, 2)}\n`);
  } finally {
    await stack.stop();
  }
} finally {
  await dynamodb.stop();
}
