import type { AuditEntry } from '../api';
import { h, replaceContent, scrollRegion } from '../dom';
import type { AuditQuery } from './admin-api';
import type { ConsoleContext } from './context';
import { explain } from './explain';

/**
 * The audit trail, newest first, 20 entries a page, filtered by target
 * (`teams/3`, and its parts) or action (`team.update`, or a kind: `team.`).
 * Each entry's before and after are shown as JSON text, folded.
 */
export function auditTrail({ api, say }: ConsoleContext): { element: HTMLElement; shown(): void } {
  const target = h('input', { id: 'audit-target', name: 'target', placeholder: 'teams/3', spellcheck: 'false' });
  const action = h('input', { id: 'audit-action', name: 'action', placeholder: 'team. or team.update', spellcheck: 'false' });
  const entries = h('div', { id: 'audit-entries' });
  const older = h('button', { type: 'button', hidden: true }, 'Older entries');
  let query: AuditQuery = {};
  let cursor: string | null = null;
  const rows = h('tbody', {});
  const load = async (more: boolean) => {
    try {
      const page = await api.audit({ ...query, ...(more && cursor ? { cursor } : {}) });
      if (!more) rows.replaceChildren();
      rows.append(...page.items.map(entryRow));
      cursor = page.cursor;
      older.hidden = cursor === null;
      if (rows.childElementCount === 0 && cursor === null) replaceContent(entries, h('p', { class: 'empty' }, 'No entry matches.'));
      else if (!entries.contains(rows)) replaceContent(entries, scrollRegion('Audit trail', table));
    } catch (error) {
      say(explain(error));
    }
  };
  const table = h(
    'table',
    { class: 'console-audit' },
    h('caption', { class: 'visually-hidden' }, 'The audit trail, newest first'),
    h('thead', {}, h('tr', {}, ...['When', 'Who', 'What', 'Target', 'Change'].map((label) => h('th', { scope: 'col' }, label)))),
    rows,
  );
  const form = h(
    'form',
    { class: 'member-form', 'aria-label': 'Filter the audit trail' },
    h('label', { for: 'audit-target' }, 'Target (and its parts)'),
    target,
    h('label', { for: 'audit-action' }, 'Action (or its kind, ending in a dot)'),
    action,
    h('button', { type: 'submit' }, 'Show the entries'),
  );
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    query = { ...(target.value.trim() ? { target: target.value.trim() } : {}), ...(action.value.trim() ? { action: action.value.trim() } : {}) };
    cursor = null;
    void load(false);
  });
  older.addEventListener('click', () => void load(true));
  // The first page is read when the view is first shown, not at sign-in: most visits never open it.
  let loaded = false;
  const shown = () => {
    if (!loaded) void load(false);
    loaded = true;
  };
  return { element: h('div', {}, form, entries, h('p', {}, older)), shown };
}

function entryRow(entry: AuditEntry): HTMLElement {
  const change = h(
    'details',
    {},
    h('summary', {}, 'before and after'),
    h('pre', {}, `before: ${JSON.stringify(entry.before, null, 1)}\nafter: ${JSON.stringify(entry.after, null, 1)}`),
  );
  return h(
    'tr',
    { 'data-audit-id': entry.id },
    h('td', {}, entry.time),
    h('td', {}, entry.actor.name),
    h('th', { scope: 'row' }, entry.action),
    h('td', {}, entry.target),
    h('td', {}, change),
  );
}
