import { ApiError, memberApi, RequestRefused, type Announcement, type CheckJob, type PasswordChange, type TeamService, type TeamSession } from '../api';
import { formatTime, h, replaceContent, scrollRegion } from '../dom';
import { POLL_MS } from '#shared/api/polling';
import { follow, SIGNED_IN_PUSH, type StopFollowing } from '../live';
import { beaconsList, findingsList, incidentsPanel, injectsPanel } from './member-work';
import { stateTag } from './states';
import { signInForm as signInAs } from '../sign-in';
import { TEAM_SESSION_KEY } from '../storage-keys';

/**
 * A blue team member's page: sign in, then the team's own services with the
 * full reason of each failure and their recent checks, "check now" (a dry run
 * by the agent, and how the latest ones went), and the password change
 * requests (a pasted list, and what became of each). The session
 * token lives in this tab's session storage, sent as `Authorization: Bearer`;
 * no cookie. A 401 (the session ended or expired) goes back to signing in.
 */
const SESSION_KEY = TEAM_SESSION_KEY;

export function memberPage(content: HTMLElement): void {
  const token = sessionStorage.getItem(SESSION_KEY);
  if (token) void signedIn(content, token);
  else signInForm(content);
}

const signInForm = (content: HTMLElement, notice?: string) =>
  signInAs(content, { storageKey: SESSION_KEY, signedIn: (token) => void signedIn(content, token), ...(notice ? { notice } : {}) });

