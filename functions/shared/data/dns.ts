import { TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import { GetCommand, TransactWriteCommand, type TransactWriteCommandInput } from '@aws-sdk/lib-dynamodb';
import {
  checkRecordInZone,
  checkRemovalFromZone,
  dnsRecordFields,
  zoneContext,
  type DnsRecord,
  type DnsRecordData,
  type DnsRecordInput,
  type ZoneProblem,
  type ZoneRecords,
} from '#shared/domain/dns';
import type { TeamRecord } from '#shared/domain/model';
import { formatTimestamp } from '#shared/validation';
import { db, tableName } from '#shared/data/client';
import { retryDeadline } from '#shared/data/deadline';
import { allocateId } from '#shared/data/counters';
import { keys, PARTITION } from '#shared/data/keys';
import { backoff, queryPartition } from '#shared/data/operations';
import { getSettings } from '#shared/data/settings';
import { getTeamRecord, listTeamRecords } from '#shared/data/teams';
import { auditPut, type AuditContext } from '#shared/data/audit';

/**
 * DNS records. Each record is an item in the DNS partition (list = one Query,
 * get = one GetItem) and an entry in its team's zone item, which also holds the
 * zone's serial. Every write reads the record and the zone item(s) it touches,
 * checks the zone rules, and writes the record and the zone item(s) in one
 * transaction conditioned on the record's own version and the zone serials it
 * read: a writer that lost a race re-reads and tries again (or, with If-Match,
 * finds the record changed: 412), so concurrent writes to one zone are
 * serialised and none is lost.
 *
 * Reads are strongly consistent: these are low-volume admin and agent calls,
 * and a script that writes a record and reads it back must see it.
 */

type Item = Record<string, unknown>;

/** A team's zone state: the serial of its records and the records themselves. */
export interface TeamZone {
  /** 0 before the team's first record was written; grows with every write. */
  serial: number;
  records: DnsRecord[];
}

/** The outcome of a write. `ok` carries the record as written (for a delete, as it was). */
export type DnsWriteResult =
  | { kind: 'ok'; record: DnsRecord; previousTeam?: number }
  | { kind: 'not_found' }
  | { kind: 'unknown_team'; team: number; idOfTeamNumbered?: number }
  | ZoneProblem
  | { kind: 'stale'; current?: DnsRecord }
  | { kind: 'busy' };

/**
 * The client's condition on the record as it stands (If-Match), checked on
 * each attempt's fresh read of the record: the write is conditioned on the
 * version that read saw (`unchangedSince`), so a record that passed cannot
 * change before the write lands. `undefined`: no record.
 */
export type Precondition = (current: DnsRecord | undefined) => boolean;
const always: Precondition = () => true;


export async function listDnsRecords(): Promise<DnsRecord[]> {
  const items = await queryPartition(PARTITION.dns, { consistent: true });
  return items.map(toRecord);
}

export async function getDnsRecord(id: number): Promise<DnsRecord | undefined> {
  const item = await getItem(keys.dnsRecord(id));
  return item ? toRecord(item) : undefined;
}

/** A team's records in id order, with the serial they are at: one GetItem. */
export async function getTeamZone(teamId: number): Promise<TeamZone> {
  const zone = await readZone(teamId);
  return { serial: zone.serial ?? 0, records: zoneRecordList(teamId, zone.records) };
}

/** Every write carries its audit entry in its transaction (`audit`); `by` is what the record keeps as its writer. */
export function createDnsRecord(input: DnsRecordInput, by: string, audit: AuditContext): Promise<DnsWriteResult> {
  // The id is allocated once the record is known to fit, and kept across
  // retries: a write refused on its first reading uses no id. One refused
  // after losing a race (an identical record won) leaves a gap, never a reuse.
  let id: number | undefined;
  const teams = teamLoader();
  return optimistically(async () => {
    const target = await teams.load(input.team);
    if (target.kind !== 'ok') return target;
    const data = recordData(input);
    const problem = checkRecordInZone(data, target.zone.records, target.context);
    if (problem) return problem;

    id ??= await allocateId('dns');
    const now = formatTimestamp(new Date());
    const record: DnsRecord = { id, ...data, team: input.team };
    await transact([
      {
        Put: {
          TableName: tableName(),
          Item: { ...keys.dnsRecord(id), ...record, version: 1, created_by: by, created_at: now, updated_by: by, updated_at: now },
          ConditionExpression: 'attribute_not_exists(pk)',
        },
      },
      zonePut(input.team, target.zone, { ...target.zone.records, [id]: data }, by, now),
      auditPut(audit, { action: 'dns.create', target: `dns/${id}`, before: null, after: record }),
    ]);
    return { kind: 'ok', record };
  });
}

/** Replaces a record; moving it to another team or name updates both zones in the same transaction. */
export function updateDnsRecord(id: number, input: DnsRecordInput, by: string, audit: AuditContext, precondition = always): Promise<DnsWriteResult> {
  const teams = teamLoader();
  return optimistically(async () => {
    const current = await getItem(keys.dnsRecord(id));
    const before = current && toRecord(current);
    if (!precondition(before)) return { kind: 'stale', current: before };
    if (!current || !before) return { kind: 'not_found' };
    const target = await teams.load(input.team);
    if (target.kind !== 'ok') return target;
    const data = recordData(input);
    const record: DnsRecord = { id, ...data, team: input.team };
    const moved = before.team !== input.team;
    if (!moved && sameData(before, data)) return { kind: 'ok', record };

    const source = moved ? await teams.load(before.team) : target;
    if (source.kind !== 'ok') throw new Error(`DNS record ${id} belongs to team ${before.team}, which does not exist.`);
    const problem =
      checkRemovalFromZone(id, source.zone.records, source.context, moved ? undefined : data) ??
      checkRecordInZone(data, target.zone.records, target.context, id);
    if (problem) return problem;

    const now = formatTimestamp(new Date());
    const writes: Write[] = [
      {
        Put: {
          TableName: tableName(),
          Item: { ...current, ...record, version: versionOf(current) + 1, updated_by: by, updated_at: now },
          ...unchangedSince(current),
        },
      },
      zonePut(input.team, target.zone, { ...target.zone.records, [id]: data }, by, now),
      auditPut(audit, { action: 'dns.update', target: `dns/${id}`, before, after: record }),
    ];
    if (moved) writes.push(zonePut(before.team, source.zone, without(source.zone.records, id), by, now));
    await transact(writes);
    return { kind: 'ok', record, ...(moved ? { previousTeam: before.team } : {}) };
  });
}

export function deleteDnsRecord(id: number, by: string, audit: AuditContext, precondition = always): Promise<DnsWriteResult> {
  const teams = teamLoader();
  return optimistically(async () => {
    const current = await getItem(keys.dnsRecord(id));
    const record = current && toRecord(current);
    if (!precondition(record)) return { kind: 'stale', current: record };
    if (!record) return { kind: 'not_found' };
    const source = await teams.load(record.team);
    if (source.kind !== 'ok') throw new Error(`DNS record ${id} belongs to team ${record.team}, which does not exist.`);
    const problem = checkRemovalFromZone(id, source.zone.records, source.context);
    if (problem) return problem;
    await transact([
      { Delete: { TableName: tableName(), Key: keys.dnsRecord(id), ...unchangedSince(current!) } },
      zonePut(record.team, source.zone, without(source.zone.records, id), by, formatTimestamp(new Date())),
      auditPut(audit, { action: 'dns.delete', target: `dns/${id}`, before: record, after: null }),
    ]);
    return { kind: 'ok', record };
  });
}

// ---------------------------------------------------------------------------

type Write = NonNullable<TransactWriteCommandInput['TransactItems']>[number];

/** The zone item as read: `serial` is undefined when the team has no zone item yet. */
interface ZoneState {
  serial: number | undefined;
  records: ZoneRecords;
}

async function getItem(key: { pk: string; sk: string }): Promise<Item | undefined> {
  const result = await db().send(new GetCommand({ TableName: tableName(), Key: key, ConsistentRead: true }));
  return result.Item;
}

async function readZone(teamId: number): Promise<ZoneState> {
  const item = await getItem(keys.teamZone(teamId));
  if (!item) return { serial: undefined, records: {} };
  return { serial: Number(item.serial), records: (item.records as ZoneRecords | undefined) ?? {} };
}

/**
 * Loads the team a write touches, its zone as it stands, and what the zone
 * rules need from the settings. Within one request, the team (fixed once a
 * competition is loaded) and the settings are read once; only the zone, which
 * is what concurrent writers change, is read again on each attempt.
 */
function teamLoader() {
  const settings = memo(() => getSettings({ consistent: true }));
  const teams = new Map<number, Promise<TeamRecord | undefined>>();
  return {
    async load(teamId: number) {
      if (!teams.has(teamId)) teams.set(teamId, getTeamRecord(teamId));
      const [team, zone, current] = await Promise.all([teams.get(teamId)!, readZone(teamId), settings()]);
      if (!team) {
        const numbered = (await listTeamRecords()).find((t) => t.team.number === teamId);
        return { kind: 'unknown_team' as const, team: teamId, idOfTeamNumbered: numbered?.team.id };
      }
      const context = zoneContext(team.team.team_url, current?.settings.dns_nameservers ?? []);
      return { kind: 'ok' as const, zone, context };
    },
  };
}

function memo<T>(load: () => Promise<T>): () => Promise<T> {
  let value: Promise<T> | undefined;
  return () => (value ??= load());
}

/** A record's version: 1 when created, one more at every change (0: written before records had one). */
const versionOf = (item: Item) => (typeof item.version === 'number' ? item.version : 0);

/**
 * Condition for changing a record: it is still the version that was read.
 * This is what makes If-Match hold (the precondition was checked on that
 * read), and with the serial condition on the record's zone it proves the
 * zone read is the one holding the record (a concurrent move fails the write).
 */
function unchangedSince(read: Item) {
  const version = versionOf(read);
  return version === 0
    ? { ConditionExpression: 'attribute_exists(pk) AND attribute_not_exists(#version)', ExpressionAttributeNames: { '#version': 'version' } }
    : { ConditionExpression: '#version = :version', ExpressionAttributeNames: { '#version': 'version' }, ExpressionAttributeValues: { ':version': version } };
}

/**
 * The zone item written whole, one serial further, if its serial is still the
 * one read (or it still does not exist). The item is never deleted, even when
 * its last record goes, so that the serial only ever grows.
 */
function zonePut(teamId: number, read: ZoneState, records: ZoneRecords, by: string, now: string): Write {
  const first = read.serial === undefined;
  return {
    Put: {
      TableName: tableName(),
      Item: { ...keys.teamZone(teamId), team: teamId, serial: (read.serial ?? 0) + 1, records, updated_by: by, updated_at: now },
      ConditionExpression: first ? 'attribute_not_exists(pk)' : '#serial = :serial',
      ...(first ? {} : { ExpressionAttributeNames: { '#serial': 'serial' }, ExpressionAttributeValues: { ':serial': read.serial } }),
    },
  };
}

async function transact(writes: Write[]): Promise<void> {
  await db().send(new TransactWriteCommand({ TransactItems: writes }));
}

/**
 * Runs a read-check-write attempt until it is not beaten to a zone by another
 * writer: a lost race leaves no trace (the transaction wrote nothing), so the
 * attempt simply starts over from fresh reads. `busy` only if it cannot win
 * within the function's time: a write does not fail for contention.
 */
async function optimistically(attempt: () => Promise<DnsWriteResult>): Promise<DnsWriteResult> {
  const deadline = retryDeadline();
  for (let n = 0; n === 0 || Date.now() < deadline; n++) {
    if (n > 0) await backoff(n);
    try {
      return await attempt();
    } catch (error) {
      if (!lostRace(error)) throw error;
    }
  }
  return { kind: 'busy' };
}

function lostRace(error: unknown): boolean {
  return (
    error instanceof TransactionCanceledException &&
    (error.CancellationReasons ?? []).some((r) => r.Code === 'ConditionalCheckFailed' || r.Code === 'TransactionConflict')
  );
}

function recordData(input: DnsRecordInput): DnsRecordData {
  return { name: input.name, type: input.type, value: input.value };
}

function sameData(a: DnsRecordData, b: DnsRecordData): boolean {
  return a.name === b.name && a.type === b.type && a.value === b.value;
}

function without(records: ZoneRecords, id: number): ZoneRecords {
  const { [String(id)]: _removed, ...rest } = records;
  return rest;
}

function zoneRecordList(teamId: number, records: ZoneRecords): DnsRecord[] {
  return Object.entries(records)
    .map(([id, data]) => dnsRecordFields({ id: Number(id), ...data, team: teamId }))
    .sort((a, b) => a.id - b.id);
}

function toRecord(item: Item): DnsRecord {
  return dnsRecordFields(item as unknown as DnsRecord);
}
