import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { handler as recordScoreSnapshot } from '../../functions/scheduled/record-score-snapshot';
import { startLocalStack, type LocalStack } from '../../lib/local/local-stack';
import { hermeticContext, isLoopback, launchChromium } from '../../web/browser';
import { forgetFreshCopies } from '#shared/data/fresh';
import { STATUS_GRID_MS } from '#shared/domain/scoring/status-view';
import { getSettings, saveSettings } from '#shared/data/settings';
import { sampleCompetition, TEST_AUDIT, useFreshTable } from '../support/database';
import { ENV_TOKENS } from '../support/server';
import { idleHeartbeat } from '../support/heartbeat';
import { createTeamAccount } from '#shared/app/team-accounts';
import { createToken } from '#shared/data/tokens';
import { putHeartbeat } from '#shared/data/agents';

/**
 * The web page in Debian's Chromium against the real local server: one
 * browser and one page for the whole file, the sample competition with a
 * hostile team name and the guest division switched on.
 */
const HOSTILE_NAME = '<img src=x onerror=alert(1)>';
const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
// Pages poll every 5 s; a change must be on screen well within the 10 s.
const ON_SCREEN = { timeout: 20_000 };
/**
 * The three long flows (a member's page, the console and its other pages) are dozens of steps each, past the
 * suite's 60 s per test when three files share two cores: their deadline guards against a hang, not a pace.
 */
const LONG_FLOW = { timeout: 180_000 };

/** A 1×1 PNG: what a team's diagram is, as far as the file store can tell. */
const PNG_BYTES = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');
let stack: LocalStack;
let browser: Browser;
let context: BrowserContext & { blocked: string[] };
let page: Page;
const consoleErrors: string[] = [];
const dialogs: string[] = [];

interface Row {
  rank: number;
  division: string;
  team: { id: number; name: string; number: number };
  total_score: number;
  scores: { super_type_id: number; score: number }[];
}

/** What test/support/clock-ahead.mjs does to Node's clock, done to a page's (it runs in the page: nothing from outside it). */
function moveClock(offset: number): void {
  const RealDate = Date;
  class MovedDate extends RealDate {
    constructor(...args: []) {
      if (args.length === 0) super(RealDate.now() + offset);
      else super(...(args as unknown as [number]));
    }
    static override now() {
      return RealDate.now() + offset;
    }
  }
  globalThis.Date = MovedDate as DateConstructor;
}

/**
 * The pages' waits of a second or more (the 5 s poll, its back-off, "check now"'s 2 s follow-up) run this many times
 * faster: the tests wait for what a poll brings, not for the poll's pace, a constant of web/src/live.ts.
 * Shorter waits (a frame's batch, a debounce) keep their length. Done in the page, before its scripts run.
 */
const TIMER_SPEEDUP = 10;
function hurryTimers(speedup: number): void {
  const page = globalThis as unknown as { setTimeout: (handler: unknown, ms?: number, ...args: unknown[]) => number };
  const setTimeoutAsWritten = page.setTimeout.bind(page);
  page.setTimeout = (handler, ms, ...args) => setTimeoutAsWritten(handler, typeof ms === 'number' && ms >= 1000 ? ms / speedup : ms, ...args);
}

/** When the competition was loaded: the status view's deltas start a grid step or two after it. */
let loadedAt = 0;

/** Every URL the page asked for, in order. */
const requested: string[] = [];

const api = async (path: string, init?: RequestInit) => (await fetch(`${stack.url}/api/v1${path}`, init)).json();

beforeAll(async () => {
  const competition = sampleCompetition();
  competition.settings = { ...competition.settings, guest_division_enabled: true };
  // Logos on a host that is not this machine (the sample has none): the page must not wait for them, nor fetch them here.
  competition.teams = competition.teams.map((team) => ({ ...team, logo: `https://ccdc.example/logos/team${team.number}.png` }));
  competition.teams[1] = { ...competition.teams[1]!, name: HOSTILE_NAME };
  // Two web servers for that team: its HTTP cell holds two services, which a delta patches in place (issue #49).
  const team12 = competition.teams[1]!;
  competition.teams[1] = { ...team12, services: [...team12.services, { subtype_id: 1, url: 'www2.team12.ccdc.example', port: 8081 }] };
  await useFreshTable(competition);
  loadedAt = Date.now();
  stack = await startLocalStack({ port: 0, dynamodbEndpoint: process.env.DYNAMODB_ENDPOINT, serviceToken: ENV_TOKENS.service });
  // Three samples a minute apart, as the schedule would have recorded them.
  const now = Date.now();
  for (const minutesAgo of [3, 2, 1]) await recordScoreSnapshot({ time: new Date(now - minutesAgo * 60_000).toISOString() });

  browser = await launchChromium();
  context = await hermeticContext(browser, { viewport: { width: 1280, height: 900 } });
  // A run with the clock moved (test/support/clock-ahead.mjs) moves the pages' clock with the servers', as that module does.
  if (process.env.CLOCK_AHEAD_DAYS) await context.addInitScript(moveClock, Number(process.env.CLOCK_AHEAD_DAYS) * 86_400_000);
  await context.addInitScript(hurryTimers, TIMER_SPEEDUP);
  page = await context.newPage();
  page.on('console', (message) => {
    // Aborted requests to other hosts (team logos) are logged as failed loads: expected, and counted separately.
    if (message.type() === 'error' && isLoopback(message.location().url || stack.url)) consoleErrors.push(message.text());
  });
  page.on('pageerror', (error) => consoleErrors.push(String(error)));
  page.on('request', (request) => void requested.push(request.url()));
  page.on('dialog', (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });
});

afterAll(async () => {
  await browser?.close();
  await stack?.stop();
});

async function open(path: string, ready: string): Promise<void> {
  await page.goto(`${stack.url}${path}`);
  await page
    .locator(ready)
    .first()
    .waitFor({ state: 'attached', ...ON_SCREEN });
}

/** Opens a console view from its link in the console's navigation, from the keyboard, and waits for what it draws. */
async function consoleView(title: string, ready: string): Promise<void> {
  await page.locator('nav.console-nav').getByRole('link', { name: title, exact: true }).focus();
  await page.keyboard.press('Enter');
  await page
    .locator('#console-view-title', { hasText: title })
    .waitFor(ON_SCREEN)
    .catch(async (error: Error) => {
      // Where the page stood instead: the address, the heading, what had the keyboard.
      const where = await page.evaluate(
        '[location.hash, document.getElementById("console-view-title")?.textContent, document.activeElement?.outerHTML.slice(0, 120)]',
      );
      throw new Error(`${error.message}\nThe page stood at ${JSON.stringify(where)}`);
    });
  await page.locator(ready).first().waitFor(ON_SCREEN);
}

