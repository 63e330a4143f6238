import type { Team, VoidJob } from '../api';
import { h, replaceContent } from '../dom';
import { listTable } from './table';
import type { VoidFilter } from './admin-api';
import type { ConsoleContext } from './context';
import { explain } from './explain';
import { fieldsForm, idempotencyKey } from './fields';

/**
 * Scoring by hand: adjustments (points an organiser adds or takes), voids
 * (results taken back, previewed first, then applied by a job whose
 * progress the page follows) and finalising the results.
 */

/** Points added or taken by hand, with the reason the audit trail keeps. */
export async function openAdjustment({ api, editor, say, reload }: ConsoleContext): Promise<void> {
  let teams, board;
  try {
    [teams, board] = await Promise.all([api.teams(), api.scoreboard()]);
  } catch (error) {
    return say(explain(error));
  }
  const superTypes = board.scoreboard[0]?.scores ?? [];
  const key = idempotencyKey();
  const form = fieldsForm(
    'adjustment',
    'Adjust a score',
    [
      { name: 'team', label: 'Team', value: teams[0]?.id ?? '', kind: 'select', options: teamOptions(teams) },
      {
        name: 'super_type_id',
        label: 'Counted in',
        value: superTypes[0]?.super_type_id ?? '',
        kind: 'select',
        options: superTypes.map((s) => ({ value: String(s.super_type_id), label: s.super_type })),
      },
      { name: 'points', label: 'Points (negative to take)', value: null, kind: 'number', required: true },
      { name: 'reason', label: 'Reason (the audit trail keeps it)', value: '', required: true },
    ],
    'Save the adjustment',
    ({ team, super_type_id, points, reason }) => {
      api
        .createAdjustment(key, Number(team), { super_type_id: Number(super_type_id), points: Number(points), reason: String(reason) })
        .then((adjustment) => {
          replaceContent(editor);
          say(`Adjustment of ${adjustment.points} points saved.`);
          return reload();
        })
        .catch((error: unknown) => form.refuse(error, say));
    },
  );
  replaceContent(editor, form.form);
  form.first()?.focus();
}

/** A message to every team, or to one: team pages show it from their next poll. */
export async function openAnnouncement({ api, editor, say, reload }: ConsoleContext): Promise<void> {
  let teams;
  try {
    teams = await api.teams();
  } catch (error) {
    return say(explain(error));
  }
  const form = fieldsForm(
    'announcement',
    'Announce',
    [
      { name: 'team', label: 'To', value: ANY, kind: 'select', options: [{ value: ANY, label: 'Every team' }, ...teamOptions(teams)] },
      { name: 'text', label: 'Message (Markdown)', value: '', kind: 'multiline', required: true },
    ],
    'Post the announcement',
    ({ team, text }) => {
      api
        .announce({ text: String(text), team_id: team === ANY ? null : Number(team) })
        .then((announcement) => {
          replaceContent(editor);
          say(`Announcement ${announcement.id} posted to ${announcement.team_id === null ? 'every team' : `team ${announcement.team_id}`}.`);
          return reload();
        })
        .catch((error: unknown) => form.refuse(error, say));
    },
  );
  replaceContent(editor, form.form);
  form.first()?.focus();
}

const teamOptions = (teams: Team[]) => teams.map((t) => ({ value: String(t.id), label: `${t.number} ${t.name}` }));
const ANY = '';
/** RFC 3339 to the second, as the API takes times. */
const timeText = (ms: number) => new Date(ms).toISOString().replace(/\.\d{3}Z$/, 'Z');

