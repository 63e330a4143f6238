import { settingsRoutes } from '#shared/api/routes/settings';
import { endpoint } from '#shared/http/endpoint';
import { isSettingsId, saveSettingsChange } from '#shared/app/settings';

export const handler = endpoint(settingsRoutes.ReplaceSettings, { validId: isSettingsId }, async (request) => {
  const { id: _readOnly, ...replacement } = request.body;
  return saveSettingsChange(request, 'settings.replace', () => ({ ok: true, value: replacement }));
});
