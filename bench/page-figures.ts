/** The web page's figures and how the benchmark prints them (apart from page.ts, which drives Chromium). */

export interface PageFigures {
  teams: number;
  /** Bytes on the wire with gzip, as the local server (and CloudFront) send them. */
  transferred: { html: number; js: number; css: number; jsPlusCss: number };
  /** Milliseconds from navigation start until every scoreboard row is in the DOM. */
  scoreboardDrawnMs: { median: number; runs: number[] };
  lighthouse?: {
    performance: number;
    accessibility: number;
    firstContentfulPaintMs: number;
    largestContentfulPaintMs: number;
    totalBlockingTimeMs: number;
    cumulativeLayoutShift: number;
    speedIndexMs: number;
  };
}

export const PAGE_BUDGET_BYTES = 60 * 1024;

export function formatPageFigures(f: PageFigures): string {
  const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
  return [
    `Web page (${f.teams} teams)`,
    `  transferred (gzip): JS ${kb(f.transferred.js)} + CSS ${kb(f.transferred.css)} = ${kb(f.transferred.jsPlusCss)} (budget ${kb(PAGE_BUDGET_BYTES)}), HTML ${kb(f.transferred.html)}`,
    `  scoreboard drawn: median ${f.scoreboardDrawnMs.median} ms after navigation start (runs: ${f.scoreboardDrawnMs.runs.join(', ')} ms)`,
    f.lighthouse
      ? `  Lighthouse (mobile emulation): performance ${f.lighthouse.performance}, accessibility ${f.lighthouse.accessibility}; FCP ${f.lighthouse.firstContentfulPaintMs} ms, LCP ${f.lighthouse.largestContentfulPaintMs} ms, TBT ${f.lighthouse.totalBlockingTimeMs} ms, CLS ${f.lighthouse.cumulativeLayoutShift}, speed index ${f.lighthouse.speedIndexMs} ms`
      : '  Lighthouse: skipped',
  ].join('\n');
}
