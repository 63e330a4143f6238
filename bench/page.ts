#!/usr/bin/env -S node --import tsx
/**
 * The web page's weight and speed, on this machine:
 * - JS + CSS as transferred (gzip) by the local server (target 60 KB or less), and the HTML;
 * - the time until the scoreboard of an N-team competition (default 100) is
 *   drawn in headless Chromium against the local server (median of 5 loads);
 * - a Lighthouse run (npm `lighthouse` on Debian's Chromium, its default
 *   mobile emulation) with the performance and accessibility scores (target 95 or more each).
 *
 * - the organisers' console at 250 teams × 20 services, signed in: the
 *   services view drawn (a page of rows, median of 3 loads), a typed filter
 *   applied, and Lighthouse on that view (target 95 or more).
 *
 *   node --import tsx bench/page.ts [--teams 100] [--no-lighthouse] [--no-console] [--trace DIR]
 *
 * `measurePage()` is the entry for `npm run bench`; it starts and stops
 * everything it uses (DynamoDB Local, the local server, Chromium).
 */
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { gunzipSync } from 'node:zlib';
import lighthouse, { type RunnerResult } from 'lighthouse';
import puppeteer, { type Page } from 'puppeteer-core';
import { SERVICES_PER_PAGE } from '../web/src/console/service-list';
import { startLocalStack } from '../lib/local/local-stack';
import { runScript } from './process';
import { formatPageFigures, type LighthouseFigures, type PageFigures } from './page-figures';
import { CHROMIUM_PATH, HERMETIC_CHROMIUM_ARGS, hermeticContext, launchChromium } from '../web/browser';

export async function measurePage(
  options: { teams?: number; lighthouse?: boolean; console?: boolean; loads?: number; traceDirectory?: string } = {},
): Promise<PageFigures> {
  const teams = options.teams ?? 100;
  const directory = mkdtempSync(join(tmpdir(), 'page-bench-'));
  const competitionFile = join(directory, 'competition.json');
  writeFileSync(competitionFile, JSON.stringify(competition(teams)));
  process.env.TABLE_NAME = `page-bench-${Date.now()}`;
  const stack = await startLocalStack({ port: 0, competitionFile });
  let stopping: Promise<void> | undefined;
  const stop = () => (stopping ??= stack.stop());
  try {
    const html = await gzipGet(`${stack.url}/`);
    const script = /<script[^>]+src="([^"]+)"/.exec(html.text)![1]!;
    const style = /<link[^>]+rel="stylesheet"[^>]+href="([^"]+)"/.exec(html.text)![1]!;
    const [js, css] = await Promise.all([gzipGet(`${stack.url}${script}`), gzipGet(`${stack.url}${style}`)]);
    const transferred = { html: html.bytes, js: js.bytes, css: css.bytes, jsPlusCss: js.bytes + css.bytes };

    const browser = await launchChromium();
    let scoreboardDrawnMs: PageFigures['scoreboardDrawnMs'];
    let matrixDrawnMs: PageFigures['matrixDrawnMs'];
    try {
      const context = await hermeticContext(browser, { viewport: { width: 1280, height: 900 } });
      /** The median over `loads` of the time from navigation start until `rows` rows of `selector` are in the DOM. */
      const drawn = async (path: string, selector: string) => {
        const runs: number[] = [];
        for (let i = 0; i < (options.loads ?? 5); i++) {
          const page = await context.newPage();
          await page.goto(`${stack.url}${path}`, { waitUntil: 'commit' });
          // A function, not a string: the page's CSP (rightly) forbids eval.
          await page.waitForFunction(
            ([rows, query]: [number, string]) =>
              (globalThis as unknown as { document: { querySelectorAll(s: string): { length: number } } }).document.querySelectorAll(query).length === rows,
            [teams, selector] as [number, string],
            { timeout: 60_000, polling: 'raf' },
          );
          runs.push(Math.round((await page.evaluate('performance.now()')) as number));
          await page.close();
        }
        const sorted = [...runs].sort((a, b) => a - b);
        return { median: sorted[Math.floor(sorted.length / 2)]!, runs };
      };
      scoreboardDrawnMs = await drawn('/', 'table.standings tbody tr');
      matrixDrawnMs = await drawn('/services.html', 'table.matrix tbody tr');
    } finally {
      await browser.close();
    }
    const figures: PageFigures = { teams, transferred, scoreboardDrawnMs, matrixDrawnMs };
    if (options.lighthouse !== false) {
      figures.lighthouse = await runLighthouse(`${stack.url}/`, options.traceDirectory && join(options.traceDirectory, 'scoreboard'));
      figures.lighthouseMatrix = await runLighthouse(`${stack.url}/services.html`, options.traceDirectory && join(options.traceDirectory, 'matrix'));
      // As a member first sees it: the sign-in form (Lighthouse starts from empty storage, so without a session).
      figures.lighthouseMember = await runLighthouse(`${stack.url}/my-team.html`, options.traceDirectory && join(options.traceDirectory, 'member'));
    }
    // The console's own server, table and DynamoDB Local, in a process of its own (the data layer's one client per
    // process would cling to this one's).
    await stop();
    if (options.console !== false) {
      const { stdout } = await runScript('bench/page.ts', ['--console-only', ...(options.lighthouse === false ? ['--no-lighthouse'] : [])]);
      figures.console = JSON.parse(stdout.trim().split('\n').at(-1)!) as PageFigures['console'];
    }
    return figures;
  } finally {
    await stop();
    rmSync(directory, { recursive: true, force: true });
  }
}