async function signedIn(content: HTMLElement, token: string): Promise<void> {
  const api = memberApi(token);
  // Nothing is read with the token once the session ends: a read after it would be refused (401).
  let stopFollowing: StopFollowing = async () => undefined;
  let active = true;
  /** Stops every read with the token (the page's poll, the quick reads while a check runs); resolves when none is under way. */
  const halt = () => {
    active = false;
    return stopFollowing();
  };
  let signedOut = false;
  const signOut = (notice?: string) => {
    void halt();
    if (signedOut) return;
    signedOut = true;
    sessionStorage.removeItem(SESSION_KEY);
    signInForm(content, notice);
  };
  let session: TeamSession;
  try {
    session = (await api.session()).data;
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) return signOut('Your session has ended: sign in again.');
    throw error;
  }
  // A red team member's session has no team page.
  if (session.team === null) {
    await api.signOut().catch(() => undefined);
    return signOut('This account is a red team member’s: it has no team page.');
  }
  const team = session.team.id;
  document.querySelector('h1')!.textContent = `${session.team.name} (team ${session.team.number})`;
  const signOutButton = h('button', { type: 'button', class: 'link-button' }, 'Sign out');
  // The reads under way end first: the session they read with is about to end.
  signOutButton.addEventListener('click', () => void halt().then(() => api.signOut().finally(() => signOut('Signed out.'))));
  const services = h('div', { class: 'member-services' }, h('p', { class: 'loading' }, 'Loading…'));
  const changes = h('div', { class: 'member-changes' });
  const announcements = h('div', { class: 'member-announcements', 'aria-live': 'polite' });
  const work = injectsPanel(team, api, () => void refresh());
  const incidents = incidentsPanel(team, api, () => void refresh());
  const checkStatus = h('p', { class: 'form-status', role: 'status' });
  const checks = h('div', { class: 'member-checks' });
  const findings = h('div', { class: 'member-findings', 'aria-live': 'polite' });
  const beacons = h('div', { class: 'member-beacons' });
  replaceContent(
    content,
    h('p', { class: 'signed-in' }, `Signed in as ${session.account} until ${formatTime(session.expires_at)}. `, signOutButton),
    h('p', {}, h('a', { href: '/debrief.html' }, 'Your team’s debrief'), ': its story of the event, to read and print, once the organisers release it.'),
    session.details ? null : h('p', { class: 'notice' }, 'The organisers show failures by their category only for now.'),
    h('h2', {}, 'Announcements'),
    announcements,
    h('h2', {}, 'Injects'),
    work.element,
    h('h2', {}, 'Services'),
    services,
    h('h2', {}, 'Checks you asked for'),
    h(
      'p',
      { class: 'hint' },
      '“Check now” runs a service’s check at once, as the next round will, and scores nothing. Your team may ask once every 20 seconds.',
    ),
    checkStatus,
    checks,
    h('h2', {}, 'Password changes'),
    passwordChangeForm(team, api, () => void refresh()),
    changes,
    h('h2', {}, 'Incident reports'),
    incidents.element,
    h('h2', {}, 'Red team findings'),
    findings,
    h('h2', {}, 'Red team beacons'),
    beacons,
  );
  const expanded = new Set<number>();
  let latest: TeamService[] = [];
  const drawServices = () => replaceContent(services, scrollRegion('Services of your team', servicesTable(latest, expanded, toggle, checkNow)));
  // While a job of ours is queued or running, its list is read every 2 s rather than at the page's pace.
  let fastUntil = 0;
  const checkNow = (service: TeamService) => {
    replaceContent(checkStatus, `Asking for a check of ${service.subtype}…`);
    api
      .checkNow(team, service.id)
      .then((job) => {
        replaceContent(checkStatus, `Check ${job.id} of ${service.subtype} asked for: its result shows below in a few seconds.`);
        fastUntil = Date.now() + 60_000;
        void refreshChecks();
      })
      .catch((error: unknown) => {
        if (error instanceof ApiError && error.status === 401) return signOut('Your session has ended: sign in again.');
        replaceContent(checkStatus, error instanceof ApiError ? error.message : 'The request could not be sent; try again.');
      });
  };
  const refreshChecks = async () => {
    const read = await api.checks(team);
    if (read.changed || !checks.querySelector('table, .empty')) replaceContent(checks, checksTable(read.data, latest));
    const waiting = read.data.some((job) => job.state === 'queued' || job.state === 'running');
    if (waiting && Date.now() < fastUntil) setTimeout(() => void (active ? refreshChecks().catch(() => undefined) : undefined), 2000);
  };
  const toggle = (id: number) => {
    if (expanded.has(id)) expanded.delete(id);
    else expanded.add(id);
    drawServices();
    if (expanded.has(id)) void loadHistory(id);
  };
  const loadHistory = async (serviceId: number) => {
    const scans = (await api.scans(team, serviceId)).data.items;
    const holder = services.querySelector(`[data-history="${serviceId}"]`);
    const table = h(
      'table',
      { class: 'history' },
      h('caption', {}, 'Its latest checks'),
      h('thead', {}, h('tr', {}, ...['Checked', 'Result', 'Failure', 'Reason'].map((label) => h('th', { scope: 'col' }, label)))),
      h(
        'tbody',
        {},
        ...scans.map((scan) =>
          h(
            'tr',
            {},
            h('td', {}, formatTime(scan.time)),
            h('td', { class: 'num' }, String(scan.score)),
            h('td', {}, scan.error ?? '—'),
            h('td', { class: 'error' }, scan.reason ?? (scan.error ? '(hidden)' : '—')),
          ),
        ),
      ),
    );
    if (holder) replaceContent(holder, table);
  };
  const refresh = async () => {
    try {
      const [servicesRead, changesRead, announcementsRead, injectsRead, submissionsRead, gradesRead, incidentsRead, findingsRead, beaconsRead] =
        await Promise.all([
          api.services(team),
          api.passwordChanges(team),
          api.announcements(team),
          api.injects(team),
          api.submissions(team),
          api.grades(team),
          api.incidents(team),
          api.findings(team),
          api.beacons(team),
        ]);
      if (beaconsRead.changed || !beacons.hasChildNodes()) replaceContent(beacons, beaconsList(beaconsRead.data));
      if (injectsRead.changed || submissionsRead.changed || gradesRead.changed || !work.element.hasChildNodes())
        work.update(injectsRead.data, submissionsRead.data, gradesRead.data);
      if (incidentsRead.changed || !incidents.element.querySelector('ol, .empty')) incidents.update(incidentsRead.data);
      if (findingsRead.changed || servicesRead.changed || !findings.hasChildNodes()) {
        const named = new Map(servicesRead.data.services.map((s) => [s.id, s.subtype]));
        replaceContent(
          findings,
          findingsList(findingsRead.data, (id) => named.get(id) ?? `service ${id}`),
        );
        incidents.answerable(findingsRead.data.findings);
      }
      if (announcementsRead.changed || !announcements.querySelector('ol, .empty')) replaceContent(announcements, announcementList(announcementsRead.data));
      if (servicesRead.changed || !services.querySelector('table')) {
        latest = servicesRead.data.services;
        drawServices();
        for (const id of expanded) void loadHistory(id);
      }
      await refreshChecks();
      if (changesRead.changed || !changes.querySelector('table, .empty')) replaceContent(changes, changesTable(changesRead.data));
    } catch (error) {
      if (error instanceof ApiError && error.status === 401) return signOut('Your session has ended: sign in again.');
      throw error;
    }
  };
  stopFollowing = follow(refresh, POLL_MS.signedIn, SIGNED_IN_PUSH);
}

