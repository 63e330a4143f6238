import { spawn } from 'node:child_process';
import { resolve } from 'node:path';

const ROOT = resolve(import.meta.dirname, '..');

export interface LoadResult {
  requests: number;
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  non2xx: number;
}

/** Drives one URL with autocannon in its own process (so it does not share the server's event loop). */
export function autocannon(url: string, options: { connections: number; seconds: number; headers?: Record<string, string> }): Promise<LoadResult> {
  const args = ['-j', '-c', String(options.connections), '-d', String(options.seconds)];
  for (const [name, value] of Object.entries(options.headers ?? {})) args.push('-H', `${name}=${value}`);
  return new Promise((resolveRun, reject) => {
    const child = spawn(resolve(ROOT, 'node_modules/.bin/autocannon'), [...args, url]);
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d));
    child.stderr.on('data', (d: Buffer) => (stderr += d));
    child.on('error', reject);
    child.on('close', (code) => {
      if (code !== 0) return reject(new Error(`autocannon failed: ${stderr.slice(0, 500)}`));
      const r = JSON.parse(stdout) as {
        requests: { total: number; average: number };
        latency: { p50: number; p99: number };
        errors: number;
        non2xx: number;
        duration: number;
      };
      resolveRun({ requests: r.requests.total, rps: r.requests.total / r.duration, p50: r.latency.p50, p99: r.latency.p99, errors: r.errors, non2xx: r.non2xx });
    });
  });
}

/** Runs the benchmark's scoring agent (bench/scan-agent.ts) in its own process. */
export function runScanAgent(plan: object): Promise<{ count: number; seconds: number; latencies: number[]; statuses: Record<string, number> }> {
  return new Promise((resolveRun, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', resolve(ROOT, 'bench/scan-agent.ts')], { env: { ...process.env, NODE_NO_WARNINGS: '1' } });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d));
    child.stderr.on('data', (d: Buffer) => (stderr += d));
    child.on('error', reject);
    child.on('close', (code) => (code === 0 ? resolveRun(JSON.parse(stdout)) : reject(new Error(`scan agent failed: ${stderr.slice(0, 500)}`))));
    child.stdin.end(JSON.stringify(plan));
  });
}

export function percentile(values: number[], p: number): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}
