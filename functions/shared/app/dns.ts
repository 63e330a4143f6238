/**
 * DNS records, the use case: create, replace and delete a blue team's record
 * and answer each. Every write reads the record and the zone item(s) it
 * touches, checks the zone rules (domain/dns.ts), and writes the record, the
 * zone item(s) and its audit entry in one transaction conditioned on the
 * record's own version and the zone serials it read (data/dns.ts): a writer
 * that lost a race re-reads and tries again (or, with If-Match, finds the
 * record changed: 412), so concurrent writes to one zone are serialised and
 * none is lost.
 */
import { auditPut, type AuditContext } from '#shared/data/audit';
import { allocateId } from '#shared/data/counters';
import { retryDeadline } from '#shared/data/deadline';
import { lostRace, readRecord, readZone, recordCreate, recordDelete, recordReplace, transact, zonePut, type Write } from '#shared/data/dns';
import { backoff } from '#shared/data/operations';
import { getSettings } from '#shared/data/settings';
import { getTeamRecord, listTeamRecords } from '#shared/data/teams';
import { checkRecordInZone, checkRemovalFromZone, zoneContext, type DnsRecordInput, type ZoneProblem, type ZoneRecords } from '#shared/domain/dns';
import type { DnsRecord, DnsRecordData } from '#shared/domain/dns-record';
import type { TeamRecord } from '#shared/domain/model';
import { etagOf } from '#shared/http/conditional';
import { badRequest, conflict, notFound, preconditionFailed, serviceUnavailable, validationFailed } from '#shared/http/problem';
import { formatTimestamp } from '#shared/validation';

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
 * version that read saw, so a record that passed cannot change before the
 * write lands. `undefined`: no record.
 */
export type Precondition = (current: DnsRecord | undefined) => boolean;
const always: Precondition = () => true;

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
      recordCreate(record, by, now),
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
    const current = await readRecord(id);
    if (!precondition(current?.record)) return { kind: 'stale', current: current?.record };
    if (!current) return { kind: 'not_found' };
    const before = current.record;
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
      recordReplace(current, record, by, now),
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
    const current = await readRecord(id);
    if (!precondition(current?.record)) return { kind: 'stale', current: current?.record };
    if (!current) return { kind: 'not_found' };
    const record = current.record;
    const source = await teams.load(record.team);
    if (source.kind !== 'ok') throw new Error(`DNS record ${id} belongs to team ${record.team}, which does not exist.`);
    const problem = checkRemovalFromZone(id, source.zone.records, source.context);
    if (problem) return problem;
    await transact([
      recordDelete(current),
      zonePut(record.team, source.zone, without(source.zone.records, id), by, formatTimestamp(new Date())),
      auditPut(audit, { action: 'dns.delete', target: `dns/${id}`, before: record, after: null }),
    ]);
    return { kind: 'ok', record };
  });
}

/**
 * The record a write produced, or the problem that says why it did not
 * happen: the create, update and delete handlers' answer.
 */
export function written(result: DnsWriteResult, id?: number): { record: DnsRecord; previousTeam?: number } {
  switch (result.kind) {
    case 'ok':
      return result;
    case 'not_found':
      throw notFound(`No DNS record has id ${id}.`);
    case 'unknown_team': {
      const hint = result.idOfTeamNumbered === undefined ? '' : ` Team number ${result.team} has id ${result.idOfTeamNumbered}.`;
      throw badRequest('unknown_team', `No team has id ${result.team}: \`team\` is the team's id, not its number.${hint}`, [
        { path: 'team', message: "is not the id of a team (it is the team's id, not its number)" },
      ]);
    }
    case 'invalid':
      throw validationFailed(result.errors);
    case 'conflict':
      throw conflict(result.code, result.detail);
    case 'stale':
      throw preconditionFailed(
        result.current
          ? `DNS record ${id} changed since you read it; the current ETag is ${etagOf(result.current)}.`
          : `No DNS record has id ${id}, so If-Match cannot match.`,
      );
    case 'busy':
      throw serviceUnavailable('dns_zone_busy', "The team's zone is being changed by many writers at once; nothing was written. Try again.", 1);
  }
}

/**
 * Loads the team a write touches, its zone as it stands, and what the zone
 * rules need from the settings. Within one request, the team (fixed once a
 * competition is loaded) and the settings are read once; only the zone, which
 * is what concurrent writers change, is read again on each attempt.
 */
function teamLoader() {
  let settings: ReturnType<typeof getSettings> | undefined;
  const teams = new Map<number, Promise<TeamRecord | undefined>>();
  return {
    async load(teamId: number) {
      if (!teams.has(teamId)) teams.set(teamId, getTeamRecord(teamId));
      const [team, zone, current] = await Promise.all([teams.get(teamId)!, readZone(teamId), (settings ??= getSettings({ consistent: true }))]);
      if (!team) {
        const numbered = (await listTeamRecords()).find((t) => t.team.number === teamId);
        return { kind: 'unknown_team' as const, team: teamId, idOfTeamNumbered: numbered?.team.id };
      }
      const context = zoneContext(team.team.team_url, current?.settings.dns_nameservers ?? []);
      return { kind: 'ok' as const, zone, context };
    },
  };
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
