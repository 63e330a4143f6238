/**
 * The team's work on a member's page (issue #29): the injects it is asked to
 * do, each with its text (Markdown), times, rubric, the team's latest
 * version (its files to download), a revision asked of it and its grade,
 * and a form to send an answer with files; and its incident reports, with a form to file one. Each inject's
 * card is drawn once and then updated in place, so an answer being typed
 * survives the page's polls.
 */
import { RequestRefused, type IncidentReport, type memberApi, type Submission, type TeamGrade, type TeamInject } from '../api';
import { MAX_FILE_BYTES, MAX_FILES_PER_SUBMISSION, UPLOAD_CONTENT_TYPES } from '#shared/domain/files';
import { formatTime, h, replaceContent } from '../dom';
import { renderMarkdown } from '../markdown';
import { fileList } from '../files';

type MemberApi = ReturnType<typeof memberApi>;

/** A refusal as the page says it: the API's words and each field's reason. */
function refusal(error: unknown): Node[] {
  if (error instanceof RequestRefused) return [h('p', {}, error.message), h('ul', {}, ...error.errors.map((e) => h('li', {}, `${e.path}: ${e.message}`)))];
  return [h('p', {}, 'It could not be sent; try again.')];
}

const percent = (share: number) => `${Math.round(share * 100)} %`;

/** What a team may upload, as people name it. */
const FILE_KINDS = [...new Set(Object.values(UPLOAD_CONTENT_TYPES).map((kind) => kind.replace(/ (image|document|workbook|deck|archive)$/, '')))].join(', ');

export function injectsPanel(team: number, api: MemberApi, sent: () => void) {
  const root = h('div', { class: 'member-injects' });
  const cards = new Map<number, { card: HTMLElement; text: string; body: HTMLElement; state: HTMLElement }>();

  const newCard = (inject: TeamInject) => {
    const answerId = `answer-${inject.id}`;
    const filesId = `files-${inject.id}`;
    const answer = h('textarea', { id: answerId, name: 'text', rows: 6, required: true });
    const files = h('input', { id: filesId, name: 'files', type: 'file', multiple: true, accept: Object.keys(UPLOAD_CONTENT_TYPES).join(',') });
    const status = h('div', { class: 'form-status', role: 'status' });
    const form = h(
      'form',
      { class: 'member-form', 'aria-label': `Answer ${inject.title}` },
      h('label', { for: answerId }, 'Your answer (Markdown)'),
      answer,
      h('label', { for: filesId }, `Files, if any (${FILE_KINDS}; at most ${MAX_FILES_PER_SUBMISSION}, ${MAX_FILE_BYTES / 1024 / 1024} MB each)`),
      files,
      h('button', { type: 'submit' }, `Send the answer to ${inject.title}`),
      status,
    );
    form.addEventListener('submit', (event) => {
      event.preventDefault();
      const chosen = [...(files.files ?? [])];
      if (chosen.length > MAX_FILES_PER_SUBMISSION) return replaceContent(status, `Send at most ${MAX_FILES_PER_SUBMISSION} files with one answer.`);
      void (async () => {
        try {
          // Each file goes to the file store first (one at a time, so the status says which); the answer then names them.
          const keys: string[] = [];
          for (const file of chosen) {
            replaceContent(status, `Uploading ${file.name}…`);
            keys.push(await api.upload(team, inject.id, file));
          }
          replaceContent(status, 'Sending…');
          const submission = await api.submit(team, inject.id, answer.value, keys);
          answer.value = '';
          files.value = '';
          replaceContent(status, `Version ${submission.version} sent${keys.length > 0 ? ` with ${keys.length} file${keys.length > 1 ? 's' : ''}` : ''}.`);
          sent();
        } catch (error) {
          replaceContent(status, ...refusal(error));
        }
      })();
    });
    const body = h('div', { class: 'inject-text' }, renderMarkdown(inject.text));
    const state = h('div', { class: 'inject-state' });
    const card = h(
      'article',
      { class: 'inject', 'data-inject-id': String(inject.id) },
      h('h3', {}, inject.title),
      h('p', { class: 'meta' }),
      body,
      state,
      form,
    );
    return { card, text: inject.text, body, state };
  };

  const update = (injects: TeamInject[], submissions: Submission[], grades: TeamGrade[]) => {
    const shown = new Set(injects.map((i) => i.id));
    for (const [id, entry] of cards) {
      if (shown.has(id)) continue;
      entry.card.remove();
      cards.delete(id);
    }
    if (injects.length === 0) return replaceContent(root, h('p', { class: 'empty' }, 'No inject for now.'));
    root.querySelector(':scope > .empty')?.remove();
    for (const inject of injects) {
      let entry = cards.get(inject.id);
      if (!entry) cards.set(inject.id, (entry = newCard(inject)));
      else if (entry.text !== inject.text) {
        replaceContent(entry.body, renderMarkdown(inject.text));
        entry.text = inject.text;
      }
      const late =
        inject.close_at === inject.due_at
          ? 'nothing late is taken'
          : `late until ${formatTime(inject.close_at)}, less ${inject.late_penalty_percent_per_hour} % an hour`;
      replaceContent(entry.card.querySelector('.meta')!, `Due ${formatTime(inject.due_at)} (${late}) · ${inject.points} points`);
      const latest = submissions.find((s) => s.inject_id === inject.id);
      const grade = grades.find((g) => g.inject_id === inject.id);
      replaceContent(
        entry.state,
        inject.rubric.length > 0 ? h('ul', { class: 'rubric' }, ...inject.rubric.map((item) => h('li', {}, `${item.name}: ${item.points} points`))) : null,
        latest
          ? h(
              'p',
              {},
              `Your latest answer: version ${latest.version}, sent ${formatTime(latest.submitted_at)} by ${latest.submitted_by} (worth ${percent(latest.late_share)} of its grade).`,
            )
          : h('p', {}, 'Not answered yet.'),
        latest && latest.files.length > 0 ? fileList(latest.files, (key) => api.fileLink(team, key)) : null,
        latest?.revision_request
          ? h(
              'div',
              { class: 'revision' },
              h('p', {}, `The organisers ask for a revision, until ${formatTime(latest.revision_request.until)}:`),
              renderMarkdown(latest.revision_request.comment),
            )
          : null,
        grade
          ? h(
              'div',
              { class: 'grade' },
              h('p', {}, `Graded: ${grade.awarded} points (${grade.points} of ${inject.points}, version ${grade.submission_version}).`),
              grade.scores.length > 0
                ? h('ul', {}, ...grade.scores.map((s) => h('li', {}, `${s.name}: ${s.points}${s.comment ? ` — ${s.comment}` : ''}`)))
                : null,
              grade.comment ? renderMarkdown(grade.comment) : null,
            )
          : null,
      );
      root.append(entry.card); // in the API's order
    }
  };
  return { element: root, update };
}

