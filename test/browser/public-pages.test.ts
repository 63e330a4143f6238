/**
 * The pages anyone may read, in a real browser against the real local server
 * (./page-setup.ts): the scoreboard, the service matrix, a team's page, the
 * scores over time, the freeze notice and the API reference; each without a
 * serious accessibility violation, sideways scrolling at 390 px or a console
 * error.
 */
import { describe, expect, it } from 'vitest';
import { forgetFreshCopies } from '#shared/data/fresh';
import { getSettings, saveSettings } from '#shared/data/settings';
import { TEST_AUDIT } from '../support/database';
import { ENV_TOKENS } from '../support/server';
import {
  api,
  consoleErrors,
  context,
  dialogs,
  HOSTILE_NAME,
  ON_SCREEN,
  open,
  page,
  passed,
  requested,
  scrollsSideways,
  seriousAxeViolations,
  signInToConsole,
  stack,
  useWebPage,
  type Row,
} from './page-setup';

useWebPage();

/** Every page of the site a spectator or a team member opens first, and what it draws once ready. */
const PAGES = [
  ['/', 'table.standings tbody tr'],
  ['/services.html', 'table.matrix tbody tr'],
  ['/history.html', 'svg.line-chart'],
  ['/team.html?id=1', '.scorecard'],
  ['/my-team.html', 'form.member-form'],
  ['/red-team.html', 'form.member-form'],
] as const;

describe('the scoreboard page', () => {
  it('shows exactly what the API says, main division first, the hostile name as text', async () => {
    // What this test's page asked for, and which of its requests left the machine.
    const [requestedFrom, blockedFrom] = [requested.length, context.blocked.length];
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
    const blocked = context.blocked.slice(blockedFrom);
    expect(blocked.length).toBeGreaterThan(0);
    expect(blocked.every((url) => url.startsWith('https://ccdc.example/'))).toBe(true);
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
    expect(requested.slice(requestedFrom).some((url) => /\/api\/v1\/services(\?|$)/.test(url))).toBe(false);
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
    try {
      // A result: the nudge it brings makes the page read, and the read fails.
      const services = (await api('/services')) as { id: number; team: { id: number } }[];
      await passed(services.find((s) => s.team.id === 1)!.id, 'browser-banner-1');
      await page.locator('#banner').waitFor({ state: 'visible', ...ON_SCREEN });
      expect(await page.locator('#banner').textContent()).toMatch(/retrying in \d+ s/);
      expect(await page.locator('table.standings tbody tr').count()).toBeGreaterThan(0);
    } finally {
      await page.unroute('**/api/v1/**');
    }
    await page.locator('#banner').waitFor({ state: 'hidden', timeout: 30_000 });
    consoleErrors.length = 0; // the 503s above were logged on purpose
  });
});

