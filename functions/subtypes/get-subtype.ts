import { subtypesRoutes } from '#shared/api/routes/subtypes';
import { readSubtype } from '#shared/data/subtypes';
import { endpoint } from '#shared/http/endpoint';
import { notFound } from '#shared/http/problem';
import { ok } from '#shared/http/responses';

/** One subtype as organisers edit it; its ETag is what a live edit's If-Match names. */
export const handler = endpoint(subtypesRoutes.GetSubtype, {}, async ({ id }) => {
  const found = await readSubtype(id);
  if (!found) throw notFound(`No subtype has id ${id}.`);
  return ok(found);
});