async function seriousAxeViolations(): Promise<string[]> {
  // Through DevTools, not a <script>: the page's CSP rightly refuses inline scripts.
  await page.evaluate(AXE_SOURCE);
  type AxeViolation = { id: string; impact: string; help: string; nodes: { target: string[] }[] };
  const results = (await page.evaluate("axe.run(document, { resultTypes: ['violations'] })")) as { violations: AxeViolation[] };
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map(
      (v) =>
        `${v.id} (${v.impact}): ${v.help} — ${v.nodes
          .map((n) => n.target.join(' '))
          .slice(0, 3)
          .join(', ')}`,
    );
}

async function scrollsSideways(): Promise<boolean> {
  return (await page.evaluate('document.documentElement.scrollWidth > window.innerWidth')) as boolean;
}

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
    // A view whose as_of (two grid steps behind the clock at most) is before the load is answered whole, each poll:
    // the page draws anew until as_of passes the load. The row mark below needs the deltas after it.
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, loadedAt + 2 * STATUS_GRID_MS + 500 - Date.now())));
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
    // Team 2's HTTP cell holds its two web servers, in service id order: the first is the one reported.
    const cell = row.locator('td').first();
    expect(await cell.locator('.state-text').count()).toBe(2);
    const second = [await cell.locator('.state-text').nth(1).textContent(), await cell.locator('.tip').nth(1).textContent()];
    await expect.poll(() => cell.locator('.state-text').first().textContent(), ON_SCREEN).toBe('Down');
    expect(await cell.locator('.tip').first().textContent()).toMatch(/^Down for \d+ s · connection refused$/);
    // The second came in the delta as its subtype alone (decision 0081): the page kept what it showed, its age counted on.
    expect(await cell.locator('.state-text').nth(1).textContent()).toBe(second[0]);
    expect(await cell.locator('.tip').nth(1).textContent()).toMatch(second[1] === 'never scanned' ? /^never scanned$/ : /^(Up|Down) for \d+ (s|min|h|d)/);
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
      ['/red-team.html', 'form.member-form'],
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

  it(
    "a blue team member's page: signs in, reads the announcements and why a check fails, checks now, sends a password change, answers an inject with a file (its Markdown drawn safely, its attachment downloaded; a type no team may upload refused; the file downloads as an attachment) and sees its grade, files an incident report with evidence, signs out; no serious axe violation",
    LONG_FLOW,
    async () => {
      await page.setViewportSize({ width: 1280, height: 900 });
      const { password } = await createTeamAccount({ home: 1, name: 'browser-member', audit: TEST_AUDIT });
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
      const inject = (await (
        await fetch(`${stack.url}/api/v1/injects`, { method: 'POST', headers: asOrganiser, body: JSON.stringify(injectBody) })
      ).json()) as {
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
    },
  );

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

  it(
    "the organisers' console at /admin/: signs in with an admin token, edits the settings (a refused field said beside it), moves a service (the board follows), says 412 when someone changed it meanwhile, hides a team from the keyboard, mints and revokes a token, approves a password change; no serious axe violation",
    LONG_FLOW,
    async () => {
      await page.setViewportSize({ width: 1280, height: 900 });
      const { token } = await createToken({ role: 'admin', name: 'console organiser', expiresAt: null, audit: TEST_AUDIT });
      const admin = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
      await open('/admin/', 'form.member-form');
      expect(await page.title()).toContain('Organisers’ console');
      expect(await seriousAxeViolations()).toEqual([]);
      await page.getByLabel('Admin token').fill(token);
      await page.getByRole('button', { name: 'Sign in' }).click();
      // The overview first.
      await page.locator('table.console-states tbody tr').first().waitFor(ON_SCREEN);
      await consoleView('Teams', 'table.console-teams tbody tr');
      // The hostile team name is text, as everywhere.
      expect(await page.locator('table.console-teams').textContent()).toContain(HOSTILE_NAME);
      expect(await page.evaluate("sessionStorage.getItem('ccdc.admin-token')")).toBe(token);
      expect(await seriousAxeViolations()).toEqual([]);

      // The settings, the whole form: a change saved; a refused field's reason beside it, nothing saved.
      await consoleView('Settings', 'dl.console-settings');
      await page.getByRole('button', { name: 'Edit the settings' }).click();
      await page.getByLabel('competition_name').fill('Console Cup');
      await page.getByRole('button', { name: 'Save the settings' }).click();
      await page.locator('#console-status', { hasText: 'Settings saved.' }).waitFor(ON_SCREEN);
      const settingsNow = () => fetch(`${stack.url}/api/v1/settings/1`, { headers: admin }).then((r) => r.json() as Promise<Record<string, unknown>>);
      expect((await settingsNow()).competition_name).toBe('Console Cup');
      await page.getByRole('button', { name: 'Edit the settings' }).click();
      await page.getByLabel('round_seconds').fill('0');
      const refusedBefore = consoleErrors.length;
      await page.getByRole('button', { name: 'Save the settings' }).click();
      await page.locator('#setting-round_seconds-error').filter({ hasText: /\S/ }).waitFor(ON_SCREEN);
      expect(await page.getByLabel('round_seconds').getAttribute('aria-invalid')).toBe('true');
      expect(await page.locator('#console-status').textContent()).toContain('Not saved');
      expect(consoleErrors.splice(refusedBefore)).toEqual(['Failed to load resource: the server responded with a status of 400 (Bad Request)']);
      expect(await seriousAxeViolations()).toEqual([]);
      expect((await settingsNow()).round_seconds).not.toBe(0);

      // Move team 11's HTTP to another port: saved, and the public read shows it.
      const http = ((await api('/services?team=11')) as { id: number; subtype: string; port: number }[]).find((s) => s.subtype === 'HTTP')!;
      await consoleView('Services', 'table.console-services tbody tr');
      await page.getByRole('button', { name: 'Edit HTTP of team 11' }).click();
      await page.getByLabel('Port', { exact: true }).fill('8181');
      expect(await seriousAxeViolations()).toEqual([]);
      await page.getByRole('button', { name: 'Save the service' }).click();
      await page.locator('#console-status', { hasText: 'HTTP of team 11 saved: ' }).waitFor(ON_SCREEN);
      expect(((await api(`/services/${http.id}`)) as { port: number }).port).toBe(8181);

      // Opened, then changed by someone else before the save: 412, said on the page, their change kept.
      await page.getByRole('button', { name: 'Edit HTTP of team 11' }).click();
      await page.getByLabel('Port', { exact: true }).fill('8282');
      const meanwhile = await fetch(`${stack.url}/api/v1/services/${http.id}`, { method: 'PATCH', headers: admin, body: JSON.stringify({ port: 8383 }) });
      expect(meanwhile.status).toBe(200);
      const errorsBefore = consoleErrors.length;
      await page.getByRole('button', { name: 'Save the service' }).click();
      await page.locator('#console-status', { hasText: 'Someone changed this since you opened it' }).waitFor(ON_SCREEN);
      expect(consoleErrors.splice(errorsBefore)).toEqual(['Failed to load resource: the server responded with a status of 412 (Precondition Failed)']);
      expect(((await api(`/services/${http.id}`)) as { port: number }).port).toBe(8383);

      // Disabled from its editor: out of the public list, said in the table; enabled again the same way.
      await page.getByRole('button', { name: 'Edit HTTP of team 11' }).click();
      await page.getByLabel('Enabled: checked and scored').uncheck();
      await page.getByRole('button', { name: 'Save the service' }).click();
      await page.locator('#console-status', { hasText: 'HTTP of team 11 saved: disabled' }).waitFor(ON_SCREEN);
      await page.locator(`table.console-services tr[data-service-id="${http.id}"]`, { hasText: 'disabled: not checked' }).waitFor(ON_SCREEN);
      expect(((await api('/services?team=11')) as { id: number }[]).map((s) => s.id)).not.toContain(http.id);
      await page.getByRole('button', { name: 'Edit HTTP of team 11' }).click();
      await page.getByLabel('Enabled: checked and scored').check();
      await page.getByRole('button', { name: 'Save the service' }).click();
      await page.locator('#console-status', { hasText: 'checked so from the next round' }).waitFor(ON_SCREEN);
      expect(((await api('/services?team=11')) as { id: number }[]).map((s) => s.id)).toContain(http.id);
      // The save then reads every list again and redraws every table at once: wait for it, or a button focused now is
      // replaced under the keyboard (a clean-clone run pressed Enter on a detached Edit button).
      await page.locator(`table.console-services tr[data-service-id="${http.id}"]:not(.disabled)`).waitFor(ON_SCREEN);

      // Hide team 14 from the keyboard alone: Tab to its Edit button, Enter, Space on the box, Enter to save.
      const team14 = ((await api('/teams')) as { id: number; number: number }[]).find((t) => t.number === 14)!;
      await consoleView('Teams', 'table.console-teams tbody tr');
      await page.getByRole('button', { name: 'Edit team 14' }).focus();
      await page.keyboard.press('Enter');
      // The editor opens with its first field focused.
      await expect.poll(() => page.evaluate('document.activeElement && document.activeElement.id'), ON_SCREEN).toBe('team-name');
      // Past its zone to the box.
      await page.keyboard.press('Tab');
      await page.keyboard.press('Tab');
      await page.keyboard.press('Space');
      expect(await page.getByLabel('Hidden from the public (its results stay)').isChecked()).toBe(true);
      await page.keyboard.press('Tab');
      await page.keyboard.press('Enter');
      await page.locator('#console-status', { hasText: 'Team 14 saved' }).waitFor(ON_SCREEN);
      expect((await fetch(`${stack.url}/api/v1/teams/${team14.id}`)).status).toBe(404);
      // Shown again, for the tests that follow.
      const shown = await fetch(`${stack.url}/api/v1/teams/${team14.id}`, { method: 'PATCH', headers: admin, body: JSON.stringify({ hidden: false }) });
      expect(shown.status).toBe(200);

      // A token minted with an expiry, its secret shown once; then revoked, and refused from then on.
      await consoleView('Tokens and accounts', 'table.console-tokens');
      await page.getByLabel('Whose (the audit trail names it)').fill('agent-7');
      await page.getByRole('button', { name: 'Mint the token' }).click();
      const secret = (await page.locator('#token-secret code').textContent({ timeout: ON_SCREEN.timeout }))!;
      expect(secret).toMatch(/^ccdc_[0-9a-f]{8}_/);
      expect((await fetch(`${stack.url}/api/v1/settings/1`, { headers: { authorization: `Bearer ${secret}` } })).status).toBe(200);
      const tokenId = secret.slice(5, 13);
      await page.getByRole('button', { name: `Revoke token ${tokenId}` }).click();
      await page.locator('#console-status', { hasText: `Token ${tokenId} revoked.` }).waitFor(ON_SCREEN);
      expect((await fetch(`${stack.url}/api/v1/settings/1`, { headers: { authorization: `Bearer ${secret}` } })).status).toBe(401);

      // Pools (issue #45): no agent has said it is alive here, so cloud's services go unscored, and the console says so.
      // A pool saved from the form shows beside it; an agent token of it is minted with its pool.
      await consoleView('Checks and pools', 'table.console-pools');
      await page.locator('tr[data-pool="cloud"]', { hasText: 'No live agent' }).waitFor(ON_SCREEN);
      await page.getByLabel('Pool (lower-case letters, digits, hyphens)').fill('range-z');
      await page.getByLabel('Where its agents run').fill('Range Z');
      await page.getByRole('button', { name: 'Save the pool' }).click();
      await page.locator('#console-status', { hasText: 'Pool range-z saved: it checks 0 services.' }).waitFor(ON_SCREEN);
      await page.locator('tr[data-pool="range-z"]').waitFor(ON_SCREEN);
      await consoleView('Tokens and accounts', 'table.console-tokens');
      await page.getByLabel('Role', { exact: true }).selectOption('agent');
      await page.getByLabel('Pool (an agent token only)').fill('range-z');
      await page.getByLabel('Whose (the audit trail names it)').fill('range z agent');
      await page.getByRole('button', { name: 'Mint the token' }).click();
      await page.locator('table.console-tokens td', { hasText: 'agent of range-z' }).waitFor(ON_SCREEN);

      // A password change request waiting for an organiser: approved from the console (never a password on the page).
      expect(
        (await fetch(`${stack.url}/api/v1/settings/1`, { method: 'PATCH', headers: admin, body: JSON.stringify({ password_changes: 'approval' }) })).status,
      ).toBe(200);
      forgetFreshCopies(); // the server runs in this process: its 5 s copy of the settings, dropped now rather than waited out
      const { password: memberPassword } = await createTeamAccount({ home: 1, name: 'console-member', audit: TEST_AUDIT });
      const session = await (
        await fetch(`${stack.url}/api/v1/team/sessions`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ name: 'console-member', password: memberPassword }),
        })
      ).json();
      const asked = await fetch(`${stack.url}/api/v1/team/1/password-changes`, {
        method: 'POST',
        headers: { authorization: `Bearer ${(session as { token: string }).token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ list: 'FTP,files,Console-Approved-Pa55' }),
      });
      const change = (await asked.json()) as { id: number; state: string };
      expect(change.state).toBe('pending');
      await consoleView('Password changes waiting', 'table.console-changes');
      await page.getByRole('button', { name: `Approve request ${change.id}` }).click();
      await page.locator('#console-status', { hasText: `Request ${change.id} approved` }).waitFor(ON_SCREEN);
      expect(await page.content()).not.toContain('Console-Approved-Pa55');
      expect(await seriousAxeViolations()).toEqual([]);
      expect(
        (await fetch(`${stack.url}/api/v1/settings/1`, { method: 'PATCH', headers: admin, body: JSON.stringify({ password_changes: 'immediate' }) })).status,
      ).toBe(200);
      forgetFreshCopies();
    },
  );

  it("the red team's page: a member files a finding with a screenshot, the console approves it from the queue, the team's member sees it (issue #47)", async () => {
    const { password } = await createTeamAccount({ home: 'red', name: 'browser-red', audit: TEST_AUDIT });
    await open('/red-team.html', 'form.member-form');
    await page.getByLabel('Name').fill('browser-red');
    await page.getByLabel('Password').fill(password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('heading', { name: 'File a finding' }).waitFor(ON_SCREEN);
    await page
      .locator('#finding-service option')
      .first()
      .waitFor({ state: 'attached', ...ON_SCREEN });
    await page.getByLabel('Team', { exact: true }).selectOption({ value: '1' });
    const ssh = ((await api('/services')) as { id: number; subtype: string; team: { id: number } }[]).find((s) => s.team.id === 1 && s.subtype === 'SSH')!;
    await page.getByLabel('Service').selectOption({ value: String(ssh.id) });
    await page.getByLabel('Kind').selectOption({ value: 'user-access' });
    await page.getByLabel(/^What you did/).fill(`Logged in as blue. ${HOSTILE_NAME}`);
    await page.getByLabel(/^Files, if any/).setInputFiles({ name: 'root shell.png', mimeType: 'image/png', buffer: PNG_BYTES });
    expect(await seriousAxeViolations()).toEqual([]);
    await page.getByRole('button', { name: 'File the finding' }).click();
    await page.locator('.form-status', { hasText: /^Finding \d+ filed with 1 file\.$/ }).waitFor(ON_SCREEN);
    const card = page.locator('.red-findings li').first();
    await card.locator('.finding-state', { hasText: 'Waiting for review' }).waitFor(ON_SCREEN);
    // The red team's own Markdown is drawn as text: the hostile name is not an element.
    expect(await card.textContent()).toContain(HOSTILE_NAME);
    expect(await page.locator('.red-findings img').count()).toBe(0);
    const id = Number(await card.getAttribute('data-finding-id'));

    // The organisers' queue, reviewed with its evidence (signed in with an admin token, kept in the tab as the console keeps it).
    const { token: reviewer } = await createToken({ role: 'admin', name: 'findings reviewer', expiresAt: null, audit: TEST_AUDIT });
    await page.evaluate(`sessionStorage.setItem('ccdc.admin-token', ${JSON.stringify(reviewer)})`);
    await open('/admin/#/findings', 'table.console-findings');
    await page.getByRole('button', { name: `Review at finding ${id}` }).click();
    await page.getByRole('button', { name: 'Download root_shell.png' }).waitFor(ON_SCREEN);
    expect(await seriousAxeViolations()).toEqual([]);
    await page.getByRole('button', { name: `Save the review of finding ${id}` }).click();
    await page.locator('#console-status', { hasText: `Finding ${id}: approve (-25 on the board).` }).waitFor(ON_SCREEN);

    // The red team's page follows it; the team's member sees it, never who filed it.
    await open('/red-team.html', '.red-findings li');
    await page.locator(`.red-findings li[data-finding-id="${id}"] .finding-state`, { hasText: 'Approved: 25 points off' }).waitFor(ON_SCREEN);
    const member = await createTeamAccount({ home: 1, name: 'browser-findings', audit: TEST_AUDIT });
    await page.evaluate("sessionStorage.removeItem('ccdc.team-session')");
    await open('/my-team.html', 'form.member-form');
    await page.getByLabel('Name').fill('browser-findings');
    await page.getByLabel('Password').fill(member.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    const seen = page.locator(`.team-findings li[data-finding-id="${id}"]`);
    await seen.waitFor(ON_SCREEN);
    expect(await seen.textContent()).toMatch(/User access on SSH, .*: 25 points off/);
    expect(await page.locator('.member-findings').textContent()).not.toContain('browser-red');
  });

  it("the console's views (issue #48): each from the keyboard, axe clean, its address reopens it; a service found by typing, its team's view opened from it; the overview's waiting work and pools", async () => {
    await page.setViewportSize({ width: 1280, height: 900 });
    const { token } = await createToken({ role: 'admin', name: 'views organiser', expiresAt: null, audit: TEST_AUDIT });
    const admin = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
    await page.evaluate(`sessionStorage.setItem('ccdc.admin-token', ${JSON.stringify(token)})`);
    await open('/admin/', 'table.console-states tbody tr');
    const views = [
      ['Overview', 'table.console-states'],
      ['Teams', 'table.console-teams'],
      ['Services', 'table.console-services'],
      ['Checks and pools', 'table.console-subtypes'],
      ['Injects and grading', '#console-view :is(table.console-injects, p.empty)'],
      ['Incident reports', '#console-view :is(table.console-incidents, p.empty)'],
      ['Red team findings', '#console-view :is(table.console-findings, p.empty)'],
      ['Password changes waiting', '#console-view :is(table.console-changes, p.empty)'],
      ['Tokens and accounts', 'table.console-tokens'],
      ['Audit trail', 'table.console-audit'],
      ['Settings', 'dl.console-settings'],
      ['Closing the event', '#console-view form'],
    ] as const;
    const found: Record<string, { axe: string[]; focus: unknown; address: string }> = {};
    for (const [title, ready] of views) {
      await consoleView(title, ready);
      found[title] = {
        axe: await seriousAxeViolations(),
        // The keyboard lands on the view's heading.
        focus: await page.evaluate('document.activeElement && document.activeElement.id'),
        address: (await page.evaluate('location.hash')) as string,
      };
    }
    expect(Object.values(found).map((f) => [f.axe, f.focus])).toEqual(views.map(() => [[], 'console-view-title']));
    // Each address, opened afresh, is its view again; back goes to the view before.
    for (const [title, ready] of views) {
      await open(`/admin/${found[title]!.address}`, ready);
      expect(await page.locator('#console-view-title').textContent()).toBe(title);
    }
    await page.goBack();
    await page.locator('#console-view-title', { hasText: 'Settings' }).waitFor(ON_SCREEN);

    // Team 12's SSH found by typing; the filter is in the address; the hostile name is text.
    await consoleView('Services', 'table.console-services tbody tr');
    await page.getByLabel('Find (team number or name, check, address)').focus();
    await page.keyboard.type('team 12 ssh');
    const rows = page.locator('table.console-services tbody tr');
    await expect.poll(() => rows.count(), ON_SCREEN).toBe(1);
    expect(await rows.locator('th').textContent()).toBe('SSH');
    expect(await page.evaluate('location.hash')).toBe('#/services?q=team+12+ssh');
    expect(await rows.textContent()).toContain(HOSTILE_NAME);
    expect(await page.locator('#console-view img').count()).toBe(0);
    expect(await seriousAxeViolations()).toEqual([]);
    // Its team's view, from the row's team link by the keyboard: the team's services, accounts and what it filed.
    await rows.getByRole('link').focus();
    await page.keyboard.press('Enter');
    await page.locator('#console-view-title', { hasText: 'Team 12: ' }).waitFor(ON_SCREEN);
    expect(await page.locator('#console-view-title').textContent()).toBe(`Team 12: ${HOSTILE_NAME}`);
    expect(await page.locator('table.console-services tbody tr').count()).toBe(((await api('/services?team=12')) as unknown[]).length);
    expect(await seriousAxeViolations()).toEqual([]);
    // By its number, as organisers call it.
    expect(await page.evaluate('location.hash')).toBe('#/teams/12');
    await open('/admin/#/teams/12', 'table.console-services tbody tr');
    expect(await page.locator('#console-view-title').textContent()).toBe(`Team 12: ${HOSTILE_NAME}`);
    // Down services only, by the state filter: what the address says is what is drawn.
    await open('/admin/#/services?team=12&state=up', '.service-count');
    expect(await page.getByLabel('In state').inputValue()).toBe('up');
    expect(await page.locator('.service-count').textContent()).toMatch(/^(No service of \d+ matches\.|1–\d+ of \d+ services)/);
    expect(await page.locator('table.console-services tbody tr:not([data-state="up"])').count()).toBe(0);

    // The overview: a password change request waiting, and the cloud pool without a live agent (no agent runs here).
    expect(
      (await fetch(`${stack.url}/api/v1/settings/1`, { method: 'PATCH', headers: admin, body: JSON.stringify({ password_changes: 'approval' }) })).status,
    ).toBe(200);
    forgetFreshCopies();
    const { password } = await createTeamAccount({ home: 1, name: 'views-member', audit: TEST_AUDIT });
    const session = (await (
      await fetch(`${stack.url}/api/v1/team/sessions`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ name: 'views-member', password }),
      })
    ).json()) as { token: string };
    const asked = await fetch(`${stack.url}/api/v1/team/1/password-changes`, {
      method: 'POST',
      headers: { authorization: `Bearer ${session.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ list: 'FTP,files,Views-Waiting-Pa55' }),
    });
    expect(asked.status).toBe(201);
    const waiting = ((await (await fetch(`${stack.url}/api/v1/password-changes?state=pending`, { headers: admin })).json()) as unknown[]).length;
    await open('/admin/#/overview', 'table.console-states tbody tr');
    await page.getByRole('link', { name: `Password changes to decide: ${waiting}` }).waitFor(ON_SCREEN);
    expect(await page.locator('li[data-pool="cloud"]').textContent()).toContain('no live agent');
    // Two agents of the cloud pool: one heard from now, one whose heartbeats stopped an hour ago.
    const sent = await fetch(`${stack.url}/api/v1/pools/cloud/heartbeats`, {
      method: 'POST',
      headers: admin,
      body: JSON.stringify(idleHeartbeat('views-live')),
    });
    expect(sent.status).toBe(204);
    await putHeartbeat('cloud', idleHeartbeat('views-stopped'), new Date(Date.now() - 3_600_000));
    // The view asks again by itself (a 304 while nothing changed): the agents show without a reload.
    await page.locator('li[data-pool="cloud"]', { hasText: 'not heard from' }).waitFor(ON_SCREEN);
    expect(await page.locator('li[data-pool="cloud"]').textContent()).toMatch(/^cloud: 1 of 2 agents alive, \d+ services; not heard from: views-stopped$/);
    await page.getByRole('link', { name: `Password changes to decide: ${waiting}` }).click();
    await page.locator('table.console-changes tbody tr').first().waitFor(ON_SCREEN);
    expect(await page.content()).not.toContain('Views-Waiting-Pa55');
    // The member who asked is signed in: the team's view lists the session, and ending the team's sessions empties it.
    const number = ((await api('/teams')) as { id: number; number: number }[]).find((t) => t.id === 1)!.number;
    await open(`/admin/#/teams/${number}`, 'table.console-team-sessions tbody tr');
    expect(await page.locator('table.console-team-sessions tbody').textContent()).toContain('views-member');
    await page.getByRole('button', { name: "End the team's sessions" }).click();
    await page.locator('table.console-team-sessions').waitFor({ state: 'detached', ...ON_SCREEN });
    await page.locator('#console-status', { hasText: 'sessions ended' }).waitFor(ON_SCREEN);
    expect(
      (await fetch(`${stack.url}/api/v1/settings/1`, { method: 'PATCH', headers: admin, body: JSON.stringify({ password_changes: 'immediate' }) })).status,
    ).toBe(200);
    forgetFreshCopies();
  });

  it(
    "the console's other pages: adds a team and a service (the board follows), changes a check's content, adjusts a score, announces, writes and publishes an inject, attaches a file to it, and grades a team's answer from the queue (its file downloaded; the board's Injects column moves), exports every answer as one ZIP, grades an incident report, voids results after a preview, reads it all in the filtered audit trail, creates and removes a member's account, resets a check account, finalises; keyboard labels and axe clean",
    LONG_FLOW,
    async () => {
      // Signed in already (the tab's session storage).
      await open('/admin/#/teams', 'table.console-teams');
      const say = (text: string | RegExp) => page.locator('#console-status', { hasText: text }).waitFor(ON_SCREEN);

      // A late team, then its web server.
      await page.getByRole('button', { name: 'Add a team' }).click();
      expect(await seriousAxeViolations()).toEqual([]);
      await page.getByLabel('Team number').fill('15');
      await page.getByLabel('Team name').fill('Late Arrivals');
      await page.getByLabel("Team's DNS zone (team15.example.org)").fill('team11.ccdc.example');
      const takenBefore = consoleErrors.length;
      await page.getByRole('button', { name: 'Add the team' }).click();
      // A zone another team has: refused beside its field, nothing added.
      await page.locator('#new-team-team_url-error').filter({ hasText: /\S/ }).waitFor(ON_SCREEN);
      expect(await page.getByLabel("Team's DNS zone (team15.example.org)").getAttribute('aria-invalid')).toBe('true');
      expect(consoleErrors.splice(takenBefore)).toEqual(['Failed to load resource: the server responded with a status of 400 (Bad Request)']);
      await page.getByLabel("Team's DNS zone (team15.example.org)").fill('team15.ccdc.example');
      await page.getByRole('button', { name: 'Add the team' }).click();
      await say('Team 15 added: Late Arrivals');
      const board = async () => ((await api('/teams/scoreboard')) as { scoreboard: Row[] }).scoreboard;
      const late = (await board()).find((row) => row.team.number === 15)!;
      expect(late.total_score).toBe(0);

      await consoleView('Services', 'table.console-services tbody tr');
      await page.getByRole('button', { name: 'Add a service' }).click();
      await page.getByLabel('Team', { exact: true }).selectOption({ label: '15 Late Arrivals' });
      await page.getByLabel('Check (subtype)').selectOption({ label: 'HTTP (10 points)' });
      await page.getByLabel('Host the check connects to').fill('www.team15.ccdc.example');
      await page.getByLabel('Port the check connects to').fill('8080');
      expect(await seriousAxeViolations()).toEqual([]);
      await page.getByRole('button', { name: 'Add the service' }).click();
      await say('HTTP added to the team at www.team15.ccdc.example:8080');
      const added = ((await api('/services?team=15')) as { id: number }[])[0]!;
      await page.locator(`table.console-services tr[data-service-id="${added.id}"]`).waitFor(ON_SCREEN);

      // The HTTP check now expects other content: from the agent's next round.
      await consoleView('Checks and pools', 'table.console-subtypes');
      await page.getByRole('button', { name: 'The check of HTTP' }).click();
      await page.getByLabel('content', { exact: true }).fill('Welcome to the shop');
      expect(await seriousAxeViolations()).toEqual([]);
      await page.getByRole('button', { name: 'Save the check' }).click();
      await say('The check of HTTP saved');
      const subtypes = (await api('/subtypes', { headers: { authorization: `Bearer ${ENV_TOKENS.service}` } })) as { id: number; content?: string }[];
      expect(subtypes.find((s) => s.id === 1)!.content).toBe('Welcome to the shop');

      // Team 15's HTTP alone expects other content: its own check, then its subtype's again.
      await consoleView('Services', 'table.console-services tbody tr');
      await page.getByRole('button', { name: 'Edit HTTP of team 15' }).click();
      const checkErrorsBefore = consoleErrors.length;
      await page.getByRole('button', { name: 'Show its own check' }).click();
      await page.getByLabel('Its check, as JSON').fill('{"check":"http","content":"Late Arrivals shop"}');
      expect(await seriousAxeViolations()).toEqual([]);
      await page.getByRole('button', { name: 'Save its own check' }).click();
      await say('HTTP of team 15 has its own check now');
      // It had none: its read was a 404, which the browser logs.
      expect(consoleErrors.splice(checkErrorsBefore)).toEqual(['Failed to load resource: the server responded with a status of 404 (Not Found)']);
      const ownCheck = `/services/${added.id}/check`;
      const { token: organiser } = await createToken({ role: 'admin', name: 'own check reader', expiresAt: null, audit: TEST_AUDIT });
      const asOrganiser = { headers: { authorization: `Bearer ${organiser}` } };
      expect(((await api(ownCheck, asOrganiser)) as { check: { content: string } }).check.content).toBe('Late Arrivals shop');
      const removedErrorsBefore = consoleErrors.length;
      await page.getByRole('button', { name: 'Check it as its subtype says again' }).click();
      await say('HTTP of team 15 is checked as HTTP says again');
      // The part reads it again, and has none to show.
      await expect
        .poll(() => consoleErrors.slice(removedErrorsBefore), ON_SCREEN)
        .toEqual(['Failed to load resource: the server responded with a status of 404 (Not Found)']);
      consoleErrors.splice(removedErrorsBefore);
      expect((await fetch(`${stack.url}/api/v1${ownCheck}`, asOrganiser)).status).toBe(404);

      // DNS is worth more from now on: a preview of which services follow, then each of them.
      const asAgent = { headers: { authorization: `Bearer ${ENV_TOKENS.service}` } };
      const dnsBefore = (await api('/services?subtype_id=3', asAgent)) as { id: number; max_score: number }[];
      await consoleView('Checks and pools', 'table.console-subtypes');
      await page.getByRole('button', { name: 'Name and points of DNS' }).click();
      await page
        .locator('#subtype-fields-preview', { hasText: `${dnsBefore.length} service(s) of DNS: ${dnsBefore.length} have its 5 points` })
        .waitFor(ON_SCREEN);
      await page.getByLabel('Points per passed check (from each service’s next result)').fill('6');
      expect(await seriousAxeViolations()).toEqual([]);
      await page.getByRole('button', { name: `Save, and change its ${dnsBefore.length} service(s)` }).click();
      await say('DNS saved: worth 6');
      expect(((await api('/services?subtype_id=3', asAgent)) as { max_score: number }[]).map((s) => s.max_score)).toEqual(dnsBefore.map(() => 6));

      // A kind of check added, then retired (no service has it); a super type added, renamed, retired.
      await page.getByRole('button', { name: 'Add a subtype' }).click();
      await page.getByLabel('Subtype name').fill('Printer');
      await page.getByLabel('Points per passed check', { exact: true }).fill('4');
      await page.getByLabel('Check kind (http, tcp, ssh…; empty: not checked by agents)').fill('tcp');
      await page.getByLabel('The check’s parameters (JSON, as in a competition file)').fill('{"timeout_seconds": 3}');
      expect(await seriousAxeViolations()).toEqual([]);
      await page.getByRole('button', { name: 'Add the subtype' }).click();
      await say(/Subtype Printer added \(id \d+\)/);
      await page.getByRole('button', { name: 'Retire of Printer' }).click();
      await say('Subtype Printer retired.');
      await page.getByRole('button', { name: 'Add a super type' }).click();
      await page.getByLabel('New super type name').fill('Uptime bonus');
      await page.getByRole('button', { name: 'Add the super type' }).click();
      await say('Super type Uptime bonus added.');
      await page.getByRole('button', { name: 'Rename Uptime bonus' }).click();
      await page.getByLabel('Super type name').fill('Uptime');
      expect(await seriousAxeViolations()).toEqual([]);
      await page.getByRole('button', { name: 'Save the name' }).click();
      await say('Super type Uptime saved');
      // Exactly: until the list is drawn again after the rename, its old row's "Retire Uptime bonus" would match too.
      await page.getByRole('button', { name: 'Retire Uptime', exact: true }).click();
      await say('Super type Uptime retired.');

      // The new service's first result earns; the board follows.
      const report = await fetch(`${stack.url}/api/v1/services/${added.id}/scans`, {
        method: 'POST',
        headers: { authorization: `Bearer ${ENV_TOKENS.service}`, 'content-type': 'application/json' },
        body: JSON.stringify({ scan_id: 'late-console-1', score: 10, error: null }),
      });
      expect(report.status).toBe(201);
      await expect.poll(async () => (await board()).find((row) => row.team.number === 15)?.total_score, ON_SCREEN).toBe(10);

      // An adjustment by hand.
      await page.getByRole('button', { name: 'Adjust a score' }).click();
      await page.getByLabel('Team', { exact: true }).selectOption({ label: '15 Late Arrivals' });
      await page.getByLabel('Points (negative to take)').fill('5');
      await page.getByLabel('Reason (the audit trail keeps it)').fill('Inject 1, late');
      expect(await seriousAxeViolations()).toEqual([]);
      await page.getByRole('button', { name: 'Save the adjustment' }).click();
      await say('Adjustment of 5 points saved.');
      await expect.poll(async () => (await board()).find((row) => row.team.number === 15)?.total_score, ON_SCREEN).toBe(15);

      // An announcement to the new team.
      await page.getByRole('button', { name: 'Announce' }).click();
      await page.getByLabel('To', { exact: true }).selectOption({ label: '15 Late Arrivals' });
      await page.getByLabel('Message (Markdown)').fill('Welcome, late arrivals.\nYour services are scored from now on.');
      expect(await seriousAxeViolations()).toEqual([]);
      await page.getByRole('button', { name: 'Post the announcement' }).click();
      await say(/^Announcement \d+ posted to team \d+\.$/);
      const { token: reader } = await createToken({ role: 'admin', name: 'announcement reader', expiresAt: null, audit: TEST_AUDIT });
      const posted = (await api('/announcements', { headers: { authorization: `Bearer ${reader}` } })) as { text: string; team_id: number }[];
      expect(posted[0]).toMatchObject({ text: 'Welcome, late arrivals.\nYour services are scored from now on.', team_id: late.team.id });

      // An inject written in the console, published; a member of team 11 answers it; graded from the queue: the board's Injects column moves.
      await consoleView('Injects and grading', 'table.console-injects');
      await page.getByRole('button', { name: 'Write an inject' }).click();
      await page.getByLabel('Title', { exact: true }).fill('Console memo');
      await page.getByLabel('What the teams are asked (Markdown)').fill('# Memo\n\nOne page.');
      await page.getByLabel('Points', { exact: true }).fill('30');
      expect(await seriousAxeViolations()).toEqual([]);
      await page.getByRole('button', { name: 'Save the draft' }).click();
      await say('Inject Console memo saved as a draft');
      await page.getByRole('button', { name: 'Publish Console memo' }).click();
      await say(/^Inject Console memo published/);
      // A template attached to it: uploaded to the file store, named by the inject's edit.
      await page.getByRole('button', { name: 'Attach a file Console memo' }).click();
      await page.getByLabel(/^A file to attach/).setInputFiles({ name: 'template.csv', mimeType: 'text/csv', buffer: Buffer.from('section,owner\n') });
      expect(await seriousAxeViolations()).toEqual([]);
      await page.getByRole('button', { name: 'Attach it to Console memo' }).click();
      await say('template.csv attached to Console memo (1 in all).');
      // Downloaded back through the inject's own route, as organisers download its attachments in any state.
      const [template] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download template.csv' }).click()]);
      expect([template.suggestedFilename(), readFileSync((await template.path())!, 'utf8')]).toEqual(['template.csv', 'section,owner\n']);
      const written = ((await api('/injects', { headers: { authorization: `Bearer ${reader}` } })) as { id: number; title: string }[]).find(
        (i) => i.title === 'Console memo',
      )!;
      const team11 = (await board()).find((row) => row.team.number === 11)!;
      const { password: memberPassword } = await createTeamAccount({ home: team11.team.id, name: 'console-answerer', audit: TEST_AUDIT });
      const { token: session } = (await (
        await fetch(`${stack.url}/api/v1/team/sessions`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ name: 'console-answerer', password: memberPassword }),
        })
      ).json()) as { token: string };
      const asMember = { authorization: `Bearer ${session}`, 'content-type': 'application/json' };
      // With a file, uploaded as the page does: an upload form, the file posted to the file store with it.
      const form = (await (
        await fetch(`${stack.url}/api/v1/team/${team11.team.id}/uploads`, {
          method: 'POST',
          headers: asMember,
          body: JSON.stringify({ for: 'inject', inject_id: written.id, file_name: 'diagram.png', content_type: 'image/png' }),
        })
      ).json()) as { key: string; url: string; fields: Record<string, string> };
      const upload = new FormData();
      for (const [name, value] of Object.entries(form.fields)) upload.append(name, value);
      upload.append('file', new Blob([PNG_BYTES]), 'diagram.png');
      expect((await fetch(form.url, { method: 'POST', body: upload })).status).toBe(201);
      const answered = await fetch(`${stack.url}/api/v1/team/${team11.team.id}/submissions`, {
        method: 'POST',
        headers: asMember,
        body: JSON.stringify({ inject_id: written.id, text: '## Our memo\n\nDone.', files: [form.key] }),
      });
      expect(answered.status).toBe(201);
      const injectsOf11 = async () => (await board()).find((row) => row.team.number === 11)!.scores.find((x) => x.super_type_id === 2)!.score;
      const before = await injectsOf11();
      await page.getByRole('button', { name: 'Grade Console memo' }).click();
      const queued = page.locator(`section.grading[data-team-id="${team11.team.id}"]`);
      await queued.locator('.markdown h4', { hasText: 'Our memo' }).waitFor(ON_SCREEN);
      expect(await seriousAxeViolations()).toEqual([]);
      const [diagram] = await Promise.all([page.waitForEvent('download'), queued.getByRole('button', { name: 'Download diagram.png' }).click()]);
      expect(readFileSync((await diagram.path())!)).toEqual(PNG_BYTES);
      // Every answer to it as one ZIP, from the file store.
      const [zip] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export answers Console memo' }).click()]);
      expect(zip.suggestedFilename()).toBe(`inject-${written.id}-submissions.zip`);
      expect(execFileSync('unzip', ['-l', (await zip.path())!]).toString()).toContain('/v1/files/diagram.png');
      await queued.getByLabel('Points (at most 30)').fill('24');
      await queued.getByRole('button', { name: /^Save the grade of / }).click();
      await say(/graded: 24 points on the board/);
      await expect.poll(injectsOf11, ON_SCREEN).toBe(before + 24);
      // An incident report the member files, graded from the console's list.
      const filed = await fetch(`${stack.url}/api/v1/team/${team11.team.id}/incidents`, {
        method: 'POST',
        headers: asMember,
        body: JSON.stringify({ observed_at: '2026-11-22T10:15:00Z', hosts: ['www.team11.ccdc.example'], description: 'A web shell, removed.' }),
      });
      const incident = (await filed.json()) as { id: number };
      await consoleView('Incident reports', 'table.console-incidents');
      await page.getByRole('button', { name: `Grade report ${incident.id}`, exact: true }).click();
      await page.getByLabel('Points', { exact: true }).fill('40');
      await page.getByRole('button', { name: `Save the grade of report ${incident.id}` }).click();
      await say(`Report ${incident.id} graded: 40 points (+40 on the board).`);

      // A void of the new team's results: previewed (nothing changes), confirmed, followed to its end.
      await page.getByRole('button', { name: 'Void results' }).click();
      await page.getByLabel('Whose results').selectOption({ label: '15 Late Arrivals' });
      await page.getByRole('button', { name: 'Preview the void' }).click();
      await page.locator('#void-preview table').waitFor(ON_SCREEN);
      expect(await page.locator('#void-preview').textContent()).toContain('1 results');
      expect(await seriousAxeViolations()).toEqual([]);
      expect((await board()).find((row) => row.team.number === 15)?.total_score).toBe(15);
      await page.getByRole('button', { name: 'Void these 1 results' }).click();
      await say(/Void \d+ done: 1 results voided/);
      await expect.poll(async () => (await board()).find((row) => row.team.number === 15)?.total_score, ON_SCREEN).toBe(5);

      // All of it in the audit trail, filtered by the team, then by the kind of action.
      await consoleView('Audit trail', 'table.console-audit');
      await page.getByLabel('Target (and its parts)').fill(`teams/${late.team.id}`);
      await page.getByRole('button', { name: 'Show the entries' }).click();
      // The unfiltered trail may still be on screen (it holds an adjustment.create too): wait for the whole filtered list.
      await expect.poll(() => page.locator('table.console-audit tbody th').allTextContents(), ON_SCREEN).toEqual(['adjustment.create', 'team.create']);
      await page.getByLabel('Target (and its parts)').fill('');
      await page.getByLabel('Action (or its kind, ending in a dot)').fill('scans.');
      await page.getByRole('button', { name: 'Show the entries' }).click();
      await page.locator('table.console-audit th', { hasText: 'scans.void' }).waitFor(ON_SCREEN);
      await page.getByLabel('Action (or its kind, ending in a dot)').fill('service.create');
      await page.getByRole('button', { name: 'Show the entries' }).click();
      await expect.poll(() => page.locator('table.console-audit tbody th').allTextContents(), ON_SCREEN).toEqual(['service.create']);
      expect(await seriousAxeViolations()).toEqual([]);
      expect(await page.content()).not.toContain(ENV_TOKENS.service);

      // A member's sign-in account for the new team: its password shown once, and it signs in; removed, it does not.
      await consoleView('Tokens and accounts', 'table.console-accounts');
      await page.getByLabel('Member of team').selectOption({ label: '15 Late Arrivals' });
      await page.getByLabel('Sign-in name (letters, digits, . _ -)').fill('late-alice');
      await page.getByRole('button', { name: 'Create the account' }).click();
      const password = (await page.locator('#account-password code').textContent({ timeout: ON_SCREEN.timeout }))!;
      const signIn = () =>
        fetch(`${stack.url}/api/v1/team/sessions`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ name: 'late-alice', password }),
        });
      expect((await signIn()).status).toBe(201);
      expect(await seriousAxeViolations()).toEqual([]);
      await page.getByRole('button', { name: 'Remove account late-alice' }).click();
      await say('Account late-alice removed');
      expect((await signIn()).status).toBe(401);

      // A check account set back to its default from the service's editor (never a secret on the page).
      await consoleView('Services', 'table.console-services tbody tr');
      await page.getByRole('button', { name: 'Edit SSH of team 11' }).click();
      await page.getByRole('button', { name: 'Show its check accounts' }).click();
      await page.getByRole('button', { name: 'Set back to its default (blue)' }).click();
      await say('blue of SSH of team 11 set back to its default');
      expect(await page.content()).not.toContain('Sample-Blue-Pa55');
      expect(await seriousAxeViolations()).toEqual([]);

      // Finalise: refused while results may arrive, then forced.
      const refusedBefore = consoleErrors.length;
      await consoleView('Closing the event', '#console-view form');
      await page.getByRole('button', { name: 'Finalise' }).click();
      await say("Refused in the event's current state");
      expect(consoleErrors.splice(refusedBefore)).toEqual(['Failed to load resource: the server responded with a status of 409 (Conflict)']);
      await page.getByLabel('Even though the event has not ended (results may still arrive)').check();
      await page.getByRole('button', { name: 'Finalise' }).click();
      await say(/^Final since /);
    },
  );

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
