import { blueTeamRoutes } from '#shared/api/routes/blue-team';
import { teamInjects } from '#shared/app/injects';
import { getTeamRecord } from '#shared/data/teams';
import { endpoint } from '#shared/http/endpoint';
import { notFound } from '#shared/http/problem';
import { ok } from '#shared/http/responses';

/** The injects a team is asked to do: published, and open. */
export const handler = endpoint(blueTeamRoutes.ListTeamInjects, {}, async ({ id }) => {
  if (!(await getTeamRecord(id))) throw notFound(`No team has id ${id}.`);
  return ok(await teamInjects());
});
