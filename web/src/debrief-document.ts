/**
 * A team's debrief as a document (issue #62), drawn once for both readers:
 * the page (/debrief.html) turns it into elements, and the debriefs' export
 * writes it into a self-contained HTML file per team, so what a team prints
 * and what it is sent are the same. Sections are the printed parts, a page
 * each. No DOM here: plain data (./markup), every text escaped when written.
 */
import type { ApiSchemas } from '#shared/api/client';
import { lineChart, PALETTE } from './charts';
import { formatNumber, formatShare, formatSpan, formatTenths } from './format';
import { escapeText, htmlMarkup, node, type MarkupNode } from './markup';

export type Debrief = ApiSchemas['Debrief'];

/** A time as the debrief writes it, in UTC to the minute: every reader sees the same text. */
export const when = (iso: string | null) => (iso === null ? '–' : `${iso.slice(0, 10)} ${iso.slice(11, 16)} UTC`);
const figure = (n: number | null) => (n === null ? '–' : formatTenths(n));
const rankText = (rank: number | null, of: number) => (rank === null ? 'not ranked' : `${rank} of ${of}`);

/** A table with a caption and column headers; cells are text. */
function table(caption: string, headers: string[], rows: (string | MarkupNode)[][], className = 'debrief-table'): MarkupNode {
  return node(
    'table',
    { class: className },
    node('caption', {}, caption),
    node('thead', {}, node('tr', {}, ...headers.map((label) => node('th', { scope: 'col' }, label)))),
    node('tbody', {}, ...rows.map((cells) => node('tr', {}, ...cells.map((cell) => node('td', {}, cell))))),
  );
}

const part = (id: string, title: string, ...children: MarkupNode[]) =>
  node('section', { class: 'debrief-part', 'aria-labelledby': id }, node('h2', { id }, title), ...children);
const paragraph = (text: string, className?: string) => node('p', className ? { class: className } : {}, text);

function standing(d: Debrief): MarkupNode {
  const s = d.standing;
  const row = (label: string, p: { score: number; rank: number | null; median: number | null; best: number | null }, max: number | null) => [
    label,
    formatNumber(p.score),
    max === null ? '–' : formatNumber(max),
    rankText(p.rank, s.teams_ranked),
    figure(p.median),
    figure(p.best),
  ];
  const most = s.super_types.reduce((sum, t) => sum + t.max_score, 0);
  return part(
    'standing',
    'Standing',
    paragraph(
      `Ranked among ${s.teams_ranked} team${s.teams_ranked === 1 ? '' : 's'}${s.division === 'guest' ? ' of the guest division' : ''}, as the scoreboard ranks them.`,
    ),
    table(
      'Score and rank, overall and in each part, beside the median and the best of the teams ranked with it',
      ['Part', 'Score', 'Could have earned', 'Rank', 'Median', 'Best'],
      [row('Overall', s.overall, most), ...s.super_types.map((t) => row(t.super_type, t, t.max_score))],
    ),
  );
}

function scoreOverTime(d: Debrief): MarkupNode {
  const history = d.score_over_time;
  const title = `${d.team.name}'s total score over time, beside the median`;
  if (history.times.length === 0) return part('over-time', 'Score over time', paragraph('No score was sampled yet.'));
  const chart = lineChart(title, history.times, [
    { label: d.team.name, colour: PALETTE[0]!, values: history.team },
    { label: 'Median', colour: PALETTE[8]!, values: history.median },
  ]);
  return part(
    'over-time',
    'Score over time',
    node(
      'figure',
      { class: 'chart-figure' },
      chart,
      node('figcaption', {}, `${title} (the team in blue, the median in grey), every ${formatSpan(history.interval_seconds)}.`),
    ),
  );
}

/** A service's longest outage: how long, how many failed checks, from when until when. */
function outage(o: Debrief['services'][number]['longest_outage']): string {
  if (o === null) return '–';
  const checks = `${o.checks} failed check${o.checks === 1 ? '' : 's'}`;
  return `${formatSpan(o.seconds)}: ${checks}, ${when(o.started_at)} to ${o.ended_at === null ? 'the end (not back up)' : when(o.ended_at)}`;
}

/** A service by its check and address; the address may break anywhere (a host name is one long word), so that a table fits a printed page. */
const serviceName = (s: Debrief['services'][number]) => node('span', {}, `${s.subtype} `, node('span', { class: 'where' }, `${s.url}:${s.port}`));

