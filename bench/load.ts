import { resolve } from 'node:path';
import { ROOT, runProcess, runScript } from './process';
import type * as v from 'valibot';
import type { BatchReport } from '#shared/api/schemas/requests/scans';

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

export interface AgentRun {
  count: number;
  requests: number;
  seconds: number;
  latencies: number[];
  statuses: Record<string, number>;
}

/** Runs the benchmark's scoring agent (bench/scan-agent.ts) in its own process. */
export async function runScanAgent(plan: object): Promise<AgentRun> {
  const { stdout } = await runScript('bench/scan-agent.ts', [], { env: { ...process.env, NODE_NO_WARNINGS: '1' }, stdin: JSON.stringify(plan) });
  return JSON.parse(stdout);
}

/** A result the load sends: one report of a POST /scans batch (the request schema's input), always a result. */
export type ScanReport = Required<Pick<BatchReportInput, 'service_id' | 'scan_id' | 'score' | 'error'>> & Pick<BatchReportInput, 'time'>;
type BatchReportInput = v.InferInput<typeof BatchReport>;

/** Rounds of results for these services: each round's in random order, mostly up, sometimes partly or wholly down. */
export function roundReports(services: { id: number; max_score: number }[], fromRound: number, toRound: number, tag = 'round'): ScanReport[] {
  const reports: ScanReport[] = [];
  for (let round = fromRound; round < toRound; round++) {
    for (const service of shuffled(services)) {
      const roll = Math.random();
      const score = roll < 0.8 ? service.max_score : roll < 0.9 ? Math.floor(service.max_score / 2) : 0;
      reports.push({
        service_id: service.id,
        scan_id: `${tag}-${round}-service-${service.id}`,
        score,
        error: score === service.max_score ? null : 'connection timed out',
      });
    }
  }
  return reports;
}

/** A competition's services as the loads use them (GET /services as an admin): id, max_score, team id, subtype. */
export async function servicesOf(api: string, adminToken: string): Promise<{ id: number; max_score: number; team: number; subtype_id: number }[]> {
  const response = await fetch(`${api}/services`, { headers: { authorization: `Bearer ${adminToken}` } });
  return ((await response.json()) as { id: number; max_score: number; team: { id: number }; subtype_id: number }[]).map(
    ({ id, max_score, team, subtype_id }) => ({ id, max_score, team: team.id, subtype_id }),
  );
}

export function shuffled<T>(list: T[]): T[] {
  const copy = [...list];
  for (let i = copy.length - 1; i > 0; i--) {
    const j = Math.floor(Math.random() * (i + 1));
    [copy[i], copy[j]] = [copy[j]!, copy[i]!];
  }
  return copy;
}

export function percentile(values: number[], p: number): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}
