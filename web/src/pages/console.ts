import { h, replaceContent } from '../dom';
import { adminApi } from '../console/admin-api';
import { auditTrail } from '../console/audit';
import type { ConsoleContext } from '../console/context';
import { changesTable, teamAccountForm, teamAccountsTable, tokenForm, tokensTable } from '../console/credentials';
import { openNewService, openNewSubtype, openNewSuperType, openNewTeam, openTeam, subtypesTable, superTypesTable, teamsTable } from '../console/definitions';
import { explain } from '../console/explain';
import { finaliseForm, openAdjustment, openAnnouncement, openVoid } from '../console/scoring';
import { openSettings } from '../console/settings';
import { poolForm, poolsTable } from '../console/pools';
import { incidentsTable, injectsTable, openNewInject } from '../console/work';
import { findingKindsForm, findingsTable } from '../console/findings';
import { beaconsTable } from '../console/beacons';
import { overviewView } from '../console/overview';
import { ranksView } from '../console/ranks';
import { listTable } from '../console/table';
import { listServices } from '../console/service-list';
import { servicesTable, servicesView } from '../console/services';
import { addressOf, parseAddress, VIEW_PATHS, type ViewPath } from '../console/views';
import { ADMIN_TOKEN_KEY } from '../storage-keys';

/**
 * The organisers' console (/admin/), one view at a time on hash addresses
 * (`#/services?team=187`: back, forward and a shared address work): an
 * overview of the event's health; the settings (the whole form, each
 * refused field's reason beside it); teams (add, rename, hide, show) and one
 * team's view;
 * services (add, move, check now); the subtypes' checks; adjustments, voids
 * (preview, confirm, progress) and finalising; injects (write, publish,
 * retire, grade the queue, ask for revisions) and incident reports to
 * grade; announcements; pools (where services are checked from) and their
 * agents, alive or not; password change requests;
 * API tokens; team members' sign-in accounts; the audit trail, paged and
 * filtered. Signed in with an admin
 * token kept in this tab's session storage and sent as `Authorization:
 * Bearer`, the team page's mechanism. Every edit opens the record fresh and
 * sends its ETag in If-Match, so a change someone else made meanwhile is a
 * 412, said on the page, never overwritten.
 */
const TOKEN_KEY = ADMIN_TOKEN_KEY;

export function consolePage(content: HTMLElement): void {
  const token = sessionStorage.getItem(TOKEN_KEY);
  if (token) void signedIn(content, token);
  else signInForm(content);
}

function signInForm(content: HTMLElement, notice?: string): void {
  const status = h('p', { class: 'form-status', role: 'status' }, notice ?? '');
  const token = h('input', { id: 'admin-token', name: 'token', type: 'password', autocomplete: 'off', required: true, spellcheck: 'false' });
  const form = h(
    'form',
    { class: 'member-form', 'aria-labelledby': 'console-sign-in' },
    h('h2', { id: 'console-sign-in' }, 'Sign in'),
    h('p', { class: 'hint' }, 'With an admin token (npm run scoring -- token create --role admin). It stays in this tab only.'),
    h('label', { for: 'admin-token' }, 'Admin token'),
    token,
    h('button', { type: 'submit' }, 'Sign in'),
    status,
  );
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    status.textContent = 'Checking the token…';
    adminApi(token.value)
      .check()
      .then(() => {
        sessionStorage.setItem(TOKEN_KEY, token.value);
        token.value = '';
        void signedIn(content, sessionStorage.getItem(TOKEN_KEY)!);
      })
      .catch((error: unknown) => (status.textContent = explain(error)));
  });
  replaceContent(content, form);
  document.getElementById('live')!.textContent = 'Not signed in';
}

/** A button that opens a form in the editor. */
function opener(label: string, open: () => unknown): HTMLButtonElement {
  const button = h('button', { type: 'button' }, label);
  button.addEventListener('click', () => void open());
  return button;
}

