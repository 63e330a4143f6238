#!/usr/bin/env -S node --import tsx
/**
 * The web page's weight and speed, on this machine:
 * - JS + CSS as transferred (gzip) by the local server (target 60 KB or less), and the HTML;
 * - the time until the scoreboard of an N-team competition (default 100) is
 *   drawn in headless Chromium against the local server (median of 5 loads);
 * - a Lighthouse run (npm `lighthouse` on Debian's Chromium, its default
 *   mobile emulation) with the performance and accessibility scores (target 95 or more each).
 *
 *   node --import tsx bench/page.ts [--teams 100] [--no-lighthouse] [--trace DIR]
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
import { startLocalStack } from '../lib/local/local-stack';
import { formatPageFigures, type LighthouseFigures, type PageFigures } from './page-figures';
import { CHROMIUM_PATH, HERMETIC_CHROMIUM_ARGS, hermeticContext, launchChromium } from '../web/browser';

export async function measurePage(options: { teams?: number; lighthouse?: boolean; loads?: number; traceDirectory?: string } = {}): Promise<PageFigures> {
  const teams = options.teams ?? 100;
  const directory = mkdtempSync(join(tmpdir(), 'page-bench-'));
  const competitionFile = join(directory, 'competition.json');
  writeFileSync(competitionFile, JSON.stringify(competition(teams)));
  process.env.TABLE_NAME = `page-bench-${Date.now()}`;
  const stack = await startLocalStack({ port: 0, competitionFile });
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
    return figures;
  } finally {
    await stack.stop();
    rmSync(directory, { recursive: true, force: true });
  }
}

/** One Lighthouse run on a Chromium of our own (the same hermetic flags), reached over its DevTools port. */
async function runLighthouse(url: string, traceDirectory?: string): Promise<LighthouseFigures> {
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
    const result = await lighthouse(url, { port, output: 'json', logLevel: 'error', onlyCategories: ['performance', 'accessibility'] });
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

/** N teams with five services each, one guest in five, logos on a host the browser never reaches. */
function competition(teams: number) {
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
      services: Array.from({ length: 5 }, (_, s) => ({
        subtype_id: subtypes[s % subtypes.length]!.id,
        url: `host${s + 1}.team${t + 1}.bench.example`,
        port: 1000 + s,
      })),
    })),
  };
}

if (process.argv[1] && import.meta.filename === process.argv[1]) {
  const { values } = parseArgs({ options: { teams: { type: 'string' }, 'no-lighthouse': { type: 'boolean', default: false }, trace: { type: 'string' } } });
  const figures = await measurePage({
    teams: values.teams ? Number(values.teams) : undefined,
    lighthouse: !values['no-lighthouse'],
    traceDirectory: values.trace,
  });
  console.log(formatPageFigures(figures));
  console.log(JSON.stringify(figures));
}
