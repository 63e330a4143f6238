import { teamsRoutes } from '#shared/api/routes/teams';
import { listAdjustments } from '#shared/app/adjustments';
import { endpoint } from '#shared/http/endpoint';
import { notFound } from '#shared/http/problem';
import { ok } from '#shared/http/responses';

export const handler = endpoint(teamsRoutes.ListAdjustments, {}, async ({ id }) => {
  const adjustments = await listAdjustments(id);
  if (!adjustments) throw notFound(`No team has id ${id}.`);
  return ok(adjustments);
});
