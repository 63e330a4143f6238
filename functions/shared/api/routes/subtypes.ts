import * as v from 'valibot';
import * as r from '#shared/api/schemas/responses';
import * as q from '#shared/api/schemas/requests';
import { route, json, list } from '#shared/api/route';
import { CheckDefinitionSchema } from '#shared/domain/checks';

/** Subtypes: the kinds of check, with their parameters. */
export const subtypesRoutes = {
  ListSubtypes: route('ListSubtypes', 'GET', '/subtypes', 'subtypes/list-subtypes', 'admin-or-service', 'read', {
    summary: 'List subtypes (kinds of check) with their check parameters',
    responses: { 200: list('Every subtype, by id.', r.SubtypeSchema) },
  }),
  GetSubtype: route('GetSubtype', 'GET', '/subtypes/{id}', 'subtypes/get-subtype', 'admin', 'read', {
    summary: 'One subtype as organisers edit it, with the ETag a live edit names',
    responses: { 200: json('The subtype, its check definition and its version.', r.EditableSubtypeSchema) },
  }),
  ReplaceSubtypeCheck: route('ReplaceSubtypeCheck', 'PUT', '/subtypes/{id}/check', 'subtypes/replace-subtype-check', 'admin', 'read-write', {
    summary: "Replace how agents check a subtype's services (its kind and parameters) during the event: from the agent's next round",
    body: v.pipe(
      CheckDefinitionSchema,
      v.description(
        "The whole check definition, as a competition file gives it: `check` (the kind) and that kind's parameters; any left out takes its default.",
      ),
    ),
    ifMatch: true,
    responses: { 200: { ...json('The subtype as it now is, and its new ETag.', r.EditableSubtypeSchema), etag: true } },
    problems: { 503: ['subtype_busy'] },
  }),
  UpdateSubtype: route('UpdateSubtype', 'PATCH', '/subtypes/{id}', 'subtypes/update-subtype', 'admin', 'read-write', {
    summary:
      'Rename a subtype or change its points during the event: every service of it follows (one with points of its own keeps them), each edited in turn, the subtype last, so the same request again finishes one stopped midway',
    body: q.SubtypeUpdateBody,
    ifMatch: true,
    responses: { 200: { ...json('The subtype as it now is, and its new ETag.', r.EditableSubtypeSchema), etag: true } },
    problems: { 409: ['subtype_in_use'], 503: ['subtype_busy'] },
  }),
} as const;
