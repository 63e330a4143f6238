import { applySettingsPatch } from '#shared/domain/settings';
import { endpoint } from '#shared/http/endpoint';
import { isSettingsId, saveSettingsChange } from '#shared/app/settings';

export const handler = endpoint('UpdateSettings', { validId: isSettingsId }, async (request) =>
  saveSettingsChange(request, 'settings.update', (current) => applySettingsPatch(current, request.body)),
);
