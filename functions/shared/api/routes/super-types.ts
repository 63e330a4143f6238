import { SuperTypeCreateBody, SuperTypeUpdateBody } from '#shared/api/schemas/requests/live-edits';
import { EditableSuperTypeSchema } from '#shared/api/schemas/responses/services';
import { route, json, list, none, FINAL } from '#shared/api/route';

/** Super types: where subtypes and adjustments put their points (a column of every scorecard). */
export const superTypesRoutes = {
  ListSuperTypes: route('ListSuperTypes', 'GET', '/super-types', 'super-types/list-super-types', 'admin', 'read', {
    summary: 'List super types, with the version a live edit names',
    responses: { 200: list('Every super type, by id.', EditableSuperTypeSchema) },
  }),
  CreateSuperType: route('CreateSuperType', 'POST', '/super-types', 'super-types/create-super-type', 'admin', 'read-write', {
    summary: 'Add a super type during the event: a new column of every scorecard',
    body: SuperTypeCreateBody,
    idempotent: true,
    responses: { 201: { ...json('The super type, and its ETag.', EditableSuperTypeSchema), etag: true } },
    problems: { 409: [FINAL], 503: ['super_type_busy'] },
  }),
  GetSuperType: route('GetSuperType', 'GET', '/super-types/{id}', 'super-types/get-super-type', 'admin', 'read', {
    summary: 'One super type, with the ETag a live edit names',
    responses: { 200: json('The super type and its version.', EditableSuperTypeSchema) },
  }),
  UpdateSuperType: route('UpdateSuperType', 'PATCH', '/super-types/{id}', 'super-types/update-super-type', 'admin', 'read-write', {
    summary: 'Rename a super type during the event: every scorecard shows the new name at once',
    body: SuperTypeUpdateBody,
    ifMatch: true,
    responses: { 200: { ...json('The super type as it now is, and its new ETag.', EditableSuperTypeSchema), etag: true } },
    problems: { 503: ['super_type_busy'] },
  }),
  RetireSuperType: route('RetireSuperType', 'DELETE', '/super-types/{id}', 'super-types/retire-super-type', 'admin', 'read-write', {
    summary: 'Retire a super type no subtype has and no team has points in',
    ifMatch: true,
    responses: { 204: none },
    problems: { 409: ['super_type_in_use'], 503: ['super_type_busy'] },
  }),
} as const;
