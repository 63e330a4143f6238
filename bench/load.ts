import { resolve } from 'node:path';
import { ROOT, runProcess, runScript } from './process';

export interface LoadResult {
  requests: number;
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  non2xx: number;
}

/** Drives one URL with autocannon in its own process (so it does not share the server's event loop). */
export async function autocannon(url: string, options: { connections: number; seconds: number; headers?: Record<string, string> }): Promise<LoadResult> {
  const args = ['-j', '-c', String(options.connections), '-d', String(options.seconds)];
  for (const [name, value] of Object.entries(options.headers ?? {})) args.push('-H', `${name}=${value}`);
  const { stdout } = await runProcess(resolve(ROOT, 'node_modules/.bin/autocannon'), [...args, url]);
  const r = JSON.parse(stdout) as {
    requests: { total: number };
    latency: { p50: number; p99: number };
    errors: number;
    non2xx: number;
    duration: number;
  };
  return { requests: r.requests.total, rps: r.requests.total / r.duration, p50: r.latency.p50, p99: r.latency.p99, errors: r.errors, non2xx: r.non2xx };
}

/** Runs the benchmark's scoring agent (bench/scan-agent.ts) in its own process. */
export async function runScanAgent(plan: object): Promise<{ count: number; seconds: number; latencies: number[]; statuses: Record<string, number> }> {
  const { stdout } = await runScript('bench/scan-agent.ts', [], { env: { ...process.env, NODE_NO_WARNINGS: '1' }, stdin: JSON.stringify(plan) });
  return JSON.parse(stdout);
}

export function percentile(values: number[], p: number): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}
