import type { ApiSchemas } from '#shared/api/client';
import { formatTime, h, replaceContent } from '../dom';
import { renderMarkdown } from '../markdown';
import { fileList } from '../files';
import { MAX_FILE_BYTES, UPLOAD_CONTENT_TYPES } from '#shared/domain/files';
import type { ConsoleContext } from './context';
import { explain } from './explain';
import { fieldsForm, idempotencyKey } from './fields';
import { listTable } from './table';

/**
 * The teams' work (issue #29): injects (write a draft, publish, retire), an
 * inject's grading queue (each waiting answer drawn from its Markdown, its
 * files to download, with a grade form and a revision request), every
 * answer exported as one ZIP, and incident reports to grade.
 * Grades name the grade they follow (`replaces`): another organiser's
 * meanwhile is said, never overwritten.
 */
type Inject = ApiSchemas['Inject'];
type IncidentReport = ApiSchemas['IncidentReport'];

export function injectsTable(context: ConsoleContext, injects: Inject[]): HTMLElement {
  if (injects.length === 0) return h('p', { class: 'empty' }, 'No inject yet.');
  return listTable(
    { className: 'console-injects', caption: 'Injects', region: 'Injects', headers: ['Inject', 'State', 'Due', 'Points', 'Do'] },
    injects.map((inject) => {
      const of = () => h('span', { class: 'visually-hidden' }, ` ${inject.title}`);
      const action = (label: string, run: () => unknown) => {
        const button = h('button', { type: 'button', class: 'link-button' }, label, of());
        button.addEventListener('click', () => void run());
        return button;
      };
      return h(
        'tr',
        { 'data-inject-id': inject.id },
        h('th', { scope: 'row' }, inject.title),
        h('td', {}, inject.state),
        h('td', {}, formatTime(inject.due_at)),
        h('td', { class: 'num' }, String(inject.points)),
        h(
          'td',
          {},
          inject.state === 'draft' ? action('Publish', () => moveInject(context, inject.id, 'published')) : null,
          inject.state === 'published' ? action('Retire', () => moveInject(context, inject.id, 'retired')) : null,
          inject.state === 'draft' ? null : ' ',
          inject.state === 'draft' ? null : action('Grade', () => openGrading(context, inject)),
          inject.state === 'draft' ? null : ' ',
          inject.state === 'draft' ? null : action('Export answers', () => exportAnswers(context, inject)),
          ' ',
          action('Attach a file', () => openAttachments(context, inject)),
        ),
      );
    }),
  );
}

/** An inject's attachments: those it has (to download), and a file to add (uploaded to the file store, then named by an edit with If-Match). */
function openAttachments(context: ConsoleContext, inject: Inject): void {
  const { api, editor, say, reload } = context;
  const picker = h('input', { id: 'attachment-file', type: 'file', required: true, accept: Object.keys(UPLOAD_CONTENT_TYPES).join(',') });
  const form = h(
    'form',
    { class: 'console-form', 'aria-labelledby': 'attachment-heading' },
    h('h2', { id: 'attachment-heading' }, `Attachments of ${inject.title}`),
    inject.attachments.length > 0
      ? fileList(inject.attachments, (key) => api.attachmentLink(inject.id, key))
      : h('p', { class: 'empty' }, 'None yet: teams see the text only.'),
    h('label', { for: 'attachment-file' }, `A file to attach (teams download it once the inject is open; at most ${MAX_FILE_BYTES / 1024 / 1024} MB)`),
    picker,
    h('button', { type: 'submit' }, `Attach it to ${inject.title}`),
  );
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    const file = picker.files?.[0];
    if (!file) return;
    void (async () => {
      try {
        say(`Uploading ${file.name}…`);
        const key = await api.uploadAttachment(inject.id, file);
        const opened = await api.inject(inject.id);
        const edited = await api.editInject(inject.id, opened.etag, { attachments: [...opened.data.attachments.map((f) => f.key), key] });
        say(`${file.name} attached to ${inject.title} (${edited.data.attachments.length} in all).`);
        await reload();
        openAttachments(context, edited.data);
      } catch (error) {
        say(explain(error));
      }
    })();
  });
  replaceContent(editor, form);
  picker.focus();
}

/**
 * Every team's answers to an inject as one ZIP, written by a worker into the
 * file store (a job, read every second until it is done), then downloaded
 * from there.
 */
