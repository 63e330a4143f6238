import { api, ApiError, redTeamApi, type Finding, type FindingKind, type Service, type Team } from '../api';
import { formatTime, h, replaceContent } from '../dom';
import { fileList, filePicker, uploadPicked } from '../files';
import { POLL_MS } from '#shared/api/polling';
import { follow, SIGNED_IN_PUSH } from '../live';
import { renderMarkdown } from '../markdown';
import { signInForm } from '../sign-in';
import { refusal } from './member-work';
import { beaconForm, drawBeacons } from './red-team-beacons';
import { RED_TEAM_SESSION_KEY } from '../storage-keys';

/**
 * The red team's page (issue #47): sign in, file a finding against a team's
 * service with evidence, and follow the red team's findings through review
 * (an organiser's reason, more evidence when asked); open beacons and follow
 * them (issue #63, ./red-team-beacons.ts). The teams and services
 * are the public's reads; the session token lives in this tab's session
 * storage, as a blue team member's does.
 */
const SESSION_KEY = RED_TEAM_SESSION_KEY;

export function redTeamPage(content: HTMLElement): void {
  const token = sessionStorage.getItem(SESSION_KEY);
  if (token) void signedIn(content, token);
  else signInAgain(content);
}

const signInAgain = (content: HTMLElement, notice?: string) =>
  signInForm(content, { storageKey: SESSION_KEY, signedIn: (token) => void signedIn(content, token), ...(notice ? { notice } : {}) });

const STATE_TEXT: Record<Finding['state'], string> = {
  submitted: 'Waiting for review',
  approved: 'Approved',
  rejected: 'Rejected',
  more_evidence: 'More evidence asked for',
};

async function signedIn(content: HTMLElement, token: string): Promise<void> {
  const red = redTeamApi(token);
  let stopFollowing = async () => {};
  const signOut = (notice: string) => {
    void stopFollowing();
    sessionStorage.removeItem(SESSION_KEY);
    signInAgain(content, notice);
  };
  let session;
  try {
    session = (await red.session()).data;
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) return signOut('Your session has ended: sign in again.');
    throw error;
  }
  if (session.role !== 'red-team') {
    await red.signOut().catch(() => undefined);
    return signOut('This account is a blue team member’s: sign in on My team.');
  }
  const signOutButton = h('button', { type: 'button', class: 'link-button' }, 'Sign out');
  signOutButton.addEventListener('click', () => void stopFollowing().then(() => red.signOut().finally(() => signOut('Signed out.'))));
  const filing = findingForm(red, () => void refresh());
  const list = h('div', { class: 'red-findings', 'aria-live': 'polite' }, h('p', { class: 'loading' }, 'Loading…'));
  const opening = beaconForm(red, () => void refresh());
  const beaconList = h('div', { class: 'red-beacons' }, h('p', { class: 'loading' }, 'Loading…'));
  replaceContent(
    content,
    h('p', { class: 'signed-in' }, `Signed in as ${session.account} (red team) until ${formatTime(session.expires_at)}. `, signOutButton),
    h('h2', {}, 'File a finding'),
    filing.element,
    h('h2', {}, 'The red team’s findings'),
    list,
    h('h2', {}, 'Open a beacon'),
    opening.element,
    h('h2', {}, 'The red team’s beacons'),
    beaconList,
  );
  const drawn = new Map<number, string>();
  const refresh = async () => {
    try {
      const [teams, services, kinds, findings, beacons] = await Promise.all([api.teams(), api.services(), red.kinds(), red.findings(), red.beacons()]);
      if (teams.changed || services.changed || kinds.changed || !filing.ready()) filing.update(teams.data, services.data, kinds.data.kinds);
      if (teams.changed || services.changed || !opening.ready()) opening.update(teams.data, services.data);
      if (beacons.changed || !beaconList.querySelector('ol, .empty')) drawBeacons(beaconList, beacons.data, teams.data, red, () => void refresh());
      if (findings.changed || !list.querySelector('ol, .empty')) drawFindings(list, findings.data, teams.data, services.data, red, drawn, () => void refresh());
    } catch (error) {
      if (error instanceof ApiError && error.status === 401) return signOut('Your session has ended: sign in again.');
      throw error;
    }
  };
  stopFollowing = follow(refresh, POLL_MS.signedIn, SIGNED_IN_PUSH);
}

