/**
 * Service definitions (`SERVICES / SERVICE#<id>`, indexed by team number and
 * by subtype): what a service is, written at load, and the service records
 * the API shows, a definition merged with its STATE (data/service-state.ts).
 */
import { serviceFields, type ServiceDefinition, type ServiceEndpoint, type ServiceRecord } from '#shared/domain/model';

export type { ServiceEndpoint } from '#shared/domain/model';
import { emptyServiceState, type ServiceState } from '#shared/domain/scoring/fold';
import type { SlaRules } from '#shared/domain/scoring/sla';
import { inProgress, type StatusCell } from '#shared/domain/scoring/status';
import { shownFailure } from '#shared/domain/scoring/failure';
import { keys, PARTITION } from '#shared/data/keys';
import { batchGet, queryIndex, queryPartition, withoutKeys } from '#shared/data/operations';
import { disabledUpdate, readServiceStates, toServiceState } from '#shared/data/service-state';
import { GetCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { db, tableName } from '#shared/data/client';
import { STILL_AT_VERSION, transactionConditionFailed } from '#shared/data/operations';
import { auditPut, type AuditContext } from '#shared/data/audit';
import { definitionsMoved } from '#shared/data/settings';
import { publicVersionMove } from '#shared/data/public-version';
import { cellAdded, cellRemoved, cellRestored, statusLoadedItem } from '#shared/data/status-cells';
import { totalsUpdate } from '#shared/data/totals';
import { emptyDelta } from '#shared/domain/scoring/figures';
import { serviceSource } from '#shared/domain/scoring/events';

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
  /** Disabled by an organiser (absent: enabled, as every service is loaded). */
  disabled?: boolean;
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
  const { service, super_type_id, hidden, sla, disabled } = withoutKeys<StoredDefinition>(item);
  return { service, super_type_id, hidden, ...(sla ? { sla } : {}), ...(disabled ? { disabled } : {}) };
}

/** A team's services' definitions, by its number (its index), in id order. */
export async function definitionsOfTeam(teamNumber: number): Promise<StoredDefinition[]> {
  const items = await queryIndex('gsi1', 'gsi1pk', keys.servicesOfTeamNumber(teamNumber).gsi1pk);
  return items.map((item) => withoutKeys<StoredDefinition>(item));
}

/** Every service's definition, in id order (one Query of the services' partition). */
export async function listServiceDefinitions(): Promise<StoredDefinition[]> {
  return (await queryPartition(PARTITION.services)).map((item) => withoutKeys<StoredDefinition>(item));
}

/** Whether only organisers and services read a service: its team is hidden, or an organiser disabled it. */
export const hiddenFromPublic = (definition: Pick<StoredDefinition, 'hidden' | 'disabled'>) => definition.hidden || definition.disabled === true;

function toServiceRecord(definition: StoredDefinition, state: ServiceState = emptyServiceState(), now: Date): ServiceRecord {
  return {
    service: serviceFields({
      ...definition.service,
      last_scan: state.last_scan,
      last_scan_time: state.last_scan_time,
      last_scan_error: shownFailure(state.last_scan_error, state.last_scan_category),
      in_progress: inProgress(state, now),
    }),
    hidden: hiddenFromPublic(definition),
    disabled: definition.disabled === true,
    super_type_id: definition.super_type_id,
    points_earned: state.points_earned,
    checks: state.checks,
    sla: state.sla,
    after_freeze: state.after_freeze,
    last_scan_reason: state.last_scan_error,
  };
}

/** The service's endpoint as stored now (consistent), or undefined. */
export async function readServiceEndpoint(id: number): Promise<ServiceEndpoint | undefined> {
  const { Item } = await db().send(new GetCommand({ TableName: tableName(), Key: keys.service(id), ConsistentRead: true }));
  return Item ? toServiceEndpoint(Item) : undefined;
}

/** Every service's endpoint and points as stored now (consistent), in id order: what `load` onto a running event compares. */
export async function listServiceEndpoints(): Promise<ServiceEndpoint[]> {
  return (await queryPartition(PARTITION.services, { consistent: true })).map(toServiceEndpoint);
}

