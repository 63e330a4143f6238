/**
 * A scoring agent for the benchmark, run as its own process so that the load
 * it makes does not share an event loop with the server it measures.
 * Reads a plan on stdin (the reports to send, how many at once, and whether
 * one per request or `batch` per POST /scans); writes one JSON result on stdout.
 */
export {};

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

const plan = JSON.parse(await new Promise<string>((resolve) => {
  let text = '';
  process.stdin.on('data', (d) => (text += d));
  process.stdin.on('end', () => resolve(text));
})) as Plan;

const headers = { authorization: `Bearer ${plan.token}`, 'content-type': 'application/json' };
const requests: (() => Promise<number[]>)[] = [];
if (plan.batch) {
  for (let i = 0; i < plan.reports.length; i += plan.batch) {
    const chunk = plan.reports.slice(i, i + plan.batch);
    requests.push(async () => {
      const response = await fetch(`${plan.url}/api/v1/scans`, { method: 'POST', headers, body: JSON.stringify(chunk) });
      if (response.status !== 200) {
        await response.arrayBuffer();
        return chunk.map(() => response.status);
      }
      return ((await response.json()) as { status: number }[]).map((answer) => answer.status);
    });
  }
} else {
  for (const { service_id, ...body } of plan.reports) {
    requests.push(async () => {
      const response = await fetch(`${plan.url}/api/v1/services/${service_id}/scans`, { method: 'POST', headers, body: JSON.stringify(body) });
      await response.arrayBuffer();
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
