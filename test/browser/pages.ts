/**
 * What the page tests share (web-page.test.ts: the public pages and a
 * member's; console.test.ts: the organisers' console): the web page in
 * Debian's Chromium against the real local server, one browser and one
 * page for each file, the sample competition with a hostile team name and
 * the guest division switched on. Two files so that the two halves run in
 * parallel, each on its own table and server.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { handler as recordScoreSnapshot } from '../../functions/teams/record-score-snapshot';
import { startLocalStack, type LocalStack } from '../../lib/local/local-stack';
import { hermeticContext, isLoopback, launchChromium } from '../../web/browser';
import { sampleCompetition, useFreshTable } from '../support/database';
import { ENV_TOKENS } from '../support/server';

export const HOSTILE_NAME = '<img src=x onerror=alert(1)>';
const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
// Pages poll every 5 s; a change must be on screen well within the 10 s.
export const ON_SCREEN = { timeout: 20_000 };

/** A 1×1 PNG: what a team's diagram is, as far as the file store can tell. */
export const PNG_BYTES = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');

export interface Row {
  rank: number;
  division: string;
  team: { id: number; name: string; number: number };
  total_score: number;
  scores: { super_type_id: number; score: number }[];
}

/** The file's server, browser and page, once its setup has run; and what the page said and asked for. */
export interface Pages {
  stack: LocalStack;
  browser: Browser;
  context: BrowserContext & { blocked: string[] };
  page: Page;
  consoleErrors: string[];
  dialogs: string[];
  /** Every URL the page asked for, in order. */
  requested: string[];
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

/** Starts the server and the browser before the file's tests (its own hooks run after these), and stops them after. */
export function usePages(): Pages {
  const pages = { consoleErrors: [], dialogs: [], requested: [] } as unknown as Pages;
  beforeAll(async () => {
    const competition = sampleCompetition();
    competition.settings = { ...competition.settings, guest_division_enabled: true };
    competition.teams[1] = { ...competition.teams[1]!, name: HOSTILE_NAME };
    await useFreshTable(competition);
    pages.stack = await startLocalStack({ port: 0, dynamodbEndpoint: process.env.DYNAMODB_ENDPOINT, serviceToken: ENV_TOKENS.service });
    // Three samples a minute apart, as the schedule would have recorded them.
    const now = Date.now();
    for (const minutesAgo of [3, 2, 1]) await recordScoreSnapshot({ time: new Date(now - minutesAgo * 60_000).toISOString() });

    pages.browser = await launchChromium();
    pages.context = await hermeticContext(pages.browser, { viewport: { width: 1280, height: 900 } });
    // A run with the clock moved (test/support/clock-ahead.mjs) moves the pages' clock with the servers', as that module does.
    if (process.env.CLOCK_AHEAD_DAYS) await pages.context.addInitScript(moveClock, Number(process.env.CLOCK_AHEAD_DAYS) * 86_400_000);
    const page = (pages.page = await pages.context.newPage());
    page.on('console', (message) => {
      // Aborted requests to other hosts (team logos) are logged as failed loads: expected, and counted separately.
      if (message.type() === 'error' && isLoopback(message.location().url || pages.stack.url)) pages.consoleErrors.push(message.text());
    });
    page.on('pageerror', (error) => pages.consoleErrors.push(String(error)));
    page.on('request', (request) => void pages.requested.push(request.url()));
    page.on('dialog', (dialog) => {
      pages.dialogs.push(dialog.message());
      void dialog.dismiss();
    });
  });
  afterAll(async () => {
    await pages.browser?.close();
    await pages.stack?.stop();
  });
  return pages;
}

/** The helpers a page test reads its page with. */
export function pageHelpers(pages: Pages) {
  return {
    api: async (path: string, init?: RequestInit) => (await fetch(`${pages.stack.url}/api/v1${path}`, init)).json(),
    async open(path: string, ready: string): Promise<void> {
      await pages.page.goto(`${pages.stack.url}${path}`);
      await pages.page
        .locator(ready)
        .first()
        .waitFor({ state: 'attached', ...ON_SCREEN });
    },
    async seriousAxeViolations(): Promise<string[]> {
      // Through DevTools, not a <script>: the page's CSP rightly refuses inline scripts.
      await pages.page.evaluate(AXE_SOURCE);
      type AxeViolation = { id: string; impact: string; help: string; nodes: { target: string[] }[] };
      const results = (await pages.page.evaluate("axe.run(document, { resultTypes: ['violations'] })")) as { violations: AxeViolation[] };
      return results.violations
        .filter((v) => v.impact === 'serious' || v.impact === 'critical')
        .map(
          (v) =>
            `${v.id} (${v.impact}): ${v.help} — ${v.nodes
              .map((n) => n.target.join(' '))
              .slice(0, 3)
              .join(', ')}`,
        );
    },
    async scrollsSideways(): Promise<boolean> {
      return (await pages.page.evaluate('document.documentElement.scrollWidth > window.innerWidth')) as boolean;
    },
  };
}