/** The organisers' announcements, newest first: their text as text (line breaks kept), never as HTML. */
function announcementList(items: Announcement[]): HTMLElement {
  if (items.length === 0) return h('p', { class: 'empty' }, 'None yet.');
  return h(
    'ol',
    { class: 'announcements', reversed: '' },
    ...items.map((a) =>
      h(
        'li',
        { 'data-announcement-id': String(a.id) },
        h('p', { class: 'meta' }, `${formatTime(a.posted_at)} · ${a.team_id === null ? 'to every team' : 'to your team'}`),
        h('p', { class: 'announcement-text' }, a.text),
      ),
    ),
  );
}

function servicesTable(
  services: TeamService[],
  expanded: Set<number>,
  toggle: (id: number) => void,
  checkNow: (service: TeamService) => void,
): HTMLTableElement {
  return h(
    'table',
    { class: 'services' },
    h('caption', { class: 'visually-hidden' }, 'Services of your team, with why each failing one fails'),
    h(
      'thead',
      {},
      h('tr', {}, ...['Check', 'Address', 'State', 'Last scan', 'Failure', 'Reason', 'Checks', 'Dry run'].map((label) => h('th', { scope: 'col' }, label))),
    ),
    h(
      'tbody',
      {},
      ...services.flatMap((service) => {
        const open = expanded.has(service.id);
        const button = h(
          'button',
          { type: 'button', class: 'link-button', 'aria-expanded': open ? 'true' : 'false', 'aria-controls': `history-${service.id}` },
          open ? 'Hide' : 'Show',
        );
        button.addEventListener('click', () => toggle(service.id));
        const check = h('button', { type: 'button', class: 'link-button' }, 'Check now', h('span', { class: 'visually-hidden' }, ` (${service.subtype})`));
        check.addEventListener('click', () => checkNow(service));
        const row = h(
          'tr',
          { 'data-service-id': service.id },
          h('th', { scope: 'row' }, service.subtype),
          h('td', { class: 'address' }, `${service.url}:${service.port}`),
          h('td', {}, stateTag(service, false)),
          h('td', {}, formatTime(service.last_scan_time)),
          h('td', {}, service.last_scan_error ?? '—'),
          h('td', { class: 'error' }, service.last_scan_reason ?? (service.last_scan_error ? '(hidden)' : '—')),
          h('td', {}, button),
          h('td', {}, check),
        );
        const history = open
          ? h('tr', { id: `history-${service.id}` }, h('td', { colspan: 8, 'data-history': service.id }, h('p', { class: 'loading' }, 'Loading…')))
          : null;
        return history ? [row, history] : [row];
      }),
    ),
  );
}