async function signedIn(content: HTMLElement, token: string): Promise<void> {
  const api = adminApi(token);
  const signOut = (notice?: string) => {
    window.removeEventListener('hashchange', route);
    sessionStorage.removeItem(TOKEN_KEY);
    signInForm(content, notice);
  };
  // The token is checked while the view loads (one round trip, not two, before the first view): refused, the
  // sign-in form replaces whatever was drawn.
  const checked = api.check().then(
    () => true,
    (error: unknown) => (signOut(explain(error)), false),
  );
  document.getElementById('live')!.textContent = 'Signed in';
  const signOutButton = h('button', { type: 'button' }, 'Sign out');
  signOutButton.addEventListener('click', () => signOut('Signed out.'));
  const status = h('p', { class: 'form-status', role: 'status', id: 'console-status' });
  const heading = h('h2', { id: 'console-view-title', tabindex: '-1' });
  const view = h('section', { id: 'console-view', 'aria-labelledby': 'console-view-title' });
  const context: ConsoleContext = {
    api,
    editor: h('div', { id: 'console-editor' }),
    say: (text: string) => replaceContent(status, text),
    reload: () => draw(false),
  };
  // Forms that show something once (a token's secret, a new account's password) or keep their own state (the audit
  // trail's filter and pages) are made once and outlive their view's redraws.
  const accountForm = teamAccountForm(context);
  const mintForm = tokenForm(context);
  const audit = auditTrail(context);
  const pool = poolForm(context);
  const closing = finaliseForm(context);

  const views: Record<ViewPath, { title: string; draw: (params: URLSearchParams, id: number | undefined) => Promise<Node[]> }> = {
    overview: { title: 'Overview', draw: () => overviewView(context) },
    teams: {
      title: 'Teams',
      draw: async (_, id) =>
        id === undefined ? [actions(opener('Add a team', () => openNewTeam(context))), teamsTable(context, await api.teams())] : teamView(id),
    },
    services: {
      title: 'Services',
      draw: async (params) => [actions(opener('Add a service', () => openNewService(context))), ...(await servicesView(context, params))],
    },
    checks: {
      title: 'Checks and pools',
      draw: async () => {
        const [subtypes, superTypes, pools, teams, settings] = await Promise.all([api.subtypes(), api.superTypes(), api.pools(), api.teams(), api.settings()]);
        return [
          h('h3', {}, 'Subtypes'),
          actions(opener('Add a subtype', () => openNewSubtype(context))),
          subtypesTable(context, subtypes),
          h('h3', {}, 'Super types'),
          actions(opener('Add a super type', () => openNewSuperType(context))),
          superTypesTable(context, superTypes),
          h('h3', {}, 'Pools and their agents'),
          pool,
          poolsTable(context, pools, teams, settings.data.round_seconds),
        ];
      },
    },
    injects: {
      title: 'Injects and grading',
      draw: async () => [actions(opener('Write an inject', () => openNewInject(context))), injectsTable(context, await api.injects())],
    },
    incidents: { title: 'Incident reports', draw: async () => [incidentsTable(context, await api.incidents())] },
    findings: {
      title: 'Red team findings and beacons',
      draw: async () => {
        const [findings, teams, kinds, beacons] = await Promise.all([api.findings(), api.teams(), api.findingKinds(), api.beacons()]);
        return [findingsTable(context, findings, teams), beaconsTable(context, beacons, teams), findingKindsForm(context, kinds.kinds)];
      },
    },
    'password-changes': { title: 'Password changes waiting', draw: async () => [changesTable(context, await api.pendingPasswordChanges())] },
    access: {
      title: 'Tokens and accounts',
      draw: async () => {
        const [tokens, accounts, teams] = await Promise.all([api.tokens(), api.teamAccounts(), api.teams()]);
        accountForm.setTeams(teams);
        return [
          h('h3', {}, 'API tokens'),
          mintForm,
          tokensTable(context, tokens),
          h('h3', {}, 'Team members’ sign-in accounts'),
          accountForm.form,
          teamAccountsTable(context, accounts, teams),
        ];
      },
    },
    audit: { title: 'Audit trail', draw: () => (audit.shown(), Promise.resolve([audit.element])) },
    settings: {
      title: 'Settings',
      draw: async () => {
        const settings = (await api.settings()).data;
        return [
          actions(opener('Edit the settings', () => openSettings(context))),
          h(
            'dl',
            { class: 'console-settings' },
            ...Object.entries(settings).flatMap(([name, value]) => [h('dt', {}, name), h('dd', {}, JSON.stringify(value))]),
          ),
        ];
      },
    },
    closing: { title: 'Closing the event', draw: async () => [closing, ...(await ranksView(context))] },
  };

  /** One team: its services, its members' accounts, its requests, answers and grades, what it filed, its adjustments. */
  async function teamView(number: number): Promise<Node[]> {
    // The address names a team by its number, as organisers do ("team 187"); the API by its id.
    const teams = await api.teams();
    const team = teams.find((t) => t.number === number);
    if (!team) return [h('p', {}, `No team has the number ${number}.`)];
    const id = team.id;
    const [endpoints, status, pools, accounts, sessions, changes, reports, findings, submissions, grades, adjustments, beacons] = await Promise.all([
      api.serviceEndpoints(),
      api.serviceStatus(),
      api.pools(),
      api.teamAccounts(),
      api.teamSessions(id),
      api.teamPasswordChanges(id),
      api.incidents(),
      api.findings(),
      api.teamSubmissions(id),
      api.teamGrades(id),
      api.adjustments(id),
      api.beacons(),
    ]);
    heading.textContent = `Team ${team.number}: ${team.name}`;
    const services = listServices(
      endpoints.filter((e) => e.team_id === id),
      status,
      teams,
      pools,
    );
    const end = opener("End the team's sessions", () =>
      api.endTeamSessions(id).then(
        (ended) => (context.say(`Team ${team.number}: ${ended.ended} sessions ended; its members sign in again.`), context.reload()),
        (error: unknown) => context.say(explain(error)),
      ),
    );
    return [
      h(
        'p',
        {},
        `Zone ${team.team_url}. `,
        h('a', { href: `#/services?team=${team.number}` }, 'Its services in the services view'),
        '. ',
        h('a', { href: `/debrief.html?team=${id}` }, 'Its debrief'),
        ', as the team reads and prints it.',
      ),
      actions(
        opener(`Edit team ${team.number}`, () => openTeam(context, team)),
        end,
      ),
      h('h3', {}, 'Services'),
      servicesTable(context, services, `Team ${team.number}'s services`),
      h('h3', {}, 'Sign-in accounts'),
      teamAccountsTable(
        context,
        accounts.filter((a) => a.team_id === id),
        teams,
      ),
      h('h3', {}, 'Signed in now'),
      record(
        'console-team-sessions',
        'Its open sessions, oldest first',
        ['Account', 'Since', 'Until'],
        sessions.map((s) => [s.account, s.created_at, s.expires_at]),
      ),
      h('h3', {}, 'Password changes waiting'),
      changesTable(
        context,
        changes.filter((c) => c.state === 'pending'),
      ),
      h('h3', {}, 'Password change requests, newest first'),
      record(
        'console-team-changes',
        'Its password change requests, never a password',
        ['Request', 'State', 'Asked', 'By', 'Accounts'],
        changes.map((c) => [
          String(c.id),
          c.reason ? `${c.state}: ${c.reason}` : c.state,
          c.requested_at,
          c.requested_by,
          c.changes.map((x) => `${x.subtype} ${x.username}`).join(', '),
        ]),
      ),
      h('h3', {}, 'Answers to injects and their grades'),
      record(
        'console-team-work',
        'Its answers to injects, every version, and the latest grade of each',
        ['Inject', 'Version', 'Sent', 'By', 'Grade'],
        submissions.map((sub) => {
          const grade = grades.find((g) => g.inject_id === sub.inject_id && g.submission_version === sub.version);
          return [
            String(sub.inject_id),
            String(sub.version),
            sub.submitted_at,
            sub.submitted_by,
            grade ? `${grade.awarded} on the board (${grade.points} given)` : 'not graded',
          ];
        }),
      ),
      h('h3', {}, 'Adjustments'),
      record(
        'console-team-adjustments',
        'Points added or taken by hand',
        ['Adjustment', 'Points', 'Super type', 'Reason', 'By', 'When'],
        adjustments.map((a) => [String(a.id), String(a.points), String(a.super_type_id), a.reason, a.created_by, a.created_at]),
      ),
      h('h3', {}, 'Incident reports'),
      incidentsTable(
        context,
        reports.filter((r) => r.team_id === id),
      ),
      h('h3', {}, 'Red team findings'),
      findingsTable(
        context,
        findings.filter((f) => f.team_id === id),
        teams,
      ),
      h('h3', {}, 'Red team beacons'),
      beaconsTable(
        context,
        beacons.filter((b) => b.team_id === id),
        teams,
      ),
    ];
  }

  const nav = h(
    'nav',
    { class: 'console-nav', 'aria-label': 'Console views' },
    h('ul', {}, ...VIEW_PATHS.map((path) => h('li', {}, h('a', { href: addressOf(path), 'data-view': path }, views[path].title)))),
  );

  /** Draws the view the address names; `moved` (a new address) puts the keyboard on its heading. */
  let drawing = 0;
  async function draw(moved: boolean): Promise<void> {
    const { path, id, params } = parseAddress(location.hash);
    const spec = views[path];
    const mine = ++drawing;
    heading.textContent = spec.title;
    document.title = `${spec.title} · Organisers’ console`;
    for (const link of nav.querySelectorAll('a')) {
      if (link.dataset.view === path) link.setAttribute('aria-current', 'page');
      else link.removeAttribute('aria-current');
    }
    if (moved) {
      replaceContent(context.editor);
      replaceContent(view, h('p', { class: 'loading' }, 'Loading…'));
    }
    // Where the keyboard was when the view was asked for: moved elsewhere while it loads, it stays there.
    const focused = document.activeElement;
    try {
      const nodes = await spec.draw(params, id);
      // A later address drew over this one meanwhile.
      if (mine !== drawing) return;
      replaceContent(view, ...nodes);
      if (moved && document.activeElement === focused) heading.focus();
    } catch (error) {
      if (mine === drawing) context.say(explain(error));
    }
  }
  function route(): void {
    void draw(true);
  }
  window.addEventListener('hashchange', route);

  replaceContent(
    content,
    h('p', { class: 'signed-in' }, 'Signed in as an organiser. ', signOutButton),
    nav,
    h(
      'p',
      { class: 'console-actions' },
      opener('Adjust a score', () => openAdjustment(context)),
      ' ',
      opener('Void results', () => openVoid(context)),
      ' ',
      opener('Announce', () => openAnnouncement(context)),
    ),
    status,
    context.editor,
    heading,
    view,
  );
  await Promise.all([checked, draw(false)]);
}

/** A read-only list of a team's record: text cells only, the first one the row's header; "None." when empty. */
function record(className: string, caption: string, headers: string[], rows: string[][]): HTMLElement {
  if (rows.length === 0) return h('p', { class: 'empty' }, 'None.');
  return listTable(
    { className, caption, region: caption, headers },
    rows.map(([first, ...rest]) => h('tr', {}, h('th', { scope: 'row' }, first ?? ''), ...rest.map((cell) => h('td', {}, cell)))),
  );
}

/** A row of buttons above a view's list. */
function actions(...buttons: HTMLElement[]): HTMLElement {
  return h('p', { class: 'console-actions' }, ...buttons.flatMap((button, i) => (i === 0 ? [button] : [' ', button])));
}
