#!/usr/bin/env -S node --import tsx
/**
 * How long a caller waits for its answer while the database is stalled
 * (DynamoDB Local paused with SIGSTOP): every request should be a 503 with
 * Retry-After after at most one database call's budget, never a hang.
 *
 *   node --import tsx bench/stalled.ts [--requests 40] [--concurrency 20] [--json]
 *
 * From the benchmark, run it as its own process (`--json` prints the result
 * as one JSON line): the data layer keeps one client per process, bound to
 * the first DynamoDB endpoint it was given, and this starts its own DynamoDB
 * Local. Starts and stops everything it uses.
 */
import { randomBytes } from 'node:crypto';
import { parseArgs } from 'node:util';
import { pathToFileURL } from 'node:url';
import { DATABASE_CALL_BUDGET_MS } from '#shared/data/client';
import { startDynamoDbLocal } from '../lib/local/dynamodb-local';
import { startLocalStack } from '../lib/local/local-stack';

export interface StalledDatabaseResult {
  requests: number;
  /** Answers by status (all should be 503). */
  statuses: Record<string, number>;
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
  /** The configured bound of one database call, for comparison. */
  callBudgetMs: number;
}

export async function measureStalledDatabase(options: { requests?: number; concurrency?: number } = {}): Promise<StalledDatabaseResult> {
  const requests = options.requests ?? 40;
  const concurrency = options.concurrency ?? 20;
  const dynamodb = await startDynamoDbLocal();
  const adminToken = `bench_${randomBytes(24).toString('hex')}`;
  process.env.TABLE_NAME = 'bench-stalled';
  const previousLogLevel = process.env.LOG_LEVEL;
  process.env.LOG_LEVEL = 'silent';
  const stack = await startLocalStack({ port: 0, dynamodbEndpoint: dynamodb.endpoint, adminToken });
  // Half anonymous public reads, half token reads (the authorizer's path).
  const send = (i: number) =>
    i % 2 === 0 ? fetch(`${stack.url}/api/v1/teams`) : fetch(`${stack.url}/api/v1/dns`, { headers: { authorization: `Bearer ${adminToken}` } });
  const times: number[] = [];
  const statuses: Record<string, number> = {};
  try {
    for (let i = 0; i < 4; i++) await (await send(i)).arrayBuffer(); // warm: modules loaded, connections open
    process.kill(dynamodb.pid!, 'SIGSTOP');
    let next = 0;
    const worker = async () => {
      while (next < requests) {
        const i = next++;
        const started = performance.now();
        const response = await send(i);
        await response.arrayBuffer();
        times.push(performance.now() - started);
        statuses[response.status] = (statuses[response.status] ?? 0) + 1;
      }
    };
    await Promise.all(Array.from({ length: concurrency }, worker));
  } finally {
    process.kill(dynamodb.pid!, 'SIGCONT');
    await stack.stop();
    await dynamodb.stop();
    if (previousLogLevel === undefined) delete process.env.LOG_LEVEL;
    else process.env.LOG_LEVEL = previousLogLevel;
  }
  times.sort((a, b) => a - b);
  const at = (q: number) => Math.round(times[Math.min(times.length - 1, Math.ceil(q * times.length) - 1)]!);
  return { requests, statuses, p50Ms: at(0.5), p99Ms: at(0.99), maxMs: Math.round(times.at(-1)!), callBudgetMs: DATABASE_CALL_BUDGET_MS };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const { values } = parseArgs({ options: { requests: { type: 'string' }, concurrency: { type: 'string' }, json: { type: 'boolean', default: false } } });
  const result = await measureStalledDatabase({
    requests: values.requests ? Number(values.requests) : undefined,
    concurrency: values.concurrency ? Number(values.concurrency) : undefined,
  });
  if (values.json) console.log(JSON.stringify(result));
  else
    console.log(
      `Stalled database (DynamoDB Local paused), ${result.requests} requests: ` +
        `p50 ${result.p50Ms} ms, p99 ${result.p99Ms} ms, max ${result.maxMs} ms ` +
        `(bound per database call ${result.callBudgetMs} ms); statuses ${JSON.stringify(result.statuses)}`,
    );
  process.exit(0);
}
