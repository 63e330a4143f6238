import { describe, expect, it } from 'vitest';
import { debriefDocument, debriefFile, type Debrief } from '../../web/src/debrief-document';
import { htmlMarkup } from '../../web/src/markup';

const HOSTILE = '<script>alert(1)</script>"\'&';

/** A small debrief with hostile text where teams and graders write it. */
const debrief: Debrief = {
  team: { id: 1, number: 11, name: HOSTILE },
  competition_name: 'Practice & <b>round</b>',
  as_of: '2026-11-22T18:00:00Z',
  standing: {
    division: 'main',
    teams_ranked: 4,
    overall: { score: 70, rank: 2, median: 62.5, best: 90 },
    super_types: [{ super_type_id: 1, super_type: 'Services', max_score: 100, score: 70, rank: 2, median: 62.5, best: 90 }],
  },
  services: [
    {
      service_id: 7,
      subtype: 'HTTP',
      url: 'www.team11.example',
      port: 80,
      max_score: 10,
      checks: 1000,
      passed: 995,
      failed: 5,
      uptime: 0.995,
      points: 9950,
      sla_violations: 0,
      sla_penalty: 0,
      longest_outage: { checks: 3, started_at: '2026-11-22T10:00:00Z', ended_at: '2026-11-22T10:02:00Z', seconds: 120 },
      failures: [{ category: 'timeout', checks: 5 }],
      voided: { checks: 0, points: 0 },
      reasons: [{ reason: HOSTILE, checks: 5, last_at: '2026-11-22T10:01:00Z' }],
    },
  ],
  injects: [],
  incidents: [],
  red_team: { shown: false, findings: [] },
  score_over_time: { interval_seconds: 60, times: ['2026-11-22T10:00:00Z', '2026-11-22T10:01:00Z'], team: [0, 10], median: [0, 5] },
};

describe("a debrief's document", () => {
  it('writes every text escaped, its chart as SVG, no script, and the figures to a tenth', () => {
    const file = debriefFile(debrief, '.debrief-part { color: black; }');
    expect(file).not.toContain('<script');
    expect(file).not.toContain('<b>');
    expect(file).toContain('&lt;script&gt;alert(1)&lt;/script&gt;&quot;&#39;&amp;');
    expect(file).toContain('<svg xmlns="http://www.w3.org/2000/svg"');
    expect(file).toContain('<style>');
    // 995 of 1000 is 99.5 %, not 100 %; a median of 62.5 stays 62.5.
    expect(file).toContain('<td>99.5 %</td>');
    expect(file).toContain('<td>62.5</td>');
    expect(file).toContain('2 min: 3 failed checks, 2026-11-22 10:00 UTC to 2026-11-22 10:02 UTC');
  });

  it('is one part per printed page, in order, each with its heading', () => {
    const { title, parts } = debriefDocument(debrief);
    expect(title).toBe(`Debrief: ${HOSTILE} (team 11)`);
    const headings = [...htmlMarkup(parts).matchAll(/<h2 id="[^"]+">([^<]+)<\/h2>/g)].map((m) => m[1]);
    expect(headings).toEqual(['Standing', 'Score over time', 'Services', 'Injects', 'Incident reports', 'The red team']);
  });
});
