import type { SuperType, TeamRecord } from '#shared/domain/model';
import type { SettingsFields } from '#shared/domain/settings';
import { freshSettings } from '#shared/data/fresh';
import { listSuperTypes, listTeamRecords } from '#shared/data/teams';

/** What ranking needs: every team's running totals, the super types and the settings. */
export interface StandingsInputs {
  settings: SettingsFields;
  segregate: boolean;
  teams: TeamRecord[];
  superTypes: SuperType[];
}

/**
 * The scoreboard's reads: one Query on the teams partition and one
 * BatchGetItem of their totals, one Query on the super types, and the
 * settings as fresh as every scoring path reads them (data/fresh.ts) —
 * however many scans were recorded.
 */
export async function readStandingsInputs(options: { consistent?: boolean } = {}): Promise<StandingsInputs> {
  const [{ settings }, teams, superTypes] = await Promise.all([freshSettings(), listTeamRecords(options), listSuperTypes()]);
  return { settings, segregate: settings.guest_division_enabled, teams, superTypes };
}
