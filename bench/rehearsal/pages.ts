import { barChart, lineChart, PALETTE, svgMarkup, type SvgNode } from '../../web/src/charts';

/**
 * The rehearsal's report as people read it: report.md and report.html, both
 * written from the same sections, so the two never say different things.
 * The page adds charts drawn by the pages' own renderer (web/src/charts.ts,
 * no DOM), and is one self-contained file: no script, no fetch.
 */
export interface ReportPage {
  ok: boolean;
  seed: number;
  size: { teams: number; servicesPerTeam: number; roundSeconds: number; rounds: number; viewers: number };
  duration_s: number;
  window: { starts: string; freezes: string; ends: string };
  lost: string[];
  mismatches: unknown[];
  backwards: string[];
  blue_teams: { problems: string[] };
  paperwork: { problems: string[]; awards: unknown[] };
  /** Absent from a report made before beacons were played. */
  beacons?: { problems: string[]; deductions: unknown[] };
  live_edits: { problems: string[] };
  unexplained_gaps: unknown[];
  unexplained_timeouts: unknown[];
  unexpected_exits: unknown[];
  faults: { kind: string; started: string; ended: string | null; proof?: string; happened?: boolean; notPlayed?: string }[];
  figures: {
    api_latency_ms: Record<string, { p50: number | null; p99: number | null; requests: number }>;
    /** Null on a deployed stage: nothing meters its database. */
    capacity: { per_round: { round: number | string; read: number; write: number }[] } | null;
  } & Record<string, unknown>;
  acknowledged: object;
  verify: string | undefined;
}

type Section =
  | { heading: string; intro?: string; items: unknown[] }
  | { heading: string; table: { columns: string[]; rows: string[][] } }
  | { heading: string; json: unknown };

function sections(report: ReportPage): Section[] {
  return [
    { heading: 'Nothing acknowledged was lost', intro: `Acknowledged: ${JSON.stringify(report.acknowledged)}. Lost:`, items: report.lost },
    {
      heading: 'Every score is right',
      intro: `\`scoring verify\`: ${report.verify}. Mismatches with the hosts' logs under the rules:`,
      items: report.mismatches,
    },
    {
      heading: 'What no fault explains',
      intro: 'Results missing from rounds no fault touched, agent timeouts no fault explains, processes that ended of themselves:',
      items: [...report.unexplained_gaps, ...report.unexplained_timeouts, ...report.unexpected_exits],
    },
    {
      heading: 'Blue teams',
      intro: 'Password changes (each must reach the checks from the next round) and "check now":',
      items: report.blue_teams.problems,
    },
    {
      heading: 'The paperwork',
      intro:
        'Answers, incident reports, findings, rulings, grades and announcements: each acknowledged one there once (above), each team reading what was meant for it; problems:',
      items: report.paperwork.problems,
    },
    {
      heading: "The red team's beacons",
      intro:
        'Implants calling back through the CDN stand-in from their hosts (one also from another team, one going quiet half way): each deduction acknowledged there, none that no call-back explains, the cap and the expiry kept; problems:',
      items: report.beacons?.problems ?? [],
    },
    {
      heading: 'Live edits',
      intro:
        "A check changed and a team moved to the range pool while the board ran, each from the agents' next round on (what the hosts were asked, who reported); problems:",
      items: report.live_edits.problems,
    },
    {
      heading: 'What the paperwork moved',
      intro: 'Per team and super type, by the rules (each drop explains one spectators saw):',
      items: report.paperwork.awards,
    },
    { heading: 'What the beacons took', intro: 'Each deduction there, at its call-back:', items: report.beacons?.deductions ?? [] },
    { heading: 'What spectators saw never went back unexplained', items: report.backwards },
    {
      heading: 'Every fault happened',
      table: {
        columns: ['fault', 'from', 'to', 'happened', 'proof'],
        rows: report.faults.map((f) => [
          f.kind,
          f.started,
          f.ended ?? '',
          f.notPlayed ? 'not played here' : f.happened ? 'yes' : 'NO',
          f.notPlayed ?? f.proof ?? '',
        ]),
      },
    },
    { heading: 'Figures', json: report.figures },
  ];
}

const title = (report: ReportPage) => `Rehearsal: ${report.ok ? 'PASS' : 'FAIL'}`;
const sizeLine = (report: ReportPage) =>
  `Seed ${report.seed}; ${report.size.teams} teams × ${report.size.servicesPerTeam} services, ${report.size.rounds} rounds of ${report.size.roundSeconds} s, ${report.size.viewers} spectators; ${report.duration_s} s.`;
const item = (i: unknown) => (typeof i === 'string' ? i : JSON.stringify(i));

