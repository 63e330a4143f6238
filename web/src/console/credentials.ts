import type { PasswordChange, Team, TeamAccount, Token } from '../api';
import { h, replaceContent } from '../dom';
import { listTable } from './table';
import type { ConsoleContext } from './context';
import { explain } from './explain';

/** Credentials: the password change requests waiting for an organiser, API tokens and the blue teams' sign-in accounts. */

/** The requests waiting for an organiser: approve, or reject with a reason the team reads. Never a password. */
export function changesTable({ api, say, reload }: ConsoleContext, waiting: PasswordChange[]): HTMLElement {
  const decided = () => void reload();
  if (waiting.length === 0) return h('p', { class: 'empty' }, 'None waiting.');
  return listTable(
    {
      className: 'console-changes',
      caption: 'Password change requests waiting for a decision',
      region: 'Password change requests waiting',
      headers: ['Request', 'Team', 'By', 'Accounts', 'Decide'],
    },
    waiting.map((change) => {
      const approve = h('button', { type: 'button', class: 'link-button' }, 'Approve', h('span', { class: 'visually-hidden' }, ` request ${change.id}`));
      const reason = h('input', { id: `reject-${change.id}`, name: 'reason', placeholder: 'Why (the team reads it)' });
      const reject = h('button', { type: 'button', class: 'link-button' }, 'Reject', h('span', { class: 'visually-hidden' }, ` request ${change.id}`));
      approve.addEventListener(
        'click',
        () =>
          void api.approvePasswordChange(change.id).then(
            (done) => (
              say(done.state === 'applied' ? `Request ${change.id} approved: applied.` : `Request ${change.id} ${done.state}: ${done.reason ?? ''}`),
              decided()
            ),
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
  );
}

/** Mints a token: a role, a name, days until it expires (mandatory); the secret is shown once, here. */
export function tokenForm({ api, say, reload }: ConsoleContext): HTMLFormElement {
  const minted = () => void reload();
  const role = h(
    'select',
    { id: 'token-role', name: 'role' },
    h('option', { value: 'service' }, 'service (a scoring agent of every pool)'),
    h('option', { value: 'agent' }, "agent (one pool's scoring agent)"),
    h('option', { value: 'admin' }, 'admin (an organiser)'),
  );
  const pool = h('input', { id: 'token-pool', name: 'pool', spellcheck: 'false', autocomplete: 'off' });
  const name = h('input', { id: 'token-name', name: 'name', required: true });
  const days = h('input', { id: 'token-days', name: 'days', type: 'number', min: 1, max: 90, value: 3, required: true });
  const secret = h('p', { class: 'form-status', role: 'status', id: 'token-secret' });
  const form = h(
    'form',
    { class: 'member-form', 'aria-label': 'Mint an API token' },
    h('label', { for: 'token-role' }, 'Role'),
    role,
    h('label', { for: 'token-pool' }, 'Pool (an agent token only)'),
    pool,
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
      .createToken({
        role: role.value as 'admin' | 'service' | 'agent',
        ...(role.value === 'agent' ? { pool: pool.value } : {}),
        name: name.value,
        expires_at: expiresAt,
      })
      .then((created) => {
        name.value = '';
        replaceContent(secret, 'Copy it now, it is shown only once: ', h('code', {}, created.token));
        minted();
      })
      .catch((error: unknown) => say(explain(error)));
  });
  return form;
}

export function tokensTable({ api, say, reload }: ConsoleContext, tokens: Token[]): HTMLElement {
  const revoked = () => void reload();
  return listTable(
    { className: 'console-tokens', caption: 'API tokens, never their secrets', region: 'API tokens', headers: ['Id', 'Role', 'Whose', 'Expires', 'State'] },
    tokens.map((token) => {
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
        h('td', {}, token.pool ? `${token.role} of ${token.pool}` : token.role),
        h('td', {}, token.name),
        h('td', {}, token.expires_at ?? 'never'),
        h('td', {}, state),
      );
    }),
  );
}

/** A member's sign-in account: created with a generated password shown once, here; or one team's sessions all ended. */
/** The account form's choice for a red team member. */
const RED_TEAM = 'red';

export function teamAccountForm({ api, say, reload }: ConsoleContext): { form: HTMLFormElement; setTeams(teams: Team[]): void } {
  let teams: Team[] = [];
  const team = h('select', { id: 'account-team', name: 'team_id' });
  const name = h('input', { id: 'account-name', name: 'name', required: true, spellcheck: 'false', autocomplete: 'off' });
  const shown = h('p', { class: 'form-status', role: 'status', id: 'account-password' });
  const create = h('button', { type: 'submit' }, 'Create the account');
  const end = h('button', { type: 'button' }, "End the team's sessions");
  const form = h(
    'form',
    { class: 'member-form', 'aria-label': 'Create a team member’s sign-in account' },
    h('label', { for: 'account-team' }, 'Member of team'),
    team,
    h('label', { for: 'account-name' }, 'Sign-in name (letters, digits, . _ -)'),
    name,
    create,
    ' ',
    end,
    shown,
  );
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    // The red team's members belong to no team (issue #47).
    api
      .createTeamAccount(team.value === RED_TEAM ? { role: 'red-team', name: name.value } : { team_id: Number(team.value), name: name.value })
      .then((account) => {
        name.value = '';
        replaceContent(shown, `Hand ${account.name} this password now, it is shown only once: `, h('code', {}, account.password));
        return reload();
      })
      .catch((error: unknown) => say(explain(error)));
  });
  end.addEventListener('click', () => {
    if (team.value === RED_TEAM)
      return say('The red team’s sessions end with each account’s removal (or: npm run scoring -- team-account sign-out --red-team).');
    const chosen = teams.find((t) => t.id === Number(team.value));
    void api.endTeamSessions(Number(team.value)).then(
      (ended) => say(`Team ${chosen?.number ?? team.value}: ${ended.ended} sessions ended; its members sign in again.`),
      (error: unknown) => say(explain(error)),
    );
  });
  // Built once (the password it shows must outlive a reload of the lists); its teams follow the list.
  const setTeams = (list: Team[]) => {
    const chosen = team.value;
    teams = list;
    replaceContent(team, ...list.map((t) => h('option', { value: t.id }, `${t.number} ${t.name}`)), h('option', { value: RED_TEAM }, 'The red team'));
    if (list.some((t) => String(t.id) === chosen) || chosen === RED_TEAM) team.value = chosen;
  };
  return { form, setTeams };
}

