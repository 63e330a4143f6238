import * as r from '#shared/api/schemas/responses';
import { route, list } from '#shared/api/route';

/** Subtypes: the kinds of check, with their parameters. */
export const subtypesRoutes = {
  ListSubtypes: route('ListSubtypes', 'GET', '/subtypes', 'subtypes/list-subtypes', 'admin-or-service', 'read', {
    summary: 'List subtypes (kinds of check) with their check parameters',
    responses: { 200: list('Every subtype, by id.', r.SubtypeSchema) },
  }),
} as const;
