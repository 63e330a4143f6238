import { expect } from 'vitest';
import { forgetFreshCopies } from '#shared/data/fresh';
import { getSettings, saveSettings } from '#shared/data/settings';
import { TEST_AUDIT } from './database';

/**
 * Takes the finalise mark off the settings again, as a competition load
 * writes them (the API has no way back): for a test that finalises the
 * competition and shares its table with tests that still write scores.
 */
export async function unfinalise(): Promise<void> {
  const current = (await getSettings({ consistent: true }))!;
  const { id: _id, ...fields } = current.settings;
  const { final: _final, ...unmarked } = current;
  expect(await saveSettings(fields, unmarked, { ...TEST_AUDIT, action: 'settings.update' })).not.toBe('stale');
  forgetFreshCopies();
}