/** A void: its filter, the preview (nothing changes), then the confirmed job and its progress. */
export async function openVoid(context: ConsoleContext): Promise<void> {
  const { api, editor, say } = context;
  let teams, subtypes;
  try {
    [teams, subtypes] = await Promise.all([api.teams(), api.subtypes()]);
  } catch (error) {
    return say(explain(error));
  }
  const preview = h('div', { id: 'void-preview' });
  const form = fieldsForm(
    'void',
    'Void results',
    [
      { name: 'from', label: 'Checked from (UTC, RFC 3339)', value: timeText(Date.now() - 3_600_000), required: true },
      { name: 'to', label: 'Checked before (UTC, RFC 3339)', value: timeText(Date.now()), required: true },
      { name: 'team_id', label: 'Whose results', value: ANY, kind: 'select', options: [{ value: ANY, label: 'every team' }, ...teamOptions(teams)] },
      {
        name: 'subtype_id',
        label: 'Of which check',
        value: ANY,
        kind: 'select',
        options: [{ value: ANY, label: 'every check' }, ...subtypes.map((s) => ({ value: String(s.id), label: s.name }))],
      },
    ],
    'Preview the void',
    (values) => {
      const filter: VoidFilter = {
        from: String(values.from),
        to: String(values.to),
        ...(values.team_id ? { team_id: Number(values.team_id) } : {}),
        ...(values.subtype_id ? { subtype_id: Number(values.subtype_id) } : {}),
      };
      api
        .void(filter)
        .then((job) => showPreview(context, preview, filter, job, teams))
        .catch((error: unknown) => form.refuse(error, say));
    },
  );
  replaceContent(editor, form.form, preview);
  form.first()?.focus();
}

function showPreview(context: ConsoleContext, target: HTMLElement, filter: VoidFilter, job: VoidJob, teams: Team[]): void {
  const { api, say } = context;
  const names = new Map(teams.map((t) => [t.id, `${t.number} ${t.name}`]));
  const confirm = h('button', { type: 'button' }, `Void these ${job.count} results`);
  confirm.addEventListener('click', () => {
    confirm.disabled = true;
    api
      .void(filter, job.preview_id)
      .then((running) => follow(context, target, running))
      .catch((error: unknown) => {
        confirm.disabled = false;
        say(explain(error));
      });
  });
  replaceContent(
    target,
    h('h3', {}, `Preview ${job.preview_id}: ${job.count} results`),
    job.count === 0
      ? h('p', { class: 'empty' }, 'No result matches: nothing to void.')
      : listTable(
          {
            className: 'console-void',
            caption: "Each team's total before and after the void",
            region: 'What the void would change',
            headers: ['Team', 'Total now', 'Total after'],
          },
          job.teams.map((t) =>
            h(
              'tr',
              {},
              h('th', { scope: 'row' }, names.get(t.team_id) ?? String(t.team_id)),
              h('td', {}, String(t.total_before)),
              h('td', {}, String(t.total_after)),
            ),
          ),
        ),
    job.count === 0 ? null : h('p', {}, confirm),
  );
  say(`Previewed: ${job.count} results would be voided. Nothing has changed yet.`);
}

/** The job's progress, read every 2 s until it is done. */
async function follow({ api, say, reload }: ConsoleContext, target: HTMLElement, job: VoidJob): Promise<void> {
  const progress = h('p', { id: 'void-progress', role: 'status' });
  replaceContent(target, progress);
  let current = job;
  for (;;) {
    replaceContent(progress, `Void ${current.preview_id}: ${current.status}, ${current.flipped} of ${current.count} results voided.`);
    if (current.status === 'done') break;
    await new Promise((resolve) => setTimeout(resolve, 2000));
    try {
      current = await api.voidJob(current.preview_id);
    } catch (error) {
      return say(explain(error));
    }
  }
  say(`Void ${current.preview_id} done: ${current.flipped} results voided.`);
  await reload();
}

/** Locks the results: refused while results may still arrive, unless forced. */
export function finaliseForm({ api, say }: ConsoleContext): HTMLFormElement {
  const force = h('input', { id: 'finalise-force', name: 'force', type: 'checkbox' });
  const form = h(
    'form',
    { class: 'member-form', 'aria-labelledby': 'finalise-title' },
    h('h3', { id: 'finalise-title' }, 'Finalise the results'),
    h('p', { class: 'hint' }, 'No scan report, adjustment, void or scoring setting changes the results afterwards.'),
    h('p', {}, force, ' ', h('label', { for: 'finalise-force' }, 'Even though the event has not ended (results may still arrive)')),
    h('button', { type: 'submit' }, 'Finalise'),
  );
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    api
      .finalise(force.checked)
      .then((done) =>
        say(
          `${done.already ? 'Already final' : 'Final'} since ${done.final.at} (${done.final.by}).${done.debriefs_export === null ? '' : ` Every team's debrief is being built and exported (export ${done.debriefs_export}).`}`,
        ),
      )
      .catch((error: unknown) => say(explain(error)));
  });
  return form;
}
