import { api, type Service } from '../api';
import { formatNumber, formatTime, h, icon, replaceContent, scrollRegion, statCard, teamLink } from '../dom';
import { follow } from '../live';
import { serviceState, STATE_TEXT } from './states';

export function statusPage(content: HTMLElement): void {
  follow(async () => {
    const services = await api.services();
    if (services.changed) render(content, services.data);
  });
}

export function stateTag(service: Service, withTip: boolean): HTMLElement {
  const state = serviceState(service);
  const details = [
    `${service.subtype} at ${service.url}:${service.port}`,
    `last scan: ${formatTime(service.last_scan_time)}`,
    service.last_scan_time ? `score ${service.last_scan} of ${service.max_score}` : null,
    service.last_scan_error ? `error: ${service.last_scan_error}` : null,
  ].filter((d): d is string => d !== null);
  return h(
    'span',
    { class: `state state-${state}`, ...(withTip ? { tabindex: 0 } : {}) },
    icon(state),
    h('span', { class: 'state-text' }, STATE_TEXT[state]),
    withTip ? h('span', { class: 'tip', role: 'tooltip' }, details.join(' · ')) : null,
  );
}

function render(content: HTMLElement, services: Service[]): void {
  const subtypes = [...new Map(services.map((s) => [s.subtype_id, s.subtype])).entries()].sort((a, b) => a[0] - b[0]);
  const teams = [...new Map(services.map((s) => [s.team.id, s.team])).values()].sort((a, b) => a.number - b.number);
  const cells = new Map<string, Service[]>();
  for (const service of services) {
    const key = `${service.team.id}:${service.subtype_id}`;
    cells.set(key, [...(cells.get(key) ?? []), service]);
  }
  const counts = { up: 0, down: 0, unscanned: 0 };
  for (const service of services) counts[serviceState(service)] += 1;

  const table = h(
    'table',
    { class: 'matrix' },
    h('caption', { class: 'visually-hidden' }, 'Service status: one row per team, one column per kind of check'),
    h('thead', {}, h('tr', {}, h('th', { scope: 'col' }, 'Team'), ...subtypes.map(([, name]) => h('th', { scope: 'col' }, name)))),
    h(
      'tbody',
      {},
      ...teams.map((team) =>
        h(
          'tr',
          { 'data-team-id': team.id },
          h('th', { scope: 'row' }, teamLink(team)),
          ...subtypes.map(([subtypeId]) => h('td', {}, ...(cells.get(`${team.id}:${subtypeId}`) ?? []).map((service) => stateTag(service, true)))),
        ),
      ),
    ),
  );
  replaceContent(
    content,
    h(
      'section',
      { class: 'cards', 'aria-label': 'Summary' },
      statCard('Up', formatNumber(counts.up)),
      statCard('Down', formatNumber(counts.down)),
      statCard('Not scanned', formatNumber(counts.unscanned)),
    ),
    h('p', { class: 'hint' }, 'Hover over or tab to a cell for its last scan time and error.'),
    scrollRegion('Service status matrix', table),
  );
}
