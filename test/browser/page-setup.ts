/**
 * What the browser tests (test/browser/*.test.ts, one file per group of
 * flows) share: the web page in Debian's Chromium against the real local
 * server, one browser and one page per file, the sample competition with a
 * hostile team name and the guest division switched on. A file calls
 * `useWebPage()` once; the page, the server and what the page logged are
 * then this module's exports, set anew for each file.
 *
 * Every test starts at the same viewport, and ends with no console error it
 * did not expect (a test that expects one takes it out of `consoleErrors`).
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, expect } from 'vitest';
import { handler as recordScoreSnapshot } from '../../functions/scheduled/record-score-snapshot';
import { startLocalStack, type LocalStack } from '../../lib/local/local-stack';
import { hermeticContext, isLoopback, launchChromium } from '../../web/browser';
import { createToken } from '#shared/data/tokens';
import { sampleCompetition, TEST_AUDIT, useFreshTable } from '../support/database';
import { ENV_TOKENS } from '../support/server';

export const HOSTILE_NAME = '<img src=x onerror=alert(1)>';
const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
// Pages are nudged, or poll; a change must be on screen well within the issue's 10 s.
export const ON_SCREEN = { timeout: 20_000 };
/**
 * The three long flows (a member's page, the console and its other pages) are dozens of steps each, past the
 * suite's 60 s per test when three files share two cores: their deadline guards against a hang, not a pace.
 */
export const LONG_FLOW = { timeout: 180_000 };
const VIEWPORT = { width: 1280, height: 900 };

/** A 1×1 PNG: what a team's diagram is, as far as the file store can tell. */
export const PNG_BYTES = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');

export interface Row {
  rank: number;
  division: string;
  team: { id: number; name: string; number: number };
  total_score: number;
  scores: { super_type_id: number; score: number }[];
}

export let stack: LocalStack;
let browser: Browser | undefined;
export let context: BrowserContext & { blocked: string[] };
export let page: Page;
/** What the page logged as an error, and no test took out as expected: checked empty after each test. */
export const consoleErrors: string[] = [];
export const dialogs: string[] = [];
/** Every URL the page asked for, in order. */
export const requested: string[] = [];

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

/** Starts the competition, the server and the browser for the calling test file, and stops them after it. */
export function useWebPage(): void {
  beforeAll(async () => {
    for (const list of [consoleErrors, dialogs, requested]) list.length = 0;
    const competition = sampleCompetition();
    competition.settings = { ...competition.settings, guest_division_enabled: true };
    // Logos on a host that is not this machine (the sample has none): the page must not wait for them, nor fetch them here.
    competition.teams = competition.teams.map((team) => ({ ...team, logo: `https://ccdc.example/logos/team${team.number}.png` }));
    competition.teams[1] = { ...competition.teams[1]!, name: HOSTILE_NAME };
    // Two web servers for that team: its HTTP cell holds two services, which a delta patches in place (issue #49).
    const team12 = competition.teams[1]!;
    competition.teams[1] = { ...team12, services: [...team12.services, { subtype_id: 1, url: 'www2.team12.ccdc.example', port: 8081 }] };
    await useFreshTable(competition);
    // With the Event API's twin, as `npm start` runs: the spectators' pages are nudged (decision 0086).
    stack = await startLocalStack({ port: 0, dynamodbEndpoint: process.env.DYNAMODB_ENDPOINT, serviceToken: ENV_TOKENS.service, push: true });
    // Three samples a minute apart, as the schedule would have recorded them.
    const now = Date.now();
    for (const minutesAgo of [3, 2, 1]) await recordScoreSnapshot({ time: new Date(now - minutesAgo * 60_000).toISOString() });

    browser = await launchChromium();
    context = await hermeticContext(browser, { viewport: VIEWPORT });
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
    browser = undefined;
    await stack?.stop();
  });

  beforeEach(() => page.setViewportSize(VIEWPORT));

  afterEach(() => {
    expect(consoleErrors.splice(0), 'what the page logged as an error').toEqual([]);
  });
}

/**
 * A page of its own context whose timers run as written (a signed-in page's 5 s poll takes 5 s), for a test about
 * what comes between two polls; what it asked for is timed. Closed with the browser.
 */
export async function pageAtWrittenPace(): Promise<{ page: Page; requested: { url: string; at: number }[] }> {
  const own = await hermeticContext(browser!, { viewport: VIEWPORT });
  const paced = await own.newPage();
  const asked: { url: string; at: number }[] = [];
  paced.on('request', (request) => void asked.push({ url: request.url(), at: performance.now() }));
  paced.on('pageerror', (error) => consoleErrors.push(String(error)));
  return { page: paced, requested: asked };
}

export const api = async (path: string, init?: RequestInit) => (await fetch(`${stack.url}/api/v1${path}`, init)).json();

export async function open(path: string, ready: string): Promise<void> {
  await page.goto(`${stack.url}${path}`);
  await page
    .locator(ready)
    .first()
    .waitFor({ state: 'attached', ...ON_SCREEN });
}

/** A pass reported for a service as an agent reports it, once the service's state says so (the local server folds results behind the request). */
export async function passed(serviceId: number, scanId: string): Promise<void> {
  const { max_score } = (await api(`/services/${serviceId}`)) as { max_score: number };
  const response = await fetch(`${stack.url}/api/v1/services/${serviceId}/scans`, {
    method: 'POST',
    headers: { authorization: `Bearer ${ENV_TOKENS.service}`, 'content-type': 'application/json' },
    body: JSON.stringify({ scan_id: scanId, score: max_score, error: null }),
  });
  expect(response.status).toBe(201);
  const { time } = (await response.json()) as { time: string };
  const lastScan = async () => ((await api(`/services/${serviceId}`)) as { last_scan_time: string | null }).last_scan_time;
  await expect.poll(lastScan, ON_SCREEN).toBe(time);
}

/** Opens a console view from its link in the console's navigation, from the keyboard, and waits for what it draws. */
export async function consoleView(title: string, ready: string): Promise<void> {
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

/**
 * An organiser with a new admin token, signed in to the console at /admin/ by its form, whoever the tab was signed in
 * as before (the console keeps the token in the tab's session storage); the console then shows the overview.
 */
export async function signInToConsole(name: string): Promise<{ token: string; admin: Record<string, string> }> {
  const { token } = await createToken({ role: 'admin', name, expiresAt: null, audit: TEST_AUDIT });
  await page.goto(`${stack.url}/admin/`);
  await page.evaluate("sessionStorage.removeItem('ccdc.admin-token')");
  await page.reload();
  await page.locator('form.member-form').waitFor(ON_SCREEN);
  await page.getByLabel('Admin token').fill(token);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.locator('table.console-states tbody tr').first().waitFor(ON_SCREEN);
  return { token, admin: { authorization: `Bearer ${token}`, 'content-type': 'application/json' } };
}

export async function seriousAxeViolations(): Promise<string[]> {
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

export async function scrollsSideways(): Promise<boolean> {
  return (await page.evaluate('document.documentElement.scrollWidth > window.innerWidth')) as boolean;
}
