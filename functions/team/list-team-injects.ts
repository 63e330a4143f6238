import { teamRoutes } from '#shared/api/routes/team';
import { teamInjects } from '#shared/app/injects';
import { getTeamRecord } from '#shared/data/teams';
import { endpoint } from '#shared/http/endpoint';
import { notFound } from '#shared/http/problem';
import { ok } from '#shared/http/responses';

/** The injects a team is asked to do: published, and open. */
export const handler = endpoint(teamRoutes.ListTeamInjects, {}, async ({ id }) => {
  if (!(await getTeamRecord(id))) throw notFound(`No team has id ${id}.`);
  return ok(await teamInjects());
});