export function incidentsPanel(team: number, api: MemberApi, sent: () => void) {
  const list = h('div', { class: 'member-incidents' });
  const status = h('div', { class: 'form-status', role: 'status' });
  const observed = h('input', { id: 'incident-observed', name: 'observed_at', type: 'text', required: true, spellcheck: 'false' });
  const hosts = h('input', { id: 'incident-hosts', name: 'hosts', type: 'text', required: true, spellcheck: 'false' });
  const description = h('textarea', { id: 'incident-description', name: 'description', rows: 5, required: true });
  const form = h(
    'form',
    { class: 'member-form', 'aria-label': 'File an incident report' },
    h('label', { for: 'incident-observed' }, 'When you saw it (UTC, such as 2026-11-28T10:15:00Z)'),
    observed,
    h('label', { for: 'incident-hosts' }, 'Hosts it touched (comma-separated)'),
    hosts,
    h('label', { for: 'incident-description' }, 'What was done, and what you did about it (Markdown)'),
    description,
    h('button', { type: 'submit' }, 'File the report'),
    status,
  );
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    replaceContent(status, 'Filing…');
    const named = hosts.value
      .split(',')
      .map((host) => host.trim())
      .filter((host) => host !== '');
    api
      .fileIncident(team, { observed_at: observed.value.trim(), hosts: named, description: description.value })
      .then((report) => {
        observed.value = hosts.value = description.value = '';
        replaceContent(status, `Report ${report.id} filed.`);
        sent();
      })
      .catch((error: unknown) => replaceContent(status, ...refusal(error)));
  });
  const update = (reports: IncidentReport[]) =>
    replaceContent(
      list,
      reports.length === 0
        ? h('p', { class: 'empty' }, 'No report filed yet.')
        : h(
            'ol',
            { class: 'incidents' },
            ...reports.map((r) =>
              h(
                'li',
                { 'data-incident-id': String(r.id) },
                h('p', { class: 'meta' }, `Report ${r.id}: seen ${formatTime(r.observed_at)} on ${r.hosts.join(', ')}, filed by ${r.submitted_by}`),
                renderMarkdown(r.description),
                r.grade
                  ? h('div', { class: 'grade' }, h('p', {}, `Graded: ${r.grade.points} points.`), r.grade.comment ? renderMarkdown(r.grade.comment) : null)
                  : h('p', {}, 'Not graded yet.'),
              ),
            ),
          ),
    );
  return { element: h('div', {}, form, list), update };
}