/** The console's scale (issue #48): 250 teams × 20 services, the largest event the stack is sized for. */
const CONSOLE_TEAMS = 250;
const CONSOLE_SERVICES_PER_TEAM = 20;
const CONSOLE_ADMIN_TOKEN = `ccdc_pagebnch_${'P'.repeat(43)}`;

/**
 * The console's services view, signed in, in its own table and server: drawn
 * (every row of its first page in the DOM, from navigation start), a typed
 * filter applied (the input event's handler, which filters and draws at
 * once), and Lighthouse on it with the admin token in the tab's storage.
 */
async function measureConsole(options: { lighthouse?: boolean; traceDirectory?: string }): Promise<NonNullable<PageFigures['console']>> {
  const directory = mkdtempSync(join(tmpdir(), 'console-bench-'));
  const competitionFile = join(directory, 'competition.json');
  writeFileSync(competitionFile, JSON.stringify(competition(CONSOLE_TEAMS, CONSOLE_SERVICES_PER_TEAM)));
  process.env.TABLE_NAME = `page-bench-console-${Date.now()}`;
  const loadStarted = performance.now();
  // Through the CDN stand-in, as organisers reach the console in AWS: CloudFront compresses the API's large answers
  // (the 5 000 endpoints: about 730 KB of JSON), which the origin leaves to it.
  const stack = await startLocalStack({ port: 0, competitionFile, adminToken: CONSOLE_ADMIN_TOKEN, cdn: { port: 0 } });
  const loadSeconds = Math.round((performance.now() - loadStarted) / 100) / 10;
  const front = stack.cdnUrl!;
  const address = `${front}/admin/#/services`;
  try {
    const browser = await launchChromium();
    const runs: number[] = [];
    const filterRuns: number[] = [];
    const apiRuns: number[] = [];
    try {
      const context = await hermeticContext(browser, { viewport: { width: 1280, height: 900 } });
      await context.addInitScript((token: string) => sessionStorage.setItem('ccdc.admin-token', token), CONSOLE_ADMIN_TOKEN);
      for (let i = 0; i < 3; i++) {
        const page = await context.newPage();
        await page.goto(address, { waitUntil: 'commit' });
        await page.waitForFunction(
          (rows: number) =>
            (globalThis as unknown as { document: { querySelectorAll(s: string): { length: number } } }).document.querySelectorAll(
              'table.console-services tbody tr',
            ).length === rows,
          SERVICES_PER_PAGE,
          { timeout: 60_000, polling: 'raf' },
        );
        runs.push(Math.round((await page.evaluate('performance.now()')) as number));
        // The last API answer's end: what of the time was the origin's (DynamoDB Local reading 5 000 items).
        apiRuns.push(
          Math.round(
            (await page.evaluate(
              "Math.max(...performance.getEntriesByType('resource').filter((e) => e.name.includes('/api/v1/services/')).map((e) => e.responseEnd))",
            )) as number,
          ),
        );
        // Typing "team 187 ssh": the handler filters the 5 000 and draws what is left before it returns.
        filterRuns.push(
          await page.evaluate(() => {
            type Input = { value: string; dispatchEvent(event: Event): boolean };
            const doc = (globalThis as unknown as { document: { getElementById(id: string): Input; querySelectorAll(s: string): { length: number } } })
              .document;
            const input = doc.getElementById('services-q');
            const started = performance.now();
            input.value = 'team 187 ssh';
            input.dispatchEvent(new Event('input', { bubbles: true }));
            const rows = doc.querySelectorAll('table.console-services tbody tr').length;
            if (rows === 0) throw new Error('the typed filter found nothing');
            return Math.round((performance.now() - started) * 10) / 10;
          }),
        );
        await page.close();
      }
    } finally {
      await browser.close();
    }
    const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
    return {
      teams: CONSOLE_TEAMS,
      services: CONSOLE_TEAMS * CONSOLE_SERVICES_PER_TEAM,
      loadSeconds,
      servicesDrawnMs: { median: median(runs), runs },
      servicesReadMs: { median: median(apiRuns), runs: apiRuns },
      filterMs: { median: median(filterRuns), runs: filterRuns },
      ...(options.lighthouse !== false
        ? {
            lighthouse: await runLighthouse(address, options.traceDirectory && join(options.traceDirectory, 'console'), {
              origin: front,
              token: CONSOLE_ADMIN_TOKEN,
            }),
            // A team's debrief (issue #62), its first read building it from the team's 20 services' results.
            lighthouseDebrief: await runLighthouse(`${front}/debrief.html?team=1`, options.traceDirectory && join(options.traceDirectory, 'debrief'), {
              origin: front,
              token: CONSOLE_ADMIN_TOKEN,
            }),
          }
        : {}),
    };
  } finally {
    await stack.stop();
    rmSync(directory, { recursive: true, force: true });
  }
}

