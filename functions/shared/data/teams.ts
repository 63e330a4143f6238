/**
 * Team profiles (`TEAMS / TEAM#<id>`, static once loaded) and the super types,
 * read with each team's totals (data/totals.ts) as the standings need them.
 */
import { teamFields, type SuperType, type Team, type TeamRecord } from '#shared/domain/model';
import { keys, PARTITION } from '#shared/data/keys';
import { batchGet, queryPartition, withoutKeys } from '#shared/data/operations';
import { readTotalsItems, toTeamTotals } from '#shared/data/totals';
import { getSettings } from '#shared/data/settings';
import { DEFAULT_SETTINGS, type SettingsFields } from '#shared/domain/settings';

/** A team's profile as stored at load (static); its totals live in its own partition. */
interface StoredTeam {
  team: Team;
  hidden: boolean;
  services_total: number;
}

/**
 * Every team with its totals, in id order: one Query on the teams partition
 * (static profiles) and one BatchGetItem of every team's TOTALS item.
 */
export async function listTeamRecords(options: { consistent?: boolean; totals?: boolean } = {}): Promise<TeamRecord[]> {
  const items = await queryPartition(PARTITION.teams, { consistent: options.consistent });
  const teams = items.map((item) => withoutKeys<StoredTeam>(item));
  // The team list shows profiles only: it need not pay a read per team for totals.
  const totals =
    options.totals === false
      ? new Map<number, Record<string, unknown>>()
      : await readTotalsItems(
          teams.map((t) => t.team.id),
          options,
        );
  return teams.map((t) => toTeamRecord(t, totals.get(t.team.id)));
}

/** One team and its totals, in one BatchGetItem. */
export async function getTeamRecord(id: number, options: { consistent?: boolean } = {}): Promise<TeamRecord | undefined> {
  const items = await batchGet([keys.team(id), keys.teamTotals(id)], options);
  const profile = items.find((item) => item.pk === PARTITION.teams);
  const totals = items.find((item) => item.pk !== PARTITION.teams);
  return profile ? toTeamRecord(withoutKeys<StoredTeam>(profile), totals) : undefined;
}

export async function listSuperTypes(): Promise<SuperType[]> {
  const items = await queryPartition(PARTITION.superTypes);
  return items.map((item) => withoutKeys<SuperType>(item));
}

function toTeamRecord(stored: StoredTeam, totals: Record<string, unknown> | undefined): TeamRecord {
  return {
    team: teamFields(stored.team),
    hidden: stored.hidden,
    services_total: stored.services_total,
    totals: toTeamTotals(totals, stored.services_total),
  };
}

/**
 * The standings from every team's TOTALS, read consistently: what the results
 * export and `finalise` compare (the public views read the projection,
 * data/standings.ts).
 */
export async function readExactStandings(): Promise<{ settings: SettingsFields; segregate: boolean; teams: TeamRecord[]; superTypes: SuperType[] }> {
  const [current, teams, superTypes] = await Promise.all([getSettings({ consistent: true }), listTeamRecords({ consistent: true }), listSuperTypes()]);
  const settings = current?.settings ?? DEFAULT_SETTINGS;
  return { settings, segregate: settings.guest_division_enabled, teams, superTypes };
}
