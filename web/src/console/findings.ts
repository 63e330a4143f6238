/**
 * The red team's findings in the console (issue #47): the queue (waiting
 * first), each opened with its description and evidence to approve (the
 * kind's points, or others with a reason), reject or ask for more evidence;
 * and the table of finding kinds, edited as JSON as the checks' parameters
 * are.
 */
import type { Finding, FindingKind, Team } from '../api';
import { formatTime, h, replaceContent } from '../dom';
import { fileList } from '../files';
import { renderMarkdown } from '../markdown';
import type { ConsoleContext } from './context';
import { fieldsForm } from './fields';
import { listTable } from './table';

const STATE_TEXT: Record<Finding['state'], string> = {
  submitted: 'waiting',
  more_evidence: 'more evidence asked',
  approved: 'approved',
  rejected: 'rejected',
};

/** Waiting first, then the rest; newest first within each. */
const queueOrder = (a: Finding, b: Finding) => Number(b.state === 'submitted') - Number(a.state === 'submitted') || b.id - a.id;

export function findingsTable(context: ConsoleContext, findings: Finding[], teams: Team[]): HTMLElement {
  if (findings.length === 0) return h('p', { class: 'empty' }, 'No red team finding yet.');
  const numbers = new Map(teams.map((t) => [t.id, t.number]));
  return listTable(
    { className: 'console-findings', caption: 'Red team findings', region: 'Red team findings', headers: ['Finding', 'Team', 'Kind', 'Done', 'State', 'Do'] },
    [...findings].sort(queueOrder).map((finding) => {
      const button = h(
        'button',
        { type: 'button', class: 'link-button' },
        finding.state === 'submitted' ? 'Review' : 'Look again',
        h('span', { class: 'visually-hidden' }, ` at finding ${finding.id}`),
      );
      button.addEventListener('click', () => openFinding(context, finding));
      return h(
        'tr',
        { 'data-finding-id': finding.id },
        h('th', { scope: 'row' }, `Finding ${finding.id}`),
        h('td', {}, String(numbers.get(finding.team_id) ?? finding.team_id)),
        h('td', {}, `${finding.kind_name} (${finding.kind_points})`),
        h('td', {}, formatTime(finding.done_at)),
        h('td', {}, STATE_TEXT[finding.state], finding.state === 'approved' ? `: ${finding.deducted} off` : ''),
        h('td', {}, button),
      );
    }),
  );
}

function openFinding({ api, editor, say, reload }: ConsoleContext, finding: Finding): void {
  const form = fieldsForm(
    'finding-review',
    `Review finding ${finding.id}`,
    [
      {
        name: 'decision',
        label: 'Decision',
        value: 'approve',
        kind: 'select',
        options: [
          { value: 'approve', label: 'Approve: its points come off the team' },
          { value: 'reject', label: 'Reject (a reason is needed)' },
          { value: 'more_evidence', label: 'Ask for more evidence (a reason is needed)' },
        ],
      },
      { name: 'points', label: `Points, if not the kind’s ${finding.kind_points} (a reason is then needed)`, value: null, kind: 'number', optional: true },
      { name: 'reason', label: 'Reason (Markdown; the red team reads it)', value: '', kind: 'multiline', optional: true },
    ],
    `Save the review of finding ${finding.id}`,
    ({ decision, points, reason }) => {
      api
        .reviewFinding(finding.id, {
          decision: decision as 'approve' | 'reject' | 'more_evidence',
          ...(points === undefined || points === null ? {} : { points: Number(points) }),
          ...(reason === undefined ? {} : { reason: String(reason) }),
          replaces: finding.review?.n ?? null,
        })
        .then((ruling) => {
          replaceContent(editor);
          const counted = ruling.decision === 'approve' && !ruling.counted ? `, a repeat of finding ${ruling.repeat_of}: nothing off` : '';
          say(`Finding ${finding.id}: ${ruling.decision.replace('_', ' ')}${counted} (${ruling.award >= 0 ? '+' : ''}${ruling.award} on the board).`);
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
      h('p', { class: 'meta' }, `${finding.kind_name} against team id ${finding.team_id}, service ${finding.service_id}; filed by ${finding.filed_by}`),
      renderMarkdown(finding.description, 3),
      finding.files.length > 0 ? fileList(finding.files, (key) => api.findingFileLink(key)) : null,
      ...finding.additions.map((addition) =>
        h(
          'div',
          { class: 'addition' },
          h('p', { class: 'meta' }, `Added by ${addition.added_by}, ${formatTime(addition.added_at)}:`),
          renderMarkdown(addition.note, 3),
          addition.files.length > 0 ? fileList(addition.files, (key) => api.findingFileLink(key)) : null,
        ),
      ),
      finding.review ? h('p', {}, `Latest ruling: ${finding.review.decision.replace('_', ' ')}, ${finding.review.points} points.`) : null,
    ),
    form.form,
  );
  form.first()?.focus();
}

/** The table of kinds, as JSON: what the red team may file and what each takes off. */
export function findingKindsForm({ api, say, reload }: ConsoleContext, kinds: FindingKind[]): HTMLElement {
  const form = fieldsForm(
    'finding-kinds',
    'The kinds of finding',
    [{ name: 'kinds', label: 'Kinds, as JSON: [{"id", "name", "points"}]', value: kinds, kind: 'json' }],
    'Save the kinds',
    ({ kinds: edited }) => {
      api
        .replaceFindingKinds(edited as FindingKind[])
        .then((saved) => {
          say(`The kinds of finding saved: ${saved.kinds.length}.`);
          return reload();
        })
        .catch((error: unknown) => form.refuse(error, say));
    },
  );
  return form.form;
}