/** The endpoints of a subtype's services (its index: eventually consistent, as every index is). */
export async function endpointsOfSubtype(subtypeId: number): Promise<ServiceEndpoint[]> {
  return (await queryIndex('gsi2', 'gsi2pk', keys.servicesOfSubtype(subtypeId).gsi2pk)).map(toServiceEndpoint);
}

function toServiceEndpoint(item: Record<string, unknown>): ServiceEndpoint {
  const { service } = item as unknown as StoredDefinition;
  return {
    id: service.id,
    team_id: service.team.id,
    subtype_id: service.subtype_id,
    subtype: service.subtype,
    url: service.url,
    port: service.port,
    max_score: service.max_score,
    enabled: item.disabled !== true,
    version: Number(item.version ?? 1),
  };
}

/**
 * What enabling or disabling a service writes beside its definition, from a
 * consistent read just before: its STATE, its status's share of its team's
 * counts (`counts`: what enabling adds; disabling takes it away) at the
 * totals version read, and its cell in the status view.
 */
export interface EnabledChange {
  state: ServiceState;
  totalsVersion: number;
  counts: { services_up: number; services_down: number };
  cell: StatusCell;
}

/** How a service edit ended: written, lost to another edit of the service, or (enabling or disabling) to a fold landing between its read and its write. */
export type EndpointWrite = 'written' | 'stale' | 'folding';

/**
 * Moves a service to another address or port, changes its points or its
 * subtype's name (a subtype's edit fans out so), or enables or disables it,
 * if it is still at `before`'s version: in one transaction with the mark
 * every function's kept copy of the definitions watches (the settings item's
 * `definitions`, data/fresh.ts), the public version (its url and port are in
 * the public views) and the audit entry. Enabling or disabling also moves
 * its status in or out of its team's counts (conditioned on no fold being
 * midway for it: the totals' watermark for it is its state's), its team's
 * count of services and its status cell; the standings projection follows
 * (written after, as a fold writes it).
 */
export async function writeServiceEndpoint(
  before: ServiceEndpoint,
  after: ServiceEndpoint,
  audit: AuditContext,
  enabled?: EnabledChange,
): Promise<EndpointWrite> {
  const now = Date.now();
  const toggle = enabled && before.enabled !== after.enabled ? enabled : undefined;
  const sign = after.enabled ? 1 : -1;
  try {
    await db().send(
      new TransactWriteCommand({
        TransactItems: [
          {
            Update: {
              TableName: tableName(),
              Key: keys.service(before.id),
              UpdateExpression:
                'SET #service.#url = :url, #service.#port = :port, #service.#subtype = :subtype, #service.#max_score = :max_score, #version = :next' +
                (after.enabled ? ' REMOVE #disabled' : ', #disabled = :yes'),
              ConditionExpression: STILL_AT_VERSION,
              ExpressionAttributeNames: {
                '#service': 'service',
                '#url': 'url',
                '#port': 'port',
                '#subtype': 'subtype',
                '#max_score': 'max_score',
                '#version': 'version',
                '#disabled': 'disabled',
              },
              ExpressionAttributeValues: {
                ':url': after.url,
                ':port': after.port,
                ':subtype': after.subtype,
                ':max_score': after.max_score,
                ':next': after.version,
                ':version': before.version,
                ':one': 1,
                ...(after.enabled ? {} : { ':yes': true }),
              },
            },
          },
          definitionsMoved(),
          { Update: publicVersionMove(now) },
          auditPut(audit, { action: 'service.update', target: `services/${before.id}`, before, after }),
          ...(toggle
            ? [
                { Update: disabledUpdate(before.id, toggle.state, !after.enabled) },
                {
                  Update: totalsUpdate(before.team_id, {
                    delta: { ...emptyDelta(), services_up: sign * toggle.counts.services_up, services_down: sign * toggle.counts.services_down },
                    // A condition only: no fold is midway for this service (it wrote the team and not yet the state).
                    watermarks: [{ source: serviceSource(before.id), read: toggle.state.folded_seq, next: toggle.state.folded_seq }],
                    sla: [],
                    lastScanTimeRead: null,
                    readVersion: toggle.totalsVersion,
                  }),
                },
                ...[keys.team(before.team_id), keys.standings(before.team_id)].map((key) => ({
                  Update: {
                    TableName: tableName(),
                    Key: key,
                    UpdateExpression: 'ADD services_total :sign',
                    ConditionExpression: 'attribute_exists(pk)',
                    ExpressionAttributeValues: { ':sign': sign },
                  },
                })),
                {
                  Update: after.enabled
                    ? cellRestored(before.team_id, before, toggle.cell, toggle.state.folded_seq, now)
                    : cellRemoved(before.team_id, before.id, now),
                },
                // A cell went or came back: a status delta asked from before now is answered whole.
                { Put: { TableName: tableName(), Item: statusLoadedItem(now) } },
              ]
            : []),
        ],
      }),
    );
    return 'written';
  } catch (error) {
    if (transactionConditionFailed(error, 0)) return 'stale';
    if (toggle && (transactionConditionFailed(error, 4) || transactionConditionFailed(error, 5))) return 'folding';
    throw error;
  }
}

