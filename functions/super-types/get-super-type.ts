import { superTypesRoutes } from '#shared/api/routes/super-types';
import { readSuperType } from '#shared/data/subtypes';
import { endpoint } from '#shared/http/endpoint';
import { notFound } from '#shared/http/problem';
import { ok } from '#shared/http/responses';

/** One super type with its ETag (what If-Match names to rename or retire it). */
export const handler = endpoint(superTypesRoutes.GetSuperType, {}, async ({ id }) => {
  const superType = await readSuperType(id);
  if (!superType) throw notFound(`No super type has id ${id}.`);
  return ok(superType);
});
