import { settingsRoutes } from '#shared/api/routes/settings';
import { getSettings } from '#shared/data/settings';
import { endpoint } from '#shared/http/endpoint';
import { ok } from '#shared/http/responses';

export const handler = endpoint(settingsRoutes.ListSettings, {}, async () => {
  const current = await getSettings();
  return ok(current ? [current.settings] : []);
});
