/**
 * The team's work on a member's page (issue #29): the injects it is asked to
 * do, each with its text (Markdown), times, rubric, the team's latest
 * version (its files to download), a revision asked of it and its grade,
 * its attachments, and a form to send an answer with files; and its
 * incident reports, with a form to file one with evidence. Each inject's
 * card is drawn once and then updated in place, so an answer being typed
 * survives the page's polls.
 */
import {
  RequestRefused,
  type IncidentReport,
  type memberApi,
  type Submission,
  type TeamBeacons,
  type TeamFindings,
  type TeamGrade,
  type TeamInject,
} from '../api';
import { formatTime, h, replaceContent } from '../dom';
import { renderMarkdown } from '../markdown';
import { fileList, filePicker, uploadPicked } from '../files';

type MemberApi = ReturnType<typeof memberApi>;

/** A refusal as the page says it: the API's words and each field's reason. */
export function refusal(error: unknown): Node[] {
  if (error instanceof RequestRefused) return [h('p', {}, error.message), h('ul', {}, ...error.errors.map((e) => h('li', {}, `${e.path}: ${e.message}`)))];
  return [h('p', {}, 'It could not be sent; try again.')];
}

const percent = (share: number) => `${Math.round(share * 100)} %`;

const withFiles = (count: number) => (count > 0 ? ` with ${count} file${count > 1 ? 's' : ''}` : '');

export function injectsPanel(team: number, api: MemberApi, sent: () => void) {
  const root = h('div', { class: 'member-injects' });
  const cards = new Map<number, { card: HTMLElement; text: string; body: HTMLElement; attached: HTMLElement; attachments: string; state: HTMLElement }>();

  const newCard = (inject: TeamInject) => {
    const answerId = `answer-${inject.id}`;
    const answer = h('textarea', { id: answerId, name: 'text', rows: 6, required: true });
    const [filesLabel, files] = filePicker(`files-${inject.id}`);
    const status = h('div', { class: 'form-status', role: 'status' });
    const form = h(
      'form',
      { class: 'member-form', 'aria-label': `Answer ${inject.title}` },
      h('label', { for: answerId }, 'Your answer (Markdown)'),
      answer,
      filesLabel,
      files,
      h('button', { type: 'submit' }, `Send the answer to ${inject.title}`),
      status,
    );
    form.addEventListener('submit', (event) => {
      event.preventDefault();
      void (async () => {
        try {
          // The files go to the file store first; the answer then names them.
          const keys = await uploadPicked(files, (file) => api.upload(team, { for: 'inject', inject_id: inject.id }, file), status);
          replaceContent(status, 'Sending…');
          const submission = await api.submit(team, inject.id, answer.value, keys);
          answer.value = files.value = '';
          replaceContent(status, `Version ${submission.version} sent${withFiles(keys.length)}.`);
          sent();
        } catch (error) {
          replaceContent(status, ...refusal(error));
        }
      })();
    });
    const body = h('div', { class: 'inject-text' }, renderMarkdown(inject.text));
    // Its attachments, drawn by the first update (and again when they change).
    const attached = h('div', { class: 'inject-files' });
    const state = h('div', { class: 'inject-state' });
    const card = h(
      'article',
      { class: 'inject', 'data-inject-id': String(inject.id) },
      h('h3', {}, inject.title),
      h('p', { class: 'meta' }),
      body,
      attached,
      state,
      form,
    );
    return { card, text: inject.text, body, attached, attachments: '', state };
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
      const attachments = inject.attachments.map((f) => f.key).join(' ');
      if (entry.attachments !== attachments) {
        replaceContent(entry.attached, inject.attachments.length > 0 ? fileList(inject.attachments, (key) => api.fileLink(team, key)) : null);
        entry.attachments = attachments;
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
  const [evidenceLabel, evidence] = filePicker('incident-files');
  // The red team findings shown to the team (issue #47): a report may answer one.
  const answers = h('select', { id: 'incident-finding', name: 'finding_id' }, h('option', { value: '' }, 'None'));
  const form = h(
    'form',
    { class: 'member-form', 'aria-label': 'File an incident report' },
    h('label', { for: 'incident-observed' }, 'When you saw it (UTC, such as 2026-11-28T10:15:00Z)'),
    observed,
    h('label', { for: 'incident-hosts' }, 'Hosts it touched (comma-separated)'),
    hosts,
    h('label', { for: 'incident-description' }, 'What was done, and what you did about it (Markdown)'),
    description,
    h('label', { for: 'incident-finding' }, 'The red team finding it answers, if any'),
    answers,
    evidenceLabel,
    evidence,
    h('button', { type: 'submit' }, 'File the report'),
    status,
  );
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    const named = hosts.value
      .split(',')
      .map((host) => host.trim())
      .filter((host) => host !== '');
    void (async () => {
      try {
        // Its evidence goes to the file store first; the report then names it.
        const files = await uploadPicked(evidence, (file) => api.upload(team, { for: 'incident' }, file), status);
        replaceContent(status, 'Filing…');
        const report = await api.fileIncident(team, {
          observed_at: observed.value.trim(),
          hosts: named,
          description: description.value,
          files,
          ...(answers.value ? { finding_id: Number(answers.value) } : {}),
        });
        observed.value = hosts.value = description.value = evidence.value = answers.value = '';
        replaceContent(status, `Report ${report.id} filed${withFiles(files.length)}.`);
        sent();
      } catch (error) {
        replaceContent(status, ...refusal(error));
      }
    })();
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
                h(
                  'p',
                  { class: 'meta' },
                  `Report ${r.id}: seen ${formatTime(r.observed_at)} on ${r.hosts.join(', ')}, filed by ${r.submitted_by}`,
                  r.finding_id ? `, answering finding ${r.finding_id}` : '',
                ),
                renderMarkdown(r.description),
                r.files.length > 0 ? fileList(r.files, (key) => api.fileLink(team, key)) : null,
                r.grade
                  ? h('div', { class: 'grade' }, h('p', {}, `Graded: ${r.grade.points} points.`), r.grade.comment ? renderMarkdown(r.grade.comment) : null)
                  : h('p', {}, 'Not graded yet.'),
              ),
            ),
          ),
    );
  /** The findings a report may answer: those the team is shown. */
  const answerable = (findings: TeamFinding[]) => {
    const chosen = answers.value;
    answers.replaceChildren(
      h('option', { value: '' }, 'None'),
      ...findings.map((f) => h('option', { value: String(f.id) }, `Finding ${f.id}: ${f.kind_name}, ${formatTime(f.done_at)}`)),
    );
    if (findings.some((f) => String(f.id) === chosen)) answers.value = chosen;
  };
  return { element: h('div', {}, form, list), update, answerable };
}

