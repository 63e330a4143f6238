import { TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import { GetCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { auditPut, type AuditContext } from '#shared/data/audit';
import { accountsItem } from '#shared/data/account-secrets';
import { serviceAccounts, type CheckAccount } from '#shared/domain/accounts';
import { notFinal } from '#shared/data/settings';
import { filePlacement, type Competition } from '#shared/domain/competition';
import { RESOLUTIONS_SECONDS } from '#shared/domain/history';
import type { Team, TeamRecord } from '#shared/domain/model';
import { db, tableName } from '#shared/data/client';
import { subtypeSla } from '#shared/data/subtypes';
import { allocateIds } from '#shared/data/counters';
import { historyKeys, keys, PARTITION, standingsPartitions, statusPartitions, type Key } from '#shared/data/keys';
import { statusCellsItem, statusLoadedItem } from '#shared/data/status-cells';
import { standingsItem } from '#shared/data/standings';
import { findingKindsItem } from '#shared/data/findings';
import { backoff, batchWrite, queryPartition } from '#shared/data/operations';
import { getSettings, saveSettings } from '#shared/data/settings';

export class CompetitionExistsError extends Error {
  constructor(readonly loadedAt: string) {
    super(`A competition was already loaded at ${loadedAt}; pass --replace to replace it.`);
  }
}

/** The loaded competition was finalised: replacing it needs an explicit override. */
export class CompetitionFinalError extends Error {
  constructor() {
    super('The loaded competition is finalised (its results are locked); pass --override-final as well to replace it anyway.');
  }
}

export interface LoadProgress {
  phase: 'deleting' | 'writing';
  done: number;
  total: number;
}

export interface LoadSummary {
  teams: number;
  services: number;
  superTypes: number;
  subtypes: number;
}

export async function competitionLoadedAt(): Promise<string | undefined> {
  const result = await db().send(new GetCommand({ TableName: tableName(), Key: keys.competition(), ConsistentRead: true }));
  return result.Item?.loaded_at as string | undefined;
}

/**
 * Writes a validated competition. Refuses when one is loaded unless `replace`,
 * which first removes the old teams, services, scans, DNS records and
 * adjustments. Id counters and tokens survive a replace: ids are never reused.
 */
export async function loadCompetition(
  competition: Competition,
  options: {
    replace: boolean;
    loadedBy: string;
    /** Who loads it, for the audit trail: the load's entry is written with its claim, the settings' with them. */
    audit: AuditContext;
    /** Replace a finalised competition too. */
    overrideFinal?: boolean;
    onProgress?: (progress: LoadProgress) => void;
  },
): Promise<LoadSummary> {
  const loadedAt = new Date().toISOString();
  const summary = {
    teams: competition.teams.length,
    services: competition.teams.reduce((n, t) => n + t.services.length, 0),
    superTypes: competition.super_types.length,
    subtypes: competition.subtypes.length,
  };
  const claimed = await claim(loadedAt, options, { competition_name: competition.settings.competition_name, ...summary });
  if (claimed.kind === 'final') throw new CompetitionFinalError();
  if (claimed.kind === 'exists') throw new CompetitionExistsError(claimed.loadedAt);
  const zoneSerials = options.replace ? await deleteCompetitionData(options.onProgress) : new Map<string, number>();

  const items = await buildItems(competition, options.loadedBy, zoneSerials, Date.now());
  await batchWrite(
    items.map((Item) => ({ PutRequest: { Item } })),
    (done) => options.onProgress?.({ phase: 'writing', done, total: items.length }),
  );
  // Last, once every cell is in: a status view made from before this moment answers a later delta in full.
  await batchWrite([{ PutRequest: { Item: statusLoadedItem(Date.now()) } }]);
  await replaceSettings(competition.settings, options.audit);
  return summary;
}

/**
 * Claims the load: the competition item, the load's audit entry and (unless
 * overridden) the check that the loaded competition is not finalised, in one
 * transaction. The entry records the start of the load; the data follows.
 */
async function claim(
  loadedAt: string,
  options: { replace: boolean; loadedBy: string; audit: AuditContext; overrideFinal?: boolean },
  loaded: Record<string, unknown>,
) {
  const previous = options.replace
    ? (await db().send(new GetCommand({ TableName: tableName(), Key: keys.competition(), ConsistentRead: true }))).Item
    : undefined;
  const guard = options.overrideFinal ? [] : [notFinal()];
  try {
    await db().send(
      new TransactWriteCommand({
        TransactItems: [
          {
            Put: {
              TableName: tableName(),
              Item: { ...keys.competition(), loaded_at: loadedAt, loaded_by: options.loadedBy },
              ConditionExpression: options.replace ? undefined : 'attribute_not_exists(pk)',
            },
          },
          ...guard,
          auditPut(options.audit, {
            action: options.replace ? 'competition.replace' : 'competition.load',
            target: 'competition',
            before: previous ? { loaded_at: previous.loaded_at, loaded_by: previous.loaded_by } : null,
            after: { loaded_at: loadedAt, ...loaded, ...(options.overrideFinal ? { override_final: true } : {}) },
          }),
        ],
      }),
    );
    return { kind: 'claimed' as const };
  } catch (error) {
    const reasons = error instanceof TransactionCanceledException ? (error.CancellationReasons ?? []).map((r) => r.Code) : [];
    if (guard.length > 0 && reasons[1] === 'ConditionalCheckFailed') return { kind: 'final' as const };
    if (reasons[0] !== 'ConditionalCheckFailed') throw error;
    return { kind: 'exists' as const, loadedAt: (await competitionLoadedAt()) ?? 'an unknown time' };
  }
}

/** Services whose accounts are sealed at once during a load. */
const SEALING_CONCURRENCY = 20;

async function buildItems(competition: Competition, loadedBy: string, zoneSerials: Map<string, number>, loadedAtMs: number) {
  const serviceCount = competition.teams.reduce((n, t) => n + t.services.length, 0);
  const teamIds = competition.teams.length > 0 ? await allocateIds('team', competition.teams.length) : [];
  const serviceIds = serviceCount > 0 ? await allocateIds('service', serviceCount) : [];
  const subtypes = new Map(competition.subtypes.map((s) => [s.id, s]));

  const items: Record<string, unknown>[] = [
    ...competition.super_types.map((s) => ({ ...keys.superType(s.id), ...s })),
    // A subtype's accounts are never stored with it (GET /subtypes serves it): each service's are sealed apart.
    // Its pool is the pools item's to hold.
    ...competition.subtypes.map(({ accounts: _secrets, pool: _pool, ...s }) => ({ ...keys.subtype(s.id), ...s })),
  ];

  let nextService = 0;
  const sealing: { id: number; accounts: CheckAccount[] }[] = [];
  competition.teams.forEach((entry, index) => {
    const team: Team = {
      id: teamIds[index]!,
      number: entry.number,
      name: entry.name,
      logo: entry.logo,
      team_url: entry.team_url,
      guest_division: entry.guest_division,
    };
    // The profile only: the team's totals are its own TOTALS item, folded from the stream.
    const profile: Omit<TeamRecord, 'totals'> = { team, hidden: entry.hidden, services_total: entry.services.length };
    items.push({ ...keys.team(team.id), ...profile, networks: entry.networks }, standingsItem(profile));
    // A zone that existed before a replace keeps its serial (the settings
    // version, also part of the SOA serial, goes up by one), so secondaries
    // never see the serial of a team's zone go down.
    const serial = zoneSerials.get(team.team_url);
    if (serial !== undefined) {
      items.push({ ...keys.teamZone(team.id), team: team.id, serial, records: {}, updated_by: loadedBy, updated_at: new Date().toISOString() });
    }
    const cellServices: { id: number; subtype_id: number }[] = [];
    for (const s of entry.services) {
      const subtype = subtypes.get(s.subtype_id)!;
      const id = serviceIds[nextService++]!;
      // The static definition only (never rewritten by a scan): its state is the service's STATE item.
      const definition = {
        service: { id, subtype: subtype.name, subtype_id: subtype.id, team, url: s.url, port: s.port, max_score: s.max_score ?? subtype.max_score },
        hidden: entry.hidden,
        super_type_id: subtype.super_type_id,
        ...subtypeSla(subtype),
      };
      items.push({ ...keys.service(id), ...keys.serviceIndexes(id, team.number, subtype.id), ...definition });
      const accounts = serviceAccounts(s.accounts, subtype.accounts);
      if (accounts.length > 0) sealing.push({ id, accounts });
      cellServices.push({ id, subtype_id: subtype.id });
    }
    items.push(statusCellsItem({ id: team.id, hidden: entry.hidden }, cellServices, loadedAtMs));
  });
  // The pools the file places checks in: written only when it names any (else every service is cloud's, as without the item).
  const { pools } = filePlacement(competition, teamIds, serviceIds);
  if (competition.pools !== undefined || pools.some((p) => p.subtypes.length + p.teams.length + p.services.length > 0)) {
    items.push({ ...keys.pools(), pools, version: 1, updated_at: new Date().toISOString() });
  }
  if (competition.finding_kinds !== undefined) items.push(findingKindsItem(competition.finding_kinds));
  // A data key per service (KMS in AWS): a few at a time, well inside KMS's request quota.
  for (let i = 0; i < sealing.length; i += SEALING_CONCURRENCY) {
    items.push(...(await Promise.all(sealing.slice(i, i + SEALING_CONCURRENCY).map(({ id, accounts }) => accountsItem(id, accounts)))));
  }
  return items;
}

/**
 * Removes a loaded competition's data by walking its known partitions (no
 * table Scan). Returns each zone's serial by team URL, to carry forward.
 */
async function deleteCompetitionData(onProgress?: (progress: LoadProgress) => void): Promise<Map<string, number>> {
  // The score history's lines belong to the old teams (whose ids are not reused).
  const partitions: string[] = [
    PARTITION.superTypes,
    PARTITION.subtypes,
    PARTITION.dns,
    PARTITION.accounts,
    PARTITION.serviceChecks,
    PARTITION.injects,
    PARTITION.incidents,
    PARTITION.findings,
    PARTITION.announcements,
    // Sign-in accounts and sessions are bound to the old teams.
    PARTITION.teamAccounts,
    PARTITION.teamClaims,
    PARTITION.pools,
    ...standingsPartitions(),
    ...statusPartitions(),
    ...RESOLUTIONS_SECONDS.map(historyKeys.partition),
  ];
  const teams = await queryPartition(PARTITION.teams, { consistent: true });
  const services = await queryPartition(PARTITION.services, { consistent: true });
  partitions.push(
    ...teams.map((t) => keys.teamPartition((t.team as Team).id)),
    ...teams.map((t) => keys.sessionsOf((t.team as Team).id)),
    ...teams.map((t) => keys.debriefPartition((t.team as Team).id)),
    // The red team's accounts go with the teams' (PARTITION.teamAccounts): their sessions with them.
    keys.sessionsOf('red'),
    ...teams.map((t) => keys.teamPasswordChanges((t.team as Team).id)),
    ...services.map((s) => keys.servicePartition((s.service as { id: number }).id)),
  );
  // The injects' schedule lives beside the settings, whose partition a load keeps.
  // So does the table of finding kinds: a file without one leaves none (the red team's findings went with the teams).
  const doomed: Key[] = [...[...teams, ...services].map((item) => ({ pk: String(item.pk), sk: String(item.sk) })), keys.injectSchedule(), keys.findingKinds()];
  const zoneSerials = new Map<string, number>();
  const urlOfTeam = new Map(teams.map((t) => [keys.teamPartition((t.team as Team).id), (t.team as Team).team_url]));
  for (const pk of partitions) {
    const items = await queryPartition(pk, { consistent: true });
    doomed.push(...items.map((item) => ({ pk: String(item.pk), sk: String(item.sk) })));
    const zone = items.find((item) => item.sk === keys.teamZoneSortKey());
    if (zone && urlOfTeam.has(pk)) zoneSerials.set(urlOfTeam.get(pk)!, Number(zone.serial));
  }
  await batchWrite(
    doomed.map((Key) => ({ DeleteRequest: { Key } })),
    (done) => onProgress?.({ phase: 'deleting', done, total: doomed.length }),
  );
  return zoneSerials;
}

/**
 * The file's settings, written like any settings change: conditioned on the
 * version read, so a concurrent PATCH is never overwritten under the same
 * version (and ETag). The version only grows, also across a replace.
 */
async function replaceSettings(settings: Competition['settings'], audit: AuditContext): Promise<void> {
  for (let attempt = 0; ; attempt++) {
    const current = await getSettings({ consistent: true });
    // A new competition starts unlocked: the finalise mark is not carried over.
    const previous = current && { version: current.version, settings: current.settings };
    if ((await saveSettings(settings, previous, { ...audit, action: 'settings.replace' })) !== 'stale') return;
    if (attempt >= 5) throw new Error('The settings kept changing while the competition was loaded; load it again.');
    await backoff(attempt);
  }
}
