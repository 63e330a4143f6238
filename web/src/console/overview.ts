import { h, statCard } from '../dom';
import type { ConsoleContext } from './context';
import { statesBySubtype, windowState } from './event-health';
import { listTable } from './table';

/**
 * The console's first view: whether the event is healthy. The scoring
 * window's state and the rounds, services up and down by check, each pool's
 * agents, and what waits for an organiser, each a link to its view.
 */

const clock = (ms: number) => new Date(ms).toISOString().slice(11, 19);

export async function overviewView({ api }: ConsoleContext): Promise<Node[]> {
  const [settings, status, subtypes, pools, changes, reports, findings, injects] = await Promise.all([
    api.settings(),
    api.serviceStatus(),
    api.subtypes(),
    api.pools(),
    api.pendingPasswordChanges(),
    api.incidents(),
    api.findings(),
    api.injects(),
  ]);
  // Answers to grade: the first page of each published inject's queue (a page says "or more").
  const queues = await Promise.all(injects.filter((i) => i.state === 'published').map((i) => api.gradingQueue(i.id)));
  const answers = queues.reduce((sum, page) => sum + page.items.length, 0);
  const more = queues.some((page) => page.cursor !== null);
  const now = Date.now();
  const round = settings.data.round_seconds * 1000;
  const thisRound = Math.floor(now / round) * round;
  const waiting: [string, string, number, string][] = [
    ['password-changes', 'Password changes to decide', changes.length, ''],
    ['injects', 'Answers to grade', answers, more ? ' or more' : ''],
    ['incidents', 'Incident reports to grade', reports.filter((r) => r.grade === null).length, ''],
    ['findings', 'Red team findings to review', findings.filter((f) => f.state === 'submitted').length, ''],
  ];
  const names = new Map(subtypes.map((s) => [s.id, s.name]));
  return [
    h(
      'div',
      { class: 'stat-cards' },
      statCard('The event', windowState(settings.data, now)),
      statCard('This round', `${clock(thisRound)} UTC`, `every ${settings.data.round_seconds} s; the next at ${clock(thisRound + round)}`),
      statCard('Status as of', `${status.as_of.slice(11, 19)} UTC`),
    ),
    h('h3', {}, 'What waits'),
    h('ul', { class: 'waiting' }, ...waiting.map(([view, label, count, suffix]) => h('li', {}, h('a', { href: `#/${view}` }, `${label}: ${count}${suffix}`)))),
    h('h3', {}, 'Services by check'),
    listTable(
      {
        className: 'console-states',
        caption: 'Services up, down and not checked yet, by check',
        region: 'Services by check',
        headers: ['Check', 'Up', 'Down', 'Not checked yet'],
      },
      statesBySubtype(status, names).map((row) =>
        h('tr', {}, h('th', { scope: 'row' }, row.subtype), h('td', {}, String(row.up)), h('td', {}, String(row.down)), h('td', {}, String(row.unscanned))),
      ),
    ),
    h('h3', {}, 'Pools and their agents'),
    h(
      'ul',
      { class: 'console-pool-health' },
      ...pools.map((pool) => {
        const live = pool.agents.filter((a) => a.alive);
        const dead = pool.agents.filter((a) => !a.alive);
        const line =
          pool.checks.length > 0 && live.length === 0
            ? h('strong', {}, `${pool.name}: no live agent, its ${pool.checks.length} services go unscored`)
            : `${pool.name}: ${live.length} of ${pool.agents.length} agents alive, ${pool.checks.length} services`;
        return h('li', { 'data-pool': pool.name }, line, dead.length ? `; not heard from: ${dead.map((a) => a.agent).join(', ')}` : '');
      }),
    ),
  ];
}