function services(d: Debrief): MarkupNode {
  return part(
    'services',
    'Services',
    table(
      'How each service held',
      ['Service', 'Checks', 'Passed', 'Failed', 'Uptime', 'Points', 'SLA penalty', 'Longest outage', 'Voided'],
      d.services.map((s) => [
        serviceName(s),
        formatNumber(s.checks),
        formatNumber(s.passed),
        formatNumber(s.failed),
        formatShare(s.uptime),
        formatNumber(s.points),
        s.sla_violations === 0 ? '–' : `${formatNumber(s.sla_penalty)} (${s.sla_violations}×)`,
        outage(s.longest_outage),
        s.voided.checks === 0 ? '–' : `${s.voided.checks} (${formatNumber(s.voided.points)} points)`,
      ]),
    ),
    table(
      'Why checks failed',
      ['Service', 'Failures by kind', 'Most frequent reasons'],
      d.services
        .filter((s) => s.failed > 0)
        .map((s) => [
          serviceName(s),
          s.failures.map((f) => `${f.category}: ${f.checks}`).join(', ') || '–',
          s.reasons.length === 0 ? '–' : node('ul', {}, ...s.reasons.map((r) => node('li', {}, `${r.reason} (${r.checks}×, last ${when(r.last_at)})`))),
        ]),
    ),
  );
}

function injects(d: Debrief): MarkupNode {
  if (d.injects.length === 0) return part('injects', 'Injects', paragraph('No inject was given.'));
  return part(
    'injects',
    'Injects',
    table(
      'What each inject earned',
      ['Inject', 'Due', 'Versions sent', 'Revisions asked / made', 'Points', 'Late share'],
      d.injects.map((i) => [
        i.title,
        when(i.due_at),
        formatNumber(i.versions),
        `${i.revisions_asked} / ${i.revisions_made}`,
        i.grade ? `${formatNumber(i.grade.awarded)} of ${formatNumber(i.max_points)}` : `not graded (of ${formatNumber(i.max_points)})`,
        i.grade ? formatShare(i.grade.late_share) : '–',
      ]),
    ),
    ...d.injects
      .filter((i) => i.grade !== null)
      .map((i) =>
        node(
          'div',
          { class: 'debrief-grade' },
          node('h3', {}, i.title),
          ...(i.grade!.scores.length > 0
            ? [
                table(
                  `The rubric's scores for ${i.title}`,
                  ['Item', 'Points', 'Comment'],
                  i.grade!.scores.map((s) => [s.name, formatNumber(s.points), s.comment || '–']),
                ),
              ]
            : []),
          i.grade!.comment ? paragraph(i.grade!.comment, 'comment') : paragraph('No comment.', 'hint'),
        ),
      ),
  );
}

function incidents(d: Debrief): MarkupNode {
  if (d.incidents.length === 0) return part('incidents', 'Incident reports', paragraph('No incident report was filed.'));
  return part(
    'incidents',
    'Incident reports',
    table(
      'Each report and its grade',
      ['Report', 'Seen', 'Hosts', 'Points', 'Comment'],
      d.incidents.map((r) => [
        `#${r.incident_id}`,
        when(r.observed_at),
        r.hosts.join(', '),
        r.grade ? formatNumber(r.grade.points) : 'not graded',
        r.grade?.comment || '–',
      ]),
    ),
  );
}

function redTeam(d: Debrief): MarkupNode {
  if (!d.red_team.shown) return part('red-team', 'The red team', paragraph('The organisers do not show the red team’s findings (yet).'));
  if (d.red_team.findings.length === 0) return part('red-team', 'The red team', paragraph('No finding was approved against the team.'));
  const service = new Map(d.services.map((s) => [s.service_id, serviceName(s)]));
  return part(
    'red-team',
    'The red team',
    table(
      'The findings approved against the team',
      ['When', 'Kind', 'Service', 'Points taken', 'What was done'],
      d.red_team.findings.map((f) => [
        when(f.done_at),
        f.kind_name,
        service.get(f.service_id) ?? `service ${f.service_id}`,
        f.points === 0 ? '0 (a repeat)' : formatNumber(f.points),
        f.description ?? '–',
      ]),
    ),
  );
}

/** The debrief: its title (the page's heading), what it covers, and its parts in print order. */
export function debriefDocument(d: Debrief): { title: string; parts: MarkupNode[] } {
  return {
    title: `Debrief: ${d.team.name} (team ${d.team.number})`,
    parts: [
      paragraph(`${d.competition_name}. As of ${when(d.as_of)}.`, 'debrief-intro'),
      standing(d),
      scoreOverTime(d),
      services(d),
      injects(d),
      incidents(d),
      redTeam(d),
    ],
  };
}

/**
 * The debrief as a file of its own (the debriefs' export): one HTML page with
 * its style sheet inline and its chart as SVG, and no script, to open or
 * print anywhere. `css` is the page's debrief style sheet (styles/debrief.css).
 */
export function debriefFile(d: Debrief, css: string): string {
  const { title, parts } = debriefDocument(d);
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeText(title)}</title>
<style>
body { font-family: system-ui, sans-serif; margin: 0 auto; max-width: 60rem; padding: 1rem; color: #111; }
${css.replaceAll('</', '<\\/')}
</style>
</head>
<body data-page="debrief">
<main>
<h1>${escapeText(title)}</h1>
${htmlMarkup(parts)}
</main>
</body>
</html>
`;
}
