import type { capacityMeter } from './capacity';

/**
 * What one shared round costs a pool (issue #45), beside its checks and
 * reports: each agent reads its pool, claims slices until none is left
 * (saying each done with its next claim) and sends a heartbeat. Two agents
 * share the round, as fast as the API answers (their checks take no time
 * here): the API calls and the DynamoDB capacity that bookkeeping consumes.
 */
export async function measurePoolRound(options: { api: string; token: string; meter: ReturnType<typeof capacityMeter>; agents?: number }) {
  const headers = { authorization: `Bearer ${options.token}`, 'content-type': 'application/json' };
  const call = async (method: string, path: string, body?: unknown) => {
    const response = await fetch(`${options.api}${path}`, { method, headers, ...(body === undefined ? {} : { body: JSON.stringify(body) }) });
    if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
    return response.status === 204 ? undefined : ((await response.json()) as Record<string, unknown>);
  };
  // A round an hour ago (the API takes claims of a round once it has begun): no real round's claims are touched.
  const round = new Date(Math.floor(Date.now() / 60_000) * 60_000 - 3_600_000).toISOString();
  const calls = { pool: 0, claims: 0, heartbeats: 0 };
  let services = 0;
  let slices = 0;
  const agent = async (name: string) => {
    services = ((await call('GET', '/pools/cloud'))!.checks as number[]).length;
    calls.pool++;
    let done: number | undefined;
    for (;;) {
      const claim = (await call('POST', '/pools/cloud/claims', { round, agent: name, lease_seconds: 60, ...(done === undefined ? {} : { done }) }))!;
      calls.claims++;
      slices = claim.of as number;
      if (claim.slice === null) {
        if (claim.retry_at === null) break;
        await new Promise((resolve) => setTimeout(resolve, 100));
        continue;
      }
      done = claim.slice as number;
    }
    await call('POST', '/pools/cloud/heartbeats', {
      agent: name,
      version: 'bench',
      host: 'bench',
      round,
      round_started_at: null,
      round_finished_at: null,
      checks: 0,
      failed_team: 0,
      failed_agent: 0,
    });
    calls.heartbeats++;
  };
  const started = performance.now();
  const measured = await options.meter.during(() => Promise.all(Array.from({ length: options.agents ?? 2 }, (_, i) => agent(`bench-${i + 1}`))));
  return {
    services,
    slices,
    agents: options.agents ?? 2,
    calls,
    seconds: Number(((performance.now() - started) / 1000).toFixed(2)),
    readUnits: Number(measured.read.toFixed(1)),
    writeUnits: Number(measured.write.toFixed(1)),
    commands: measured.commands,
  };
}
