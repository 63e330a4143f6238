import { adminApi, ApiError, RequestRefused, type PasswordChange, type Service, type Team, type Token } from '../api';
import { h, replaceContent, scrollRegion } from '../dom';

/**
 * The organisers' console (/admin/), its first pages: the settings (the
 * whole form, each refused field's reason beside it), teams (rename, hide,
 * show), services (move to another address or port, check now), the
 * password change requests waiting for a decision, and API tokens (minted
 * with an expiry, the secret shown once; revoked). Signed in
 * with an admin token kept in this tab's session storage and sent as
 * `Authorization: Bearer`, the team page's mechanism. Every edit opens the
 * record fresh and sends its ETag in If-Match, so a change someone else made
 * meanwhile is a 412, said on the page, never overwritten.
 */
const TOKEN_KEY = 'ccdc.admin-token';

type Api = ReturnType<typeof adminApi>;

export function consolePage(content: HTMLElement): void {
  const token = sessionStorage.getItem(TOKEN_KEY);
  if (token) void signedIn(content, token);
  else signInForm(content);
}

/** What a refused request means for the organiser, by its status: the API's detail, and what to do. */
export function explain(error: unknown): string {
  if (!(error instanceof ApiError)) return 'The request could not be sent: check the connection and try again.';
  const detail = error.message ? ` (${error.message})` : '';
  switch (error.status) {
    case 400:
      return `Not accepted${detail}.`;
    case 401:
      return 'Your token was not accepted: sign in again.';
    case 403:
      return `Your token may not do this: it is not an organiser's${detail}.`;
    case 404:
      return `It is not there any more${detail}: reload.`;
    case 409:
      return `Refused in the event's current state${detail}.`;
    case 412:
      return 'Someone changed this since you opened it: reload it, check their change, and make yours again.';
    case 429:
      return `Too many requests just now${detail}: wait a moment and try again.`;
    case 503:
      return `The service is busy or its database is unreachable${detail}: nothing was changed; try again in a few seconds.`;
    default:
      return `The request failed with ${error.status}${detail}.`;
  }
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
  const teams = h('div', {}, h('p', { class: 'loading' }, 'Loading…'));
  const services = h('div', {}, h('p', { class: 'loading' }, 'Loading…'));
  const editor = h('div', { id: 'console-editor' });
  const changes = h('div', {});
  const tokens = h('div', {});
  const settingsButton = h('button', { type: 'button' }, 'Edit the settings');
  const say = (text: string) => replaceContent(status, text);
  replaceContent(
    content,
    h('p', { class: 'signed-in' }, 'Signed in as an organiser. ', signOutButton),
    status,
    h('p', {}, settingsButton),
    editor,
    h('h2', {}, 'Teams'),
    teams,
    h('h2', {}, 'Services'),
    services,
    h('h2', {}, 'Password change requests waiting'),
    changes,
    h('h2', {}, 'API tokens'),
    tokenForm(api, say, () => void reload()),
    tokens,
  );
  settingsButton.addEventListener('click', () => void openSettings(api, editor, say));
  const reload = async () => {
    const [teamList, serviceList, waiting, tokenList] = await Promise.all([api.teams(), api.services(), api.pendingPasswordChanges(), api.tokens()]);
    replaceContent(
      changes,
      changesTable(api, waiting, say, () => void reload()),
    );
    replaceContent(
      tokens,
      tokensTable(api, tokenList, say, () => void reload()),
    );
    replaceContent(
      teams,
      teamsTable(teamList.data, (team) => void openTeam(api, editor, team, say, reload)),
    );
    replaceContent(
      services,
      servicesTable(
        serviceList.data,
        (service) => void openService(api, editor, service, say, reload),
        (service) => void checkNow(api, service, say),
      ),
    );
  };
  await reload().catch((error: unknown) => say(explain(error)));
}

function teamsTable(teams: Team[], edit: (team: Team) => void): HTMLElement {
  const table = h(
    'table',
    { class: 'console-teams' },
    h('caption', { class: 'visually-hidden' }, 'Teams, hidden ones included'),
    h('thead', {}, h('tr', {}, ...['Number', 'Name', 'Domain', 'Edit'].map((label) => h('th', { scope: 'col' }, label)))),
    h(
      'tbody',
      {},
      ...teams.map((team) => {
        const button = h('button', { type: 'button', class: 'link-button' }, 'Edit', h('span', { class: 'visually-hidden' }, ` team ${team.number}`));
        button.addEventListener('click', () => edit(team));
        return h(
          'tr',
          { 'data-team-id': team.id },
          h('th', { scope: 'row' }, String(team.number)),
          h('td', {}, team.name),
          h('td', {}, team.team_url),
          h('td', {}, button),
        );
      }),
    ),
  );
  return scrollRegion('Teams', table);
}

