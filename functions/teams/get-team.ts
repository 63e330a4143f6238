import { teamsRoutes } from '#shared/api/routes/teams';
import { getTeamRecord } from '#shared/data/teams';
import { endpoint } from '#shared/http/endpoint';
import { canSee } from '#shared/http/principal';
import { notFound } from '#shared/http/problem';
import { ok } from '#shared/http/responses';

export const handler = endpoint(teamsRoutes.GetTeam, {}, async ({ id, principal }) => {
  const record = await getTeamRecord(id);
  if (!record || !canSee(principal, record)) throw notFound(`No team has id ${id}.`);
  return ok(record.team);
});
