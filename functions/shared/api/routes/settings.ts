import { SettingsSchema } from '#shared/api/schemas/responses/settings';
import { route, json, list, FINAL } from '#shared/api/route';
import { SettingsPatchSchema, SettingsReplacementSchema } from '#shared/domain/settings';

/** The one settings object. */
export const settingsRoutes = {
  ListSettings: route('ListSettings', 'GET', '/settings', 'settings/list-settings', 'admin-or-service', 'read', {
    summary: 'The settings, as a list',
    responses: { 200: list('The one settings object, or nothing before a competition is loaded.', SettingsSchema) },
  }),
  GetSettings: route('GetSettings', 'GET', '/settings/{id}', 'settings/get-settings', 'admin-service-or-agent', 'read', {
    summary: 'The settings',
    responses: { 200: json('The settings; the ETag is what If-Match must name.', SettingsSchema) },
  }),
  ReplaceSettings: route('ReplaceSettings', 'PUT', '/settings/{id}', 'settings/replace-settings', 'admin-or-service', 'read-write', {
    summary: 'Replace the settings',
    body: SettingsReplacementSchema,
    ifMatch: true,
    responses: { 200: { ...json('The new settings and their ETag.', SettingsSchema), etag: true } },
    problems: { 409: ['nameserver_needs_address', FINAL], 503: ['settings_busy'] },
  }),
  UpdateSettings: route('UpdateSettings', 'PATCH', '/settings/{id}', 'settings/update-settings', 'admin-or-service', 'read-write', {
    summary: 'Change some settings',
    body: SettingsPatchSchema,
    ifMatch: true,
    responses: { 200: { ...json('The new settings and their ETag.', SettingsSchema), etag: true } },
    problems: { 409: ['nameserver_needs_address', FINAL], 503: ['settings_busy'] },
  }),
} as const;
