/**
 * A pool's agents, the use cases: each round they share by claiming slices
 * (a conditional write and a lease each: an agent that dies mid-round loses
 * its slice to the next agent that asks), and the heartbeats they send,
 * which the pools' views read as alive or not.
 */
import type * as v from 'valibot';
import type { ClaimSchema } from '#shared/api/schemas/responses/pools';
import { fixRoundSlices, claimSlice, finishSlice, listHeartbeats, readRoundSlices, renewSlice, sliceStates, type StoredHeartbeat } from '#shared/data/agents';
import { freshSettings } from '#shared/data/fresh';
import { claimable, isAlive, slicesOfRound } from '#shared/domain/agents';
import { placements } from '#shared/app/pool-scope';
import { formatTimestamp } from '#shared/validation';
import { conflict, HttpProblem } from '#shared/http/problem';

/** An agent left waiting for another's slices asks again at least this often. */
const RETRY_WITHIN_MS = 2_000;

/** What a claim answers: a slice to check until `lease_until`; or none now, and when to ask again (null: every slice is done). */
export type Claim = v.InferOutput<typeof ClaimSchema>;

/**
 * Takes the next slice of a pool's round for an agent, after marking the one
 * it `done` (if any). The round's slice count is fixed by its first claim,
 * from the pool's services then: every agent slices the same way, however
 * the pool changes during the round.
 */
export async function claimNextSlice(
  pool: string,
  request: { round: string; agent: string; lease_seconds: number; done?: number; renew?: number },
  now = Date.now(),
): Promise<Claim> {
  const round = new Date(request.round).toISOString();
  // A round is claimed from its start at the server's clock (decision 0083): an agent whose clock runs ahead would
  // otherwise check, and score, a round before it happens.
  const startsInMs = Date.parse(round) - now;
  if (startsInMs > 0) {
    const seconds = Math.ceil(startsInMs / 1000);
    throw new HttpProblem(
      409,
      'round_not_begun',
      `Round ${round} begins in ${seconds} s at the server's clock (${formatTimestamp(now)}): this agent's clock runs ahead. Ask again once it has begun.`,
      undefined,
      { 'retry-after': String(seconds) },
    );
  }
  const stamp = formatTimestamp(now);
  if (request.renew !== undefined) return renewLease(pool, round, request.renew, request.agent, formatTimestamp(now + request.lease_seconds * 1000));
  if (request.done !== undefined) await finishSlice(pool, round, request.done, request.agent, stamp);
  const of = (await readRoundSlices(pool, round)) ?? (await fixRoundSlices(pool, round, slicesOfRound((await placements()).checks.get(pool)?.length ?? 0)));
  const { slices, retryAt } = claimable(of, await sliceStates(pool, round), now);
  const leaseUntil = formatTimestamp(now + request.lease_seconds * 1000);
  for (const slice of slices) {
    if (await claimSlice(pool, round, slice, request.agent, leaseUntil, stamp)) return { round, of, slice, lease_until: leaseUntil, retry_at: null };
  }
  // Every candidate went to faster agents: ask again in a second. Otherwise when the first live lease runs out, or
  // sooner (its agent may finish it first, and then another may have lapsed), or never when every slice is done.
  const retry = slices.length > 0 ? now + 1000 : retryAt === null ? null : Math.min(retryAt, now + RETRY_WITHIN_MS);
  return { round, of, slice: null, lease_until: null, retry_at: retry === null ? null : formatTimestamp(retry) };
}

/**
 * A lease kept while its agent checks: short leases (a dead agent's slice goes
 * to another within the round), renewed by a live agent until its slice is
 * done. 409 `lease_lost` when the slice is another agent's now, or done.
 */
async function renewLease(pool: string, round: string, slice: number, agent: string, leaseUntil: string): Promise<Claim> {
  if (!(await renewSlice(pool, round, slice, agent, leaseUntil))) {
    throw conflict('lease_lost', `Slice ${slice} of round ${round} is no longer ${agent}'s: its lease ran out and another agent took it, or it is done.`);
  }
  const of = (await readRoundSlices(pool, round))!;
  return { round, of, slice, lease_until: leaseUntil, retry_at: null };
}

export type AgentHealth = Omit<StoredHeartbeat, 'pool'> & { alive: boolean };

/** Every pool's agents as their last heartbeats left them, alive or not (by the settings' round_seconds), by pool. */
export async function agentsByPool(now = Date.now()): Promise<Map<string, AgentHealth[]>> {
  const [heartbeats, { settings }] = await Promise.all([listHeartbeats(), freshSettings()]);
  const byPool = new Map<string, AgentHealth[]>();
  for (const { pool, ...heartbeat } of heartbeats) {
    const agents = byPool.get(pool) ?? [];
    agents.push({ ...heartbeat, alive: isAlive(heartbeat.last_seen, settings.round_seconds, now) });
    byPool.set(pool, agents);
  }
  return byPool;
}
