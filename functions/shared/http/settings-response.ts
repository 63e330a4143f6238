import { changeSettings, type VersionedSettings } from '../data/settings';
import { SETTINGS_ID, settingsETag, versionFromIfMatch, type SettingsFields } from '../domain/settings';
import type { Parsed } from '../validation';
import type { ApiRequest } from './endpoint';
import { principalName } from './principal';
import { badRequest, notFound, preconditionFailed, validationFailed } from './problem';
import { ok, type ApiResult } from './responses';

/** The settings object with its version as the ETag (what If-Match must name). */
export function settingsResult({ settings, version }: VersionedSettings): ApiResult {
  return ok(settings, { etag: settingsETag(version) });
}

export function assertSettingsId(id: number): void {
  if (id !== SETTINGS_ID) throw notFound(`There is one settings object, with id ${SETTINGS_ID}.`);
}

/** PUT and PATCH: honour If-Match, apply the change, answer with the new settings or the problem. */
export async function saveSettingsChange(
  request: ApiRequest<unknown, unknown>,
  change: (current: SettingsFields) => Parsed<SettingsFields>,
): Promise<ApiResult> {
  assertSettingsId(request.id);
  const ifMatch = versionFromIfMatch(request.headers['if-match']);
  if (ifMatch === 'unparseable') throw badRequest('bad_if_match', 'If-Match must be an ETag returned by GET /api/v1/settings/1.');
  const result = await changeSettings(change, { ifMatch, updatedBy: principalName(request.principal) });
  switch (result.kind) {
    case 'missing':
      throw notFound('No competition is loaded, so there are no settings yet.');
    case 'stale':
      throw preconditionFailed(`The settings changed since you read them; the current ETag is ${settingsETag(result.current)}.`);
    case 'invalid':
      throw validationFailed(result.errors);
    case 'saved':
      request.log.info('settings changed', { by: principalName(request.principal), version: result.value.version });
      return settingsResult(result.value);
  }
}
