import { h, replaceContent } from '../dom';
import type { ConsoleContext } from './context';
import { checkNow, openService, type ServiceRow } from './definitions';
import { filterOf, filterServices, listServices, paramsOf, SERVICES_PER_PAGE, STATES, withPools, type ListedService, type ServiceState } from './service-list';
import { explain } from './explain';
import { listTable } from './table';

/**
 * The services view: every service of every team (5 000 at 250 × 20), found
 * by typing rather than scrolling. It filters in the browser over what two
 * reads return, the organisers' endpoints and the status view: a server
 * cursor with filters would read everything and return empty pages, and a
 * service's state lives in the status cells. The filter is in the view's
 * address (`#/services?team=187&q=ssh`), so a search can be shared, and only
 * a page of rows is drawn.
 */

const STATE_WORDS: Record<ServiceState, string> = { up: 'up', down: 'down', unscanned: 'not checked yet', disabled: 'disabled: not checked, not counted' };

/** One page of services as a table: team (a link to its view), check, address, state, pool, and the row's actions. */
export function servicesTable(context: ConsoleContext, services: ListedService[], caption: string): HTMLElement {
  return listTable(
    { className: 'console-services', caption, region: 'Services', headers: ['Team', 'Check', 'Address', 'State', 'Pool', 'Edit', 'Dry run'] },
    services.map(({ endpoint, team, state, failure, pool }) => {
      const row: ServiceRow = { id: endpoint.id, subtype: endpoint.subtype, team };
      const name = ` ${endpoint.subtype} of team ${team.number}`;
      const editButton = h('button', { type: 'button', class: 'link-button' }, 'Edit', h('span', { class: 'visually-hidden' }, name));
      editButton.addEventListener('click', () => void openService(context, row));
      const checkButton = h('button', { type: 'button', class: 'link-button' }, 'Check now', h('span', { class: 'visually-hidden' }, name));
      checkButton.addEventListener('click', () => void checkNow(context, row));
      return h(
        'tr',
        { 'data-service-id': endpoint.id, 'data-state': state, ...(endpoint.enabled ? {} : { class: 'disabled' }) },
        h('td', {}, h('a', { href: `#/teams/${team.number}` }, String(team.number), h('span', { class: 'visually-hidden' }, `: ${team.name}`))),
        h('th', { scope: 'row' }, endpoint.subtype),
        h('td', { class: 'address' }, `${endpoint.url}:${endpoint.port}`),
        h('td', {}, failure ? `${STATE_WORDS[state]}: ${failure}` : STATE_WORDS[state]),
        h('td', {}, pool ?? ''),
        h('td', {}, editButton),
        h('td', {}, checkButton),
      );
    }),
  );
}

/**
 * The view: its filter form, a count, a page of rows and the pages around
 * it. Typing filters at once (the address follows, replaced rather than
 * pushed: back leaves the view, not each keystroke).
 */
export async function servicesView(context: ConsoleContext, params: URLSearchParams): Promise<Node[]> {
  let filter = filterOf(params);
  // The pools' placement is the slowest read (it reads every service again): the rows are drawn without it, and
  // their pools follow, asked for once they are drawn, unless the address filters by pool.
  const [endpoints, status, teams, subtypes, firstPools] = await Promise.all([
    context.api.serviceEndpoints(),
    context.api.serviceStatus(),
    context.api.teams(),
    context.api.subtypes(),
    filter.pool === undefined ? [] : context.api.pools(),
  ]);
  let all = listServices(endpoints, status, teams, firstPools);
  const field = (id: string, label: string, control: HTMLInputElement | HTMLSelectElement) =>
    h('p', { class: 'filter-field' }, h('label', { for: id }, label), control);
  const select = (id: string, options: [string, string][], value: string | undefined) =>
    h('select', { id, name: id }, ...options.map(([v, text]) => h('option', { value: v, ...(v === (value ?? '') ? { selected: true } : {}) }, text)));
  const controls = {
    q: h('input', { id: 'services-q', name: 'q', type: 'search', value: filter.q ?? '', autocomplete: 'off', spellcheck: 'false' }),
    team: select(
      'services-team',
      [['', 'Every team'], ...teams.map((t): [string, string] => [String(t.number), `${t.number}: ${t.name}`])],
      filter.team?.toString(),
    ),
    subtype: select('services-subtype', [['', 'Every check'], ...subtypes.map((s): [string, string] => [String(s.id), s.name])], filter.subtype?.toString()),
    state: select('services-state', [['', 'Any state'], ...STATES.map((s): [string, string] => [s, STATE_WORDS[s]])], filter.state),
    pool: select('services-pool', [['', 'Any pool'], ...firstPools.map((p): [string, string] => [p.name, p.name])], filter.pool),
  };
  const form = h(
    'form',
    { class: 'service-filter', role: 'search', 'aria-label': 'Find services' },
    field('services-q', 'Find (team number or name, check, address)', controls.q),
    field('services-team', 'Of team', controls.team),
    field('services-subtype', 'Of check', controls.subtype),
    field('services-state', 'In state', controls.state),
    field('services-pool', 'In pool', controls.pool),
  );
  form.addEventListener('submit', (event) => event.preventDefault());
  const count = h('p', { class: 'service-count', role: 'status' });
  const list = h('div', {});
  const pages = h('p', { class: 'console-actions' });
  const draw = () => {
    const kept = filterServices(all, filter);
    const last = Math.max(1, Math.ceil(kept.length / SERVICES_PER_PAGE));
    filter.page = Math.min(filter.page, last);
    const first = (filter.page - 1) * SERVICES_PER_PAGE;
    const shown = kept.slice(first, first + SERVICES_PER_PAGE);
    count.textContent =
      kept.length === 0 ? `No service of ${all.length} matches.` : `${first + 1}–${first + shown.length} of ${kept.length} services (${all.length} in all).`;
    replaceContent(list, servicesTable(context, shown, 'Services matching the filter, disabled ones included'));
    const pageButton = (label: string, page: number) => {
      const button = h('button', { type: 'button' }, label);
      button.addEventListener('click', () => {
        filter.page = page;
        update();
      });
      return button;
    };
    replaceContent(
      pages,
      ...(filter.page > 1 ? [pageButton('Previous page', filter.page - 1), ' '] : []),
      ...(filter.page < last ? [pageButton('Next page', filter.page + 1)] : []),
    );
  };
  const update = () => {
    const query = paramsOf(filter).toString();
    history.replaceState(null, '', `#/services${query ? `?${query}` : ''}`);
    draw();
  };
  form.addEventListener('input', () => {
    filter = filterOf(
      new URLSearchParams({
        q: controls.q.value,
        team: controls.team.value,
        subtype: controls.subtype.value,
        state: controls.state.value,
        pool: controls.pool.value,
      }),
    );
    update();
  });
  draw();
  if (filter.pool === undefined)
    void context.api.pools().then(
      (pools) => {
        all = withPools(all, pools);
        controls.pool.append(...pools.map((p) => h('option', { value: p.name }, p.name)));
        if (list.isConnected) draw();
      },
      (error: unknown) => context.say(explain(error)),
    );
  return [form, count, list, pages];
}
