import type { ApiSchemas } from '#shared/api/client';
import type { Team } from '../api';
import { h } from '../dom';
import { listTable } from './table';
import type { ConsoleContext } from './context';
import { explain } from './explain';

/**
 * Pools: where services are checked from, and their agents alive or not. A
 * pool with services to check and no live agent leaves them unscored: the
 * table says so here (never on the public board).
 */
export type Pool = ApiSchemas['Pool'];
type Agent = Pool['agents'][number];

const clock = (time: string | null) => (time ? time.slice(11, 19) : '–');

/** One agent, in words: alive or not, its last round and how long it took. */
function agentLine(agent: Agent, roundSeconds: number): string {
  const state = agent.alive ? 'alive' : `not heard from since ${clock(agent.last_seen)}`;
  if (!agent.round || !agent.round_started_at || !agent.round_finished_at) return `${agent.agent} (${agent.host}, ${agent.version}): ${state}, no round yet`;
  const took = Math.round((Date.parse(agent.round_finished_at) - Date.parse(agent.round_started_at)) / 1000);
  return `${agent.agent} (${agent.host}, ${agent.version}): ${state}; round ${clock(agent.round)}: ${agent.checks} checks in ${took} s of ${roundSeconds} s, ${agent.failed_team} failed by the teams, ${agent.failed_agent} by the agent`;
}

export function poolsTable(_: ConsoleContext, pools: Pool[], teams: Team[], roundSeconds: number): HTMLElement {
  const teamNumber = new Map(teams.map((t) => [t.id, t.number]));
  return listTable(
    { className: 'console-pools', caption: 'Pools, what they check and their agents', region: 'Pools', headers: ['Pool', 'Names', 'Checks', 'Agents'] },
    pools.map((pool) => {
      const live = pool.agents.filter((a) => a.alive).length;
      const names = [
        pool.teams.length ? `teams ${pool.teams.map((id) => teamNumber.get(id) ?? `#${id}`).join(', ')}` : '',
        pool.subtypes.length ? `subtypes #${pool.subtypes.join(', #')}` : '',
        pool.services.length ? `services #${pool.services.join(', #')}` : '',
      ].filter((text) => text !== '');
      const unscored = pool.checks.length > 0 && live === 0;
      return h(
        'tr',
        { 'data-pool': pool.name, ...(unscored ? { class: 'unscored' } : {}) },
        h('th', { scope: 'row' }, pool.name, pool.description ? h('span', { class: 'hint' }, ` ${pool.description}`) : ''),
        h('td', {}, names.length ? names.join('; ') : pool.name === 'cloud' ? 'whatever no other pool names' : 'nothing'),
        h('td', {}, `${pool.checks.length} services`),
        h(
          'td',
          {},
          unscored ? h('strong', {}, `No live agent: its ${pool.checks.length} services go unscored.`) : `${live} of ${pool.agents.length} alive`,
          pool.agents.length ? h('ul', {}, ...pool.agents.map((agent) => h('li', {}, agentLine(agent, roundSeconds)))) : '',
        ),
      );
    }),
  );
}

/** Ids typed as a list ("3, 4 7"): numbers only, or a reason. */
function ids(text: string): number[] | string {
  const parts = text.split(/[\s,]+/).filter((p) => p !== '');
  return parts.every((p) => /^[1-9]\d{0,9}$/.test(p)) ? parts.map(Number) : `"${text}" is not a list of ids`;
}

/** Creates a pool or replaces what it names: teams, subtypes and services by id. */
export function poolForm({ api, say, reload }: ConsoleContext): HTMLFormElement {
  const field = (id: string, label: string, attributes: Record<string, string | boolean> = {}) => {
    const input = h('input', { id, name: id, spellcheck: 'false', autocomplete: 'off', ...attributes });
    return { input, nodes: [h('label', { for: id }, label), input] };
  };
  const name = field('pool-name', 'Pool (lower-case letters, digits, hyphens)', { required: true, pattern: '[a-z][a-z0-9\\-]{0,31}' });
  const description = field('pool-description', 'Where its agents run');
  const teams = field('pool-teams', 'Team ids it checks');
  const subtypes = field('pool-subtypes', 'Subtype ids it checks');
  const services = field('pool-services', 'Service ids it checks (the most specific wins: a service, its team, its subtype)');
  const form = h(
    'form',
    { class: 'member-form', 'aria-label': 'Place services in a pool' },
    ...name.nodes,
    ...description.nodes,
    ...teams.nodes,
    ...subtypes.nodes,
    ...services.nodes,
    h('button', { type: 'submit' }, 'Save the pool'),
  );
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    const lists = { teams: ids(teams.input.value), subtypes: ids(subtypes.input.value), services: ids(services.input.value) };
    const wrong = Object.values(lists).find((list): list is string => typeof list === 'string');
    if (wrong) return say(wrong);
    api
      .replacePool(name.input.value, {
        ...(description.input.value.trim() ? { description: description.input.value.trim() } : {}),
        teams: lists.teams as number[],
        subtypes: lists.subtypes as number[],
        services: lists.services as number[],
      })
      .then((pool) => (say(`Pool ${pool.name} saved: it checks ${pool.checks.length} services.`), void reload()))
      .catch((error: unknown) => say(explain(error)));
  });
  return form;
}
