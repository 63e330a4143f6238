import { replaceContent } from '../dom';
import type { ConsoleContext } from './context';
import { explain } from './explain';
import { fieldsForm } from './fields';

/**
 * The settings, the whole form: one field per setting, as the API holds it
 * (an empty text is "none" where the setting had none). Saved whole (PUT)
 * with the ETag it was opened with; each field the API refuses gets its
 * reason beside it.
 */
export async function openSettings({ api, editor, say }: ConsoleContext): Promise<void> {
  let opened;
  try {
    opened = await api.settings();
  } catch (error) {
    return say(explain(error));
  }
  const { id: _id, ...fields } = opened.data as Record<string, unknown>;
  const form = fieldsForm(
    'setting',
    'Settings',
    Object.entries(fields).map(([name, value]) => ({ name, label: name, value })),
    'Save the settings',
    (values) => {
      api
        .replaceSettings(opened.etag, values)
        .then(() => {
          replaceContent(editor);
          say('Settings saved.');
        })
        .catch((error: unknown) => form.refuse(error, say));
    },
  );
  replaceContent(editor, form.form);
}
