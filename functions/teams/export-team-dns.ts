import { teamsRoutes } from '#shared/api/routes/teams';
import { getTeamZone } from '#shared/data/dns';
import { getTeamRecord } from '#shared/data/teams';
import { endpoint } from '#shared/http/endpoint';
import { canSee } from '#shared/http/principal';
import { notFound } from '#shared/http/problem';
import { ok } from '#shared/http/responses';

/** The team's DNS records as JSON, in id order: the same records as its zone file. */
export const handler = endpoint(teamsRoutes.ExportTeamDns, {}, async ({ id, principal }) => {
  const [team, zone] = await Promise.all([getTeamRecord(id), getTeamZone(id)]);
  if (!team || !canSee(principal, team)) throw notFound(`No team has id ${id}.`);
  return ok(zone.records);
});
