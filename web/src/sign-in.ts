import { ApiError, signIn } from './api';
import { h, replaceContent } from './dom';

/**
 * The sign-in form of a member's page, a blue team's or the red team's: one
 * API (`POST /team/sessions`), one form. The session token goes to this
 * tab's session storage under `storageKey`, never a cookie; `signedIn` draws
 * the page with it.
 */
export function signInForm(content: HTMLElement, options: { storageKey: string; signedIn: (token: string) => void; notice?: string }): void {
  const status = h('p', { class: 'form-status', role: 'status' }, options.notice ?? '');
  const name = h('input', { id: 'member-name', name: 'name', autocomplete: 'username', required: true, spellcheck: 'false' });
  const password = h('input', { id: 'member-password', name: 'password', type: 'password', autocomplete: 'current-password', required: true });
  const form = h(
    'form',
    { class: 'member-form', 'aria-labelledby': 'sign-in-heading' },
    h('h2', { id: 'sign-in-heading' }, 'Sign in'),
    h('p', { class: 'hint' }, 'With the name and password your organisers gave you.'),
    h('label', { for: 'member-name' }, 'Name'),
    name,
    h('label', { for: 'member-password' }, 'Password'),
    password,
    h('button', { type: 'submit' }, 'Sign in'),
    status,
  );
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    status.textContent = 'Signing in…';
    signIn(name.value, password.value)
      .then(({ token }) => {
        sessionStorage.setItem(options.storageKey, token);
        password.value = '';
        options.signedIn(token);
      })
      .catch((error: unknown) => {
        status.textContent = error instanceof ApiError ? error.message : 'The sign-in could not be sent; try again.';
      });
  });
  replaceContent(content, form);
  document.getElementById('live')!.textContent = 'Not signed in';
}
