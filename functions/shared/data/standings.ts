import type { SuperType, TeamRecord } from '#shared/domain/model';
import { DEFAULT_SETTINGS, type SettingsFields } from '#shared/domain/settings';
import { getSettings } from '#shared/data/settings';
import { listSuperTypes, listTeamRecords } from '#shared/data/teams';

/** What ranking needs: every team's running totals, the super types and the settings. */
export interface StandingsInputs {
  settings: SettingsFields;
  segregate: boolean;
  teams: TeamRecord[];
  superTypes: SuperType[];
}

/**
 * The scoreboard's reads: one Query on the teams partition and one BatchGetItem of their totals, one Query on the super
 * types, one GetItem of the settings — however many scans were recorded.
 */
export async function readStandingsInputs(options: { consistent?: boolean } = {}): Promise<StandingsInputs> {
  const [current, teams, superTypes] = await Promise.all([getSettings(options), listTeamRecords(options), listSuperTypes()]);
  const settings = current?.settings ?? DEFAULT_SETTINGS;
  return { settings, segregate: settings.guest_division_enabled, teams, superTypes };
}
