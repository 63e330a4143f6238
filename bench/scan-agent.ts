/**
 * A scoring agent for the benchmark, run as its own process so that the load
 * it makes does not share an event loop with the server it measures.
 * Reads a plan on stdin; writes one JSON result on stdout.
 */
export {};

interface Plan {
  url: string;
  token: string;
  services: { id: number; max_score: number }[];
  fromRound: number;
  toRound: number;
  concurrency: number;
}

const plan = JSON.parse(await new Promise<string>((resolve) => {
  let text = '';
  process.stdin.on('data', (d) => (text += d));
  process.stdin.on('end', () => resolve(text));
})) as Plan;

const latencies: number[] = [];
const statuses: Record<number, number> = {};
const jobs: { id: number; body: string }[] = [];
for (let round = plan.fromRound; round < plan.toRound; round++) {
  // Within a round, checks finish in no particular order.
  for (const service of shuffled(plan.services)) {
    // Mostly up, sometimes partly or wholly down: realistic up/down transitions.
    const roll = Math.random();
    const score = roll < 0.8 ? service.max_score : roll < 0.9 ? Math.floor(service.max_score / 2) : 0;
    const error = score === service.max_score ? null : 'connection timed out';
    jobs.push({ id: service.id, body: JSON.stringify({ scan_id: `round-${round}-service-${service.id}`, score, error }) });
  }
}

function shuffled<T>(list: T[]): T[] {
  const copy = [...list];
  for (let i = copy.length - 1; i > 0; i--) {
    const j = Math.floor(Math.random() * (i + 1));
    [copy[i], copy[j]] = [copy[j]!, copy[i]!];
  }
  return copy;
}

const started = performance.now();
let next = 0;
async function worker() {
  while (next < jobs.length) {
    const job = jobs[next++]!;
    const t0 = performance.now();
    const response = await fetch(`${plan.url}/api/v1/services/${job.id}/scans`, {
      method: 'POST',
      headers: { authorization: `Bearer ${plan.token}`, 'content-type': 'application/json' },
      body: job.body,
    });
    await response.arrayBuffer();
    latencies.push(performance.now() - t0);
    statuses[response.status] = (statuses[response.status] ?? 0) + 1;
  }
}
await Promise.all(Array.from({ length: plan.concurrency }, worker));
const seconds = (performance.now() - started) / 1000;
process.stdout.write(JSON.stringify({ count: jobs.length, seconds, latencies, statuses }));