/** The team's latest dry runs: what was checked, by whom, and how it went. */
function checksTable(jobs: CheckJob[], services: TeamService[]): HTMLElement {
  if (jobs.length === 0) return h('p', { class: 'empty' }, 'No check asked for yet.');
  const names = new Map(services.map((s) => [s.id, s.subtype]));
  const result = (job: CheckJob) => (job.outcome ? (job.outcome.passed ? 'passed' : (job.outcome.category ?? 'failed')) : job.state);
  const table = h(
    'table',
    { class: 'checks' },
    h('caption', { class: 'visually-hidden' }, 'Checks your team asked for, newest first'),
    h('thead', {}, h('tr', {}, ...['Check', 'Service', 'Asked', 'By', 'Result', 'Reason'].map((label) => h('th', { scope: 'col' }, label)))),
    h(
      'tbody',
      {},
      ...jobs.map((job) =>
        h(
          'tr',
          { 'data-check-id': job.id },
          h('th', { scope: 'row' }, String(job.id)),
          h('td', {}, names.get(job.service_id) ?? `service ${job.service_id}`),
          h('td', {}, formatTime(job.requested_at)),
          h('td', {}, job.requested_by),
          h('td', {}, result(job)),
          h('td', { class: 'error' }, job.outcome?.reason ?? (job.outcome && !job.outcome.passed ? '(hidden)' : '—')),
        ),
      ),
    ),
  );
  return scrollRegion('Checks your team asked for', table);
}

function passwordChangeForm(team: number, api: ReturnType<typeof memberApi>, sent: () => void): HTMLFormElement {
  const list = h('textarea', { id: 'password-list', name: 'list', rows: 5, spellcheck: 'false', autocomplete: 'off', required: true });
  const status = h('div', { class: 'form-status', role: 'status' });
  const form = h(
    'form',
    { class: 'member-form', 'aria-label': 'Send password changes' },
    h('label', { for: 'password-list' }, 'New passwords, one account per line: service,username,password'),
    h('p', { class: 'hint', id: 'password-list-hint' }, 'The service by its check (SSH, FTP…) or its id. Quote a field that holds a comma: "pa,ss".'),
    list,
    h('button', { type: 'submit' }, 'Send'),
    status,
  );
  list.setAttribute('aria-describedby', 'password-list-hint');
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    replaceContent(status, 'Sending…');
    api
      .requestPasswordChanges(team, list.value)
      .then((change) => {
        list.value = '';
        const said = {
          applied: 'applied; the checks use it from their next round',
          pending: 'waiting',
          rejected: `rejected: ${change.reason ?? ''}`,
          failed: `failed: ${change.reason ?? ''}`,
        }[change.state];
        replaceContent(status, `Request ${change.id}: ${said}`);
        sent();
      })
      .catch((error: unknown) => {
        if (error instanceof RequestRefused) {
          replaceContent(status, h('p', {}, error.message), h('ul', {}, ...error.errors.map((e) => h('li', {}, `${e.path}: ${e.message}`))));
        } else replaceContent(status, 'The request could not be sent; try again.');
      });
  });
  return form;
}

function changesTable(changes: PasswordChange[]): HTMLElement {
  if (changes.length === 0) return h('p', { class: 'empty' }, 'No password change sent yet.');
  const table = h(
    'table',
    { class: 'changes' },
    h('caption', { class: 'visually-hidden' }, 'Password changes your team sent'),
    h('thead', {}, h('tr', {}, ...['Request', 'Sent', 'By', 'Accounts', 'State', 'Decided'].map((label) => h('th', { scope: 'col' }, label)))),
    h(
      'tbody',
      {},
      ...changes.map((change) =>
        h(
          'tr',
          {},
          h('th', { scope: 'row' }, String(change.id)),
          h('td', {}, formatTime(change.requested_at)),
          h('td', {}, change.requested_by),
          h('td', {}, change.changes.map((c) => `${c.subtype} ${c.username}`).join(', ')),
          h('td', {}, change.state === 'pending' && change.apply_at ? `pending until ${formatTime(change.apply_at)}` : change.state),
          h('td', {}, change.decided_at ? `${formatTime(change.decided_at)}${change.reason ? `: ${change.reason}` : ''}` : '—'),
        ),
      ),
    ),
  );
  return scrollRegion('Password changes your team sent', table);
}
