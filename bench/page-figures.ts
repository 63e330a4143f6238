/** The web page's figures and how the benchmark prints them (apart from page.ts, which drives Chromium). */

export interface PageFigures {
  teams: number;
  /** Bytes on the wire with gzip, as the local server (and CloudFront) send them. */
  transferred: { html: number; js: number; css: number; jsPlusCss: number };
  /** Milliseconds from navigation start until every scoreboard row is in the DOM. */
  scoreboardDrawnMs: { median: number; runs: number[] };
  /** The same for the status matrix (`/services.html`): every team's row in. */
  matrixDrawnMs?: { median: number; runs: number[] };
  /** Lighthouse on the scoreboard (`/`), on the matrix (`/services.html`) and on a member's page (`/my-team.html`, signing in). */
  lighthouse?: LighthouseFigures;
  lighthouseMatrix?: LighthouseFigures;
  lighthouseMember?: LighthouseFigures;
  /** The organisers' console at event scale, signed in (issue #48). */
  console?: {
    teams: number;
    services: number;
    /** The local server's start with the competition loaded. */
    loadSeconds: number;
    /** From navigation start until the services view's first page of rows is in the DOM. */
    servicesDrawnMs: { median: number; runs: number[] };
    /** Of that, until the services' endpoints and status view had come (their responses' end). */
    servicesReadMs: { median: number; runs: number[] };
    /** A typed filter ("team 187 ssh") applied: the input handler's time, filtering every service and drawing. */
    filterMs: { median: number; runs: number[] };
    lighthouse?: LighthouseFigures;
    /** A team's debrief (/debrief.html?team=…) as an organiser opens it, signed in, at the console's size. */
    lighthouseDebrief?: LighthouseFigures;
  };
}

export interface LighthouseFigures {
  performance: number;
  accessibility: number;
  firstContentfulPaintMs: number;
  largestContentfulPaintMs: number;
  totalBlockingTimeMs: number;
  cumulativeLayoutShift: number;
  speedIndexMs: number;
}

const lighthouseLine = (page: string, l: LighthouseFigures | undefined) =>
  l
    ? `  Lighthouse ${page} (mobile emulation): performance ${l.performance}, accessibility ${l.accessibility}; FCP ${l.firstContentfulPaintMs} ms, LCP ${l.largestContentfulPaintMs} ms, TBT ${l.totalBlockingTimeMs} ms, CLS ${l.cumulativeLayoutShift}, speed index ${l.speedIndexMs} ms`
    : `  Lighthouse ${page}: skipped`;

export const PAGE_BUDGET_BYTES = 60 * 1024;

export function formatPageFigures(f: PageFigures): string {
  const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
  return [
    `Web page (${f.teams} teams)`,
    `  transferred (gzip): JS ${kb(f.transferred.js)} + CSS ${kb(f.transferred.css)} = ${kb(f.transferred.jsPlusCss)} (budget ${kb(PAGE_BUDGET_BYTES)}), HTML ${kb(f.transferred.html)}`,
    `  scoreboard drawn: median ${f.scoreboardDrawnMs.median} ms after navigation start (runs: ${f.scoreboardDrawnMs.runs.join(', ')} ms)`,
    f.matrixDrawnMs
      ? `  status matrix drawn: median ${f.matrixDrawnMs.median} ms after navigation start (runs: ${f.matrixDrawnMs.runs.join(', ')} ms)`
      : '  status matrix drawn: not measured',
    lighthouseLine('/', f.lighthouse),
    lighthouseLine('/services.html', f.lighthouseMatrix),
    lighthouseLine('/my-team.html (signing in)', f.lighthouseMember),
    ...(f.console
      ? [
          `  the console at ${f.console.teams} teams, ${f.console.services} services (loaded in ${f.console.loadSeconds} s): services view drawn median ${f.console.servicesDrawnMs.median} ms after navigation start (runs: ${f.console.servicesDrawnMs.runs.join(', ')} ms), its reads in by ${f.console.servicesReadMs.median} ms; a typed filter applied in ${f.console.filterMs.median} ms (runs: ${f.console.filterMs.runs.join(', ')} ms)`,
          lighthouseLine('/admin/#/services (signed in, 5 000 services)', f.console.lighthouse),
          lighthouseLine(`/debrief.html (an organiser's read of a team's, ${f.console.teams} teams)`, f.console.lighthouseDebrief),
        ]
      : []),
  ].join('\n');
}
