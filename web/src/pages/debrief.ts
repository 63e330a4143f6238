import { ApiError, memberApi } from '../api';
import { debriefDocument } from '../debrief-document';
import { h, markupElement, replaceContent } from '../dom';
import { ADMIN_TOKEN_KEY, TEAM_SESSION_KEY } from '../storage-keys';

/**
 * A team's debrief, to read and to print (issue #62): an organiser's
 * (signed in on the console in this tab) for the team its address names
 * (`?team=<id>`), or a member's (signed in on My team) for their own, once
 * the organisers release it. The document is ../debrief-document's, the same
 * the debriefs' export writes into each team's file; its print stylesheet
 * makes "Print → Save as PDF" an A4 document, a part a page.
 */

export function debriefPage(content: HTMLElement): void {
  const organiser = sessionStorage.getItem(ADMIN_TOKEN_KEY);
  const token = organiser ?? sessionStorage.getItem(TEAM_SESSION_KEY);
  if (!token) {
    replaceContent(
      content,
      h('p', {}, 'Sign in on ', h('a', { href: '/my-team.html' }, 'My team'), ' first: your team’s debrief is read there once the organisers release it.'),
    );
    return;
  }
  void show(content, token, organiser !== null);
}

async function show(content: HTMLElement, token: string, organiser: boolean): Promise<void> {
  const api = memberApi(token);
  const asked = new URLSearchParams(location.search).get('team');
  const team = asked && /^[1-9]\d{0,9}$/.test(asked) ? Number(asked) : organiser ? undefined : (await api.session()).data.team?.id;
  if (team === undefined) {
    replaceContent(content, h('p', {}, organiser ? 'Open a team’s debrief from its page in the console.' : 'This account has no team.'));
    return;
  }
  try {
    const debrief = (await api.debrief(team)).data;
    const { title, parts } = debriefDocument(debrief);
    document.querySelector('h1')!.textContent = title;
    document.title = `${title} · CCDC scoring`;
    const print = h('button', { type: 'button', class: 'no-print' }, 'Print or save as PDF');
    print.addEventListener('click', () => window.print());
    replaceContent(content, print, ...parts.map(markupElement));
  } catch (error) {
    const code = error instanceof ApiError ? error.code : undefined;
    replaceContent(
      content,
      h(
        'p',
        { class: 'notice' },
        code === 'debrief_not_released' ? `Not released yet. ${(error as ApiError).message}` : `The debrief could not be read: ${(error as Error).message}`,
      ),
    );
  }
}
