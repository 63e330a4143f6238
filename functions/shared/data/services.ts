import { emptyServiceState, emptySla, serviceFields, type ServiceAfterFreeze, type SlaState, type ServiceDefinition, type ServiceRecord, type ServiceState } from '#shared/domain/model';
import { inProgress, type SlaRules } from '#shared/domain/scoring';
import { keys, PARTITION } from '#shared/data/keys';
import { batchGet, queryIndex, queryPartition, withoutKeys } from '#shared/data/operations';

export interface ServiceFilter {
  teamNumber?: number;
  subtypeId?: number;
}

/** The static item as stored at load: the definition, its team's visibility and super type. */
export interface StoredDefinition {
  service: ServiceDefinition;
  hidden: boolean;
  super_type_id: number;
  /** The subtype's own SLA rules from the competition file, where it has them. */
  sla?: Partial<SlaRules>;
}

/**
 * Services in id order, narrowed by team number and/or subtype. Each filter
 * has its own index; with both, the team's (small) list is narrowed in memory.
 * The static definitions come from there, their state from one BatchGetItem
 * of the services' STATE items.
 */
export async function listServiceRecords(filter: ServiceFilter = {}, now = new Date()): Promise<ServiceRecord[]> {
  let items;
  if (filter.teamNumber !== undefined) {
    items = await queryIndex('gsi1', 'gsi1pk', keys.servicesOfTeamNumber(filter.teamNumber).gsi1pk);
  } else if (filter.subtypeId !== undefined) {
    items = await queryIndex('gsi2', 'gsi2pk', keys.servicesOfSubtype(filter.subtypeId).gsi2pk);
  } else {
    items = await queryPartition(PARTITION.services);
  }
  let definitions = items.map((item) => withoutKeys<StoredDefinition>(item));
  // With both filters the team's index was queried: narrow it to the subtype.
  if (filter.teamNumber !== undefined && filter.subtypeId !== undefined) {
    definitions = definitions.filter((d) => d.service.subtype_id === filter.subtypeId);
  }
  const states = await readServiceStates(definitions.map((d) => d.service.id));
  return definitions.map((d) => toServiceRecord(d, states.get(d.service.id), now));
}

/** One service, definition and state, in one BatchGetItem. */
export async function getServiceRecord(id: number, options: { consistent?: boolean } = {}, now = new Date()): Promise<ServiceRecord | undefined> {
  const items = await batchGet([keys.service(id), keys.serviceState(id)], options);
  const definition = items.find((item) => item.pk === PARTITION.services);
  const state = items.find((item) => item.pk !== PARTITION.services);
  if (!definition) return undefined;
  return toServiceRecord(withoutKeys<StoredDefinition>(definition), state ? toServiceState(state) : undefined, now);
}

/** The static part only: what a result needs (max_score, team, super type) and whether its team is hidden. */
export async function getServiceDefinition(id: number): Promise<StoredDefinition | undefined> {
  const [item] = await batchGet([keys.service(id)]);
  if (!item) return undefined;
  const { service, super_type_id, hidden, sla } = withoutKeys<StoredDefinition>(item);
  return { service, super_type_id, hidden, ...(sla ? { sla } : {}) };
}

/** The STATE items of these services, by service id (absent: never scanned nor started). */
export async function readServiceStates(ids: number[], options: { consistent?: boolean } = {}): Promise<Map<number, ServiceState>> {
  const items = await batchGet(ids.map((id) => keys.serviceState(id)), options);
  return new Map(items.map((item) => [Number(String(item.pk).slice('SERVICE#'.length)), toServiceState(item)]));
}

export function toServiceState(item: Record<string, unknown>): ServiceState {
  const empty = emptyServiceState();
  return {
    last_scan: Number(item.last_scan ?? empty.last_scan),
    last_scan_time: (item.last_scan_time as string | undefined) ?? null,
    last_scan_error: (item.last_scan_error as string | undefined) ?? null,
    last_scan_id: (item.last_scan_id as string | undefined) ?? null,
    started: (item.started as ServiceState['started'] | undefined) ?? null,
    points_earned: Number(item.points_earned ?? 0),
    checks: Number(item.checks ?? 0),
    folded_seq: (item.folded_seq as string | undefined) ?? null,
    sla: { ...emptySla(), ...(item.sla as Partial<SlaState> | undefined) },
    after_freeze: (item.after_freeze as ServiceAfterFreeze | undefined) ?? null,
  };
}

function toServiceRecord(definition: StoredDefinition, state: ServiceState = emptyServiceState(), now: Date): ServiceRecord {
  return {
    service: serviceFields({
      ...definition.service,
      last_scan: state.last_scan,
      last_scan_time: state.last_scan_time,
      last_scan_error: state.last_scan_error,
      in_progress: inProgress(state, now),
    }),
    hidden: definition.hidden,
    super_type_id: definition.super_type_id,
    points_earned: state.points_earned,
    checks: state.checks,
    sla: state.sla,
    after_freeze: state.after_freeze,
  };
}
