import type { Role } from '#shared/domain/roles';
import type { SettingsFields } from '#shared/domain/settings';

/** Whether a caller of a team route gets the checks' full reasons: organisers always, a team's members while the setting allows. */
export function seesCheckDetails(role: Role | undefined, settings: Pick<SettingsFields, 'teams_see_check_details'>): boolean {
  return role === 'admin' || (role === 'team' && settings.teams_see_check_details);
}
