import { injectsRoutes } from '#shared/api/routes/injects';
import { injectGrades } from '#shared/app/injects';
import { readInject } from '#shared/data/injects';
import { endpoint } from '#shared/http/endpoint';
import { notFound } from '#shared/http/problem';
import { ok } from '#shared/http/responses';

/** Every team's grades of an inject, regrades and the grades they replaced. */
export const handler = endpoint(injectsRoutes.ListInjectGrades, {}, async ({ id }) => {
  if (!(await readInject(id))) throw notFound(`No inject has id ${id}.`);
  return ok(await injectGrades(id));
});