/** Why a service could not be created. */
export type ServiceCreation = 'created' | 'team-changed' | 'final' | 'subtype-gone';

/**
 * Writes a new service of a team, in one transaction: its definition (with
 * both indexes), its sealed accounts when it has any, the team's count of
 * services in its profile and standings, its unscanned cell in the status
 * view, the definitions mark, the public version and the audit entry. The
 * team's version moves too, conditioned on `teamVersion`: a team edit, which
 * writes every service of the team, then finds this one (it names the
 * version it read), and a team edited meanwhile gives 'team-changed' here.
 */
export async function writeNewService(
  definition: StoredDefinition,
  teamVersion: number,
  accounts: Record<string, unknown> | undefined,
  audit: AuditContext,
  now = Date.now(),
): Promise<ServiceCreation> {
  const { service } = definition;
  const teamId = service.team.id;
  try {
    await db().send(
      new TransactWriteCommand({
        TransactItems: [
          {
            Update: {
              TableName: tableName(),
              Key: keys.team(teamId),
              UpdateExpression: 'SET #version = :next ADD services_total :one',
              ConditionExpression: STILL_AT_VERSION,
              ExpressionAttributeNames: { '#version': 'version' },
              ExpressionAttributeValues: { ':next': teamVersion + 1, ':version': teamVersion, ':one': 1 },
            },
          },
          definitionsMoved({ unlessFinal: true }),
          {
            Put: {
              TableName: tableName(),
              Item: { ...keys.service(service.id), ...keys.serviceIndexes(service.id, service.team.number, service.subtype_id), ...definition, version: 1 },
              ConditionExpression: 'attribute_not_exists(pk)',
            },
          },
          {
            // One more service in the team's standings projection (data/standings.ts, which cannot be imported here: it reads fresh.ts).
            Update: {
              TableName: tableName(),
              Key: keys.standings(teamId),
              UpdateExpression: 'ADD services_total :one',
              ConditionExpression: 'attribute_exists(pk)',
              ExpressionAttributeValues: { ':one': 1 },
            },
          },
          { Update: cellAdded(teamId, service, now) },
          // Services came: a status delta asked from before now is answered whole.
          { Put: { TableName: tableName(), Item: statusLoadedItem(now) } },
          { Update: publicVersionMove(now) },
          auditPut(audit, { action: 'service.create', target: `services/${service.id}`, before: null, after: definition }),
          // Its subtype still there, and counting it: a subtype retired meanwhile refuses this, one with services added refuses retiring.
          {
            Update: {
              TableName: tableName(),
              Key: keys.subtype(service.subtype_id),
              UpdateExpression: 'ADD services_added :one',
              ConditionExpression: 'attribute_exists(pk)',
              ExpressionAttributeValues: { ':one': 1 },
            },
          },
          ...(accounts ? [{ Put: { TableName: tableName(), Item: accounts, ConditionExpression: 'attribute_not_exists(pk)' } }] : []),
        ],
      }),
    );
    return 'created';
  } catch (error) {
    if (transactionConditionFailed(error, 0)) return 'team-changed';
    if (transactionConditionFailed(error, 1)) return 'final';
    if (transactionConditionFailed(error, 8)) return 'subtype-gone';
    throw error;
  }
}
