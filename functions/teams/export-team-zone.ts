import { teamsRoutes } from '#shared/api/routes/teams';
import { getTeamZone } from '#shared/data/dns';
import { getSettings } from '#shared/data/settings';
import { getTeamRecord } from '#shared/data/teams';
import { renderZone, ZONE_CONTENT_TYPE, zoneSerial } from '#shared/domain/zone';
import { endpoint } from '#shared/http/endpoint';
import { canSee } from '#shared/http/principal';
import { notFound } from '#shared/http/problem';
import { textResult } from '#shared/http/responses';

/** The team's BIND zone file. Settings are read consistently: a TTL or name server change shows at once. */
export const handler = endpoint(teamsRoutes.ExportTeamZone, {}, async ({ id, principal }) => {
  const [team, zone, settings] = await Promise.all([getTeamRecord(id), getTeamZone(id), getSettings({ consistent: true })]);
  if (!team || !canSee(principal, team)) throw notFound(`No team has id ${id}.`);
  if (!settings) throw new Error('No settings are stored; a competition load writes them.');
  const serial = zoneSerial(zone.serial, settings.version);
  return textResult(ZONE_CONTENT_TYPE, renderZone({ team: team.team, records: zone.records, serial, settings: settings.settings }));
});
