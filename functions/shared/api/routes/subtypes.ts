import * as v from 'valibot';
import { EditableSubtypeSchema, SubtypeSchema } from '#shared/api/schemas/responses/services';
import { SubtypeUpdateBody } from '#shared/api/schemas/requests/live-edits';
import { route, json, list, none, FINAL } from '#shared/api/route';
import { CheckDefinitionSchema } from '#shared/domain/checks';
import { NewSubtypeSchema } from '#shared/domain/competition';

/** Subtypes: the kinds of check, with their parameters. */
export const subtypesRoutes = {
  ListSubtypes: route('ListSubtypes', 'GET', '/subtypes', 'subtypes/list-subtypes', 'admin-service-or-agent', 'read', {
    summary: 'List subtypes (kinds of check) with their check parameters',
    responses: { 200: list('Every subtype, by id.', SubtypeSchema) },
  }),
  CreateSubtype: route('CreateSubtype', 'POST', '/subtypes', 'subtypes/create-subtype', 'admin', 'read-write', {
    summary: 'Add a subtype (a kind of check) during the event: its services are added after it (POST /services)',
    body: v.pipe(
      NewSubtypeSchema,
      v.description(
        "As a competition file gives a subtype, without accounts (each service gets its own): `id` (or the next free one), `name` (new), `super_type_id`, `max_score`, SLA rules, and `check` with that kind's parameters.",
      ),
    ),
    idempotent: true,
    responses: { 201: { ...json('The subtype as it is now, and its ETag.', EditableSubtypeSchema), etag: true } },
    problems: { 409: [FINAL], 503: ['subtype_busy'] },
  }),
  RetireSubtype: route('RetireSubtype', 'DELETE', '/subtypes/{id}', 'subtypes/retire-subtype', 'admin', 'read-write', {
    summary: 'Retire a subtype that no service has and no mailbox check reads the mail of (one with services stays: their results keep it)',
    ifMatch: true,
    responses: { 204: none },
    problems: { 409: ['subtype_in_use'], 503: ['subtype_busy'] },
  }),
  GetSubtype: route('GetSubtype', 'GET', '/subtypes/{id}', 'subtypes/get-subtype', 'admin', 'read', {
    summary: 'One subtype as organisers edit it, with the ETag a live edit names',
    responses: { 200: json('The subtype, its check definition and its version.', EditableSubtypeSchema) },
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
    responses: { 200: { ...json('The subtype as it now is, and its new ETag.', EditableSubtypeSchema), etag: true } },
    problems: { 409: ['command_in_cloud'], 503: ['subtype_busy'] },
  }),
  UpdateSubtype: route('UpdateSubtype', 'PATCH', '/subtypes/{id}', 'subtypes/update-subtype', 'admin', 'read-write', {
    summary:
      'Rename a subtype or change its points during the event: every service of it follows (one with points of its own keeps them), each edited in turn, the subtype last, so the same request again finishes one stopped midway',
    body: SubtypeUpdateBody,
    ifMatch: true,
    responses: { 200: { ...json('The subtype as it now is, and its new ETag.', EditableSubtypeSchema), etag: true } },
    problems: { 409: ['subtype_in_use'], 503: ['subtype_busy'] },
  }),
} as const;