async function exportAnswers({ api, say }: ConsoleContext, inject: Inject): Promise<void> {
  try {
    let job = await api.exportSubmissions(inject.id);
    say(`Exporting ${job.submissions} answers and ${job.files} files of ${inject.title}…`);
    while (job.state === 'queued' || job.state === 'running') {
      await new Promise((resolve) => setTimeout(resolve, 1000));
      job = await api.exportJob(job.id);
    }
    if (job.state === 'failed' || job.url === null) return say(job.error ?? `The export of ${inject.title} failed.`);
    say(`Exported ${job.submissions} answers and ${job.files} files of ${inject.title} (${Math.ceil((job.bytes ?? 0) / 1024)} kB): downloading.`);
    window.location.assign(job.url);
  } catch (error) {
    say(explain(error));
  }
}

async function moveInject({ api, say, reload }: ConsoleContext, id: number, state: 'published' | 'retired'): Promise<void> {
  try {
    const opened = await api.inject(id);
    const moved = await api.editInject(id, opened.etag, { state });
    say(`Inject ${moved.data.title} ${state}${state === 'published' ? `: teams see it from ${formatTime(moved.data.open_at)}` : ''}.`);
    await reload();
  } catch (error) {
    say(explain(error));
  }
}

const stamp = (ms: number) => new Date(ms).toISOString().replace(/\.\d{3}Z$/, 'Z');

/** A new inject, a draft: teams see nothing of it until it is published. */
export async function openNewInject({ api, editor, say, reload }: ConsoleContext): Promise<void> {
  let superTypes;
  try {
    superTypes = await api.superTypes();
  } catch (error) {
    return say(explain(error));
  }
  const key = idempotencyKey();
  const hour = 3_600_000;
  const form = fieldsForm(
    'inject',
    'Write an inject',
    [
      { name: 'title', label: 'Title', value: '', required: true },
      { name: 'text', label: 'What the teams are asked (Markdown)', value: '', kind: 'multiline', required: true },
      {
        name: 'super_type_id',
        label: 'Counted in',
        value: superTypes.find((s) => /inject/i.test(s.name))?.id ?? superTypes[0]?.id ?? '',
        kind: 'select',
        options: superTypes.map((s) => ({ value: String(s.id), label: s.name })),
      },
      { name: 'open_at', label: 'Teams see it from (UTC)', value: stamp(Date.now()), required: true },
      { name: 'due_at', label: 'Due (UTC)', value: stamp(Date.now() + hour), required: true },
      { name: 'close_at', label: 'Late answers taken until (UTC; empty: none)', value: '', optional: true },
      { name: 'late_penalty_percent_per_hour', label: 'A late answer loses, per hour (%)', value: 0, kind: 'number' },
      { name: 'points', label: 'Points', value: null, kind: 'number', required: true },
      { name: 'rubric', label: 'Rubric (JSON: [{"name": …, "points": …}], adding up to the points)', value: [], kind: 'json' },
    ],
    'Save the draft',
    (values) => {
      api
        .createInject(key, { ...values, super_type_id: Number(values.super_type_id) } as Parameters<typeof api.createInject>[1])
        .then((inject) => {
          replaceContent(editor);
          say(`Inject ${inject.title} saved as a draft: publish it when the teams may see it.`);
          return reload();
        })
        .catch((error: unknown) => form.refuse(error, say));
    },
  );
  replaceContent(editor, form.form);
  form.first()?.focus();
}

/**
 * An inject's grading queue, a page at a time (an answer may be 50 000
 * characters: a page is ten of them): each waiting answer with its grade
 * form and a revision request. A grade drops its answer from the queue, so
 * grading a page and opening the queue again brings the next ones.
 */
