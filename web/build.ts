/**
 * Builds the web page into files served as they are: two scripts (the
 * public pages', and the organisers' console's, which spectators never
 * download), one style sheet (all minified, named by content hash) and one
 * HTML file per page.
 * Runs in memory, fast enough to run wherever the page is needed — the local
 * server at start, the browser tests, the CDK asset at synth — so nobody has
 * to remember a build step.  `node --import tsx web/build.ts <dir>` writes the
 * files to a directory.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import { buildSync } from 'esbuild';
import { CACHE_CONTROL, PAGES, pagePath, type PageSpec } from './site';

export interface SiteFile {
  /** The path under the site root, without a leading slash (`index.html`, `assets/app-X.js`). */
  path: string;
  contents: Uint8Array;
  contentType: string;
  cacheControl: string;
}

const SOURCE = resolve(import.meta.dirname, 'src');

export function buildSite(): SiteFile[] {
  const result = buildSync({
    entryPoints: { app: join(SOURCE, 'main.ts'), console: join(SOURCE, 'console-main.ts'), app_style: join(SOURCE, 'style.css') },
    bundle: true,
    minify: true,
    format: 'iife',
    target: ['chrome109', 'firefox115', 'safari15.6'],
    entryNames: '[name]-[hash]',
    outdir: '/assets',
    write: false,
    legalComments: 'none',
    logLevel: 'silent',
  });
  const assets = result.outputFiles.map((file) => ({
    path: `assets/${basename(file.path)}`,
    contents: file.contents,
    contentType: file.path.endsWith('.css') ? 'text/css; charset=utf-8' : 'text/javascript; charset=utf-8',
    cacheControl: CACHE_CONTROL.asset,
  }));
  const scriptOf = (name: string) => assets.find((a) => a.path.startsWith(`assets/${name}-`) && a.path.endsWith('.js'))!.path;
  const style = assets.find((a) => a.path.endsWith('.css'))!.path;
  const pages = PAGES.map((page) => ({
    path: page.file,
    contents: new TextEncoder().encode(renderPage(page, `/${scriptOf(page.page === 'console' ? 'console' : 'app')}`, `/${style}`)),
    contentType: 'text/html; charset=utf-8',
    cacheControl: CACHE_CONTROL.page,
  }));
  return [...pages, ...assets];
}

function renderPage(page: PageSpec, script: string, style: string): string {
  const nav = PAGES.filter((p) => p.nav)
    .map((p) => `<a href="${pagePath(p.file)}"${p === page ? ' aria-current="page"' : ''}>${p.nav}</a>`)
    .join('');
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${page.title} · CCDC scoring</title>
<meta name="description" content="Live standings of the cyber-defense competition: scores, service status and scores over time.">
<link rel="stylesheet" href="${style}">
<script defer src="${script}"></script>
</head>
<body data-page="${page.page}">
<a class="skip" href="#main">Skip to the content</a>
<header class="top">
<nav aria-label="Pages">${nav}</nav>
<p class="live" id="live">Connecting…</p>
</header>
<div id="banner" role="alert" hidden></div>
<main id="main">
<h1>${page.title}</h1>
<div id="content"><p class="loading">Loading…</p></div>
</main>
<footer>Figures refresh every few seconds while this tab is visible.</footer>
</body>
</html>
`;
}

/** Writes the built files under a directory (the CDK asset, or by hand). */
export function writeSite(directory: string, files: SiteFile[] = buildSite()): void {
  for (const file of files) {
    const target = join(directory, file.path);
    mkdirSync(dirname(target), { recursive: true });
    writeFileSync(target, file.contents);
  }
}

if (process.argv[1] && resolve(process.argv[1]) === resolve(import.meta.filename)) {
  const directory = process.argv[2] ?? resolve(import.meta.dirname, 'dist');
  writeSite(directory);
  console.error(`Web page built into ${directory}`);
}
