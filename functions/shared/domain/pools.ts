/**
 * Pools: where a service is checked from. Team networks are isolated ranges;
 * the Lambda agent (the `cloud` pool) reaches only what is routed to the
 * stack's VPC, and the organisers run agents on the ranges for the rest. A
 * pool names the subtypes, teams and services its agents check; the most
 * specific assignment wins (the service's, then its team's, then its
 * subtype's), and whatever no pool names is `cloud`'s. Pure: no I/O.
 */

/** The Lambda agent's pool: always there, the default of every service. */
export const CLOUD_POOL = 'cloud';

/** A pool's name: it goes in paths, tokens and logs. */
export const POOL_NAME_PATTERN = '^[a-z][a-z0-9-]{0,31}$';
const POOL_NAME = new RegExp(POOL_NAME_PATTERN);
export const isPoolName = (text: string) => POOL_NAME.test(text);

/** At most this many pools (each is a column on the console and a slice of every round). */
export const MAX_POOLS = 50;

export interface PoolAssignment {
  subtypes: number[];
  teams: number[];
  services: number[];
}

export interface Pool extends PoolAssignment {
  name: string;
  description: string;
}

/** A service as the pool rules see it. */
export interface PooledService {
  id: number;
  team: { id: number };
  subtype_id: number;
}

/** Every pool, `cloud` first (whether or not an organiser ever wrote it). */
export function withCloud(pools: readonly Pool[]): Pool[] {
  const cloud = pools.find((p) => p.name === CLOUD_POOL) ?? { name: CLOUD_POOL, description: 'The Lambda agent', subtypes: [], teams: [], services: [] };
  return [cloud, ...pools.filter((p) => p.name !== CLOUD_POOL)];
}

/** Who names what: the lookup `poolOf` reads, made once for many services. */
export interface PoolIndex {
  services: Map<number, string>;
  teams: Map<number, string>;
  subtypes: Map<number, string>;
}

export function poolIndex(pools: readonly Pool[]): PoolIndex {
  const index: PoolIndex = { services: new Map(), teams: new Map(), subtypes: new Map() };
  for (const pool of pools) {
    for (const id of pool.services) index.services.set(id, pool.name);
    for (const id of pool.teams) index.teams.set(id, pool.name);
    for (const id of pool.subtypes) index.subtypes.set(id, pool.name);
  }
  return index;
}

/** The pool a service is checked from: its own assignment, else its team's, else its subtype's, else `cloud`. */
export function poolOf(service: PooledService, index: PoolIndex): string {
  return index.services.get(service.id) ?? index.teams.get(service.team.id) ?? index.subtypes.get(service.subtype_id) ?? CLOUD_POOL;
}

/**
 * Why a set of pools cannot stand: the same subtype, team or service named by
 * two pools (which one would win is then an accident of order), or named
 * twice by one. Empty when it can.
 */
export function assignmentConflicts(pools: readonly Pool[]): string[] {
  const conflicts: string[] = [];
  for (const kind of ['subtypes', 'teams', 'services'] as const) {
    const owner = new Map<number, string>();
    for (const pool of pools) {
      for (const id of pool[kind]) {
        const other = owner.get(id);
        if (other === pool.name) conflicts.push(`${pool.name} names ${kind.slice(0, -1)} ${id} twice`);
        else if (other) conflicts.push(`${kind.slice(0, -1)} ${id} is in both ${other} and ${pool.name}`);
        owner.set(id, pool.name);
      }
    }
  }
  return conflicts;
}

/** What a pool's assignment names that the competition does not hold. */
export function unknownIds(assignment: PoolAssignment, known: { subtypes: Set<number>; teams: Set<number>; services: Set<number> }): string[] {
  return (['subtypes', 'teams', 'services'] as const).flatMap((kind) =>
    assignment[kind].filter((id) => !known[kind].has(id)).map((id) => `${kind.slice(0, -1)} ${id}`),
  );
}

/** A service with what it sends or looks for by mail: a mailbox check's `sent_by` names its team's sending subtype. */
export interface MailingService extends PooledService {
  subtype: string;
  /** The subtype name whose SMTP check sends what this service's mailbox check looks for. */
  sentBy?: string;
}

/**
 * The mailbox checks whose sender would be checked from another pool. A
 * mailbox check works out the token the sender's message carried from the
 * sender's scan id, under its own pool's mail key: a pair split across
 * pools would never find the message, and the team would lose the points
 * for the organisers' placement.
 */
export function splitMailPairs<S extends MailingService>(
  services: readonly S[],
  index: PoolIndex,
): { reader: S; sender: S; readerPool: string; senderPool: string }[] {
  const bySubtype = new Map(services.map((s) => [`${s.team.id}\0${s.subtype.toLowerCase()}`, s]));
  const split: { reader: S; sender: S; readerPool: string; senderPool: string }[] = [];
  for (const reader of services) {
    if (reader.sentBy === undefined) continue;
    const sender = bySubtype.get(`${reader.team.id}\0${reader.sentBy.toLowerCase()}`);
    if (!sender) continue;
    const [readerPool, senderPool] = [poolOf(reader, index), poolOf(sender, index)];
    if (readerPool !== senderPool) split.push({ reader, sender, readerPool, senderPool });
  }
  return split;
}

/**
 * The services a command check would run on in `cloud`: the Lambda agent
 * carries no operator's recipes (its programs are the checks' own), so a
 * command check there could only ever fail as the agent's error. Refused
 * when a definition, a service or a placement would make one.
 */
export function commandChecksInCloud(services: readonly PooledService[], index: PoolIndex, commandSubtypes: ReadonlySet<number>): number[] {
  return services.filter((s) => commandSubtypes.has(s.subtype_id) && poolOf(s, index) === CLOUD_POOL).map((s) => s.id);
}
