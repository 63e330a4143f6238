import { teamsRoutes } from '#shared/api/routes/teams';
import { readTeamProfile } from '#shared/data/teams';
import { endpoint } from '#shared/http/endpoint';
import { notFound } from '#shared/http/problem';
import { ok } from '#shared/http/responses';

/** A team as an organiser edits it; its ETag is what a live edit's If-Match names. */
export const handler = endpoint(teamsRoutes.GetTeamProfile, {}, async ({ id }) => {
  const profile = await readTeamProfile(id);
  if (!profile) throw notFound(`No team has id ${id}.`);
  return ok(profile);
});
