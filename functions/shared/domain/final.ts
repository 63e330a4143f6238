import type { SettingsFields } from '#shared/domain/settings';

/** The mark `npm run scoring -- finalise` leaves on the settings item: the results are locked from then on. */
export interface FinalMark {
  at: string;
  by: string;
}

/**
 * Settings a finalised competition may still change: they move no score and
 * no rank. Every other field — the scoring window, scoring on/off, the grace
 * period, the divisions and any scoring rule added later — is locked, so a
 * new field is locked unless it is added here.
 */
const CHANGEABLE_AFTER_FINAL: ReadonlySet<string> = new Set([
  'competition_name',
  'dns_ttl',
  'dns_nameservers',
  'dns_hostmaster',
  'dns_address_template',
  'round_seconds',
  // Lifting the freeze after the end shows everyone the final standings.
  'scoreboard_freeze_time',
  // When members read their debriefs: releasing them is what a finalised event is for.
  'debriefs_shown',
]);

/** The locked fields a change would alter (none: it may be saved after finalising). */
export function lockedFieldsChanged(before: SettingsFields, after: SettingsFields): string[] {
  const names = new Set([...Object.keys(before), ...Object.keys(after)]);
  return [...names]
    .filter((name) => !CHANGEABLE_AFTER_FINAL.has(name))
    .filter((name) => JSON.stringify(before[name as keyof SettingsFields] ?? null) !== JSON.stringify(after[name as keyof SettingsFields] ?? null))
    .sort();
}

/** Whether the competition may be finalised now: after its end plus the grace for late results, unless forced. */
export function finaliseRefusal(settings: SettingsFields, now: Date): string | undefined {
  if (!settings.end_time) return 'The settings have no end_time, so the competition has no end to finalise after.';
  const closes = Date.parse(settings.end_time) + settings.late_result_grace_seconds * 1000;
  if (now.getTime() < closes) {
    return `Results may still arrive until ${new Date(closes).toISOString()} (end_time ${settings.end_time} plus late_result_grace_seconds ${settings.late_result_grace_seconds}).`;
  }
  return undefined;
}