export function teamAccountsTable({ api, say, reload }: ConsoleContext, accounts: TeamAccount[], teams: Team[]): HTMLElement {
  if (accounts.length === 0) return h('p', { class: 'empty' }, 'No sign-in accounts yet.');
  const numbers = new Map(teams.map((t) => [t.id, t.number]));
  return listTable(
    {
      className: 'console-accounts',
      caption: "Blue team members' sign-in accounts, never their passwords",
      region: 'Sign-in accounts',
      headers: ['Name', 'Team', 'Created', 'Remove'],
    },
    accounts.map((account) => {
      const remove = h('button', { type: 'button', class: 'link-button' }, 'Remove', h('span', { class: 'visually-hidden' }, ` account ${account.name}`));
      remove.addEventListener(
        'click',
        () =>
          void api.removeTeamAccount(account.id).then(
            () => (say(`Account ${account.name} removed; its sessions ended.`), void reload()),
            (error: unknown) => say(explain(error)),
          ),
      );
      return h(
        'tr',
        { 'data-account-id': account.id },
        h('th', { scope: 'row' }, account.name),
        h('td', {}, account.team_id === null ? 'red team' : String(numbers.get(account.team_id) ?? account.team_id)),
        h('td', {}, account.created_at),
        h('td', {}, remove),
      );
    }),
  );
}
