/**
 * After the event (issue #62), in a real browser against the real local
 * server (./page-setup.ts): the organisers' table of ranks in the console's
 * "Closing the event", copied as a spreadsheet pastes it, and a member's
 * debrief, read and printed to PDF by Chromium, whose text Debian's
 * pdftotext reads back.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTeamAccount } from '#shared/app/team-accounts';
import { createToken } from '#shared/data/tokens';
import { TEST_AUDIT } from '../support/database';
import { ENV_TOKENS } from '../support/server';
import { api, consoleView, context, LONG_FLOW, ON_SCREEN, page, seriousAxeViolations, signInToConsole, stack, useWebPage } from './page-setup';

useWebPage();

beforeAll(async () => {
  // A check that failed, with its reason, then the event finalised (released: debriefs_shown is after_finalise).
  const { number } = (await api('/teams/1')) as { number: number };
  const services = (await api(`/services?team=${number}`)) as { id: number; subtype: string }[];
  const ftp = services.find((s) => s.subtype === 'FTP')!;
  const report = await fetch(`${stack.url}/api/v1/services/${ftp.id}/scans`, {
    method: 'POST',
    headers: { authorization: `Bearer ${ENV_TOKENS.service}`, 'content-type': 'application/json' },
    body: JSON.stringify({ scan_id: 'debrief-ftp-1', score: 0, error: 'login as files refused', category: 'login failed' }),
  });
  expect(report.status).toBe(201);
  const { token } = await createToken({ role: 'admin', name: 'finaliser', expiresAt: null, audit: TEST_AUDIT });
  const finalised = await fetch(`${stack.url}/api/v1/competition/finalise`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ force: true }),
  });
  expect(finalised.status).toBe(200);
});

describe("a team's debrief", () => {
  it(
    "the closing view's table of ranks, copied for a spreadsheet; a member's debrief read once the event is final, then printed to an A4 PDF that pdftotext reads back with its figures; axe clean",
    LONG_FLOW,
    async () => {
      const { admin } = await signInToConsole('closing organiser');
      const summary = (await api('/debriefs/summary', { headers: admin })) as { rows: { team: { number: number; name: string }; total_score: number }[] };
      await consoleView('Closing the event', 'table.console-ranks tbody tr');
      expect(await page.locator('table.console-ranks tbody tr').count()).toBe(summary.rows.length);
      await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: stack.url });
      await page.getByRole('button', { name: 'Copy the table for a spreadsheet' }).click();
      await page.locator('#console-status', { hasText: /^Copied \d+ teams' ranks/ }).waitFor(ON_SCREEN);
      const copied = ((await page.evaluate('navigator.clipboard.readText()')) as string).split('\n').map((line) => line.split('\t'));
      expect(copied).toHaveLength(summary.rows.length + 1);
      expect(copied[0]!.slice(0, 6)).toEqual(['rank', 'division', 'team_number', 'team_name', 'hidden', 'total_score']);
      expect(copied.slice(1).map((cells) => [Number(cells[2]), Number(cells[5])])).toEqual(summary.rows.map((r) => [r.team.number, r.total_score]));
      expect(await seriousAxeViolations()).toEqual([]);

      // A member of team 1 reads its debrief (released: the event is final) and prints it.
      const { password } = await createTeamAccount({ home: 1, name: 'debrief-reader', audit: TEST_AUDIT });
      const session = (await api('/team/sessions', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ name: 'debrief-reader', password }),
      })) as { token: string };
      const member = { authorization: `Bearer ${session.token}` };
      // Released once the server's copy of the settings (at most 5 s old: the one freshness rule) says final.
      await expect.poll(async () => (await fetch(`${stack.url}/api/v1/team/1/debrief`, { headers: member })).status, ON_SCREEN).toBe(200);
      const debrief = (await api('/team/1/debrief', { headers: member })) as {
        team: { name: string; number: number };
        standing: { overall: { score: number; rank: number } };
        services: { subtype: string; checks: number }[];
      };
      await page.goto(`${stack.url}/debrief.html`);
      await page.evaluate(`sessionStorage.removeItem('ccdc.admin-token'); sessionStorage.setItem('ccdc.team-session', ${JSON.stringify(session.token)})`);
      await page.reload();
      await page.locator('section.debrief-part').first().waitFor(ON_SCREEN);
      expect(await page.locator('h1').textContent()).toBe(`Debrief: ${debrief.team.name} (team ${debrief.team.number})`);
      expect(await page.locator('section.debrief-part h2').allTextContents()).toEqual([
        'Standing',
        'Score over time',
        'Services',
        'Injects',
        'Incident reports',
        'The red team',
      ]);
      expect(await seriousAxeViolations()).toEqual([]);

      const pdf = await page.pdf({ preferCSSPageSize: true, printBackground: true });
      const dir = mkdtempSync(join(tmpdir(), 'debrief-pdf-'));
      try {
        writeFileSync(join(dir, 'debrief.pdf'), pdf);
        const info = execFileSync('pdfinfo', ['debrief.pdf'], { cwd: dir }).toString();
        // A4: 210 × 297 mm, 595 × 842 points.
        const [, width, height] = /Page size:\s+([\d.]+) x ([\d.]+) pts \(A4\)/.exec(info)!;
        expect([Math.abs(Number(width) - 595.28), Math.abs(Number(height) - 841.89)].every((off) => off < 1)).toBe(true);
        // The heading with the standing on the first page, then a part a page at least.
        expect(Number(/Pages:\s+(\d+)/.exec(info)![1])).toBeGreaterThanOrEqual(6);
        const text = execFileSync('pdftotext', ['-layout', 'debrief.pdf', '-'], { cwd: dir }).toString();
        expect(text).toContain(`Debrief: ${debrief.team.name}`);
        // Overall: the score, what it could have earned, the rank.
        expect(text).toMatch(new RegExp(`Overall\\s+${debrief.standing.overall.score}\\s+\\S+\\s+${debrief.standing.overall.rank} of`));
        // Every service (a long name wraps in its narrow column: its first word, then).
        for (const service of debrief.services) expect(text).toContain(service.subtype.split(' ')[0]);
        // No navigation, no button: the print stylesheet leaves the page's chrome out.
        expect(text).not.toContain('Print or save as PDF');
        expect(text).not.toContain('Over time');
        // Each part starts a page: the text of a page (split at form feeds) that holds a part's heading starts with it.
        const pages = text.split('\f');
        for (const heading of ['Score over time', 'Services', 'Injects', 'Incident reports', 'The red team']) {
          expect(
            pages.some((p) => p.trimStart().startsWith(heading)),
            heading,
          ).toBe(true);
        }
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  );
});
