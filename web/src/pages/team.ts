import { api, ApiError, type Scorecard, type Service, type Team } from '../api';
import { formatNumber, formatTime, frozenNotice, h, replaceContent, scrollRegion, statCard, teamLogo } from '../dom';
import { POLL_MS } from '#shared/api/polling';
import { follow } from '../live';
import { stateTag } from './states';

export function teamPage(content: HTMLElement): void {
  const id = Number(new URLSearchParams(location.search).get('id'));
  if (!Number.isInteger(id) || id < 1) {
    replaceContent(content, h('p', { class: 'empty' }, 'No team was chosen: open a team from the scoreboard.'));
    return;
  }
  let team: Team | undefined;
  let missing = false;
  follow(
    async (nudged) => {
      if (missing) return;
      try {
        team ??= (await api.team(id, nudged)).data;
      } catch (error) {
        if (error instanceof ApiError && error.status === 404) {
          missing = true;
          replaceContent(content, h('p', { class: 'empty' }, `There is no team with id ${id}.`));
          return;
        }
        throw error;
      }
      const [scorecard, services] = await Promise.all([api.scorecard(id, nudged), api.servicesOfTeam(team.number, nudged)]);
      if (scorecard.changed || services.changed || !content.querySelector('.scorecard')) render(content, team, scorecard.data, services.data);
    },
    POLL_MS.spectator,
    { topics: ['live'] },
  );
}

function render(content: HTMLElement, team: Team, card: Scorecard, services: Service[]): void {
  document.title = `${team.name} · Scoreboard`;
  const heading = document.querySelector('h1')!;
  replaceContent(heading, teamLogo(team), ` ${team.name} `, h('span', { class: 'team-number' }, `#${team.number}`));
  const stats = card.stats;
  const superTypes = h(
    'table',
    {},
    h('caption', { class: 'visually-hidden' }, 'Score per super type'),
    h(
      'thead',
      {},
      h(
        'tr',
        {},
        h('th', { scope: 'col' }, 'Super type'),
        h('th', { scope: 'col', class: 'num' }, 'Score'),
        h('th', { scope: 'col', class: 'num' }, 'Max so far'),
      ),
    ),
    h(
      'tbody',
      {},
      ...card.scores.map((s) =>
        h(
          'tr',
          {},
          h('th', { scope: 'row' }, s.super_type),
          h('td', { class: 'num' }, formatNumber(s.score)),
          h('td', { class: 'num' }, formatNumber(s.max_score)),
        ),
      ),
    ),
  );
  const serviceTable = h(
    'table',
    { class: 'services' },
    h('caption', { class: 'visually-hidden' }, 'Services of this team'),
    h('thead', {}, h('tr', {}, ...['Check', 'Address', 'State', 'Last result', 'Last scan', 'Error'].map((label) => h('th', { scope: 'col' }, label)))),
    h(
      'tbody',
      {},
      ...services.map((service) =>
        h(
          'tr',
          { 'data-service-id': service.id },
          h('th', { scope: 'row' }, service.subtype),
          h('td', { class: 'address' }, `${service.url}:${service.port}`),
          h('td', {}, stateTag(service, false)),
          h('td', { class: 'num' }, service.last_scan_time ? `${service.last_scan} / ${service.max_score}` : '—'),
          h('td', {}, formatTime(service.last_scan_time)),
          h('td', { class: 'error' }, service.last_scan_error ?? '—'),
        ),
      ),
    ),
  );
  replaceContent(
    content,
    frozenNotice(card),
    h(
      'section',
      { class: 'cards scorecard', 'aria-label': 'Scorecard' },
      statCard('Rank', String(stats.rank), team.guest_division ? 'guest division' : null),
      statCard('Total', formatNumber(card.total_score)),
      statCard(
        'Uptime',
        stats.uptime === null ? '—' : `${(stats.uptime * 100).toFixed(1)} %`,
        `${formatNumber(stats.checks_passed)} of ${formatNumber(stats.checks_total)} checks passed`,
      ),
      statCard('Services', `${stats.services_up} up`, `${stats.services_down} down, ${stats.services_unscanned} not scanned`),
      statCard('Adjustments', formatNumber(stats.adjustments_total)),
      statCard('Last scan', formatTime(stats.last_scan_time)),
    ),
    h('h2', {}, 'Scores'),
    scrollRegion('Score per super type', superTypes),
    h('h2', {}, 'Services'),
    scrollRegion('Services of this team', serviceTable),
  );
}
