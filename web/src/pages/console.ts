import { h, replaceContent } from '../dom';
import { adminApi } from '../console/admin-api';
import { auditTrail } from '../console/audit';
import type { ConsoleContext } from '../console/context';
import { changesTable, teamAccountForm, teamAccountsTable, tokenForm, tokensTable } from '../console/credentials';
import {
  openNewService,
  openNewSubtype,
  openNewSuperType,
  openNewTeam,
  servicesTable,
  subtypesTable,
  superTypesTable,
  teamsTable,
} from '../console/definitions';
import { explain } from '../console/explain';
import { finaliseForm, openAdjustment, openAnnouncement, openVoid } from '../console/scoring';
import { openSettings } from '../console/settings';
import { poolForm, poolsTable } from '../console/pools';
import { incidentsTable, injectsTable, openNewInject } from '../console/work';
import { findingKindsForm, findingsTable } from '../console/findings';

/**
 * The organisers' console (/admin/): the settings (the whole form, each
 * refused field's reason beside it); teams (add, rename, hide, show);
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
const TOKEN_KEY = 'ccdc.admin-token';

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
    sessionStorage.removeItem(TOKEN_KEY);
    signInForm(content, notice);
  };
  try {
    await api.check();
  } catch (error) {
    return signOut(explain(error));
  }
  document.getElementById('live')!.textContent = 'Signed in';
  const signOutButton = h('button', { type: 'button', class: 'link-button' }, 'Sign out');
  signOutButton.addEventListener('click', () => signOut('Signed out.'));
  const status = h('p', { class: 'form-status', role: 'status', id: 'console-status' });
  const section = () => h('div', {}, h('p', { class: 'loading' }, 'Loading…'));
  const [teams, services, subtypes, superTypes, changes, tokens, accounts, injects, incidents, pools, findings, kinds] = [
    section(),
    section(),
    section(),
    section(),
    section(),
    section(),
    section(),
    section(),
    section(),
    section(),
    section(),
    section(),
  ];
  const context: ConsoleContext = {
    api,
    editor: h('div', { id: 'console-editor' }),
    say: (text: string) => replaceContent(status, text),
    reload: async () => {
      const [
        teamList,
        serviceList,
        endpointList,
        subtypeList,
        superTypeList,
        waiting,
        tokenList,
        accountList,
        injectList,
        reportList,
        poolList,
        settings,
        findingList,
        kindList,
      ] = await Promise.all([
        api.teams(),
        api.services(),
        api.serviceEndpoints(),
        api.subtypes(),
        api.superTypes(),
        api.pendingPasswordChanges(),
        api.tokens(),
        api.teamAccounts(),
        api.injects(),
        api.incidents(),
        api.pools(),
        api.settings().then((answer) => answer.data),
        api.findings(),
        api.findingKinds(),
      ]);
      replaceContent(teams, teamsTable(context, teamList));
      replaceContent(services, servicesTable(context, serviceList, endpointList, teamList));
      replaceContent(subtypes, subtypesTable(context, subtypeList));
      replaceContent(superTypes, superTypesTable(context, superTypeList));
      replaceContent(changes, changesTable(context, waiting));
      replaceContent(tokens, tokensTable(context, tokenList));
      accountForm.setTeams(teamList);
      replaceContent(accounts, teamAccountsTable(context, accountList, teamList));
      replaceContent(injects, injectsTable(context, injectList));
      replaceContent(incidents, incidentsTable(context, reportList));
      replaceContent(pools, poolsTable(context, poolList, teamList, settings.round_seconds));
      replaceContent(findings, findingsTable(context, findingList, teamList));
      replaceContent(kinds, findingKindsForm(context, kindList.kinds));
    },
  };
  const accountForm = teamAccountForm(context);
  replaceContent(
    content,
    h('p', { class: 'signed-in' }, 'Signed in as an organiser. ', signOutButton),
    status,
    h(
      'p',
      { class: 'console-actions' },
      opener('Edit the settings', () => openSettings(context)),
      ' ',
      opener('Add a team', () => openNewTeam(context)),
      ' ',
      opener('Add a service', () => openNewService(context)),
      ' ',
      opener('Adjust a score', () => openAdjustment(context)),
      ' ',
      opener('Void results', () => openVoid(context)),
      ' ',
      opener('Announce', () => openAnnouncement(context)),
    ),
    context.editor,
    h('h2', {}, 'Teams'),
    teams,
    h('h2', {}, 'Services'),
    services,
    h('h2', {}, 'Checks'),
    h(
      'p',
      { class: 'console-actions' },
      opener('Add a subtype', () => openNewSubtype(context)),
    ),
    subtypes,
    h('h2', {}, 'Pools and their agents'),
    poolForm(context),
    pools,
    h('h2', {}, 'Super types'),
    h(
      'p',
      { class: 'console-actions' },
      opener('Add a super type', () => openNewSuperType(context)),
    ),
    superTypes,
    h('h2', {}, 'Injects'),
    h(
      'p',
      { class: 'console-actions' },
      opener('Write an inject', () => openNewInject(context)),
    ),
    injects,
    h('h2', {}, 'Incident reports'),
    incidents,
    h('h2', {}, 'Red team findings'),
    findings,
    kinds,
    h('h2', {}, 'Password change requests waiting'),
    changes,
    h('h2', {}, 'API tokens'),
    tokenForm(context),
    tokens,
    h('h2', {}, 'Team members’ sign-in accounts'),
    accountForm.form,
    accounts,
    h('h2', {}, 'Audit trail'),
    auditTrail(context),
    h('h2', {}, 'Closing the event'),
    finaliseForm(context),
  );
  await context.reload().catch((error: unknown) => context.say(explain(error)));
}
