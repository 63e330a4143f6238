import { settingsRoutes } from '#shared/api/routes/settings';
import { getSettings } from '#shared/data/settings';
import { endpoint } from '#shared/http/endpoint';
import { notFound } from '#shared/http/problem';
import { isSettingsId, settingsResult } from '#shared/app/settings';

export const handler = endpoint(settingsRoutes.GetSettings, { validId: isSettingsId }, async () => {
  // Strongly consistent: a client about to write needs the current ETag.
  const current = await getSettings({ consistent: true });
  if (!current) throw notFound('No competition is loaded, so there are no settings yet.');
  return settingsResult(current);
});
