/**
 * A scoring agent for the benchmark, run as its own process so that the load
 * it makes does not share an event loop with the server it measures.
 * Reads a plan on stdin (the reports to send, how many at once, and whether
 * one per request or `batch` per POST /scans); writes one JSON result on stdout.
 * It calls the API through the typed client, as the scoring agent does.
 */
import { createScoringClient } from '#shared/api/client';

interface Report {
  service_id: number;
  scan_id: string;
  score: number;
  error: string | null;
  time?: string;
}

interface Plan {
  url: string;
  token: string;
  reports: Report[];
  concurrency: number;
  /** Reports per POST /scans; absent: one POST /services/{id}/scans each. */
  batch?: number;
}

const plan = JSON.parse(
  await new Promise<string>((resolve) => {
    let text = '';
    process.stdin.on('data', (d) => (text += d));
    process.stdin.on('end', () => resolve(text));
  }),
) as Plan;

const client = createScoringClient({ baseUrl: plan.url, token: plan.token });
const requests: (() => Promise<number[]>)[] = [];
if (plan.batch) {
  for (let i = 0; i < plan.reports.length; i += plan.batch) {
    const chunk = plan.reports.slice(i, i + plan.batch);
    requests.push(async () => {
      const { data, response } = await client.POST('/api/v1/scans', { body: chunk });
      return data ? data.map((answer) => answer.status) : chunk.map(() => response.status);
    });
  }
} else {
  for (const { service_id, ...body } of plan.reports) {
    requests.push(async () => {
      const { response } = await client.POST('/api/v1/services/{id}/scans', { params: { path: { id: service_id } }, body });
      return [response.status];
    });
  }
}

const latencies: number[] = [];
const statuses: Record<number, number> = {};
const started = performance.now();
let next = 0;
async function worker() {
  while (next < requests.length) {
    const request = requests[next++]!;
    const t0 = performance.now();
    const answered = await request();
    latencies.push(performance.now() - t0);
    for (const status of answered) statuses[status] = (statuses[status] ?? 0) + 1;
  }
}
await Promise.all(Array.from({ length: plan.concurrency }, worker));
const seconds = (performance.now() - started) / 1000;
process.stdout.write(JSON.stringify({ count: plan.reports.length, requests: requests.length, seconds, latencies, statuses }));