export function reportMarkdown(report: ReportPage): string {
  const lines = [`# ${title(report)}`, '', sizeLine(report), ''];
  for (const section of sections(report)) {
    lines.push(`## ${section.heading}`, '');
    if ('items' in section) {
      if (section.intro) lines.push(section.intro, '');
      lines.push(section.items.length === 0 ? 'none' : section.items.map((i) => `- ${item(i)}`).join('\n'), '');
    } else if ('table' in section) {
      const cell = (text: string) => text.replace(/\|/g, '\\|');
      lines.push(`| ${section.table.columns.join(' | ')} |`, `|${section.table.columns.map(() => '---').join('|')}|`);
      lines.push(...section.table.rows.map((row) => `| ${row.map(cell).join(' | ')} |`), '');
    } else {
      lines.push('```json', JSON.stringify(section.json, null, 1), '```', '');
    }
  }
  return lines.join('\n');
}

const escape = (text: string) => text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** The page: the same sections, and charts of the units per round, the fold's lag and the API's latency. */
export function reportHtml(report: ReportPage, foldLagByTime: Record<string, number>): string {
  const body: string[] = [`<h1>${escape(title(report))}</h1>`, `<p>${escape(sizeLine(report))}</p>`];
  body.push(...charts(report, foldLagByTime).map(({ caption, svg }) => `<figure>${svgMarkup(svg)}<figcaption>${escape(caption)}</figcaption></figure>`));
  for (const section of sections(report)) {
    body.push(`<h2>${escape(section.heading)}</h2>`);
    if ('items' in section) {
      if (section.intro) body.push(`<p>${escape(section.intro)}</p>`);
      body.push(section.items.length === 0 ? '<p>none</p>' : `<ul>${section.items.map((i) => `<li>${escape(item(i))}</li>`).join('')}</ul>`);
    } else if ('table' in section) {
      const row = (cells: string[], tag: string) => `<tr>${cells.map((c) => `<${tag}>${escape(c)}</${tag}>`).join('')}</tr>`;
      body.push(`<table><thead>${row(section.table.columns, 'th')}</thead><tbody>${section.table.rows.map((r) => row(r, 'td')).join('')}</tbody></table>`);
    } else {
      body.push(`<pre>${escape(JSON.stringify(section.json, null, 1))}</pre>`);
    }
  }
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escape(title(report))}</title>
<style>${STYLE}</style>
</head>
<body>
${body.join('\n')}
</body>
</html>
`;
}

/** The charts' look, as the pages give it (web/src/style.css), in light colours for print. */
const STYLE = `
body { font: 15px/1.5 system-ui, sans-serif; max-width: 60rem; margin: 2rem auto; padding: 0 1rem; color: #1b1f24; }
table { border-collapse: collapse; width: 100%; font-size: 0.9rem; }
th, td { border: 1px solid #d0d7de; padding: 0.25rem 0.5rem; text-align: left; vertical-align: top; }
pre { background: #f6f8fa; padding: 0.75rem; overflow-x: auto; font-size: 0.8rem; }
figure { margin: 1.5rem 0; }
figcaption { color: #57606a; font-size: 0.85rem; }
.chart { width: 100%; height: auto; display: block; }
.bar-chart { max-width: 48rem; }
.chart text { fill: #1b1f24; font-size: 13px; }
.chart .chart-value { fill: #57606a; }
.bar { fill: #1f77b4; }
.grid { stroke: #d0d7de; stroke-width: 1; }
`;

function charts(report: ReportPage, foldLagByTime: Record<string, number>): { caption: string; svg: SvgNode }[] {
  const roundMs = report.size.roundSeconds * 1000;
  const played = (report.figures.capacity?.per_round ?? []).filter((r): r is { round: number; read: number; write: number } => typeof r.round === 'number');
  const roundTimes = played.map((r) => new Date(Date.parse(report.window.starts) + (r.round - 1) * roundMs).toISOString());
  const lag = Object.entries(foldLagByTime).sort(([a], [b]) => a.localeCompare(b));
  const latency = Object.entries(report.figures.api_latency_ms)
    .filter(([, figure]) => figure.p99 !== null)
    .sort(([, a], [, b]) => b.p99! - a.p99!);
  const faults = report.faults.map((f) => `${f.kind} ${f.started.slice(11, 19)}–${(f.ended ?? f.started).slice(11, 19)}`).join(', ');
  const units = report.figures.capacity
    ? [
        {
          caption: `Read (blue) and write (red) units consumed in each round, DynamoDB Local's figures. Faults: ${faults}.`,
          svg: lineChart('Read and write units per round', roundTimes, [
            { label: 'read units', colour: PALETTE[0]!, values: played.map((r) => r.read) },
            { label: 'write units', colour: PALETTE[1]!, values: played.map((r) => r.write) },
          ]),
        },
      ]
    : [];
  return [
    ...units,
    {
      caption: "The fold's lag in seconds, each batch's as the stream consumer measured it (from its results' arrival).",
      svg: lineChart(
        "The fold's lag (s)",
        lag.map(([t]) => t),
        [{ label: 'lag', colour: PALETTE[2]!, values: lag.map(([, s]) => s) }],
      ),
    },
    {
      caption: "The API's p99 latency by route (ms), as the actors' ledgers measured it, faults included.",
      svg: barChart(
        'API p99 latency by route (ms)',
        latency.map(([name, figure]) => ({ label: name, value: figure.p99! })),
      ),
    },
  ];
}