describe('the other pages', () => {
  it('the team page: scorecard, super types with their max, services', async () => {
    const team = (await api('/teams/1')) as { name: string; number: number };
    const services = (await api(`/services?team=${team.number}`)) as { id: number }[];
    // One of them up, to be shown so.
    await passed(services[0]!.id, 'browser-team-page-up');
    await open('/team.html?id=1', '.scorecard');
    const card = (await api('/teams/1/scorecard')) as { total_score: number; scores: unknown[] };
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
    const found: Record<string, { axe: string[]; sideways: boolean }> = {};
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: 844 });
      for (const [path, ready] of PAGES) {
        await open(path, ready);
        found[`${path} at ${width}px`] = { axe: width === 1280 ? await seriousAxeViolations() : [], sideways: await scrollsSideways() };
      }
    }
    expect(found).toEqual(Object.fromEntries(Object.keys(found).map((key) => [key, { axe: [], sideways: false }])));
  });

  it('says when the scores are frozen, on the scoreboard and the team page, and stops saying it when the freeze is lifted', async () => {
    const setFreeze = async (time: string | null) => {
      const current = (await getSettings({ consistent: true }))!;
      const { id: _id, ...fields } = current.settings;
      // Written as a competition load would: the API takes only a freeze time at least 3 minutes ahead.
      expect(await saveSettings({ ...fields, scoreboard_freeze_time: time }, current, { ...TEST_AUDIT, action: 'settings.update' })).not.toBe('stale');
      forgetFreshCopies();
    };
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

  it('the service matrix: teams by checks, state as text, details on keyboard focus', async () => {
    const services = (await api('/services')) as { id: number; team: { id: number }; subtype_id: number; max_score: number }[];
    // A service up, whose cell's details are read below.
    await passed(services.find((s) => s.team.id === 1)!.id, 'browser-matrix-up');
    const requestedFrom = requested.length;
    await open('/services.html', 'table.matrix tbody tr');
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
    expect(requested.slice(requestedFrom).some((url) => url.includes('/api/v1/services/status?since='))).toBe(true);
  });

  it('shows a result on the open matrix within 3 s of its report, nudged, with no poll in between (decision 0086)', async () => {
    const services = (await api('/services')) as { id: number; team: { id: number }; subtype_id: number }[];
    await open('/services.html', 'table.matrix tbody tr');
    // On the nudges: the page says "Live", not "Live (polling)".
    await expect.poll(() => page.locator('#live').textContent(), ON_SCREEN).toMatch(/^Live · updated/);
    const quietFrom = requested.length;
    // Longer than the polls' pace (20 s, run 10 times faster here): a polling page would have asked again.
    await new Promise((resolve) => setTimeout(resolve, 3_000));
    const statusReads = (from: number) => requested.slice(from).filter((url) => url.includes('/api/v1/services/status'));
    expect(statusReads(quietFrom), 'a quiet spell on the nudges asks nothing').toEqual([]);

    const service = services.find((s) => s.team.id === 3 && s.subtype_id === 2)!;
    const cell = page.locator('tr[data-team-id="3"] td').nth(1);
    const reportedFrom = requested.length;
    const response = await fetch(`${stack.url}/api/v1/services/${service.id}/scans`, {
      method: 'POST',
      headers: { authorization: `Bearer ${ENV_TOKENS.service}`, 'content-type': 'application/json' },
      body: JSON.stringify({ scan_id: 'browser-nudge-1', score: 0, error: 'connect ECONNREFUSED', category: 'connection refused' }),
    });
    expect(response.status).toBe(201);
    // The deadline for a result to reach an open page (its target is 2 s).
    await expect.poll(() => cell.locator('.state-text').first().textContent(), { timeout: 3_000, interval: 50 }).toBe('Down');
    // Read because of a nudge: each read names the version it was nudged to.
    const reads = statusReads(reportedFrom);
    expect(reads.length).toBeGreaterThan(0);
    for (const url of reads) expect(new URL(url).searchParams.get('v'), url).toMatch(/^[1-9]\d*$/);
  });

  it('falls back to polls when the socket is refused, and says so (decision 0086)', async () => {
    const polling = await context.newPage();
    try {
      const asked: string[] = [];
      polling.on('request', (request) => void asked.push(request.url()));
      await polling.routeWebSocket('**/event/realtime', (socket) => socket.close({ code: 1011, reason: 'refused for the test' }));
      await polling.goto(`${stack.url}/services.html`);
      await polling
        .locator('table.matrix tbody tr')
        .first()
        .waitFor({ state: 'attached', ...ON_SCREEN });
      await expect.poll(() => polling.locator('#live').textContent(), ON_SCREEN).toMatch(/^Live \(polling\) · updated/);
      // Polls keep coming (every 20 s, run 10 times faster here), without a nudge's version.
      const reads = () => asked.filter((url) => url.includes('/api/v1/services/status'));
      await expect.poll(() => reads().length, ON_SCREEN).toBeGreaterThanOrEqual(3);
      expect(reads().every((url) => new URL(url).searchParams.get('v') === null)).toBe(true);
    } finally {
      await polling.close();
    }
  });

  it('logged no console errors', async () => {
    // Each test's own errors fail it (./page-setup.ts); this one opens every page afresh, the console signed in too.
    for (const [path, ready] of PAGES) await open(path, ready);
    await signInToConsole('console errors organiser');
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
