import { readFileSync } from 'node:fs';
import type { BrowserContext, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import type { LocalStack } from '../../lib/local/local-stack';
import { forgetFreshCopies } from '#shared/data/fresh';
import { getSettings, saveSettings } from '#shared/data/settings';
import { TEST_AUDIT } from '../support/database';
import { ENV_TOKENS } from '../support/server';
import { createTeamAccount } from '#shared/app/team-accounts';
import { createToken } from '#shared/data/tokens';
import { HOSTILE_NAME, ON_SCREEN, PNG_BYTES, pageHelpers, usePages, type Row } from './pages';

/**
 * The public pages and a blue team member's, in Debian's Chromium against
 * the real local server (test/browser/pages.ts sets them up; the console's
 * tests are console.test.ts, run beside these).
 */
const pages = usePages();
const { api, open, seriousAxeViolations, scrollsSideways } = pageHelpers(pages);
const { consoleErrors, dialogs, requested } = pages;
let stack: LocalStack;
let context: BrowserContext & { blocked: string[] };
let page: Page;
beforeAll(() => void ({ stack, context, page } = pages));

describe('the scoreboard page', () => {
  it('shows exactly what the API says, main division first, the hostile name as text', async () => {
    await open('/', 'table.standings tbody tr');
    const { segregate, scoreboard } = (await api('/teams/scoreboard')) as { segregate: boolean; scoreboard: Row[] };
    expect(segregate).toBe(true);
    const headings = await page.locator('main h2').allTextContents();
    expect(headings.slice(0, 2)).toEqual(['Main division', 'Guest division']);

    // The rows come in batches, a frame apart.
    await expect.poll(() => page.locator('table.standings tbody tr').count(), ON_SCREEN).toBe(scoreboard.length);
    const shown = await page.locator('table.standings tbody tr').evaluateAll((rows) =>
      rows.map((row) => ({
        table: row.closest('.scroll')!.getAttribute('aria-label'),
        id: Number(row.getAttribute('data-team-id')),
        rank: row.querySelector('.rank')!.textContent,
        name: row.querySelector('.team-name')!.textContent,
        total: row.querySelector('.total')!.textContent,
      })),
    );
    expect(shown).toEqual(
      scoreboard.map((r) => ({
        table: r.division === 'main' ? 'Main division' : 'Guest division',
        id: r.team.id,
        rank: String(r.rank),
        name: r.team.name,
        total: r.total_score.toLocaleString('en-US'),
      })),
    );
    expect(shown.map((r) => r.name)).toContain(HOSTILE_NAME);
    expect(await page.locator('img[src="x"]').count()).toBe(0);
    expect(dialogs).toEqual([]);

    // Every logo URL was stopped before leaving the machine, and each fell back to the team's number.
    expect(context.blocked.length).toBeGreaterThan(0);
    expect(context.blocked.every((url) => url.startsWith('https://ccdc.example/'))).toBe(true);
    // A logo is shown only once it has loaded: none did, so none is visible and every badge shows.
    expect(await page.locator('table.standings .logo img.loaded').count()).toBe(0);
    expect(await page.locator('table.standings .logo img:visible').count()).toBe(0);
    expect(await page.locator('table.standings .logo').allTextContents()).toEqual(scoreboard.map((r) => String(r.team.number)));

    // The stat cards (the service counts from the standings, no per-service list) and the bar chart.
    expect(await page.locator('.cards .card').count()).toBe(3);
    const up = scoreboard.reduce((n, r) => n + (r as unknown as { services_up: number }).services_up, 0);
    const all = scoreboard.reduce((n, r) => n + (r as unknown as { services_total: number }).services_total, 0);
    expect(await page.locator('.card', { hasText: 'Services up' }).locator('.card-value').textContent()).toBe(` ${up}`);
    expect(await page.locator('.card', { hasText: 'Not up' }).locator('.card-value').textContent()).toBe(` ${all - up}`);
    expect(requested.some((url) => /\/api\/v1\/services(\?|$)/.test(url))).toBe(false);
    expect(await page.locator('svg.bar-chart rect.bar').count()).toBe(scoreboard.length);
    await expect.poll(() => page.locator('#live').textContent()).toMatch(/^Live · updated \d+ s ago$/);
  });

  it('sends a Content-Security-Policy without inline scripts', async () => {
    const response = await fetch(`${stack.url}/`);
    const csp = response.headers.get('content-security-policy')!;
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toContain('unsafe-inline');
    expect(await response.text()).not.toMatch(/<script(?![^>]*\bsrc=)/);
  });

  it('shows a scan reported through the API without a reload', async () => {
    await open('/', 'table.standings tbody tr');
    const services = (await api('/services')) as { id: number; team: { id: number }; max_score: number }[];
    const service = services.find((s) => s.team.id === 1)!;
    const total = page.locator('tr[data-team-id="1"] .total');
    const before = Number((await total.textContent())!.replace(/,/g, ''));
    // A value that only survives if the page is never reloaded.
    const marker = await page.evaluate('window.reloadMarker = Math.random()');

    const response = await fetch(`${stack.url}/api/v1/services/${service.id}/scans`, {
      method: 'POST',
      headers: { authorization: `Bearer ${ENV_TOKENS.service}`, 'content-type': 'application/json' },
      body: JSON.stringify({ scan_id: 'browser-test-1', score: service.max_score, error: null }),
    });
    expect(response.status).toBe(201);
    // A mark on the row's element: a poll changes the cells in place, it does not draw the table anew.
    await page.evaluate('document.querySelector(\'tr[data-team-id="1"]\').rowMarker = true');
    await expect.poll(async () => Number((await total.textContent())!.replace(/,/g, '')), ON_SCREEN).toBe(before + service.max_score);
    expect(await page.evaluate('window.reloadMarker')).toBe(marker);
    expect(await page.evaluate('document.querySelector(\'tr[data-team-id="1"]\').rowMarker')).toBe(true);
    // The rows are in the API's order (moved, when a rank changed).
    const { scoreboard } = (await api('/teams/scoreboard')) as { scoreboard: Row[] };
    const order = () => page.locator('table.standings tbody tr').evaluateAll((rows) => rows.map((row) => Number(row.getAttribute('data-team-id'))));
    await expect.poll(order, ON_SCREEN).toEqual(scoreboard.map((r) => r.team.id));
  });

  it('keeps the figures and shows a banner while the API fails, then recovers', async () => {
    await open('/', 'table.standings tbody tr');
    await page.route('**/api/v1/**', (route) =>
      route.fulfill({ status: 503, contentType: 'application/problem+json', body: '{"detail":"down for the test"}' }),
    );
    await page.locator('#banner').waitFor({ state: 'visible', ...ON_SCREEN });
    expect(await page.locator('#banner').textContent()).toMatch(/retrying in \d+ s/);
    expect(await page.locator('table.standings tbody tr').count()).toBeGreaterThan(0);
    await page.unroute('**/api/v1/**');
    await page.locator('#banner').waitFor({ state: 'hidden', timeout: 30_000 });
    consoleErrors.length = 0; // the 503s above were logged on purpose
  });
});

describe('the other pages', () => {
  it('the service matrix: teams by checks, state as text, details on keyboard focus', async () => {
    await open('/services.html', 'table.matrix tbody tr');
    const services = (await api('/services')) as { id: number; team: { id: number }; subtype_id: number; max_score: number }[];
    const teams = new Set(services.map((s) => s.team.id));
    const subtypes = new Set(services.map((s) => s.subtype_id));
    // The rows come in batches, a frame apart.
    await expect.poll(() => page.locator('table.matrix tbody tr').count(), ON_SCREEN).toBe(teams.size);
    expect(await page.locator('table.matrix thead th').count()).toBe(subtypes.size + 1);
    expect(await page.locator('table.matrix .state').count()).toBe(services.length);
    expect(await page.locator('table.matrix .state-text').first().textContent()).toMatch(/^(Up|Down|Not scanned)$/);

    const upCell = page.locator('table.matrix .state-up').first();
    await upCell.focus();
    const tip = upCell.locator('.tip');
    expect(await tip.isVisible()).toBe(true);
    expect(await tip.textContent()).toMatch(/^Up for \d+ (s|min|h|d)$/);

    // A failure reported through the API reaches its cell by a delta (`?since=`), in place, with its category.
    const service = services.find((s) => s.team.id === 2 && s.subtype_id === 1)!;
    const row = page.locator('tr[data-team-id="2"]');
    await page.evaluate('document.querySelector(\'tr[data-team-id="2"]\').rowMarker = true');
    const response = await fetch(`${stack.url}/api/v1/services/${service.id}/scans`, {
      method: 'POST',
      headers: { authorization: `Bearer ${ENV_TOKENS.service}`, 'content-type': 'application/json' },
      body: JSON.stringify({ scan_id: 'browser-matrix-1', score: 0, error: 'connect ECONNREFUSED', category: 'connection refused' }),
    });
    expect(response.status).toBe(201);
    const cell = row.locator('td').first();
    await expect.poll(() => cell.locator('.state-text').textContent(), ON_SCREEN).toBe('Down');
    expect(await cell.locator('.tip').textContent()).toMatch(/^Down for \d+ s · connection refused$/);
    expect(await page.evaluate('document.querySelector(\'tr[data-team-id="2"]\').rowMarker')).toBe(true);
    expect(requested.some((url) => url.includes('/api/v1/services/status?since='))).toBe(true);
  });

  it('the team page: scorecard, super types with their max, services', async () => {
    await open('/team.html?id=1', '.scorecard');
    const card = (await api('/teams/1/scorecard')) as { total_score: number; scores: unknown[] };
    const team = (await api('/teams/1')) as { name: string; number: number };
    const services = (await api(`/services?team=${team.number}`)) as unknown[];
    expect(await page.locator('h1').textContent()).toContain(team.name);
    expect(await page.locator('.card', { hasText: 'Total' }).locator('.card-value').textContent()).toBe(card.total_score.toLocaleString('en-US'));
    expect(await page.locator('table:not(.services) tbody tr').count()).toBe(card.scores.length);
    expect(await page.locator('table.services tbody tr').count()).toBe(services.length);
    expect(await page.locator('table.services .state-up').count()).toBeGreaterThan(0);
  });

  it('the scores over time: a line per team (up to ten), the numbers as a table', async () => {
    await open('/history.html', 'svg.line-chart polyline');
    const history = (await api('/teams/scoreboard/history')) as { times: string[]; teams: unknown[] };
    expect(history.times.length).toBeGreaterThanOrEqual(3);
    expect(await page.locator('svg.line-chart polyline').count()).toBe(Math.min(10, history.teams.length));
    expect(await page.locator('.history-table tbody tr').count()).toBe(history.times.length);
  });

  it('has no serious accessibility violation and no sideways scrolling at 390 px, on any page', async () => {
    const pages = [
      ['/', 'table.standings tbody tr'],
      ['/services.html', 'table.matrix tbody tr'],
      ['/history.html', 'svg.line-chart'],
      ['/team.html?id=1', '.scorecard'],
      ['/my-team.html', 'form.member-form'],
    ] as const;
    const found: Record<string, { axe: string[]; sideways: boolean }> = {};
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: 844 });
      for (const [path, ready] of pages) {
        await open(path, ready);
        found[`${path} at ${width}px`] = { axe: width === 1280 ? await seriousAxeViolations() : [], sideways: await scrollsSideways() };
      }
    }
    expect(found).toEqual(Object.fromEntries(Object.keys(found).map((key) => [key, { axe: [], sideways: false }])));
  });

  it("a blue team member's page: signs in, reads the announcements and why a check fails, checks now, sends a password change, answers an inject with a file (its Markdown drawn safely, its attachment downloaded; a type no team may upload refused; the file downloads as an attachment) and sees its grade, files an incident report with evidence, signs out; no serious axe violation", async () => {
    await page.setViewportSize({ width: 1280, height: 900 });
    const { password } = await createTeamAccount({ teamId: 1, name: 'browser-member', audit: TEST_AUDIT });
    const team = (await api('/teams/1')) as { number: number };
    const ftp = ((await api(`/services?team=${team.number}`)) as { id: number; subtype: string }[]).find((s) => s.subtype === 'FTP')!;
    const reported = await fetch(`${stack.url}/api/v1/services/${ftp.id}/scans`, {
      method: 'POST',
      headers: { authorization: `Bearer ${ENV_TOKENS.service}`, 'content-type': 'application/json' },
      body: JSON.stringify({ scan_id: 'browser-ftp-1', score: 0, error: 'login as files refused', category: 'login failed' }),
    });
    expect(reported.status).toBe(201);
    // An announcement to every team and one to another team: the page shows the first only, as text.
    const { token: announcer } = await createToken({ role: 'admin', name: 'announcer', expiresAt: null, audit: TEST_AUDIT });
    const announce = (body: unknown) =>
      fetch(`${stack.url}/api/v1/announcements`, {
        method: 'POST',
        headers: { authorization: `Bearer ${announcer}`, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
    expect((await announce({ text: 'Lunch at noon. <b>Not bold</b>' })).status).toBe(201);
    expect((await announce({ text: 'For team 2 only', team_id: 2 })).status).toBe(201);
    // An inject, published and open, its text in Markdown (a heading, a link, HTML that stays text).
    const asOrganiser = { authorization: `Bearer ${announcer}`, 'content-type': 'application/json' };
    const stamp = (ms: number) => new Date(ms).toISOString().replace(/\.\d{3}Z$/, 'Z');
    const injectBody = {
      title: 'Firewall memo',
      text: '# The memo\n\nOne page, see [the rules](https://example.com/rules). <script>alert(1)</script>',
      super_type_id: 2,
      open_at: stamp(Date.now() - 3_600_000),
      due_at: stamp(Date.now() + 3_600_000),
      points: 50,
      rubric: [],
    };
    const inject = (await (await fetch(`${stack.url}/api/v1/injects`, { method: 'POST', headers: asOrganiser, body: JSON.stringify(injectBody) })).json()) as {
      id: number;
    };
    // With an attachment, uploaded as the console does: a form, the file posted to the file store, an edit naming it.
    const attachmentForm = (await (
      await fetch(`${stack.url}/api/v1/injects/${inject.id}/uploads`, {
        method: 'POST',
        headers: asOrganiser,
        body: JSON.stringify({ file_name: 'rules.csv', content_type: 'text/csv' }),
      })
    ).json()) as { key: string; url: string; fields: Record<string, string> };
    const attachment = new FormData();
    for (const [name, value] of Object.entries(attachmentForm.fields)) attachment.append(name, value);
    attachment.append('file', new Blob(['rule,port\nssh,22\n']), 'rules.csv');
    expect((await fetch(attachmentForm.url, { method: 'POST', body: attachment })).status).toBe(201);
    const edit = { state: 'published', attachments: [attachmentForm.key] };
    expect((await fetch(`${stack.url}/api/v1/injects/${inject.id}`, { method: 'PATCH', headers: asOrganiser, body: JSON.stringify(edit) })).status).toBe(200);
    await open('/my-team.html', 'form.member-form');
    expect(await seriousAxeViolations()).toEqual([]);
    await page.getByLabel('Name').fill('browser-member');
    await page.getByLabel('Password').fill(password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    const row = page.locator(`table.services tr[data-service-id="${ftp.id}"]`);
    await row.locator('td', { hasText: 'login as files refused' }).waitFor(ON_SCREEN);
    await page.locator('.announcements li', { hasText: 'Lunch at noon.' }).waitFor(ON_SCREEN);
    expect(await page.locator('.announcements li').allTextContents()).toEqual([expect.stringContaining('Lunch at noon. <b>Not bold</b>')]);
    expect(await row.textContent()).toContain('login failed');
    // The token is in this tab's session storage, not in a cookie.
    expect(await context.cookies()).toEqual([]);
    expect(await page.evaluate("sessionStorage.getItem('ccdc.team-session')")).toMatch(/^ccdcs_1_/);
    await row.getByRole('button', { name: 'Show' }).click();
    await page.locator(`#history-${ftp.id} table.history td`, { hasText: 'login as files refused' }).waitFor(ON_SCREEN);
    expect(await seriousAxeViolations()).toEqual([]);
    // Check now: the job shows queued, and how it went once an agent (here, this test) takes it and reports.
    await row.getByRole('button', { name: 'Check now (FTP)' }).click();
    await page.locator('.form-status', { hasText: 'of FTP asked for' }).waitFor(ON_SCREEN);
    const job = page.locator('table.checks tbody tr').first();
    await job.locator('td', { hasText: 'queued' }).waitFor(ON_SCREEN);
    const jobId = Number(await job.getAttribute('data-check-id'));
    const asAgent = (body: unknown) =>
      fetch(`${stack.url}/api/v1/checks/${jobId}`, {
        method: 'PATCH',
        headers: { authorization: `Bearer ${ENV_TOKENS.service}`, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
    expect((await asAgent({ state: 'running' })).status).toBe(200);
    const outcome = { state: 'done', passed: false, reason: 'login as files refused again', category: 'login failed', checked_at: '2026-11-22T10:20:00Z' };
    expect((await asAgent(outcome)).status).toBe(200);
    await job.locator('td', { hasText: 'login as files refused again' }).waitFor(ON_SCREEN);
    expect(await job.textContent()).toContain('login failed');
    // Asking again at once: the team's limit, said on the page.
    const refusedBefore = consoleErrors.length;
    await row.getByRole('button', { name: 'Check now (FTP)' }).click();
    await page.locator('.form-status', { hasText: 'once every 20 s' }).waitFor(ON_SCREEN);
    expect(consoleErrors.splice(refusedBefore)).toEqual(['Failed to load resource: the server responded with a status of 429 (Too Many Requests)']);
    expect(await seriousAxeViolations()).toEqual([]);
    await page.getByLabel('New passwords, one account per line: service,username,password').fill('FTP,files,Browser-Rotated-Pa55');
    await page.getByRole('button', { name: 'Send', exact: true }).click();
    await page.locator('.form-status', { hasText: 'applied' }).waitFor(ON_SCREEN);
    await page.locator('table.changes td', { hasText: 'FTP files' }).waitFor(ON_SCREEN);
    expect(await page.content()).not.toContain('Browser-Rotated-Pa55');
    const errorsBefore = consoleErrors.length;
    await page.getByLabel('New passwords, one account per line: service,username,password').fill('FTP,nobody,x');
    await page.getByRole('button', { name: 'Send', exact: true }).click();
    await page.locator('.form-status li', { hasText: 'has no such user' }).waitFor(ON_SCREEN);
    // The browser logs the refused request (400) as a failed load: expected here, and only that.
    expect(consoleErrors.splice(errorsBefore)).toEqual(['Failed to load resource: the server responded with a status of 400 (Bad Request)']);
    // The inject: its Markdown drawn (the heading under the card's title, HTML as text); an answer sent, graded, the grade shown.
    const card = page.locator(`article.inject[data-inject-id="${inject.id}"]`);
    await card.locator('h4', { hasText: 'The memo' }).waitFor(ON_SCREEN);
    expect(await card.locator('.inject-text a').getAttribute('href')).toBe('https://example.com/rules');
    expect(await card.locator('.inject-text').textContent()).toContain('<script>alert(1)</script>');
    // A file of a type no team may upload is refused before anything is sent.
    await card.getByLabel('Your answer (Markdown)').fill('# Our memo\n\nRules 1 to 4.');
    await card.getByLabel(/^Files, if any/).setInputFiles({ name: 'page.html', mimeType: 'text/html', buffer: Buffer.from('<p>no</p>') });
    await card.getByRole('button', { name: 'Send the answer to Firewall memo' }).click();
    await card.locator('.form-status li', { hasText: 'content_type: must be one of' }).waitFor(ON_SCREEN);
    expect(consoleErrors.splice(errorsBefore)).toEqual(['Failed to load resource: the server responded with a status of 400 (Bad Request)']);
    // The answer with a PDF: the file goes to the (local) file store, the answer names it, and it downloads as an attachment.
    const pdf = Buffer.from(`%PDF-1.4 the firewall memo ${'x'.repeat(2000)}`);
    await card.getByLabel(/^Files, if any/).setInputFiles({ name: 'Firewall memo.pdf', mimeType: 'application/pdf', buffer: pdf });
    await card.getByRole('button', { name: 'Send the answer to Firewall memo' }).click();
    await card.locator('.form-status', { hasText: 'Version 1 sent with 1 file.' }).waitFor(ON_SCREEN);
    await card.locator('.inject-state', { hasText: 'Your latest answer: version 1' }).waitFor(ON_SCREEN);
    const [download] = await Promise.all([page.waitForEvent('download'), card.getByRole('button', { name: 'Download Firewall_memo.pdf' }).click()]);
    expect(download.suggestedFilename()).toBe('Firewall_memo.pdf');
    expect(readFileSync((await download.path())!)).toEqual(pdf);
    const [rules] = await Promise.all([
      page.waitForEvent('download'),
      card.locator('.inject-files').getByRole('button', { name: 'Download rules.csv' }).click(),
    ]);
    expect(readFileSync((await rules.path())!, 'utf8')).toBe('rule,port\nssh,22\n');
    const graded = await fetch(`${stack.url}/api/v1/injects/${inject.id}/grades`, {
      method: 'POST',
      headers: asOrganiser,
      body: JSON.stringify({ team_id: 1, submission_version: 1, points: 45, comment: 'Clear and **short**.', replaces: null }),
    });
    expect(graded.status).toBe(201);
    await card.locator('.grade', { hasText: 'Graded: 45 points' }).waitFor(ON_SCREEN);
    expect(await card.locator('.grade strong').textContent()).toBe('short');
    // An incident report filed from the page.
    await page.getByLabel('When you saw it (UTC, such as 2026-11-28T10:15:00Z)').fill('2026-11-22T10:15:00Z');
    await page.getByLabel('Hosts it touched (comma-separated)').fill('www.team11.ccdc.example, 10.0.11.5');
    await page.getByLabel('What was done, and what you did about it (Markdown)').fill('A web shell in `/var/www/uploads`, removed.');
    await page
      .getByLabel(/^Files, if any/)
      .last()
      .setInputFiles({ name: 'shell.png', mimeType: 'image/png', buffer: PNG_BYTES });
    await page.getByRole('button', { name: 'File the report' }).click();
    await page.locator('.form-status', { hasText: /^Report \d+ filed with 1 file\.$/ }).waitFor(ON_SCREEN);
    await page.locator('.incidents li').getByRole('button', { name: 'Download shell.png' }).waitFor(ON_SCREEN);
    await page.locator('.incidents li', { hasText: 'www.team11.ccdc.example, 10.0.11.5' }).waitFor(ON_SCREEN);
    expect(await seriousAxeViolations()).toEqual([]);
    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.locator('.form-status', { hasText: 'Signed out.' }).waitFor(ON_SCREEN);
    expect(await page.evaluate("sessionStorage.getItem('ccdc.team-session')")).toBeNull();
  });

  it('says when the scores are frozen, on the scoreboard and the team page, and stops saying it when the freeze is lifted', async () => {
    const setFreeze = async (time: string | null) => {
      const current = (await getSettings({ consistent: true }))!;
      const { id: _id, ...fields } = current.settings;
      // Written as a competition load would: the API takes only a freeze time at least 3 minutes ahead.
      expect(await saveSettings({ ...fields, scoreboard_freeze_time: time }, current, { ...TEST_AUDIT, action: 'settings.update' })).not.toBe('stale');
      forgetFreshCopies();
    };
    await page.setViewportSize({ width: 1280, height: 900 });
    await open('/', 'table.standings tbody tr');
    expect(await page.locator('.notice').count()).toBe(0);
    await setFreeze('2026-11-22T10:10:00Z');
    try {
      // The open page learns it from its next poll.
      await page.locator('.notice', { hasText: 'Scores frozen since 2026-11-22 10:10 UTC' }).waitFor(ON_SCREEN);
      expect(await page.locator('.notice').textContent()).toContain('Service status is live');
      await open('/team.html?id=1', '.scorecard');
      expect(await page.locator('.notice').textContent()).toContain('Scores frozen since 2026-11-22 10:10 UTC');
      await open('/', 'table.standings tbody tr');
    } finally {
      await setFreeze(null);
    }
    await page.locator('.notice').waitFor({ state: 'detached', ...ON_SCREEN });
  });

  it('logged no console errors', () => {
    expect(consoleErrors).toEqual([]);
  });
});

describe('the API reference page', () => {
  it('renders under its Content-Security-Policy (scripts by hash, no framing, no referrer) with no violation', async () => {
    const docs = await context.newPage();
    const violations: string[] = [];
    docs.on('console', (message) => {
      if (message.type() === 'error') violations.push(message.text());
    });
    docs.on('pageerror', (error) => violations.push(String(error)));
    const blockedBefore = context.blocked.length;
    const response = await docs.goto(`${stack.url}/api/v1/docs`);
    const headers = response!.headers();
    expect(headers['content-security-policy']).toMatch(/script-src 'sha256-[^']+' 'sha256-[^']+';/);
    expect(headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(headers['content-security-policy']).not.toContain('unsafe-eval');
    expect(headers['referrer-policy']).toBe('no-referrer');
    expect(headers['x-frame-options']).toBe('DENY');
    // Redoc drew the operations (its script ran) and its search box (the worker started).
    await docs.locator('h2', { hasText: 'The scoreboard' }).first().waitFor(ON_SCREEN);
    await docs.getByPlaceholder('Search...').fill('scorecard');
    await docs.locator('[role=search] li, [data-role="search:result"]').first().waitFor(ON_SCREEN);
    // Redoc draws a "powered by" logo from its own CDN: the policy keeps the page from fetching it (and Redoc hides the image).
    const fromElsewhere = (text: string) => /Loading the image 'https:\/\/cdn\.redoc\.ly\/[^']+' violates/.test(text);
    expect(violations.filter((text) => !fromElsewhere(text))).toEqual([]);
    expect(context.blocked.slice(blockedBefore).filter((url) => !url.startsWith('https://cdn.redoc.ly/'))).toEqual([]);
    await docs.close();
  });
});
