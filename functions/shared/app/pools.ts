/**
 * Pools, the use cases: an organiser places services (PUT /pools/{name}) and
 * removes a pool that places nothing; an agent reads its own pool.
 */
import { readPools, writePools, type StoredPools } from '#shared/data/pools';
import { checkPoolInScope, placements, refuseCommandChecksInCloud } from '#shared/app/pool-scope';
import { agentsByPool, type AgentHealth } from '#shared/app/agents';
import { listServiceDefinitions } from '#shared/data/services';
import { listSubtypes } from '#shared/data/subtypes';
import { listTeamProfiles } from '#shared/data/teams';
import type { AuditContext } from '#shared/data/audit';
import { assignmentConflicts, CLOUD_POOL, MAX_POOLS, poolIndex, splitMailPairs, unknownIds, type Pool, type PoolAssignment } from '#shared/domain/pools';
import type { Principal } from '#shared/http/principal';
import { conflict, notFound, serviceUnavailable } from '#shared/http/problem';

/** A pool as the API shows it: as written, the services it checks now, and its agents. */
export type PoolView = Pool & { checks: number[]; agents: AgentHealth[] };

/** Every pool with the services each checks now (disabled services are checked by none). */
export async function poolViews(options: { consistent?: boolean } = {}): Promise<PoolView[]> {
  const [{ pools, checks }, agents] = await Promise.all([placements(options), agentsByPool()]);
  return pools.map((pool) => ({ ...pool, checks: checks.get(pool.name) ?? [], agents: agents.get(pool.name) ?? [] }));
}

/** One pool: an agent reads only its own. */
export async function poolView(name: string, principal: Principal | undefined): Promise<PoolView> {
  checkPoolInScope(principal, name);
  const found = (await poolViews()).find((p) => p.name === name);
  if (!found) throw notFound(`No pool is named ${name}.`);
  return found;
}

/** Attempts at a pools write before giving up to a crowd of organisers (each attempt reads again). */
const WRITE_ATTEMPTS = 5;

/** Creates a pool or replaces what it names; refused when two pools would name one thing or a mail pair would be split. */
export async function replacePool(name: string, body: PoolAssignment & { description?: string }, audit: AuditContext): Promise<PoolView> {
  const written: Pool = { name, description: body.description ?? '', subtypes: body.subtypes, teams: body.teams, services: body.services };
  await changePools(
    audit,
    (before) => {
      const old = before.pools.find((p) => p.name === name) ?? null;
      if (!old && before.pools.length >= MAX_POOLS) throw conflict('too_many_pools', `There are ${MAX_POOLS} pools already: delete one first.`);
      const after = old ? before.pools.map((p) => (p.name === name ? written : p)) : [...before.pools, written];
      return { after, change: { action: old ? 'pool.update' : 'pool.create', target: `pools/${name}`, before: old, after: written } };
    },
    [written],
  );
  return (await poolViews({ consistent: true })).find((p) => p.name === name)!;
}

/**
 * Makes every pool what `pools` says (a competition file loaded onto the
 * running event): pools it leaves out are gone, with what they named.
 */
export async function replaceAllPools(pools: Pool[], audit: AuditContext): Promise<void> {
  if (pools.length > MAX_POOLS) throw conflict('too_many_pools', `At most ${MAX_POOLS} pools.`);
  await changePools(audit, (before) => ({ after: pools, change: { action: 'pools.replace', target: 'pools', before: before.pools, after: pools } }), pools);
}

/** Deletes a pool that names nothing; `cloud`, the default, always stays. */
export async function deletePool(name: string, audit: AuditContext): Promise<void> {
  if (name === CLOUD_POOL) throw conflict('pool_builtin', 'The cloud pool is the default of every service: it cannot be deleted.');
  await changePools(audit, (before) => {
    const old = before.pools.find((p) => p.name === name);
    if (!old) throw notFound(`No pool is named ${name}.`);
    if (old.subtypes.length + old.teams.length + old.services.length > 0) {
      throw conflict('pool_in_use', `Pool ${name} still names subtypes, teams or services: place them elsewhere first (PUT it with empty lists).`);
    }
    return { after: before.pools.filter((p) => p !== old), change: { action: 'pool.delete', target: `pools/${name}`, before: old, after: null } };
  });
}

type PoolsChange = { after: Pool[]; change: { action: string; target: string; before: Pool | Pool[] | null; after: Pool | Pool[] | null } };

/** Reads the pools, applies `edit`, checks the result stands, and writes it under the version read; again when someone wrote first. */
async function changePools(audit: AuditContext, edit: (before: StoredPools) => PoolsChange, placed?: Pool[]): Promise<void> {
  for (let attempt = 1; attempt <= WRITE_ATTEMPTS; attempt++) {
    const before = await readPools({ consistent: true });
    const { after, change } = edit(before);
    if (placed) await checkPlacement(after, placed);
    const outcome = await writePools(before, after, change, audit);
    if (outcome === 'written') return;
    if (outcome === 'no-competition') throw conflict('no_competition', 'No competition is loaded: there is nothing to place yet.');
  }
  throw serviceUnavailable('pools_busy', 'Other organisers are changing the pools: try again.', 1);
}

/** Refuses pools that name a thing twice, name (in `placed`) what the competition does not hold, or split a mail pair. */
async function checkPlacement(pools: Pool[], placed: Pool[]): Promise<void> {
  const conflicts = assignmentConflicts(pools);
  if (conflicts.length > 0) throw conflict('pool_conflict', `Each subtype, team and service is in one pool at most: ${conflicts.slice(0, 5).join('; ')}.`);
  const [subtypes, teams, definitions] = await Promise.all([listSubtypes(), listTeamProfiles(), listServiceDefinitions()]);
  const known = {
    subtypes: new Set(subtypes.map((s) => s.id)),
    teams: new Set(teams.map((t) => t.id)),
    services: new Set(definitions.map((d) => d.service.id)),
  };
  const unknown = placed.flatMap((pool) => unknownIds(pool, known));
  if (unknown.length > 0) throw conflict('pool_unknown_ids', `The competition holds no ${unknown.slice(0, 5).join(', ')}.`);
  const sentBy = new Map(subtypes.map((s) => [s.id, typeof s.sent_by === 'string' ? s.sent_by : undefined]));
  const mailing = definitions.map(({ service }) => ({ ...service, sentBy: sentBy.get(service.subtype_id) }));
  const commands = new Set(subtypes.filter((s) => s.check === 'command').map((s) => s.id));
  await refuseCommandChecksInCloud(
    definitions.map((d) => d.service),
    commands,
    pools,
  );
  const split = splitMailPairs(mailing, poolIndex(pools)).map(
    ({ reader, sender, readerPool, senderPool }) => `service ${reader.id} (${readerPool}) reads the mail service ${sender.id} (${senderPool}) sends`,
  );
  if (split.length > 0) {
    throw conflict('pool_splits_mail', `A mailbox check and the SMTP check whose mail it reads must be in one pool: ${split.slice(0, 5).join('; ')}.`);
  }
}
