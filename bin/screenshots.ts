#!/usr/bin/env -S node --import tsx
/**
 * `npm run screenshots`: the local server with the sample competition, a few
 * scan reports so the page has something to show, and a screenshot of every
 * page at desktop and phone width in screenshots/ (git-ignored). With
 * `--readme` the desktop scoreboard is also copied to docs/scoreboard.png,
 * the picture the README shows. Nothing leaves loopback (see web/browser.ts).
 */
import '../lib/local/node-20';
import { copyFileSync, mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { handler as recordScoreSnapshot } from '../functions/scheduled/record-score-snapshot';
import { ROOT, startLocalStack } from '../lib/local/local-stack';
import { hermeticContext, launchChromium } from '../web/browser';

const { values } = parseArgs({ options: { readme: { type: 'boolean', default: false }, out: { type: 'string' } } });
const out = resolve(values.out ?? resolve(ROOT, 'screenshots'));
mkdirSync(out, { recursive: true });

const serviceToken = `ccdc_5c5c5c5c_${'S'.repeat(43)}`;
process.env.TABLE_NAME = `screenshots-${Date.now()}`;
const stack = await startLocalStack({ port: 0, serviceToken, site: true });
try {
  // A few rounds of made-up results, with a snapshot of the standings after each (a minute apart, back in time).
  const services = (await (await fetch(`${stack.url}/api/v1/services`)).json()) as { id: number; max_score: number }[];
  const rounds = 6;
  for (let round = 1; round <= rounds; round++) {
    for (const service of services) {
      const passed = (service.id * 7 + round * 3) % 5 !== 0;
      const response = await fetch(`${stack.url}/api/v1/services/${service.id}/scans`, {
        method: 'POST',
        headers: { authorization: `Bearer ${serviceToken}`, 'content-type': 'application/json' },
        body: JSON.stringify({ scan_id: `demo-${round}`, score: passed ? service.max_score : 0, error: passed ? null : 'connection refused' }),
      });
      if (!response.ok) throw new Error(`scan report: ${response.status} ${await response.text()}`);
    }
    // Totals may be folded in shortly after a report: give the scoreboard a moment before sampling it.
    await new Promise((r) => setTimeout(r, 300));
    await recordScoreSnapshot({ time: new Date(Date.now() - (rounds - round) * 60_000).toISOString() });
  }

  const browser = await launchChromium();
  try {
    const pages = [
      ['scoreboard', '/', 'table.standings tbody tr'],
      ['services', '/services.html', 'table.matrix tbody tr'],
      ['history', '/history.html', 'svg.line-chart polyline'],
      ['team', '/team.html?id=1', '.scorecard'],
    ] as const;
    for (const [width, height, suffix] of [
      [1280, 900, 'desktop'],
      [390, 844, 'phone'],
    ] as const) {
      const context = await hermeticContext(browser, { viewport: { width, height }, colorScheme: 'light' });
      const page = await context.newPage();
      for (const [name, path, ready] of pages) {
        await page.goto(`${stack.url}${path}`);
        await page.locator(ready).first().waitFor({ state: 'attached', timeout: 20_000 });
        await page
          .locator('.logo img')
          .first()
          .waitFor({ state: 'detached', timeout: 5_000 })
          .catch(() => undefined);
        const file = resolve(out, `${name}-${suffix}.png`);
        await page.screenshot({ path: file, fullPage: true });
        console.error(`wrote ${file}`);
      }
      await context.close();
    }
  } finally {
    await browser.close();
  }
  if (values.readme) {
    mkdirSync(resolve(ROOT, 'docs'), { recursive: true });
    copyFileSync(resolve(out, 'scoreboard-desktop.png'), resolve(ROOT, 'docs/scoreboard.png'));
    console.error('copied the desktop scoreboard to docs/scoreboard.png');
  }
} finally {
  await stack.stop();
}
