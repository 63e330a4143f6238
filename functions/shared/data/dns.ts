/**
 * DNS items. Each record is an item in the DNS partition (`DNS / DNS#<id>`:
 * list = one Query, get = one GetItem) with a version, and an entry in its
 * team's zone item (`TEAM#<id> / ZONE`), which also holds the zone's serial.
 * Here: how they read, and the transaction items a write is made of, each
 * conditioned on what was read (the record's version, the zone's serial);
 * the read-check-write of a record is the use case's (app/dns.ts).
 *
 * Reads are strongly consistent: these are low-volume admin and agent calls,
 * and a script that writes a record and reads it back must see it.
 */
import { TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import { GetCommand, TransactWriteCommand, type TransactWriteCommandInput } from '@aws-sdk/lib-dynamodb';
import { DnsRecordSchema, type DnsRecord } from '#shared/domain/dns-record';
import type { ZoneRecords } from '#shared/domain/dns';
import { db, tableName } from '#shared/data/client';
import { keys, PARTITION } from '#shared/data/keys';
import { queryPartition } from '#shared/data/operations';
import { inSchemaOrder } from '#shared/domain/shapes';

type Item = Record<string, unknown>;
export type Write = NonNullable<TransactWriteCommandInput['TransactItems']>[number];

/** A team's zone state: the serial of its records and the records themselves. */
export interface TeamZone {
  /** 0 before the team's first record was written; grows with every write. */
  serial: number;
  records: DnsRecord[];
}

/** The zone item as read: `serial` is undefined when the team has no zone item yet. */
export interface ZoneState {
  serial: number | undefined;
  records: ZoneRecords;
}

/** A record item as read: the record, and the version a write must find unchanged. */
export interface RecordItem {
  record: DnsRecord;
  version: number;
  /** What the item keeps beyond the record (who created it, when): a replacement keeps it. */
  item: Item;
}

async function getItem(key: { pk: string; sk: string }): Promise<Item | undefined> {
  const result = await db().send(new GetCommand({ TableName: tableName(), Key: key, ConsistentRead: true }));
  return result.Item;
}

/** A record's version: 1 when created, one more at every change (0: written before records had one). */
const versionOf = (item: Item) => (typeof item.version === 'number' ? item.version : 0);

/** A record with exactly the API's fields, in the API's order (stored maps lose order). */
const toRecord = (item: Item): DnsRecord => inSchemaOrder(DnsRecordSchema, item);

export async function listDnsRecords(): Promise<DnsRecord[]> {
  const items = await queryPartition(PARTITION.dns, { consistent: true });
  return items.map(toRecord);
}

export async function getDnsRecord(id: number): Promise<DnsRecord | undefined> {
  return (await readRecord(id))?.record;
}

export async function readRecord(id: number): Promise<RecordItem | undefined> {
  const item = await getItem(keys.dnsRecord(id));
  return item ? { record: toRecord(item), version: versionOf(item), item } : undefined;
}

export async function readZone(teamId: number): Promise<ZoneState> {
  const item = await getItem(keys.teamZone(teamId));
  if (!item) return { serial: undefined, records: {} };
  return { serial: Number(item.serial), records: (item.records as ZoneRecords | undefined) ?? {} };
}

/** A team's records in id order, with the serial they are at: one GetItem. */
export async function getTeamZone(teamId: number): Promise<TeamZone> {
  const zone = await readZone(teamId);
  const records = Object.entries(zone.records)
    .map(([id, data]) => toRecord({ id: Number(id), ...data, team: teamId }))
    .sort((a, b) => a.id - b.id);
  return { serial: zone.serial ?? 0, records };
}

/**
 * Condition for changing a record: it is still the version that was read.
 * This is what makes If-Match hold (the precondition was checked on that
 * read), and with the serial condition on the record's zone it proves the
 * zone read is the one holding the record (a concurrent move fails the write).
 */
function unchangedSince(read: RecordItem) {
  return read.version === 0
    ? { ConditionExpression: 'attribute_exists(pk) AND attribute_not_exists(#version)', ExpressionAttributeNames: { '#version': 'version' } }
    : {
        ConditionExpression: '#version = :version',
        ExpressionAttributeNames: { '#version': 'version' },
        ExpressionAttributeValues: { ':version': read.version },
      };
}

/** A new record item (its id never used before). */
export function recordCreate(record: DnsRecord, by: string, now: string): Write {
  return {
    Put: {
      TableName: tableName(),
      Item: { ...keys.dnsRecord(record.id), ...record, version: 1, created_by: by, created_at: now, updated_by: by, updated_at: now },
      ConditionExpression: 'attribute_not_exists(pk)',
    },
  };
}

/** The record replaced, one version further, if it is still the version read. */
export function recordReplace(read: RecordItem, record: DnsRecord, by: string, now: string): Write {
  return {
    Put: { TableName: tableName(), Item: { ...read.item, ...record, version: read.version + 1, updated_by: by, updated_at: now }, ...unchangedSince(read) },
  };
}

/** The record deleted, if it is still the version read. */
export function recordDelete(read: RecordItem): Write {
  return { Delete: { TableName: tableName(), Key: keys.dnsRecord(read.record.id), ...unchangedSince(read) } };
}

/**
 * The zone item written whole, one serial further, if its serial is still the
 * one read (or it still does not exist). The item is never deleted, even when
 * its last record goes, so that the serial only ever grows.
 */
export function zonePut(teamId: number, read: ZoneState, records: ZoneRecords, by: string, now: string): Write {
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

export async function transact(writes: Write[]): Promise<void> {
  await db().send(new TransactWriteCommand({ TransactItems: writes }));
}

/** Whether a write lost to a concurrent writer (a condition on what it read failed): nothing was written, so it may start over. */
export function lostRace(error: unknown): boolean {
  return (
    error instanceof TransactionCanceledException &&
    (error.CancellationReasons ?? []).some((r) => r.Code === 'ConditionalCheckFailed' || r.Code === 'TransactionConflict')
  );
}