function servicesTable(services: Service[], edit: (service: Service) => void, check: (service: Service) => void): HTMLElement {
  const table = h(
    'table',
    { class: 'console-services' },
    h('caption', { class: 'visually-hidden' }, 'Services of every team'),
    h('thead', {}, h('tr', {}, ...['Team', 'Check', 'Address', 'Last result', 'Edit', 'Dry run'].map((label) => h('th', { scope: 'col' }, label)))),
    h(
      'tbody',
      {},
      ...services.map((service) => {
        const name = ` ${service.subtype} of team ${service.team.number}`;
        const editButton = h('button', { type: 'button', class: 'link-button' }, 'Edit', h('span', { class: 'visually-hidden' }, name));
        editButton.addEventListener('click', () => edit(service));
        const checkButton = h('button', { type: 'button', class: 'link-button' }, 'Check now', h('span', { class: 'visually-hidden' }, name));
        checkButton.addEventListener('click', () => check(service));
        return h(
          'tr',
          { 'data-service-id': service.id },
          h('td', {}, String(service.team.number)),
          h('th', { scope: 'row' }, service.subtype),
          h('td', { class: 'address' }, `${service.url}:${service.port}`),
          h('td', {}, service.last_scan_time === null ? 'not checked yet' : (service.last_scan_error ?? 'passed')),
          h('td', {}, editButton),
          h('td', {}, checkButton),
        );
      }),
    ),
  );
  return scrollRegion('Services', table);
}

/** Opens a team for editing: its profile as it is now, and the ETag the save will name. */
async function openTeam(api: Api, editor: HTMLElement, team: Team, say: (text: string) => void, saved: () => Promise<void>): Promise<void> {
  let opened;
  try {
    opened = await api.teamProfile(team.id);
  } catch (error) {
    return say(explain(error));
  }
  const name = h('input', { id: 'team-name', name: 'name', value: opened.data.name, required: true });
  const hidden = h('input', { id: 'team-hidden', name: 'hidden', type: 'checkbox' });
  hidden.checked = opened.data.hidden;
  const form = h(
    'form',
    { class: 'member-form', 'aria-labelledby': 'team-editor' },
    h('h2', { id: 'team-editor' }, `Team ${opened.data.number}`),
    h('label', { for: 'team-name' }, 'Name'),
    name,
    h('p', {}, hidden, ' ', h('label', { for: 'team-hidden' }, 'Hidden from the public (its results stay)')),
    h('button', { type: 'submit' }, 'Save the team'),
  );
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    api
      .editTeam(team.id, opened.etag, { name: name.value, hidden: hidden.checked })
      .then((done) => {
        replaceContent(editor);
        say(`Team ${done.data.number} saved: ${done.data.name}${done.data.hidden ? ', hidden' : ''}.`);
        return saved();
      })
      .catch((error: unknown) => say(explain(error)));
  });
  replaceContent(editor, form);
  name.focus();
}

/** Opens a service for editing: where its check goes now, and the ETag the save will name. */
async function openService(api: Api, editor: HTMLElement, service: Service, say: (text: string) => void, saved: () => Promise<void>): Promise<void> {
  let opened;
  try {
    opened = await api.serviceEndpoint(service.id);
  } catch (error) {
    return say(explain(error));
  }
  const url = h('input', { id: 'service-url', name: 'url', value: opened.data.url, required: true, spellcheck: 'false' });
  const port = h('input', { id: 'service-port', name: 'port', type: 'number', min: 1, max: 65535, value: opened.data.port, required: true });
  const form = h(
    'form',
    { class: 'member-form', 'aria-labelledby': 'service-editor' },
    h('h2', { id: 'service-editor' }, `${opened.data.subtype} of team ${service.team.number}`),
    h('label', { for: 'service-url' }, 'Host'),
    url,
    h('label', { for: 'service-port' }, 'Port'),
    port,
    h('button', { type: 'submit' }, 'Save the service'),
  );
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    api
      .moveService(service.id, opened.etag, { url: url.value, port: Number(port.value) })
      .then((done) => {
        replaceContent(editor);
        say(`${done.data.subtype} of team ${service.team.number} saved: ${done.data.url}:${done.data.port}, checked there from the next round.`);
        return saved();
      })
      .catch((error: unknown) => {
        if (error instanceof RequestRefused && error.errors.length > 0)
          say(`${explain(error)} ${error.errors.map((e) => `${e.path}: ${e.message}`).join('; ')}`);
        else say(explain(error));
      });
  });
  replaceContent(editor, form);
  url.focus();
}

