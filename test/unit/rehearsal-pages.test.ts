import { describe, expect, it } from 'vitest';
import { reportHtml, reportMarkdown, type ReportPage } from '../../bench/rehearsal/pages';

/** The rehearsal's report as read (bench/rehearsal/pages.ts): report.md and report.html say the same, the page with charts. */
const report = (over: Partial<ReportPage> = {}): ReportPage => ({
  ok: false,
  seed: 7,
  size: { teams: 2, servicesPerTeam: 3, roundSeconds: 10, rounds: 2, viewers: 1 },
  duration_s: 40,
  window: { starts: '2026-11-29T10:00:00.000Z', freezes: '2026-11-29T10:00:15.000Z', ends: '2026-11-29T10:00:20.000Z' },
  lost: ['4/r1: acknowledged to agent <b>&</b>, not in the history'],
  mismatches: [],
  backwards: [],
  blue_teams: { problems: [] },
  paperwork: { problems: [], awards: [] },
  live_edits: { problems: [] },
  unexplained_gaps: [],
  unexplained_timeouts: [],
  unexpected_exits: [],
  faults: [{ kind: 'server-killed', started: '2026-11-29T10:00:05.000Z', ended: '2026-11-29T10:00:06.000Z', happened: true, proof: 'pid 1 | pid 2' }],
  figures: {
    api_latency_ms: { ReportScans: { p50: 4, p99: 40, requests: 9 }, GetSettings: { p50: 1, p99: null, requests: 0 } },
    capacity: {
      per_round: [
        { round: 'setup', read: 5, write: 9 },
        { round: 1, read: 10, write: 20 },
        { round: 2, read: 12, write: 18 },
        { round: 'after', read: 3, write: 0 },
      ],
    },
  },
  acknowledged: { results: 12 },
  verify: '2 teams checked',
  ...over,
});

describe("the rehearsal's report pages", () => {
  it('writes the same sections in both, what a ledger wrote escaped on the page', () => {
    const md = reportMarkdown(report());
    const html = reportHtml(report(), { '2026-11-29T10:00:03.000Z': 1.5, '2026-11-29T10:00:13.000Z': 0.4 });
    for (const heading of ['Nothing acknowledged was lost', 'Every score is right', 'Every fault happened', 'Figures']) {
      expect(md).toContain(`## ${heading}`);
      expect(html).toContain(`<h2>${heading}</h2>`);
    }
    expect(md).toContain('# Rehearsal: FAIL');
    expect(md).toContain('| server-killed | 2026-11-29T10:00:05.000Z | 2026-11-29T10:00:06.000Z | yes | pid 1 \\| pid 2 |');
    expect(html).toContain('<li>4/r1: acknowledged to agent &lt;b&gt;&amp;&lt;/b&gt;, not in the history</li>');
    expect(html).not.toContain('<b>');
    expect(html).not.toMatch(/<script/i);
  });

  it('draws the units of the rounds played, the fold lag and the latency of the routes measured', () => {
    const html = reportHtml(report({ ok: true }), { '2026-11-29T10:00:03.000Z': 1.5, '2026-11-29T10:00:13.000Z': 0.4 });
    const svgs = html.match(/<svg [^>]*>/g)!;
    expect(svgs).toHaveLength(3);
    // Two rounds played: two points on each of the read and write lines (setup and after left out).
    const lines = [...html.matchAll(/<polyline points="([^"]*)"/g)].map((m) => m[1]!.split(' ').length);
    expect(lines).toEqual([2, 2, 2]);
    // One bar: the route with a p99.
    expect(html.match(/<rect /g)).toHaveLength(1);
    expect(html).toContain('ReportScans');
  });
});