type TeamFinding = TeamFindings['findings'][number];

/** The red team findings approved against the team, when the organisers show them: never who filed one. */
/** The red team beacons found on the team's hosts, when the organisers show them: host, first and last check-in, points. */
export function beaconsList(beacons: TeamBeacons): HTMLElement {
  if (!beacons.visible) return h('p', { class: 'empty' }, 'The organisers show the red team’s beacons later (or not at all).');
  if (beacons.beacons.length === 0) return h('p', { class: 'empty' }, 'No red team beacon found on your hosts.');
  return h(
    'ol',
    { class: 'team-beacons' },
    ...beacons.beacons.map((b) =>
      h(
        'li',
        { 'data-beacon-id': String(b.id) },
        `Beacon ${b.id} on ${b.host} (${b.state}): `,
        b.first_call_at
          ? `called back from ${formatTime(b.first_call_at)} to ${formatTime(b.last_call_at!)}, ${b.points_taken} points off`
          : 'never called back',
      ),
    ),
  );
}

export function findingsList(findings: TeamFindings, serviceName: (id: number) => string): HTMLElement {
  if (!findings.visible) return h('p', { class: 'empty' }, 'The organisers show the red team’s findings later (or not at all).');
  if (findings.findings.length === 0) return h('p', { class: 'empty' }, 'No finding approved against your team.');
  return h(
    'ol',
    { class: 'team-findings' },
    ...findings.findings.map((f) =>
      h(
        'li',
        { 'data-finding-id': String(f.id) },
        h(
          'p',
          { class: 'meta' },
          `Finding ${f.id}: ${f.kind_name} on ${serviceName(f.service_id)}, ${formatTime(f.done_at)}: `,
          f.points > 0 ? `${f.points} points off` : 'counted once already',
        ),
        f.description !== null ? renderMarkdown(f.description) : null,
      ),
    ),
  );
}