/**
 * One Lighthouse run on a Chromium of our own (the same hermetic flags), reached over its DevTools port. Signed in
 * (`signIn`): the console's token is put in a tab's session storage first, and Lighthouse runs in that tab without
 * clearing its storage.
 */
async function runLighthouse(url: string, traceDirectory?: string, signIn?: { origin: string; token: string }): Promise<LighthouseFigures> {
  const profile = mkdtempSync(join(tmpdir(), 'lighthouse-chromium-'));
  const chromium = spawn(
    CHROMIUM_PATH,
    [...HERMETIC_CHROMIUM_ARGS, '--headless=new', '--remote-debugging-port=0', `--user-data-dir=${profile}`, 'about:blank'],
    // Its own process group: its helper processes (renderer, GPU, network) are stopped with it. Its temporary
    // files (the singleton socket's directory, which a stopped Chromium leaves in /tmp) go into the profile, removed with it.
    { stdio: ['ignore', 'ignore', 'pipe'], detached: true, env: { ...process.env, TMPDIR: profile } },
  );
  try {
    const port = await new Promise<number>((resolvePort, reject) => {
      let output = '';
      chromium.stderr.on('data', (chunk: Buffer) => {
        output += chunk.toString();
        const match = /DevTools listening on ws:\/\/[^:]+:(\d+)\//.exec(output);
        if (match) resolvePort(Number(match[1]));
      });
      chromium.once('exit', (code) => reject(new Error(`Chromium exited (${code}) before listening: ${output.slice(-500)}`)));
    });
    const flags = { port, output: 'json' as const, logLevel: 'error' as const, onlyCategories: ['performance', 'accessibility'] };
    let tab: Page | undefined;
    if (signIn) {
      const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${port}` });
      tab = await browser.newPage();
      await tab.goto(`${signIn.origin}/admin/`);
      await tab.evaluate((token: string) => sessionStorage.setItem('ccdc.admin-token', token), signIn.token);
    }
    const result = tab ? await lighthouse(url, { ...flags, disableStorageReset: true }, undefined, tab) : await lighthouse(url, flags);
    if (!result) throw new Error('Lighthouse returned nothing');
    const { categories, audits } = result.lhr;
    if (traceDirectory) saveTrace(traceDirectory, result);
    return {
      performance: Math.round((categories.performance?.score ?? 0) * 100),
      accessibility: Math.round((categories.accessibility?.score ?? 0) * 100),
      firstContentfulPaintMs: Math.round(audits['first-contentful-paint']?.numericValue ?? 0),
      largestContentfulPaintMs: Math.round(audits['largest-contentful-paint']?.numericValue ?? 0),
      totalBlockingTimeMs: Math.round(audits['total-blocking-time']?.numericValue ?? 0),
      cumulativeLayoutShift: Number((audits['cumulative-layout-shift']?.numericValue ?? 0).toFixed(3)),
      speedIndexMs: Math.round(audits['speed-index']?.numericValue ?? 0),
    };
  } finally {
    const exited = new Promise((r) => (chromium.exitCode !== null ? r(undefined) : chromium.once('exit', r)));
    try {
      process.kill(-chromium.pid!, 'SIGTERM');
    } catch {
      // The group has gone already.
    }
    await exited;
    // A helper may still be flushing the profile's cache a moment after the group's leader exits: retry, as `rm -rf` would be.
    rmSync(profile, { recursive: true, force: true, maxRetries: 25, retryDelay: 200 });
  }
}

/**
 * With `--trace DIR`: Lighthouse's trace (open it in Chrome's Performance panel), its report as JSON, and on
 * stderr what held the main thread — the long tasks after first paint and the work by kind (4x slowdown included).
 */
function saveTrace(directory: string, result: RunnerResult): void {
  mkdirSync(directory, { recursive: true });
  writeFileSync(join(directory, 'trace.json'), JSON.stringify(result.artifacts.Trace));
  writeFileSync(join(directory, 'lighthouse.json'), JSON.stringify(result.lhr));
  type Items = { details?: { items?: Record<string, unknown>[] } } | undefined;
  const items = (id: string) => (result.lhr.audits[id] as Items)?.details?.items ?? [];
  const lines = [`trace and report in ${directory}`, 'long tasks (start, duration ms, url):'];
  for (const task of items('long-tasks'))
    lines.push(`  ${Math.round(Number(task.startTime))}  ${Math.round(Number(task.duration))}  ${String(task.url ?? '')}`);
  lines.push('main-thread work by kind (ms):');
  for (const group of items('mainthread-work-breakdown')) lines.push(`  ${String(group.groupLabel ?? group.group)}: ${Math.round(Number(group.duration))}`);
  console.error(lines.join('\n'));
}

/** The response body and how many bytes came over the wire, asking for gzip as browsers do. */
function gzipGet(url: string): Promise<{ bytes: number; text: string }> {
  return new Promise((resolveGet, reject) => {
    request(url, { headers: { 'accept-encoding': 'gzip' } }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (c: Buffer) => chunks.push(c));
      response.on('end', () => {
        const body = Buffer.concat(chunks);
        const text = (response.headers['content-encoding'] === 'gzip' ? gunzipSync(body) : body).toString('utf8');
        resolveGet({ bytes: body.length, text });
      });
    })
      .on('error', reject)
      .end();
  });
}

/** N teams with five services each (or as many as asked), one guest in five, logos on a host the browser never reaches. */
function competition(teams: number, servicesPerTeam = 5) {
  const subtypes = [
    { id: 1, name: 'HTTP', super_type_id: 1, max_score: 10 },
    { id: 2, name: 'SSH', super_type_id: 1, max_score: 10 },
    { id: 3, name: 'DNS', super_type_id: 1, max_score: 5 },
  ];
  return {
    settings: { competition_name: `Page benchmark, ${teams} teams`, guest_division_enabled: true, dns_address_template: '10.{team_number}.0' },
    super_types: [
      { id: 1, name: 'Services' },
      { id: 2, name: 'Injects' },
    ],
    subtypes,
    teams: Array.from({ length: teams }, (_, t) => ({
      number: t + 1,
      name: `Team ${t + 1}`,
      logo: `https://bench.example/logos/${t + 1}.png`,
      team_url: `team${t + 1}.bench.example`,
      guest_division: (t + 1) % 5 === 0,
      services: Array.from({ length: servicesPerTeam }, (_, s) => ({
        subtype_id: subtypes[s % subtypes.length]!.id,
        url: `host${s + 1}.team${t + 1}.bench.example`,
        port: 1000 + s,
      })),
    })),
  };
}

if (process.argv[1] && import.meta.filename === process.argv[1]) {
  const { values } = parseArgs({
    options: {
      teams: { type: 'string' },
      'no-lighthouse': { type: 'boolean', default: false },
      'no-console': { type: 'boolean', default: false },
      'console-only': { type: 'boolean', default: false },
      trace: { type: 'string' },
    },
  });
  if (values['console-only']) {
    console.log(JSON.stringify(await measureConsole({ lighthouse: !values['no-lighthouse'], traceDirectory: values.trace })));
    process.exit(0);
  }
  const figures = await measurePage({
    teams: values.teams ? Number(values.teams) : undefined,
    lighthouse: !values['no-lighthouse'],
    console: !values['no-console'],
    traceDirectory: values.trace,
  });
  console.log(formatPageFigures(figures));
  console.log(JSON.stringify(figures));
}