type RedTeamApi = ReturnType<typeof redTeamApi>;

/** The filing form: a team, one of its services, a kind of the organisers' table, when, what, and evidence. */
function findingForm(red: RedTeamApi, filed: () => void) {
  const team = h('select', { id: 'finding-team', name: 'team_id', required: true });
  const service = h('select', { id: 'finding-service', name: 'service_id', required: true });
  const kind = h('select', { id: 'finding-kind', name: 'kind', required: true });
  const doneAt = h('input', { id: 'finding-done', name: 'done_at', type: 'text', required: true, spellcheck: 'false' });
  const description = h('textarea', { id: 'finding-description', name: 'description', rows: 5, required: true });
  const [evidenceLabel, evidence] = filePicker('finding-files');
  const status = h('div', { class: 'form-status', role: 'status' });
  let services: Service[] = [];
  const fillServices = () => {
    const chosen = service.value;
    const ofTeam = services.filter((s) => String(s.team.id) === team.value);
    service.replaceChildren(...ofTeam.map((s) => h('option', { value: String(s.id) }, `${s.subtype} at ${s.url}:${s.port}`)));
    if (ofTeam.some((s) => String(s.id) === chosen)) service.value = chosen;
  };
  team.addEventListener('change', fillServices);
  const element = h(
    'form',
    { class: 'member-form', 'aria-label': 'File a finding' },
    h('label', { for: 'finding-team' }, 'Team'),
    team,
    h('label', { for: 'finding-service' }, 'Service'),
    service,
    h('label', { for: 'finding-kind' }, 'Kind'),
    kind,
    h('label', { for: 'finding-done' }, 'When you did it (UTC, such as 2026-11-28T10:15:00Z)'),
    doneAt,
    h('label', { for: 'finding-description' }, 'What you did, and how (Markdown)'),
    description,
    evidenceLabel,
    evidence,
    h('button', { type: 'submit' }, 'File the finding'),
    status,
  );
  element.addEventListener('submit', (event) => {
    event.preventDefault();
    void (async () => {
      try {
        const files = await uploadPicked(evidence, (file) => red.upload(file), status);
        replaceContent(status, 'Filing…');
        const finding = await red.file({
          team_id: Number(team.value),
          service_id: Number(service.value),
          kind: kind.value,
          done_at: doneAt.value.trim(),
          description: description.value,
          files,
        });
        description.value = evidence.value = '';
        replaceContent(status, `Finding ${finding.id} filed${files.length > 0 ? ` with ${files.length} file${files.length > 1 ? 's' : ''}` : ''}.`);
        filed();
      } catch (error) {
        replaceContent(status, ...refusal(error));
      }
    })();
  });
  return {
    element,
    ready: () => team.options.length > 0,
    update: (teams: Team[], all: Service[], kinds: FindingKind[]) => {
      services = all;
      const chosenTeam = team.value;
      team.replaceChildren(...[...teams].sort((a, b) => a.number - b.number).map((t) => h('option', { value: String(t.id) }, `${t.number} ${t.name}`)));
      if (teams.some((t) => String(t.id) === chosenTeam)) team.value = chosenTeam;
      fillServices();
      const chosenKind = kind.value;
      kind.replaceChildren(...kinds.map((k) => h('option', { value: k.id }, `${k.name} (${k.points} points)`)));
      if (kinds.some((k) => k.id === chosenKind)) kind.value = chosenKind;
      if (doneAt.value === '') doneAt.value = new Date().toISOString().replace(/\.\d{3}Z$/, 'Z');
    },
  };
}

