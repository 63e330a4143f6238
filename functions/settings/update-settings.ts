import { settingsRoutes } from '#shared/api/routes/settings';
import { applySettingsPatch } from '#shared/domain/settings';
import { endpoint } from '#shared/http/endpoint';
import { isSettingsId, saveSettingsChange } from '#shared/app/settings';

export const handler = endpoint(settingsRoutes.UpdateSettings, { validId: isSettingsId }, async (request) =>
  saveSettingsChange(request, 'settings.update', (current) => applySettingsPatch(current, request.body)),
);