async function openGrading(context: ConsoleContext, inject: Inject, cursor?: string): Promise<void> {
  const { api, editor, say, reload } = context;
  let page, grades, teams;
  try {
    [page, grades, teams] = await Promise.all([api.gradingQueue(inject.id, cursor), api.injectGrades(inject.id), api.teams()]);
  } catch (error) {
    return say(explain(error));
  }
  const queue = page.items;
  const teamName = (id: number) => teams.find((t) => t.id === id)?.name ?? `team ${id}`;
  if (queue.length === 0) return replaceContent(editor, h('p', { class: 'empty' }, `Nothing of ${inject.title} waits for a grade.`));
  const more = page.cursor === null ? null : h('button', { type: 'button' }, `The next answers to ${inject.title}`);
  more?.addEventListener('click', () => void openGrading(context, inject, page.cursor!));
  replaceContent(
    editor,
    h('h2', {}, `Grading ${inject.title}`),
    ...queue.map((submission) => {
      const latest = grades.find((g) => g.team_id === submission.team_id);
      const id = `grade-${submission.team_id}`;
      const rubric = inject.rubric.length > 0;
      const grade = fieldsForm(
        id,
        `${teamName(submission.team_id)}, version ${submission.version}`,
        [
          rubric
            ? {
                name: 'scores',
                label: `Scores (JSON: ${JSON.stringify(inject.rubric.map((r) => ({ name: r.name, points: 0 })))})`,
                value: inject.rubric.map((r) => ({ name: r.name, points: 0 })),
                kind: 'json',
              }
            : { name: 'points', label: `Points (at most ${inject.points})`, value: null, kind: 'number', required: true },
          { name: 'comment', label: 'Comment for the team (Markdown)', value: '', kind: 'multiline', optional: true },
        ],
        `Save the grade of ${teamName(submission.team_id)}`,
        (values) => {
          api
            .grade(inject.id, { team_id: submission.team_id, submission_version: submission.version, ...values, replaces: latest?.n ?? null } as Parameters<
              typeof api.grade
            >[1])
            .then((saved) => {
              say(`${teamName(submission.team_id)} graded: ${saved.awarded} points on the board (${saved.award >= 0 ? '+' : ''}${saved.award}).`);
              return Promise.all([reload(), openGrading(context, inject)]);
            })
            .catch((error: unknown) => grade.refuse(error, say));
        },
      );
      const revision = fieldsForm(
        `revision-${submission.team_id}`,
        `Or ask ${teamName(submission.team_id)} for a revision`,
        [{ name: 'comment', label: 'What to revise (Markdown)', value: '', kind: 'multiline', required: true }],
        `Ask ${teamName(submission.team_id)} for a revision`,
        (values) => {
          api
            .askRevision(inject.id, { team_id: submission.team_id, submission_version: submission.version, comment: String(values.comment) })
            .then(() => {
              say(`${teamName(submission.team_id)} asked for a revision.`);
              return openGrading(context, inject);
            })
            .catch((error: unknown) => revision.refuse(error, say));
        },
      );
      return h(
        'section',
        { class: 'grading', 'data-team-id': submission.team_id },
        h(
          'p',
          { class: 'meta' },
          `Sent ${formatTime(submission.submitted_at)} by ${submission.submitted_by}; worth ${Math.round(submission.late_share * 100)} % of its grade.`,
        ),
        renderMarkdown(submission.text, 3),
        submission.files.length > 0 ? fileList(submission.files, (key) => api.fileLink(submission.team_id, key)) : null,
        grade.form,
        revision.form,
      );
    }),
    more,
  );
}

export function incidentsTable(context: ConsoleContext, reports: IncidentReport[]): HTMLElement {
  if (reports.length === 0) return h('p', { class: 'empty' }, 'No incident report yet.');
  return listTable(
    { className: 'console-incidents', caption: 'Incident reports', region: 'Incident reports', headers: ['Report', 'Team', 'Seen', 'Grade', 'Do'] },
    reports.map((report) => {
      const button = h(
        'button',
        { type: 'button', class: 'link-button' },
        report.grade ? 'Regrade' : 'Grade',
        h('span', { class: 'visually-hidden' }, ` report ${report.id}`),
      );
      button.addEventListener('click', () => openIncident(context, report));
      return h(
        'tr',
        { 'data-incident-id': report.id },
        h('th', { scope: 'row' }, `Report ${report.id}`),
        h('td', {}, String(report.team_id)),
        h('td', {}, `${formatTime(report.observed_at)} on ${report.hosts.join(', ')}`),
        h('td', {}, report.grade ? `${report.grade.points} points` : '—'),
        h('td', {}, button),
      );
    }),
  );
}

function openIncident({ api, editor, say, reload }: ConsoleContext, report: IncidentReport): void {
  const form = fieldsForm(
    'incident-grade',
    `Grade report ${report.id}`,
    [
      { name: 'points', label: 'Points', value: report.grade?.points ?? null, kind: 'number', required: true },
      { name: 'comment', label: 'Comment for the team (Markdown)', value: report.grade?.comment ?? '', kind: 'multiline', optional: true },
    ],
    `Save the grade of report ${report.id}`,
    ({ points, comment }) => {
      api
        .gradeIncident(report.id, { points: Number(points), ...(comment === undefined ? {} : { comment: String(comment) }), replaces: report.grade?.n ?? null })
        .then((saved) => {
          replaceContent(editor);
          say(`Report ${report.id} graded: ${saved.points} points (${saved.award >= 0 ? '+' : ''}${saved.award} on the board).`);
          return reload();
        })
        .catch((error: unknown) => form.refuse(error, say));
    },
  );
  replaceContent(
    editor,
    h(
      'section',
      { class: 'grading' },
      h('p', { class: 'meta' }, `Filed by ${report.submitted_by}, team ${report.team_id}`),
      renderMarkdown(report.description, 3),
      report.files.length > 0 ? fileList(report.files, (key) => api.fileLink(report.team_id, key)) : null,
    ),
    form.form,
  );
  form.first()?.focus();
}
