/**
 * What an agent may work on: every route an agent may call is narrowed here
 * to its pool's services (domain/pools.ts). Apart from app/pools.ts (the
 * organisers' edits) so that a scan report's function bundles only this.
 */
import { freshPoolIndex, freshServiceDefinition } from '#shared/data/fresh';
import { readPools } from '#shared/data/pools';
import { currentServiceEndpoints } from '#shared/data/fresh';
import { commandChecksInCloud, poolIndex, poolOf, type Pool, type PooledService } from '#shared/domain/pools';
import type { Principal } from '#shared/http/principal';
import { conflict, forbidden } from '#shared/http/problem';

/**
 * Every pool, and the services each checks now by id (disabled services are checked by none). The services come
 * from the function's copy kept under the definitions mark (data/fresh.ts): never stale, and no 5 000-item read
 * while no definition moved.
 */
export async function placements(options: { consistent?: boolean } = {}): Promise<{ pools: Pool[]; checks: Map<string, number[]> }> {
  const [{ pools }, endpoints] = await Promise.all([readPools(options), currentServiceEndpoints()]);
  const index = poolIndex(pools);
  const checks = new Map<string, number[]>(pools.map((p) => [p.name, []]));
  for (const { id, team_id, subtype_id, enabled } of endpoints) if (enabled) checks.get(poolOf({ id, team: { id: team_id }, subtype_id }, index))?.push(id);
  return { pools, checks };
}

/** The pool an agent's credential works for; undefined for every other caller (who may work on any service). */
export function agentPool(principal: Principal | undefined): string | undefined {
  if (principal?.role !== 'agent') return undefined;
  // An agent without a pool cannot come from the registries (both refuse one): refuse it here all the same.
  if (!('pool' in principal) || !principal.pool) throw forbidden('This agent credential names no pool.');
  return principal.pool;
}

/** 403 unless the caller may act for this pool: an agent for its own only. */
export function checkPoolInScope(principal: Principal | undefined, name: string): void {
  const pool = agentPool(principal);
  if (pool !== undefined && pool !== name) throw forbidden(`An agent of pool ${pool} acts for its own pool only.`);
}

/** The services a caller may work on: undefined for all (organisers, service accounts), else its pool's. */
export async function servicesInScope(principal: Principal | undefined): Promise<Set<number> | undefined> {
  const pool = agentPool(principal);
  if (pool === undefined) return undefined;
  return new Set((await placements()).checks.get(pool) ?? []);
}

/**
 * 403 unless the caller may work on this service: an agent only on its own
 * pool's. Allowed as of the pools this function last read (data/fresh.ts: a
 * service an organiser just moved is refused to its old pool's agents within
 * seconds); refused only as of the pools now, so the agents of a pool just
 * made lose none of their first round's reports.
 */
export async function checkServiceInScope(principal: Principal | undefined, serviceId: number): Promise<void> {
  const pool = agentPool(principal);
  if (pool === undefined) return;
  const definition = await freshServiceDefinition(serviceId);
  // An unknown service is the route's own 404.
  if (!definition || poolOf(definition.service, await freshPoolIndex()) === pool) return;
  if (poolOf(definition.service, poolIndex((await readPools({ consistent: true })).pools)) !== pool) {
    throw forbidden(`Service ${serviceId} is not checked from pool ${pool}: an agent works on its own pool's services only.`);
  }
}

/**
 * 409 `command_in_cloud` when these services (as they would be) under these
 * pools (default: as they are) would run a command check from `cloud`.
 * `commandSubtypes`: the subtypes whose check is a command.
 */
export async function refuseCommandChecksInCloud(
  services: readonly PooledService[],
  commandSubtypes: ReadonlySet<number>,
  pools?: readonly Pool[],
): Promise<void> {
  if (commandSubtypes.size === 0) return;
  const index = poolIndex(pools ?? (await readPools({ consistent: true })).pools);
  const inCloud = commandChecksInCloud(services, index, commandSubtypes);
  if (inCloud.length > 0) {
    throw conflict(
      'command_in_cloud',
      `A command check runs an agent operator's recipe, and the Lambda agent (cloud) has none: place service${inCloud.length === 1 ? '' : 's'} ${inCloud.slice(0, 10).join(', ')} in a pool of agents that have it first.`,
    );
  }
}
