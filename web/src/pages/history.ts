import { api, type ScoreHistory, type Team } from '../api';
import { lineChart, PALETTE } from '../charts';
import { formatNumber, formatTime, h, replaceContent, scrollRegion, svgElement } from '../dom';
import { POLL_MS } from '#shared/api/polling';
import { follow } from '../live';

/** 250 lines are unreadable: the top ten are drawn, plus whichever teams the reader picks. */
const DEFAULT_TEAMS = 10;

export function historyPage(content: HTMLElement): void {
  let history: ScoreHistory | undefined;
  const picked = new Set<number>();
  const chartArea = h('div', { class: 'history-chart' });
  const picker = h('fieldset', { class: 'picker' });
  let pickerTeams = '';

  const draw = () => {
    if (!history) return;
    drawHistory(chartArea, history, picked);
    const teamKey = history.teams.map((t) => t.team.id).join(',');
    if (teamKey !== pickerTeams) {
      pickerTeams = teamKey;
      drawPicker(
        picker,
        history.teams.map((t) => t.team),
        picked,
        draw,
      );
    }
  };

  replaceContent(content, chartArea, h('details', { class: 'pick' }, h('summary', {}, 'Add teams to the chart'), picker));

  follow(
    async (nudged) => {
      const since = history?.times[history.times.length - 1];
      const read = await api.history(since, nudged);
      if (!read.changed && history) return;
      history =
        history && since && read.data.interval_seconds === history.interval_seconds
          ? merge(history, read.data)
          : since
            ? (await api.history()).data
            : read.data;
      draw();
    },
    POLL_MS.spectator,
    { topics: ['history'] },
  );
}

/** Appends an increment (`?since=`) to what we hold; teams new to the history start with gaps. */
function merge(held: ScoreHistory, increment: ScoreHistory): ScoreHistory {
  if (increment.times.length === 0) return { ...held, frozen: increment.frozen, frozen_since: increment.frozen_since };
  const incoming = new Map(increment.teams.map((t) => [t.team.id, t]));
  const padding = held.times.map(() => null);
  const teams = increment.teams.map((t) => {
    const before = held.teams.find((old) => old.team.id === t.team.id)?.totals ?? padding;
    return { team: t.team, totals: [...before, ...t.totals] };
  });
  // Teams that left (hidden since) are dropped: only the API's current list counts.
  return {
    frozen: increment.frozen,
    frozen_since: increment.frozen_since,
    interval_seconds: held.interval_seconds,
    times: [...held.times, ...increment.times],
    teams: teams.filter((t) => incoming.has(t.team.id)),
  };
}

function latest(values: (number | null)[]): number {
  for (let i = values.length - 1; i >= 0; i--) if (values[i] !== null && values[i] !== undefined) return values[i]!;
  return 0;
}

function drawHistory(target: HTMLElement, history: ScoreHistory, picked: Set<number>): void {
  if (history.times.length === 0) {
    replaceContent(target, h('p', { class: 'empty' }, 'No samples yet: the standings are recorded once a minute.'));
    return;
  }
  const ranked = [...history.teams].sort((a, b) => latest(b.totals) - latest(a.totals) || a.team.number - b.team.number);
  const shown = ranked.filter((t, index) => index < DEFAULT_TEAMS || picked.has(t.team.id));
  const lines = shown.map((t, i) => ({ label: t.team.name, colour: PALETTE[i % PALETTE.length]!, values: t.totals }));
  const minutes = history.interval_seconds / 60;
  const title = `Total score over time, one sample every ${minutes} minute${minutes === 1 ? '' : 's'}`;
  const table = h(
    'table',
    { class: 'history-table' },
    h('caption', { class: 'visually-hidden' }, 'Totals at each sample time'),
    h('thead', {}, h('tr', {}, h('th', { scope: 'col' }, 'Time (UTC)'), ...shown.map((t) => h('th', { scope: 'col', class: 'num' }, t.team.name)))),
    h(
      'tbody',
      {},
      ...history.times
        .map((time, i) =>
          h(
            'tr',
            {},
            h('th', { scope: 'row' }, formatTime(time)),
            ...shown.map((t) => h('td', { class: 'num' }, t.totals[i] === null ? '—' : formatNumber(t.totals[i]!))),
          ),
        )
        .reverse(),
    ),
  );
  replaceContent(
    target,
    h('figure', { class: 'chart-figure' }, svgElement(lineChart(title, history.times, lines)), h('figcaption', {}, title)),
    h(
      'ul',
      { class: 'legend', 'aria-label': 'Teams drawn, with their latest totals' },
      ...lines.map((line, i) =>
        h(
          'li',
          {},
          h('span', { class: 'swatch', 'data-colour': i % PALETTE.length, 'aria-hidden': 'true' }),
          `${line.label}: ${formatNumber(latest(line.values))}`,
        ),
      ),
    ),
    h('details', { class: 'data' }, h('summary', {}, 'The same numbers as a table'), scrollRegion('Totals over time', table)),
  );
}

function drawPicker(target: HTMLElement, teams: Team[], picked: Set<number>, redraw: () => void): void {
  replaceContent(
    target,
    h('legend', {}, 'Teams drawn beside the top ten'),
    ...[...teams]
      .sort((a, b) => a.number - b.number)
      .map((team) => {
        const box = h('input', { type: 'checkbox', value: team.id, checked: picked.has(team.id) });
        box.addEventListener('change', () => {
          if (box.checked) picked.add(team.id);
          else picked.delete(team.id);
          redraw();
        });
        return h('label', {}, box, ` ${team.name} (#${team.number})`);
      }),
  );
}
