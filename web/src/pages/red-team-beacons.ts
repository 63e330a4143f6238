import { ApiError, type Beacon, type BeaconCreated, type redTeamApi, type Service, type Team } from '../api';
import { formatTime, h, replaceContent } from '../dom';
import { beaconStateText } from '../format';
import { refusal } from './member-work';

/**
 * The red team's beacons on its page (issue #63): open one on a team host
 * (a team with networks), whose token is shown this once with the lines that
 * call back with it; then follow every beacon (state, last check-in, rounds
 * counted, points, refusals) and close one.
 */
type RedTeamApi = ReturnType<typeof redTeamApi>;

/** The form that opens a beacon: a team, one of its services' hosts, a note. */
export function beaconForm(red: RedTeamApi, opened: () => void) {
  const team = h('select', { id: 'beacon-team', name: 'team_id', required: true });
  const host = h('select', { id: 'beacon-host', name: 'host', required: true });
  const note = h('input', { id: 'beacon-note', name: 'note', type: 'text', maxlength: '500' });
  const status = h('div', { class: 'form-status', role: 'status' });
  let services: Service[] = [];
  const fillHosts = () => {
    const chosen = host.value;
    const hosts = [...new Set(services.filter((s) => String(s.team.id) === team.value).map((s) => s.url))].sort();
    host.replaceChildren(...hosts.map((name) => h('option', { value: name }, name)));
    if (hosts.includes(chosen)) host.value = chosen;
  };
  team.addEventListener('change', fillHosts);
  const element = h(
    'form',
    { class: 'member-form', 'aria-label': 'Open a beacon' },
    h('label', { for: 'beacon-team' }, 'Beacon’s team'),
    team,
    h('label', { for: 'beacon-host' }, 'Beacon’s host'),
    host,
    h('label', { for: 'beacon-note' }, 'Beacon’s note (for the red team only)'),
    note,
    h('button', { type: 'submit' }, 'Open the beacon'),
    status,
  );
  element.addEventListener('submit', (event) => {
    event.preventDefault();
    void (async () => {
      try {
        replaceContent(status, 'Opening…');
        const created = await red.openBeacon({ team_id: Number(team.value), host: host.value, ...(note.value.trim() ? { note: note.value } : {}) });
        note.value = '';
        replaceContent(status, ...tokenShownOnce(created));
        opened();
      } catch (error) {
        replaceContent(status, ...refusal(error));
      }
    })();
  });
  return {
    element,
    ready: () => team.options.length > 0,
    update: (teams: Team[], all: Service[]) => {
      services = all;
      const chosen = team.value;
      team.replaceChildren(...[...teams].sort((a, b) => a.number - b.number).map((t) => h('option', { value: String(t.id) }, `${t.number} ${t.name}`)));
      if (teams.some((t) => String(t.id) === chosen)) team.value = chosen;
      fillHosts();
    },
  };
}

/** The token, this once, and a loop that calls back with it from the team's host (docs/red-team.md has a PowerShell one too). */
function tokenShownOnce(created: BeaconCreated): (HTMLElement | string)[] {
  const url = new URL(created.callback_url, location.origin).href;
  const loop = `while :; do curl -s -X POST -H "X-Beacon-Token: $(cat beacon.token)" ${url}; sleep 20; done`;
  return [
    h('p', {}, `Beacon ${created.beacon.id} is open on ${created.beacon.host}. Its token, shown this once (keep it in a file, beacon.token):`),
    h('pre', { class: 'secret' }, h('code', {}, created.token)),
    h('p', {}, 'Call back from inside the team’s network, every few seconds:'),
    h('pre', {}, h('code', {}, loop)),
  ];
}

/** Every beacon, newest first, with a button that closes an open one. */
export function drawBeacons(list: HTMLElement, beacons: Beacon[], teams: Team[], red: RedTeamApi, closed: () => void): void {
  if (beacons.length === 0) return replaceContent(list, h('p', { class: 'empty' }, 'No beacon opened yet.'));
  const numbers = new Map(teams.map((t) => [t.id, t.number]));
  const items = [...beacons]
    .sort((a, b) => b.id - a.id)
    .map((beacon) => {
      const close = h('button', { type: 'button', class: 'link-button' }, `Close beacon ${beacon.id}`);
      close.addEventListener('click', () => {
        red
          .closeBeacon(beacon.id)
          .then(closed)
          .catch((error: unknown) => replaceContent(close, error instanceof ApiError ? `Not closed: ${error.message}` : 'Not closed'));
      });
      const refused = beacon.recent_refusals[0];
      return h(
        'li',
        { 'data-beacon-id': String(beacon.id) },
        h(
          'p',
          { class: 'meta' },
          `Beacon ${beacon.id} on ${beacon.host} of team ${numbers.get(beacon.team_id) ?? beacon.team_id}, opened by ${beacon.created_by}`,
        ),
        h(
          'p',
          {},
          `State: ${beaconStateText(beacon)}. Last check-in: ${beacon.last_call_at ? formatTime(beacon.last_call_at) : 'never'}. `,
          `${beacon.rounds_counted} rounds counted, ${beacon.points_taken} points taken. `,
          `${beacon.refusals} refused${refused ? ` (the last from ${refused.address}, ${formatTime(refused.at)})` : ''}.`,
        ),
        beacon.note ? h('p', {}, beacon.note) : null,
        beacon.state === 'open' ? close : null,
      );
    });
  replaceContent(list, h('ol', { class: 'beacons' }, ...items));
}
