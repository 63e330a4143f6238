import { h, replaceContent, statCard } from '../dom';
import type { Overview } from './admin-api';
import type { ConsoleContext } from './context';
import { listTable } from './table';
import { SIGNED_IN_PUSH } from '../live';
import { listenForNudges } from '../push';

/**
 * The console's first view: whether the event is healthy, from GET
 * /overview (a few small items read on the server). The scoring window's
 * state and the rounds, services up and down by check, each pool's agents,
 * what waits for an organiser (each a link to its view) and the fold's lag.
 * While the view is shown (and the tab is not hidden) it asks again every
 * POLL_MS with the answer's ETag, and at once when the live topic is nudged:
 * a quiet poll is a 304 and redraws nothing.
 */

const POLL_MS = 10_000;

const clock = (time: string) => `${time.slice(11, 19)} UTC`;

const WINDOW_LABELS: Record<Overview['window'], string> = {
  before: 'before the start',
  running: 'running',
  paused: 'paused: scoring is off',
  frozen: 'running, the public board frozen',
  ended: 'ended',
};

export async function overviewView({ api }: ConsoleContext): Promise<Node[]> {
  const root = h('div', { class: 'console-overview' }, ...overviewNodes((await api.overview()).data));
  const ask = () =>
    api.overview().then(
      ({ data, changed }) => changed && root.isConnected && replaceContent(root, ...overviewNodes(data)),
      () => undefined,
    );
  // The services by check move with the public live topic: a nudge asks at once (decision 0086). The rest (what
  // waits, the pools, the fold's lag) has no topic, and comes with the polls.
  // A hidden tab keeps no socket, as the public pages do.
  const nudges = listenForNudges(SIGNED_IN_PUSH.topics, { onNudge: () => void (root.isConnected && ask()), onLive: () => undefined });
  const onVisibility = () => (document.hidden ? nudges.pause() : nudges.resume());
  if (document.hidden) nudges.pause();
  document.addEventListener('visibilitychange', onVisibility);
  const poll = window.setInterval(() => {
    // Another view replaced this one: stop asking and listening.
    if (!root.isConnected) {
      nudges.stop();
      document.removeEventListener('visibilitychange', onVisibility);
      return window.clearInterval(poll);
    }
    // A hidden tab asks nothing, as the public pages do; the next tick after it is shown asks again.
    if (document.hidden) return;
    void ask();
  }, POLL_MS);
  return [root];
}

function overviewNodes(overview: Overview): Node[] {
  const { round, waiting, fold } = overview;
  const links: [string, string, number][] = [
    ['password-changes', 'Password changes to decide', waiting.password_changes],
    ['injects', 'Answers to grade', waiting.answers],
    ['incidents', 'Incident reports to grade', waiting.incident_reports],
    ['findings', 'Red team findings to review', waiting.findings],
  ];
  return [
    h(
      'div',
      { class: 'stat-cards' },
      statCard('The event', WINDOW_LABELS[overview.window]),
      statCard('This round', clock(round.started_at), `every ${round.seconds} s; the next at ${clock(round.next_at)}`),
      statCard(
        'The fold’s lag',
        fold ? `${fold.lag_seconds} s` : 'nothing folded yet',
        fold ? `at ${clock(fold.measured_at)}: how old its last batch’s oldest result was` : undefined,
      ),
    ),
    h('h3', {}, 'What waits'),
    h('ul', { class: 'waiting' }, ...links.map(([view, label, count]) => h('li', {}, h('a', { href: `#/${view}` }, `${label}: ${count}`)))),
    h('h3', {}, 'Services by check'),
    listTable(
      {
        className: 'console-states',
        caption: 'Services up, down and not checked yet, by check',
        region: 'Services by check',
        headers: ['Check', 'Up', 'Down', 'Not checked yet'],
      },
      overview.checks.map((row) =>
        h('tr', {}, h('th', { scope: 'row' }, row.name), h('td', {}, String(row.up)), h('td', {}, String(row.down)), h('td', {}, String(row.unscanned))),
      ),
    ),
    h('h3', {}, 'Pools and their agents'),
    h(
      'ul',
      { class: 'console-pool-health' },
      ...overview.pools.map((pool) => {
        const live = pool.agents.filter((a) => a.alive);
        const dead = pool.agents.filter((a) => !a.alive);
        const line =
          pool.services > 0 && live.length === 0
            ? h('strong', {}, `${pool.name}: no live agent, its ${pool.services} services go unscored`)
            : `${pool.name}: ${live.length} of ${pool.agents.length} agents alive, ${pool.services} services`;
        return h('li', { 'data-pool': pool.name }, line, dead.length ? `; not heard from: ${dead.map((a) => a.agent).join(', ')}` : '');
      }),
    ),
  ];
}