/** The findings, newest first; each drawn anew only when it changed, so a form for more evidence being typed survives the polls. */
function drawFindings(
  list: HTMLElement,
  findings: Finding[],
  teams: Team[],
  services: Service[],
  red: RedTeamApi,
  drawn: Map<number, string>,
  added: () => void,
): void {
  if (findings.length === 0) return replaceContent(list, h('p', { class: 'empty' }, 'No finding filed yet.'));
  const ol = list.querySelector('ol') ?? h('ol', { class: 'findings' });
  if (!ol.isConnected) replaceContent(list, ol);
  const byId = new Map([...ol.children].map((li) => [Number((li as HTMLElement).dataset.findingId), li as HTMLElement]));
  const ordered = [...findings].sort((a, b) => b.id - a.id);
  for (const finding of ordered) {
    const text = JSON.stringify(finding);
    if (drawn.get(finding.id) === text && byId.has(finding.id)) continue;
    drawn.set(finding.id, text);
    const card = findingCard(finding, teams, services, red, added);
    const old = byId.get(finding.id);
    if (old) old.replaceWith(card);
    else ol.append(card);
  }
  // In the API's order, newest first.
  for (const finding of ordered) {
    const li = ol.querySelector(`[data-finding-id="${finding.id}"]`);
    if (li) ol.append(li);
  }
}

function findingCard(finding: Finding, teams: Team[], services: Service[], red: RedTeamApi, added: () => void): HTMLElement {
  const team = teams.find((t) => t.id === finding.team_id);
  const service = services.find((s) => s.id === finding.service_id);
  const review = finding.review;
  return h(
    'li',
    { 'data-finding-id': String(finding.id) },
    h(
      'p',
      { class: 'meta' },
      `Finding ${finding.id}: ${finding.kind_name} on ${service ? `${service.subtype} of ` : `service ${finding.service_id} of `}`,
      team ? `team ${team.number} ${team.name}` : `team ${finding.team_id}`,
      `, done ${formatTime(finding.done_at)}, filed by ${finding.filed_by}`,
    ),
    h(
      'p',
      { class: `finding-state state-${finding.state}` },
      STATE_TEXT[finding.state],
      finding.state === 'approved' ? (finding.deducted > 0 ? `: ${finding.deducted} points off` : ': counted once already (a repeat)') : '',
    ),
    review?.reason ? h('div', { class: 'grade' }, h('p', {}, 'The organisers’ note:'), renderMarkdown(review.reason)) : null,
    renderMarkdown(finding.description),
    finding.files.length > 0 ? fileList(finding.files, (key) => red.fileLink(key)) : null,
    ...finding.additions.map((addition) =>
      h(
        'div',
        { class: 'addition' },
        h('p', { class: 'meta' }, `Added by ${addition.added_by}, ${formatTime(addition.added_at)}:`),
        renderMarkdown(addition.note),
        addition.files.length > 0 ? fileList(addition.files, (key) => red.fileLink(key)) : null,
      ),
    ),
    finding.state === 'more_evidence' ? evidenceForm(finding, red, added) : null,
  );
}

function evidenceForm(finding: Finding, red: RedTeamApi, added: () => void): HTMLElement {
  const noteId = `evidence-note-${finding.id}`;
  const note = h('textarea', { id: noteId, name: 'note', rows: 3, required: true });
  const [filesLabel, files] = filePicker(`evidence-files-${finding.id}`);
  const status = h('div', { class: 'form-status', role: 'status' });
  const form = h(
    'form',
    { class: 'member-form', 'aria-label': `More evidence for finding ${finding.id}` },
    h('label', { for: noteId }, 'What the new evidence shows (Markdown)'),
    note,
    filesLabel,
    files,
    h('button', { type: 'submit' }, `Send the evidence for finding ${finding.id}`),
    status,
  );
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    void (async () => {
      try {
        const keys = await uploadPicked(files, (file) => red.upload(file), status);
        replaceContent(status, 'Sending…');
        await red.addEvidence(finding.id, { note: note.value, files: keys });
        replaceContent(status, 'Sent: it is back in the organisers’ queue.');
        added();
      } catch (error) {
        replaceContent(status, ...refusal(error));
      }
    })();
  });
  return form;
}
