/**
 * The red team's beacons in the console (issue #63): every beacon, open ones
 * first, with its state, last check-in, rounds counted, points taken and
 * refusals; an organiser closes one, or voids its deductions after seeing
 * what the void gives back (its preview).
 */
import type { Beacon, Team } from '../api';
import { formatTime, h, replaceContent } from '../dom';
import { beaconStateText } from '../format';
import type { ConsoleContext } from './context';
import { listTable } from './table';

/** Open first, then the rest; newest first within each. */
const order = (a: Beacon, b: Beacon) => Number(b.state === 'open') - Number(a.state === 'open') || b.id - a.id;

export function beaconsTable(context: ConsoleContext, beacons: Beacon[], teams: Team[]): HTMLElement {
  if (beacons.length === 0) {
    return h(
      'p',
      { class: 'empty' },
      'No red team beacon yet. A team needs networks (its public egress ranges, on its profile) before the red team can open one on it.',
    );
  }
  const numbers = new Map(teams.map((t) => [t.id, t.number]));
  return listTable(
    {
      className: 'console-beacons',
      caption: 'Red team beacons',
      region: 'Red team beacons',
      headers: ['Beacon', 'Team', 'Host', 'State', 'Last check-in', 'Rounds', 'Points', 'Refusals', 'Do'],
    },
    [...beacons].sort(order).map((beacon) => {
      const close = h('button', { type: 'button', class: 'link-button' }, 'Close', h('span', { class: 'visually-hidden' }, ` beacon ${beacon.id}`));
      close.addEventListener('click', () => closeBeacon(context, beacon));
      const void_ = h('button', { type: 'button', class: 'link-button' }, 'Void…', h('span', { class: 'visually-hidden' }, ` beacon ${beacon.id}`));
      void_.addEventListener('click', () => previewVoid(context, beacon));
      const refused = beacon.recent_refusals[0];
      return h(
        'tr',
        { 'data-beacon-id': beacon.id },
        h('th', { scope: 'row' }, `Beacon ${beacon.id}`),
        h('td', {}, String(numbers.get(beacon.team_id) ?? beacon.team_id)),
        h('td', {}, beacon.host),
        h('td', {}, beaconStateText(beacon)),
        h('td', {}, beacon.last_call_at ? formatTime(beacon.last_call_at) : 'never'),
        h('td', {}, String(beacon.rounds_counted)),
        h('td', {}, String(beacon.points_taken)),
        h('td', {}, String(beacon.refusals), refused ? ` (last from ${refused.address})` : ''),
        h('td', {}, beacon.state === 'open' ? close : null, beacon.voided ? null : void_),
      );
    }),
  );
}

function closeBeacon({ api, say, reload }: ConsoleContext, beacon: Beacon): void {
  api
    .closeBeacon(beacon.id)
    .then(() => {
      say(`Beacon ${beacon.id} closed: its token counts for nothing now.`);
      return reload();
    })
    .catch((error: unknown) => say(`Beacon ${beacon.id} was not closed: ${String(error)}`));
}

/** The preview first: how many deductions and points the void gives back; then a button that does it. */
function previewVoid({ api, editor, say, reload }: ConsoleContext, beacon: Beacon): void {
  api
    .voidBeacon(beacon.id, true)
    .then((preview) => {
      const confirm = h('button', { type: 'button' }, `Void ${preview.deductions} deductions (${preview.points} points back)`);
      confirm.addEventListener('click', () => {
        api
          .voidBeacon(beacon.id, false)
          .then((done) => {
            replaceContent(editor);
            say(`Beacon ${beacon.id} voided: ${done.deductions} deductions, ${done.points} points back to its team.`);
            return reload();
          })
          .catch((error: unknown) => say(`Beacon ${beacon.id} was not voided: ${String(error)}`));
      });
      replaceContent(
        editor,
        h(
          'section',
          { class: 'grading', 'aria-label': `Void beacon ${beacon.id}` },
          h('h3', {}, `Void beacon ${beacon.id} on ${beacon.host}`),
          h(
            'p',
            {},
            `${preview.deductions} deductions, ${preview.points} points, go back to team id ${preview.team_id}. The beacon closes; nothing it did afterwards counts.`,
          ),
          confirm,
        ),
      );
      confirm.focus();
    })
    .catch((error: unknown) => say(`No preview of beacon ${beacon.id}'s void: ${String(error)}`));
}