/** A dry run: asked, then its outcome read until it is there (at most a minute). */
async function checkNow(api: Api, service: Service, say: (text: string) => void): Promise<void> {
  const what = `${service.subtype} of team ${service.team.number}`;
  let job;
  try {
    job = await api.checkNow(service.id);
  } catch (error) {
    return say(explain(error));
  }
  say(`Checking ${what}…`);
  for (let waited = 0; waited < 60_000; waited += 2000) {
    await new Promise((resolve) => setTimeout(resolve, 2000));
    const found = (await api.checks(service.team.id).catch(() => [])).find((j) => j.id === job.id);
    if (found?.outcome)
      return say(`${what}: ${found.outcome.passed ? 'passed' : `failed, ${found.outcome.reason ?? found.outcome.category ?? 'no reason given'}`}.`);
    if (found?.state === 'lost') return say(`${what}: no agent ran the check. Is the agent running?`);
  }
  say(`${what}: no result within a minute. Is the agent running?`);
}

/**
 * The settings, the whole form: one field per setting, as the API holds it
 * (a checkbox for a yes/no, a number, a comma-separated list, or text; an
 * empty text is "none" where the setting had none). Saved whole (PUT) with the ETag it was opened with;
 * each field the API refuses gets its reason beside it.
 */
async function openSettings(api: Api, editor: HTMLElement, say: (text: string) => void): Promise<void> {
  let opened;
  try {
    opened = await api.settings();
  } catch (error) {
    return say(explain(error));
  }
  const { id: _id, ...fields } = opened.data as Record<string, unknown>;
  const inputs = new Map<string, HTMLInputElement>();
  const errors = new Map<string, HTMLElement>();
  const rows = Object.entries(fields).map(([name, value]) => {
    const id = `setting-${name}`;
    const input =
      typeof value === 'boolean'
        ? h('input', { id, name, type: 'checkbox' })
        : typeof value === 'number'
          ? h('input', { id, name, type: 'number', step: 'any', value })
          : h('input', { id, name, value: value === null ? '' : Array.isArray(value) ? value.join(', ') : String(value), spellcheck: 'false' });
    if (typeof value === 'boolean') input.checked = value;
    const error = h('span', { class: 'field-error', id: `${id}-error` });
    input.setAttribute('aria-describedby', `${id}-error`);
    inputs.set(name, input);
    errors.set(name, error);
    return h('div', { class: 'setting' }, h('label', { for: id }, name), input, error);
  });
  const form = h(
    'form',
    { class: 'member-form', 'aria-labelledby': 'settings-editor' },
    h('h2', { id: 'settings-editor' }, 'Settings'),
    ...rows,
    h('button', { type: 'submit' }, 'Save the settings'),
  );
  const valueOf = (name: string, before: unknown): unknown => {
    const input = inputs.get(name)!;
    if (typeof before === 'boolean') return input.checked;
    if (typeof before === 'number') return input.value === '' ? null : Number(input.value);
    // A list (the name servers): comma-separated in the field.
    if (Array.isArray(before))
      return input.value
        .split(',')
        .map((item) => item.trim())
        .filter((item) => item !== '');
    return input.value === '' && before === null ? null : input.value;
  };
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    for (const [name, error] of errors) {
      replaceContent(error);
      inputs.get(name)!.removeAttribute('aria-invalid');
    }
    const body = Object.fromEntries(Object.entries(fields).map(([name, before]) => [name, valueOf(name, before)]));
    api
      .replaceSettings(opened.etag, body)
      .then(() => {
        replaceContent(editor);
        say('Settings saved.');
      })
      .catch((error: unknown) => {
        const unplaced: string[] = [];
        if (error instanceof RequestRefused) {
          for (const { path, message } of error.errors) {
            const field = errors.get(path.split('.')[0]!);
            if (!field) unplaced.push(`${path}: ${message}`);
            else {
              replaceContent(field, message);
              inputs.get(path.split('.')[0]!)!.setAttribute('aria-invalid', 'true');
            }
          }
        }
        say(
          error instanceof RequestRefused && error.status === 400
            ? `Not saved: see the fields marked below.${unplaced.length ? ` ${unplaced.join('; ')}` : ''}`
            : explain(error),
        );
      });
  });
  replaceContent(editor, form);
}

