/**
 * A pool's agents, pure: how a round splits into slices they claim, and
 * when an agent counts as alive, and what an agent says of itself. No I/O.
 */
import * as v from 'valibot';
import { BoundedInt, FreeText, Timestamp } from '#shared/validation';

/** An agent's name within its pool (its host and process, by default): it goes in keys and logs. */
export const AGENT_NAME_PATTERN = '^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$';

/** A round's services split into at least this many slices (so that two agents share even a small pool)… */
const MIN_SLICES = 8;
/** …of at most this many services each (a slice's checks run at once, under the agent's concurrency limit). */
const SLICE_SERVICES = 100;

/** How many slices a pool's round of `services` splits into: none for an empty pool, never more than one a service. */
export function slicesOfRound(services: number): number {
  return Math.min(services, Math.max(MIN_SLICES, Math.ceil(services / SLICE_SERVICES)));
}

const INVERSE_GOLDEN_RATIO = (Math.sqrt(5) - 1) / 2;

/**
 * The slice of a round a service falls in, the same for every agent that
 * reads the same id. Fibonacci hashing (the fraction of id × 1/φ) rather than
 * id modulo: a pool often holds one subtype of every team, whose ids step by
 * the number of subtypes, and modulo would put them all in one slice.
 */
export function sliceOf(serviceId: number, of: number): number {
  const fraction = (serviceId * INVERSE_GOLDEN_RATIO) % 1;
  return Math.min(of - 1, Math.floor(fraction * of));
}
/** A slice of a round as its claims leave it. */
export interface SliceState {
  slice: number;
  /** Until when the agent that took it holds it (ISO); absent: never claimed. */
  lease_until?: string;
  /** When it was checked to the end; absent: not yet. */
  done_at?: string;
}

/**
 * Which slices an agent may take now, in order: those never claimed, then
 * those whose lease ran out unfinished (their agent died or was cut off); and
 * when none may, the earliest time one might (a live lease's end), or null
 * when every slice is done.
 */
export function claimable(of: number, states: readonly SliceState[], now: number): { slices: number[]; retryAt: number | null } {
  const bySlice = new Map(states.map((s) => [s.slice, s]));
  const fresh: number[] = [];
  const lapsed: number[] = [];
  let retryAt: number | null = null;
  for (let slice = 0; slice < of; slice++) {
    const state = bySlice.get(slice);
    if (!state?.lease_until) fresh.push(slice);
    else if (state.done_at) continue;
    else if (Date.parse(state.lease_until) <= now) lapsed.push(slice);
    else retryAt = Math.min(retryAt ?? Infinity, Date.parse(state.lease_until));
  }
  return { slices: [...fresh, ...lapsed], retryAt };
}

export const AgentName = v.pipe(
  v.string(),
  v.regex(new RegExp(AGENT_NAME_PATTERN), 'must be 1–64 letters, digits, dots, hyphens and underscores, starting with a letter or digit'),
  v.description("The agent's name in its pool (by default its host and process id)."),
);

/** A round's scheduled start: at most a day old, at most a few minutes ahead (agents' clocks drift a little). */
export const RoundStart = v.pipe(
  Timestamp,
  v.check((t) => Math.abs(Date.parse(t) - Date.now()) <= 86_400_000, 'must be within a day of now'),
  v.description("The round's scheduled start (`round_seconds` steps since the Unix epoch)."),
);

/** What an agent says of itself after each round, and when it starts. */
export const HeartbeatBody = v.strictObject({
  agent: AgentName,
  version: v.pipe(FreeText(40), v.description("The agent's version.")),
  host: v.pipe(FreeText(255), v.description('Where it runs.')),
  round: v.pipe(v.nullable(RoundStart), v.description('The round it last ran, or null before its first.')),
  round_started_at: v.nullable(Timestamp),
  round_finished_at: v.nullable(Timestamp),
  checks: v.pipe(BoundedInt(0, 1_000_000), v.description('The checks it ran in that round.')),
  failed_team: v.pipe(BoundedInt(0, 1_000_000), v.description('Of those, the ones the teams failed.')),
  failed_agent: v.pipe(BoundedInt(0, 1_000_000), v.description('Of those, the ones it could not run (agent errors): not the teams’ failures.')),
});

export type Heartbeat = v.InferOutput<typeof HeartbeatBody>;

/** An agent is alive while its last heartbeat is younger than two rounds and half a minute: one late round is not a death. */
export const isAlive = (lastSeen: string, roundSeconds: number, now: number) => now - Date.parse(lastSeen) < (2 * roundSeconds + 30) * 1000;
