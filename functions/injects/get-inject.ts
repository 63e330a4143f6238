import { injectsRoutes } from '#shared/api/routes/injects';
import { readInject } from '#shared/data/injects';
import { endpoint } from '#shared/http/endpoint';
import { notFound } from '#shared/http/problem';
import { ok } from '#shared/http/responses';

/** One inject; its ETag is what an edit's If-Match names. */
export const handler = endpoint(injectsRoutes.GetInject, {}, async ({ id }) => {
  const inject = await readInject(id);
  if (!inject) throw notFound(`No inject has id ${id}.`);
  return ok(inject);
});