/** The requests waiting for an organiser: approve, or reject with a reason the team reads. Never a password. */
function changesTable(api: Api, waiting: PasswordChange[], say: (text: string) => void, decided: () => void): HTMLElement {
  if (waiting.length === 0) return h('p', { class: 'empty' }, 'None waiting.');
  const table = h(
    'table',
    { class: 'console-changes' },
    h('caption', { class: 'visually-hidden' }, 'Password change requests waiting for a decision'),
    h('thead', {}, h('tr', {}, ...['Request', 'Team', 'By', 'Accounts', 'Decide'].map((label) => h('th', { scope: 'col' }, label)))),
    h(
      'tbody',
      {},
      ...waiting.map((change) => {
        const approve = h('button', { type: 'button', class: 'link-button' }, 'Approve', h('span', { class: 'visually-hidden' }, ` request ${change.id}`));
        const reason = h('input', { id: `reject-${change.id}`, name: 'reason', placeholder: 'Why (the team reads it)' });
        const reject = h('button', { type: 'button', class: 'link-button' }, 'Reject', h('span', { class: 'visually-hidden' }, ` request ${change.id}`));
        approve.addEventListener(
          'click',
          () =>
            void api.approvePasswordChange(change.id).then(
              () => (say(`Request ${change.id} approved: applied.`), decided()),
              (error: unknown) => say(explain(error)),
            ),
        );
        reject.addEventListener(
          'click',
          () =>
            void api.rejectPasswordChange(change.id, reason.value).then(
              () => (say(`Request ${change.id} rejected.`), decided()),
              (error: unknown) => say(explain(error)),
            ),
        );
        return h(
          'tr',
          { 'data-change-id': change.id },
          h('th', { scope: 'row' }, String(change.id)),
          h('td', {}, String(change.team_id)),
          h('td', {}, change.requested_by),
          h('td', {}, change.changes.map((c) => `${c.subtype} ${c.username}`).join(', ')),
          h(
            'td',
            {},
            approve,
            ' ',
            h('label', { for: `reject-${change.id}`, class: 'visually-hidden' }, `Reason to reject request ${change.id}`),
            reason,
            ' ',
            reject,
          ),
        );
      }),
    ),
  );
  return scrollRegion('Password change requests waiting', table);
}

/** Mints a token: a role, a name, days until it expires (mandatory); the secret is shown once, here. */
function tokenForm(api: Api, say: (text: string) => void, minted: () => void): HTMLFormElement {
  const role = h(
    'select',
    { id: 'token-role', name: 'role' },
    h('option', { value: 'service' }, 'service (a scoring agent)'),
    h('option', { value: 'admin' }, 'admin (an organiser)'),
  );
  const name = h('input', { id: 'token-name', name: 'name', required: true });
  const days = h('input', { id: 'token-days', name: 'days', type: 'number', min: 1, max: 90, value: 3, required: true });
  const secret = h('p', { class: 'form-status', role: 'status', id: 'token-secret' });
  const form = h(
    'form',
    { class: 'member-form', 'aria-label': 'Mint an API token' },
    h('label', { for: 'token-role' }, 'Role'),
    role,
    h('label', { for: 'token-name' }, 'Whose (the audit trail names it)'),
    name,
    h('label', { for: 'token-days' }, 'Expires in (days, at most 90)'),
    days,
    h('button', { type: 'submit' }, 'Mint the token'),
    secret,
  );
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    const expiresAt = new Date(Date.now() + Number(days.value) * 86_400_000).toISOString().replace(/\.\d{3}Z$/, 'Z');
    api
      .createToken({ role: role.value as 'admin' | 'service', name: name.value, expires_at: expiresAt })
      .then((created) => {
        name.value = '';
        replaceContent(secret, 'Copy it now, it is shown only once: ', h('code', {}, created.token));
        minted();
      })
      .catch((error: unknown) => say(explain(error)));
  });
  return form;
}

function tokensTable(api: Api, tokens: Token[], say: (text: string) => void, revoked: () => void): HTMLElement {
  const table = h(
    'table',
    { class: 'console-tokens' },
    h('caption', { class: 'visually-hidden' }, 'API tokens, never their secrets'),
    h('thead', {}, h('tr', {}, ...['Id', 'Role', 'Whose', 'Expires', 'State'].map((label) => h('th', { scope: 'col' }, label)))),
    h(
      'tbody',
      {},
      ...tokens.map((token) => {
        let state: Node | string = 'revoked';
        if (!token.revoked_at) {
          const revoke = h('button', { type: 'button', class: 'link-button' }, 'Revoke', h('span', { class: 'visually-hidden' }, ` token ${token.token_id}`));
          revoke.addEventListener(
            'click',
            () =>
              void api.revokeToken(token.token_id).then(
                () => (say(`Token ${token.token_id} revoked.`), revoked()),
                (error: unknown) => say(explain(error)),
              ),
          );
          state = revoke;
        }
        return h(
          'tr',
          { 'data-token-id': token.token_id },
          h('th', { scope: 'row' }, token.token_id),
          h('td', {}, token.role),
          h('td', {}, token.name),
          h('td', {}, token.expires_at ?? 'never'),
          h('td', {}, state),
        );
      }),
    ),
  );
  return scrollRegion('API tokens', table);
}
